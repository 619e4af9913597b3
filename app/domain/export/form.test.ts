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
