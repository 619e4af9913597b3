/**
 * PGlite in a thread of its own (decision 095). PGlite is PostgreSQL compiled to WebAssembly: in the server's own
 * thread, every statement's planning and execution ran on the event loop, between the renders of other requests.
 * Here the database runs in a worker thread, on the machine's other core, and this class is what the rest of the
 * server holds instead: the same calls Drizzle, pg-boss and the live bus make of PGlite (query, exec, transaction,
 * listen, close), each one message to the worker and one answer back.
 *
 * Semantics stay those of one PGlite: one connection, so a transaction holds the database and statements outside it
 * wait (PGlite's own lock, in the worker). Errors arrive as errors with PostgreSQL's fields (`code`, `constraint`,
 * `detail`…), which is what the retry of serialization failures and the unique-violation checks read.
 */
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { PGliteOptions, QueryOptions, Results } from "@electric-sql/pglite";
import { logger } from "~/server/logger.server";
import workerSource from "./pglite-worker.server.cjs?raw";

/** What a transaction's callback may call: Drizzle's PGlite session uses `query`; raw SQL may use `exec`. */
export interface PGliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface WorkerError {
  message: string;
  [field: string]: string | number;
}

type WorkerMessage =
  { ready: true } | { failed: WorkerError } | { notify: string; payload: string } | { id: number; result?: unknown; error?: WorkerError };

/**
 * An error with the fields PostgreSQL (through PGlite) gave it. Its stack ends where the answer arrived, not where
 * the statement was sent; Drizzle's own error around it names the statement.
 */
function databaseError(plain: WorkerError): Error {
  const error = new Error(plain.message);
  Object.assign(error, plain);
  return error;
}

/**
 * Drizzle passes parsers that leave some types as text. Functions cannot cross to the worker, so only the type ids
 * go, and the worker uses identity parsers for them. Any other parser, or any other query option, would be silently
 * lost on the way, so it is refused. Returns the type ids.
 */
function queryOptionsForThread(options: QueryOptions | undefined): number[] | undefined {
  if (!options) return undefined;
  for (const key of Object.keys(options)) {
    if (key !== "rowMode" && key !== "parsers") throw new Error(`PGlite in its own thread does not take the query option "${key}"`);
  }
  const parsers = options.parsers;
  if (!parsers) return undefined;
  const ids = Object.keys(parsers).map(Number);
  for (const id of ids) {
    const probe = "1";
    if (parsers[id](probe) !== probe) throw new Error(`PGlite in its own thread takes only parsers that leave the text as it is (type ${id})`);
  }
  return ids;
}

/**
 * A parameter crosses to the worker as a structured clone, which keeps plain values, arrays, plain objects, dates,
 * big integers and byte arrays, but turns a Buffer into bytes PGlite writes as a list of numbers and drops other
 * objects' prototypes (a URL, a class with `toJSON`). PGlite in this thread would have sent those differently: refused.
 */
