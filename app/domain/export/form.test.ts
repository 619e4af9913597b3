import { describe, expect, it } from "vitest";
import { exportFilterQuery, exportPageForm, filterEntries, startOptions } from "./form";
import { exportOptionsSchema, normaliseRecipient } from "./options";

const ORG = "6f1c1f36-3f35-4c1b-8d3e-4f7a3b2a1c01";

describe("the export page's forms", () => {
  it("reads filters from the query string and writes them back the same", () => {
    const parsed = exportFilterQuery.parse({ organisationIds: [ORG], statuses: ["completed"], since: "2026-01-01", until: "" });
    expect(parsed).toEqual({ organisationIds: [ORG], statuses: ["completed"], since: "2026-01-01", until: undefined });
    expect(filterEntries(parsed)).toEqual([
      ["organisationIds", ORG],
      ["statuses", "completed"],
      ["since", "2026-01-01"],
    ]);
  });

  it("refuses a reversed period, an unknown status and a malformed day or id, each at its field", () => {
    const issues = (value: unknown) => exportFilterQuery.safeParse(value).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues({ since: "2026-02-01", until: "2026-01-01" })).toEqual([["until", "export:form.periodReversed"]]);
    expect(issues({ statuses: ["archived"] })?.[0][0]).toBe("statuses");
    expect(issues({ since: "1 jan" })?.[0][0]).toBe("since");
    expect(issues({ organisationIds: ["x"] })?.[0][0]).toBe("organisationIds");
  });

  it("refuses a day outside the accepted years at its field, in the query, the start form and the API's options", () => {
    // The security review's days: JavaScript takes them, PostgreSQL does not take them or the day after `until`.
    // The page shows each field's first issue beside it.
    const shown = (value: unknown) => {
      const fields: Record<string, string> = {};
      for (const issue of exportFilterQuery.safeParse(value).error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
      return fields;
    };
    expect(shown({ until: "9999-12-31" })).toEqual({ until: "field-invalid" });
    expect(shown({ since: "0000-01-01" })).toEqual({ since: "field-invalid" });
    expect(shown({ since: "275760-09-13", until: "-271821-04-20" })).toEqual({ since: "field-invalid", until: "field-invalid" });
    expect(shown({ since: "1900-01-01", until: "2100-12-31" })).toEqual({});
    const start = exportPageForm.safeParse({ intent: "start", format: "ndjson", until: "9999-12-31" });
    expect(start.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["until", "field-invalid"]]);
    const api = (filters: Record<string, unknown>) => exportOptionsSchema.safeParse({ filters, format: "ndjson" }).error?.issues.map((i) => i.path.join("."));
    expect(api({ until: "9999-12-31" })).toEqual(["filters.until"]);
    expect(api({ since: "0000-01-01" })).toEqual(["filters.since"]);
    expect(api({ since: "1900-01-01", until: "2100-12-31" })).toBeUndefined();
  });

  it("turns a start form into the options the API takes, and needs a recipient to pseudonymise", () => {
    const start = exportPageForm.parse({ intent: "start", format: "zip", without: ["events"], pseudonymise: "on", recipient: " Groep A ", freeText: "keep" });
    if (start.intent !== "start") throw new Error("start expected");
    const options = startOptions(start);
    expect(options).toEqual({ filters: { organisationIds: [], statuses: [], since: undefined, until: undefined }, without: ["events"], format: "zip", pseudonymise: { recipient: "Groep A", freeText: "keep" } });
    expect(exportOptionsSchema.parse(options)).toEqual({ ...options, filters: { organisationIds: [], statuses: [] } });
    const missing = exportPageForm.safeParse({ intent: "start", format: "ndjson", pseudonymise: "on" });
    expect(missing.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["recipient", "export:form.recipientRequired"]]);
    const plain = exportPageForm.parse({ intent: "start", format: "ndjson", recipient: "ignored" });
    if (plain.intent !== "start") throw new Error("start expected");
    expect(startOptions(plain).pseudonymise).toBeNull();
  });

  it("normalises a recipient label so spacing and case do not make a second recipient", () => {
    expect(normaliseRecipient("  Onderzoeksgroep   A ")).toBe(normaliseRecipient("onderzoeksgroep a"));
    expect(normaliseRecipient("Groep A")).not.toBe(normaliseRecipient("Groep B"));
  });
});
