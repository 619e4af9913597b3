/**
 * A deploy can remove the code chunks an open page still expects. When loading one fails, reload the page once
 * to pick up the new build; a guard (CHUNK_RELOAD_GUARD_MS) stops a reload loop if the failure persists.
 */
import { CHUNK_RELOAD_GUARD_MS } from "~/domain/constants";

const STORAGE_KEY = "casus:chunk-reload-at";

const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_ERROR.test(message);
}

/** Reload once; returns false (and does nothing) when a reload already happened within the guard window. */
export function reloadForChunkError(now = Date.now(), storage: Storage = sessionStorage, reload = () => window.location.reload()): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

export function installChunkReloadHandler(): void {
  // Vite reports failed preloads of dynamic imports with this event.
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
