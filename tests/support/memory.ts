/**
 * Live memory for the streaming tests (the object-store contract and the 200 MiB upload): a full garbage
 * collection first, so what is measured is live memory, not garbage waiting to be collected; heap plus the
 * buffers outside it, where streamed bytes live.
 */
import v8 from "node:v8";
import vm from "node:vm";

export interface LiveBytes {
  heap: number;
  total: number;
}

export function collectGarbage(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

export function liveBytes(): LiveBytes {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed, total: heapUsed + arrayBuffers };
}
