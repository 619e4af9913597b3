/**
 * A report section whose counts were suppressed for privacy says so beside its chart, in every language: a chart of
 * only "< 5" cells draws empty axes, which without a word reads as "nothing happened". The limit in the sentence is
 * the masking rule's own (SMALL_COUNT_LIMIT), not a number of the page's.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/domain/locales";
import { type Cell, maskCount, SMALL_COUNT_LIMIT } from "~/domain/reporting/small-counts";
import { serverI18n } from "~/i18n/i18n.server";
import { ReportSection } from "./report-parts";

const render = (locale: Locale, rows: Cell[][], masked?: boolean) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={serverI18n(locale)}>
      <ReportSection id="quality" title="Quality" columns={["rating", "n"]} rows={rows} chart={<div data-testid="chart" />} masked={masked} />
    </I18nextProvider>,
  );
const note = (html: string) => /data-testid="masked-quality">([^<]*)</.exec(html)?.[1] ?? null;

describe("ReportSection and suppressed counts", () => {
  it("says, in every language, that figures under the limit are hidden for privacy, when a cell is suppressed", () => {
    // Every count under the limit, as a supervisor sees them: the chart has nothing to draw.
    const rows = [1, 2, 3].map((rating) => [rating, maskCount(rating, true)]);
    const notes = new Set<string>();
    for (const locale of LOCALES) {
      const text = note(render(locale, rows));
      expect(text, locale).toBeTruthy();
      expect(text, locale).toContain(String(SMALL_COUNT_LIMIT));
      notes.add(text!);
    }
    expect(notes.size).toBe(LOCALES.length);
    expect(note(render("en", rows))).toMatch(/privacy/);
  });

  it("says nothing when every figure is shown, and says it when the page left something out of the rows", () => {
    expect(note(render("en", [[1, maskCount(3, false)], [2, 0], [3, 12]]))).toBeNull();
    expect(note(render("en", [], true))).toMatch(/privacy/);
  });
});
