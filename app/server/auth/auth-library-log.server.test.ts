/** Better Auth's log lines as they reach the log: one masked JSON record each, whatever a request put in them. */
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, logger } from "../logger.server";
import { logFromAuthLibrary } from "./auth-library-log.server";

afterEach(() => vi.restoreAllMocks());

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  const written = createLogger(destination, "debug");
  for (const level of ["debug", "info", "warn", "error"] as const) {
    vi.spyOn(logger, level).mockImplementation(((object: object, message: string) => written[level](object, message)) as never);
  }
  return lines;
}

describe("Better Auth's log lines", () => {
  it("cannot forge a line of their own, and carry no phone number nor a request's state or callback", () => {
    const lines = capture();
    const forged = '{"level":50,"time":1795847226818,"app":"casus","msg":"patient +31612345678 forged line"}';
    logFromAuthLibrary("error", `Invalid callbackURL: https://evil.test/\n${forged}`, {
      details: { state: "+31612345678\nforged-line", callbackURL: `https://evil.test/\n${forged}`, reason: "patient 06 12345678" },
    });
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]) as { level: number; msg: string; library: string; details: [{ details: Record<string, string> }] };
    expect(record).toMatchObject({ level: 50, library: "better-auth" });
    expect(record.details[0].details).toMatchObject({ state: "[masked]", callbackURL: "[masked]" });
    expect(lines[0]).not.toMatch(/12345678/);
    expect(record.msg).toContain("Invalid callbackURL");
  });

  it("writes an error as an error, masked", () => {
    const lines = capture();
    logFromAuthLibrary("warn", "lookup failed", new Error("no user for +31 6 12345678"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"level":40');
    expect(lines[0]).toContain("no user for");
    expect(lines[0]).not.toMatch(/12345678/);
  });
});
