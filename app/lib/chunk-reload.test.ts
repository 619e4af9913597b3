import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS } from "~/domain/constants";
import { isChunkLoadError, reloadForChunkError } from "./chunk-reload";

/** sessionStorage as the browser has it, in memory. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe("isChunkLoadError", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://casus.example.nl/assets/admin-abc123.js",
    "error loading dynamically imported module: https://casus.example.nl/assets/x.js",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/app-123.css",
    "TypeError: failed to fetch dynamically imported module",
  ])("recognises %j", (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true);
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(message)).toBe(true);
  });

  it.each([
    new Error("Failed to fetch"),
    new Error("NetworkError when attempting to fetch resource."),
    new Error("Cannot read properties of undefined (reading 'map')"),
    new Error("Loading chunk 12 failed"),
    "",
    null,
    undefined,
    42,
    { message: "Failed to fetch dynamically imported module" },
  ])("does not take %j for a chunk error", (value) => {
    expect(isChunkLoadError(value)).toBe(false);
  });
});

describe("reloadForChunkError", () => {
  it("the guard window is the seed's 10 s", () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
  });

  it("reloads once, not again within 10 s, and again after 10 s", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_750_000_000_000;

    expect(reloadForChunkError(t0, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(reloadForChunkError(t0 + 1, storage, reload)).toBe(false);
    expect(reloadForChunkError(t0 + 9_999, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(reloadForChunkError(t0 + 10_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    // The window restarts from the last reload.
    expect(reloadForChunkError(t0 + 15_000, storage, reload)).toBe(false);
    expect(reloadForChunkError(t0 + 20_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it("remembers the reload in storage, so the guard survives the reload itself", () => {
    const storage = memoryStorage();
    const t0 = 1_750_000_000_000;
    reloadForChunkError(t0, storage, vi.fn());
    // A fresh page (new module state) with the same session storage.
    const reloadAfterwards = vi.fn();
    expect(reloadForChunkError(t0 + 2_000, storage, reloadAfterwards)).toBe(false);
    expect(reloadAfterwards).not.toHaveBeenCalled();
    expect(storage.length).toBe(1);
  });

  it("reloads when storage holds nothing usable", () => {
    const reload = vi.fn();
    expect(reloadForChunkError(5_000, memoryStorage({ "casus:chunk-reload-at": "garbage" }), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload when the clock went backwards within the window", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadForChunkError(100_000, storage, reload);
    expect(reloadForChunkError(95_000, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
