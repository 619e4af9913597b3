/**
 * The tus locker for several instances on one PostgreSQL (decision 084): one request at a time per upload, across
 * every instance. Without it, an upload resumed through instance B while instance A still serves its previous
 * PATCH would have two writers appending to one staged file.
 *
 * Within a process, requests for one upload queue as in tus's MemoryLocker (the newcomer asks the holder to let
 * go, then waits). Across processes the holder also owns a PostgreSQL session advisory lock on the upload's id,
 * taken on one dedicated connection of this process; a newcomer elsewhere that finds it taken sends a NOTIFY that
 * makes the holding instance ask its request to let go, and retries until the lock is free or the wait times out.
 * When the holding process dies, PostgreSQL ends its session and the lock is free.
 */
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import pg from "pg";
import { logger } from "../logger.server";

const LOCK_CLASS = 0x5455530a; // "TUS\n": the upload locks' class, apart from the export jobs' (job-lock.server.ts)
const RELEASE_CHANNEL = "casus_upload_release";
const RETRY_MS = 100;
const ACQUIRE_TIMEOUT_MS = 30_000;
export const UPLOAD_LOCKER_NAME = "casus-upload-locker";

interface Held {
  requestRelease: RequestRelease;
}

export class PostgresUploadLocker implements Locker {
  private readonly held = new Map<string, Held>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    readonly acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
  ) {}

  newLock(id: string): Lock {
    return new PostgresUploadLock(id, this);
  }

  /** The dedicated connection (LISTENing for release requests), opened on first use and again after it is lost. */
  async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, application_name: UPLOAD_LOCKER_NAME });
      client.on("error", (err) => {
        // The session ended: its advisory locks are gone with it. Requests holding one keep their local lock;
        // the next lock taken opens a new connection.
        logger.warn({ err }, "upload locker connection lost");
        if (this.client === client) this.client = null;
      });
      client.on("notification", (message) => {
        const holder = message.payload ? this.held.get(message.payload) : undefined;
        if (holder) void Promise.resolve(holder.requestRelease()).catch(() => {});
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  holder(id: string): Held | undefined {
    return this.held.get(id);
  }

  hold(id: string, requestRelease: RequestRelease): void {
    this.held.set(id, { requestRelease });
  }

  drop(id: string): void {
    this.held.delete(id);
  }

  async tryDatabaseLock(id: string): Promise<boolean> {
    const client = await this.connection();
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1, hashtext($2)) as ok", [LOCK_CLASS, id]);
    return rows[0]?.ok === true;
  }

  async releaseDatabaseLock(id: string): Promise<void> {
    const client = this.client;
    if (!client) return; // the session (and the lock) is already gone
    await client.query("select pg_advisory_unlock($1, hashtext($2))", [LOCK_CLASS, id]).catch(() => {});
  }

  /** Asks whichever instance holds the upload to end its request. */
  async askRelease(id: string): Promise<void> {
    const client = await this.connection();
    await client.query("select pg_notify($1, $2)", [RELEASE_CHANNEL, id]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

class PostgresUploadLock implements Lock {
  private acquired = false;

  constructor(
    private readonly id: string,
    private readonly locker: PostgresUploadLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let asked = false;
    for (;;) {
      if (stopSignal.aborted || Date.now() > deadline || this.locker.isClosed) throw ERRORS.ERR_LOCK_TIMEOUT;
      const local = this.locker.holder(this.id);
      if (local) {
        // Held by a request of this process: ask it to let go, as tus's MemoryLocker does.
        await Promise.resolve(local.requestRelease()).catch(() => {});
      } else {
        this.locker.hold(this.id, requestRelease);
        let ok = false;
        try {
          ok = await this.locker.tryDatabaseLock(this.id);
        } catch (error) {
          this.locker.drop(this.id);
          throw error;
        }
        if (ok) {
          this.acquired = true;
          return;
        }
        this.locker.drop(this.id);
        if (!asked) {
          asked = true;
          await this.locker.askRelease(this.id).catch((err: unknown) => logger.warn({ err }, "could not ask another instance to release an upload"));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async unlock(): Promise<void> {
    if (!this.acquired) return;
    this.acquired = false;
    await this.locker.releaseDatabaseLock(this.id);
    this.locker.drop(this.id);
  }
}