function assertCrossesUnchanged(values: unknown[]): void {
  for (const value of values) {
    if (value === null || typeof value !== "object" || value instanceof Date) continue;
    if (Array.isArray(value)) {
      assertCrossesUnchanged(value);
      continue;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null || prototype === Uint8Array.prototype) continue;
    throw new Error(`PGlite in its own thread cannot take a ${prototype?.constructor?.name ?? "object"} as a parameter unchanged`);
  }
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #listening = new Map<string, Promise<void>>();
  #nextId = 1;
  #stopped: Error | null = null;
  #closing = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Opens PGlite on `dataDir` in a new worker thread; `startup` statements run before it answers anything. */
  static async start(dataDir: string, options: PGliteOptions, startup: string[] = []): Promise<PGliteThread> {
    const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
    const worker = new Worker(workerSource, { eval: true, workerData: { pgliteUrl, dataDir, options, startup }, name: "pglite" });
    const thread = new PGliteThread(worker);
    const started = new Promise<void>((ready, failed) => {
      thread.#onReady = ready;
      thread.#onStartFailed = failed;
    });
    worker.on("message", (message: WorkerMessage) => thread.#receive(message));
    worker.on("error", (error) => thread.#stop(error));
    worker.on("exit", (code) => {
      if (!thread.#closing) logger.error({ code }, "the database thread stopped: every database call fails until the server is restarted");
      thread.#stop(new Error(`the database thread stopped (exit code ${code})`));
    });
    try {
      await started;
    } catch (error) {
      // PGlite could not open the directory: the message says why; the thread goes.
      thread.#closing = true;
      await worker.terminate();
      throw error;
    }
    worker.unref();
    return thread;
  }

  #onReady: (() => void) | null = null;
  #onStartFailed: ((error: Error) => void) | null = null;

  #receive(message: WorkerMessage): void {
    if ("notify" in message) {
      for (const listener of this.#listeners.get(message.notify) ?? []) listener(message.payload);
    } else if ("ready" in message) {
      this.#onReady?.();
    } else if ("failed" in message) {
      this.#stop(databaseError(message.failed));
    } else {
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (!this.#pending.size) this.#worker.unref();
      if (message.error) pending?.reject(databaseError(message.error));
      else pending?.resolve(message.result);
    }
  }

  /** The worker is gone (closed, crashed or never started): everything waiting fails, and so does everything after. */
  #stop(error: Error): void {
    if (this.#stopped) return;
    this.#stopped = error;
    this.#onStartFailed?.(error);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  #call<T>(message: Record<string, unknown>, id = this.#nextId++): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise<T>((resolve, reject) => {
      try {
        this.#worker.postMessage({ ...message, id });
      } catch (error) {
        reject(error as Error);
        return;
      }
      // While a call is out, the thread keeps the process alive; an idle one does not, as PGlite here would not.
      if (!this.#pending.size) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  #client(txId: number | null): PGliteThreadTransaction {
    return {
      query: async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        assertCrossesUnchanged(params);
        return this.#call<Results<T>>({ op: "query", txId, sql, params, rowMode: options?.rowMode, identityParsers: queryOptionsForThread(options) });
      },
      exec: (sql: string) => this.#call<Results[]>({ op: "exec", txId, sql }),
    };
  }

  readonly #outside = this.#client(null);

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#outside.query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#outside.exec(sql);
  }

  /** BEGIN, the callback, then COMMIT, or ROLLBACK when the callback throws (its error is rethrown). */
  async transaction<T>(work: (tx: PGliteThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.#nextId++;
    await this.#call({ op: "begin" }, txId);
    let result: T;
    try {
      result = await work(this.#client(txId));
    } catch (error) {
      await this.#call({ op: "end", txId, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: "end", txId, commit: true });
    return result;
  }

  /** LISTEN on `channel`; the returned function stops this listener (and the LISTEN once none is left). */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let listening = this.#listening.get(channel);
    if (!listening) {
      listening = this.#call<void>({ op: "listen", channel });
      this.#listening.set(channel, listening);
      // A LISTEN that failed is not listening: the next call tries again.
      listening.catch(() => this.#listening.get(channel) === listening && this.#listening.delete(channel));
    }
    // Every caller returns only once the LISTEN is in place, the first or not.
    await listening;
    let listeners = this.#listeners.get(channel);
    if (!listeners) this.#listeners.set(channel, (listeners = new Set()));
    listeners.add(listener);
    return async () => {
      listeners.delete(listener);
      if (listeners.size || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      this.#listening.delete(channel);
      // A stopped thread listens to nothing any more: nothing to undo (shutdown after a crash goes on).
      if (!this.#stopped) await this.#call({ op: "unlisten", channel });
    };
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    await this.#call({ op: "close" });
    this.#stop(new Error("the database is closed"));
    await this.#worker.terminate();
  }
}
