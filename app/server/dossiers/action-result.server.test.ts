/** What a page action's refusal carries to its form: the code, and the fields a refused save names. */
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { refusalOr } from "./action-result.server";

const refused = (details: Record<string, unknown>) => refusalOr(() => Promise.reject(new AppError("invalid-argument", details)));

describe("refusalOr", () => {
  it("names a save's refused fields, whether its issues are paths (the new dossier) or { path } (a draft's save)", async () => {
    expect(await refused({ issues: [{ path: "anamnesis.durationDays", message: "x" }] })).toEqual({ error: "invalid-argument", fields: ["anamnesis-duration"] });
    expect(await refused({ issues: ["earSide", "anamnesis.onset"] })).toEqual({ error: "invalid-argument", fields: ["anamnesis-onset"] });
    expect(await refused({ issues: ["earSide", null, 3, { path: 4 }] })).toEqual({ error: "invalid-argument" });
    expect(await refused({ missing: ["thread-message"] })).toEqual({ error: "invalid-argument", missing: ["thread-message"] });
  });

  it("passes what went right, and leaves any other error to the error page", async () => {
    expect(await refusalOr(async () => ({ version: 2 }))).toEqual({ version: 2 });
    await expect(refusalOr(() => Promise.reject(new TypeError("boom")))).rejects.toThrow("boom");
  });
});
