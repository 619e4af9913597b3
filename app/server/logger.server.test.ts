import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
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

describe("the logger's error serializer", () => {
  const PHONE = "+31633333333";

  /** What drizzle throws when a query with a phone parameter fails: SQL, parameters and the driver's error as cause. */
  function failedQuery(): Error {
    const cause = Object.assign(new Error(`duplicate key value violates unique constraint "patient_phone_idx": Key (phone)=(${PHONE}) already exists`), {
      detail: `Key (phone)=(${PHONE}) already exists.`,
    });
    return new DrizzleQueryError(`select "id" from "dossier" where "patient_phone" = $1 and "note" like '%0612345678%'`, [PHONE, "org-1", 25], cause);
  }

  it("masks phone numbers in a failed query's message, stack, SQL, parameters and cause", () => {
    const { logger, lines } = capture();
    logger.error({ err: failedQuery(), req: { id: "r1", method: "GET", url: `/pro/history?phone=${encodeURIComponent(PHONE)}`, headers: {} } }, "API endpoint failed");
    // Logged alone, or as `err` without a message, its message becomes the line's: masked as well.
    logger.error(failedQuery());
    logger.error({ err: failedQuery() });
    const text = JSON.stringify(lines);
    expect(text).not.toContain("31633333333");
    expect(text).not.toContain("0612345678");
    const err = lines[0].err as { type: string; message: string; stack: string; query: string; params: unknown[] };
    expect(err.type).toBe("DrizzleQueryError");
    expect(err.message).toContain("+********333");
    expect(err.message).toContain("already exists");
    expect(err.stack).toContain("+********333");
    expect(err.stack).toContain("logger.server.test.ts");
    expect(err.query).toContain(`"patient_phone" = $1`);
    expect(err.params).toEqual(["+********333", "org-1", 25]);
    expect((lines[1].err as { params: unknown[] }).params).toEqual(["+********333", "org-1", 25]);
    for (const line of lines.slice(1)) expect(line.msg).toBe(`Failed query: ${err.query}\nparams: +********333,org-1,25`);
  });

  it("masks strings however the error nests them, and leaves the error itself as it was", () => {
    const { logger, lines } = capture();
    const error = Object.assign(new Error("lookup failed"), {
      context: { patient: { phones: [PHONE, "06-1234-5678"] }, at: new Date(0) },
      inner: new TypeError(`bad number ${PHONE}`),
    });
    const circular = error as Error & { self?: unknown };
    circular.self = error;
    logger.error({ err: error }, "failed");
    const text = JSON.stringify(lines);
    expect(text).not.toContain("31633333333");
    expect(text).not.toContain("1234-5678");
    expect(lines[0].err).toMatchObject({ context: { patient: { phones: ["+********333", "*******678"] }, at: new Date(0).toISOString() }, inner: { message: "bad number +********333" } });
    expect(error.context.patient.phones[0]).toBe(PHONE);
  });

  it("passes a thrown value that is not an error through the same masking", () => {
    const { logger, lines } = capture();
    logger.error({ err: `no patient ${PHONE}` }, "failed");
    expect(lines[0].err).toBe("no patient +********333");
  });
});
