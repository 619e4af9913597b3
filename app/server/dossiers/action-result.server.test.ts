/** What a page action's refusal carries to its form: the code, the fields a refused save names, and what is wrong with their values. */
import { describe, expect, it } from "vitest";
import { MAX_DURATION_DAYS } from "~/domain/dossier/content";
import { AppError } from "~/domain/errors";
import { refusalOr } from "./action-result.server";

const refused = (details: Record<string, unknown>) => refusalOr(() => Promise.reject(new AppError("invalid-argument", details)));

describe("refusalOr", () => {
  it("names a save's refused fields, whether its issues are paths (the new dossier) or { path } (a draft's save)", async () => {
    expect(await refused({ issues: [{ path: "anamnesis.durationDays", message: "x" }] })).toEqual({
      error: "invalid-argument",
      fields: ["anamnesis-duration"],
      refusedValues: { "anamnesis-duration": { key: "dossier:refusedValue.days", values: { min: 0, max: MAX_DURATION_DAYS } } },
    });
    expect(await refused({ issues: ["earSide", "anamnesis.onset"] })).toEqual({
      error: "invalid-argument",
      fields: ["anamnesis-onset"],
      refusedValues: { "anamnesis-onset": { key: "errors:codes.field-invalid" } },
    });
    expect(await refused({ issues: ["earSide", null, 3, { path: 4 }] })).toEqual({ error: "invalid-argument" });
    expect(await refused({ missing: ["thread-message"] })).toEqual({ error: "invalid-argument", missing: ["thread-message"] });
  });

  it("passes what went right, and leaves any other error to the error page", async () => {
    expect(await refusalOr(async () => ({ version: 2 }))).toEqual({ version: 2 });
    await expect(refusalOr(() => Promise.reject(new TypeError("boom")))).rejects.toThrow("boom");
  });
});
