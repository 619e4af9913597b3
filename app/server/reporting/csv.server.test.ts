/**
 * The reporting CSV read back as a spreadsheet would, with a comma or (as Dutch spreadsheets do) a semicolon as the
 * separator: no text a user typed (an organisation's name, a person's name) ever starts a cell of its own as a
 * formula.
 */
import { describe, expect, it } from "vitest";
import type { ReportFilters } from "~/domain/reporting/filters";
import { csvDocument } from "./csv.server";

/** RFC 4180 with the given separator: quoted cells may hold the separator, quotes doubled, line breaks. */
function readCsv(text: string, separator: "," | ";"): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) row.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += c;
  }
  return rows;
}

const filters: ReportFilters = { preset: "year", from: "2026-01-01", to: "2026-12-31", organisationIds: ["o1"], previous: { from: "2025-01-01", to: "2025-12-31" } };

describe("the reporting CSV", () => {
  const text = csvDocument({
    title: "Curves",
    filters,
    organisationNames: ['Hoorzorg Aan Zee,=HYPERLINK("http://evil.test";"x")', "De Linde; =1+1"],
    columns: ["professional", "dossiers"],
    rows: [
      ["Pia;=1+1;", 1],
      [" =2+2", 2],
      ["@SUM(A1)", 3],
      ["Gewoon, met komma", 4],
    ],
    generatedAt: new Date("2026-11-28T06:00:00Z"),
  });

  it.each([",", ";"] as const)("has no cell that starts with a formula, read with '%s' as the separator", (separator) => {
    const cells = readCsv(text, separator).flat();
    expect(cells.filter((cell) => /^\s*[=+\-@]/.test(cell))).toEqual([]);
  });

  it("keeps each filter line one cell, and each name whole with its apostrophe", () => {
    const rows = readCsv(text, ",");
    expect(rows.find((r) => r[0].startsWith("# organisations"))).toEqual(['# organisations: Hoorzorg Aan Zee,=HYPERLINK("http://evil.test";"x"); De Linde; =1+1']);
    expect(rows.slice(-4)).toEqual([
      ["Pia;=1+1;", "1"],
      ["' =2+2", "2"],
      ["'@SUM(A1)", "3"],
      ["Gewoon, met komma", "4"],
    ]);
  });
});
