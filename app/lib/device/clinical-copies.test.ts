// @vitest-environment jsdom
/**
 * What a shared device keeps of one user's clinical work: draft copies (localStorage) and queued uploads
 * (IndexedDB, here fake-indexeddb: a complete in-memory implementation of the standard, as Node has none).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

let copies: typeof import("./clinical-copies");
let queue: typeof import("../uploads/offline-queue");

beforeAll(async () => {
  const fake = await import("fake-indexeddb");
  Object.assign(globalThis, { indexedDB: fake.indexedDB, IDBKeyRange: fake.IDBKeyRange });
  copies = await import("./clinical-copies");
  queue = await import("../uploads/offline-queue");
});

async function leaveWork(owner: string | null) {
  localStorage.clear();
  await queue.clearQueue();
  if (owner) localStorage.setItem(copies.DEVICE_OWNER_KEY, owner);
  localStorage.setItem("casus.dossier-draft.d1.anamnesis", JSON.stringify({ version: 2, entries: [["question", "Jeuk?"]], at: 1 }));
  localStorage.setItem("casus.dossier-draft.d2.reasoning", JSON.stringify({ version: 3, entries: [], at: 2 }));
  localStorage.setItem("casus.locale-hint", "nl");
  await queue.enqueue({ key: "u1", name: "links.webm", type: "video/webm", size: 4, metadata: {}, uploadUrl: null, createdAt: 1, file: new Blob(["abcd"]) });
}

describe("clinical copies on a shared device", () => {
  beforeEach(async () => {
    await leaveWork("user-a");
  });

  it("counts what has not been sent", async () => {
    expect(await copies.unsentCopies()).toEqual({ drafts: 2, uploads: 1 });
  });

  it("clears drafts, queued uploads and the owner, and nothing else", async () => {
    await copies.clearClinicalCopies();
    expect(await copies.unsentCopies()).toEqual({ drafts: 0, uploads: 0 });
    expect(localStorage.getItem(copies.DEVICE_OWNER_KEY)).toBeNull();
    expect(localStorage.getItem("casus.locale-hint")).toBe("nl");
  });

  it("keeps the copies for the user they belong to", async () => {
    await copies.claimDevice("user-a");
    expect(await copies.unsentCopies()).toEqual({ drafts: 2, uploads: 1 });
  });

  it("clears another user's copies before the next user works on the device", async () => {
    await copies.claimDevice("user-b");
    expect(await copies.unsentCopies()).toEqual({ drafts: 0, uploads: 0 });
    expect(localStorage.getItem(copies.DEVICE_OWNER_KEY)).toBe("user-b");
  });

  it("clears copies of nobody known (a session that ended unseen) when a user claims the device", async () => {
    await leaveWork(null);
    await copies.claimDevice("user-b");
    expect(await copies.unsentCopies()).toEqual({ drafts: 0, uploads: 0 });
  });
});
