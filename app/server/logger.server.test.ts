import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger(destination, "info"), lines };
}

describe("the logger", () => {
  it("never writes secrets: passwords, tokens, codes, cookies and authorization headers are masked", () => {
    const { logger, lines } = capture();
    logger.info({ password: "hunter2-hunter2", token: "tok-123", code: "654321", user: { password: "x", secret: "y" } }, "sign-in attempt");
    logger.info({ req: { method: "GET", url: "/x", headers: { cookie: "casus.session_token=abc", authorization: "Bearer abc" } } }, "request");
    const text = JSON.stringify(lines);
    for (const secret of ["hunter2-hunter2", "tok-123", "654321", "casus.session_token=abc", "Bearer abc"]) expect(text).not.toContain(secret);
    expect(lines[0].password).toBe("[masked]");
  });

  it("masks phone numbers in messages and in request URLs, and secret query parameters", () => {
    const { logger, lines } = capture();
    logger.info("patient +31612345678 looked up");
    logger.info({ req: { id: "r1", method: "GET", url: "/pro/abc/%2B31612345678/history?token=s3cr3t&page=2", headers: {} } }, "request");
    const text = JSON.stringify(lines);
    expect(text).not.toContain("31612345678");
    expect(text).not.toContain("s3cr3t");
    expect(lines[0].msg).toBe("patient +********678 looked up");
    expect((lines[1].req as { url: string }).url).toContain("token=[masked]");
    expect((lines[1].req as { url: string }).url).toContain("page=2");
  });
});
