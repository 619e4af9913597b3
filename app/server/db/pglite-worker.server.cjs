// The embedded database's own thread (decision 095). Run by pglite-thread.server.ts as an eval'd worker script, so
// it is plain CommonJS and loads PGlite from the path the main thread resolved. It answers the main thread's
// messages one PGlite call each: query, exec, begin/end of a transaction, listen/unlisten, close.
"use strict";
const { parentPort, workerData } = require("node:worker_threads");

// The fields of a PostgreSQL error worth keeping across the thread boundary (SQLSTATE, constraint, detail…). The
// statement's parameters are not among them: they may be patient data, and Drizzle's own error carries them.
const ERROR_FIELDS = ["name", "message", "code", "severity", "detail", "hint", "position", "internalPosition", "internalQuery", "where", "schema", "table", "column", "dataType", "constraint", "file", "line", "routine", "errno"];

function plainError(error) {
  const plain = {};
  for (const field of ERROR_FIELDS) {
    const value = error?.[field];
    if (typeof value === "string" || typeof value === "number") plain[field] = value;
  }
  // PGlite's file system throws plain objects (an errno, no message): say what there is.
  if (!plain.message) plain.message = error && typeof error === "object" ? `database error ${JSON.stringify(error)}` : String(error);
  return plain;
}

// Drizzle's parsers leave dates, intervals and numeric arrays as text; functions cannot cross threads, so the main
// thread sends the type ids and they become the same identity parsers here.
const identity = (value) => value;
const parserSets = new Map();
function parsersFor(typeIds) {
  if (!typeIds) return undefined;
  const key = typeIds.join(",");
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(typeIds.map((id) => [id, identity]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

async function main() {
  const { PGlite } = await import(workerData.pgliteUrl);
  const db = await PGlite.create(workerData.dataDir, workerData.options);
  for (const statement of workerData.startup) await db.exec(statement);

  /** Open transactions by id: the PGlite transaction object and how to end it. */
  const transactions = new Map();
  const unlisteners = new Map();

  const target = (txId) => {
    if (txId == null) return db;
    const open = transactions.get(txId);
    if (!open?.tx) throw new Error("the transaction has already ended");
    return open.tx;
  };

  const handlers = {
    query: (m) => target(m.txId).query(m.sql, m.params, { rowMode: m.rowMode, parsers: parsersFor(m.identityParsers) }),
    exec: (m) => target(m.txId).exec(m.sql),
    begin: (m) =>
      new Promise((begun, failed) => {
        const open = { tx: null, commit: null, rollback: null, done: null };
        transactions.set(m.id, open);
        // PGlite runs BEGIN, then this callback; COMMIT when it resolves, ROLLBACK when it rejects. Queries outside
        // the transaction wait for it, as they do in one thread.
        open.done = db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(open, { tx, commit, rollback });
              begun(null);
            }),
        );
        // BEGIN itself failed (or the database closed): the callback never ran.
        open.done.catch((error) => {
          if (open.tx) return;
          transactions.delete(m.id);
          failed(error);
        });
      }),
    end: async (m) => {
      const open = transactions.get(m.txId);
      if (!open?.tx) throw new Error("the transaction has already ended");
      transactions.delete(m.txId);
      if (m.commit) open.commit();
      else open.rollback(new Error("rolled back"));
      try {
        await open.done;
      } catch (error) {
        // A rollback's own rejection is what was asked for; a failed COMMIT is the caller's error.
        if (m.commit) throw error;
      }
      return null;
    },
    listen: async (m) => {
      if (!unlisteners.has(m.channel)) {
        unlisteners.set(m.channel, await db.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.channel, payload })));
      }
      return null;
    },
    unlisten: async (m) => {
      const unlisten = unlisteners.get(m.channel);
      unlisteners.delete(m.channel);
      if (unlisten) await unlisten();
      return null;
    },
    close: async () => {
      await db.close();
      return null;
    },
  };

  parentPort.on("message", (m) => {
    let answer;
    try {
      answer = Promise.resolve(handlers[m.op](m));
    } catch (error) {
      answer = Promise.reject(error);
    }
    const fail = (error) => parentPort.postMessage({ id: m.id, error: plainError(error) });
    answer.then((result) => {
      // A result that cannot be copied to the main thread is that call's error, not the end of this thread.
      try {
        parentPort.postMessage({ id: m.id, result });
      } catch (error) {
        fail(error);
      }
    }, fail);
  });
  parentPort.postMessage({ ready: true });
}

main().catch((error) => parentPort.postMessage({ failed: plainError(error) }));
