/** Whether the server is reachable, for components (always true during server rendering and hydration). */
import { useSyncExternalStore } from "react";
import { onlineStatus } from "./online-status";

const subscribe = (listener: () => void) => onlineStatus()?.subscribe(listener) ?? (() => {});

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineStatus()?.online() ?? true,
    () => true,
  );
}
