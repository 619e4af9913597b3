/** Shared by the mail tests: a logger whose lines can be read back. */
import { Writable } from "node:stream";
import { createLogger } from "../logger.server";

export function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger(destination, "info"), lines };
}
