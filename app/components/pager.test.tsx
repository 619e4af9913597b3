/** The pager under every paged list: previous/next links that keep the page's filters, in all four languages. */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/domain/locales";
import { serverI18n } from "~/i18n/i18n.server";
import { Pager } from "./pager";

function render(locale: (typeof LOCALES)[number], page: number, pageCount: number, labels?: "dossier" | "people", more = false) {
  const i18n = serverI18n(locale);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={["/supervisor?sort=created-desc&page=2"]}>
        <Pager page={page} pageCount={pageCount} more={more} t={i18n.t} labels={labels} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("Pager", () => {
  it.each(LOCALES)("links to the previous and next page in %s, keeping the other parameters", (locale) => {
    const html = render(locale, 2, 3);
    expect(html).toContain('href="/supervisor?sort=created-desc&amp;page=1"');
    expect(html).toContain('href="/supervisor?sort=created-desc&amp;page=3"');
    for (const key of ["previous", "next"]) {
      const label = serverI18n(locale).t(`dossier:list.${key}`);
      expect(label).not.toBe(`list.${key}`);
      expect(html).toContain(`>${label}</a>`);
    }
    expect(render(locale, 1, 3, "people")).toContain(`>${serverI18n(locale).t("people:pagination.next")}</a>`);
  });

  it("shows no previous link on the first page, no next link on the last, and nothing for one page", () => {
    expect(render("en", 1, 2)).not.toContain('rel="prev"');
    expect(render("en", 2, 2)).not.toContain('rel="next"');
    expect(render("en", 1, 1)).toBe("");
  });

  it("says \"more than\" and keeps the next link when the list's count stopped at its cap (decision 087)", () => {
    const html = render("en", 20, 20, "dossier", true);
    expect(html).toContain("Page 20 of more than 20");
    expect(html).toContain('rel="next"');
    expect(render("nl", 1, 1, "dossier", true)).toContain("Pagina 1 van meer dan 1");
    expect(render("de", 3, 20, "dossier", true)).toContain("Seite 3 von mehr als 20");
    expect(render("fr", 3, 20, "dossier", true)).toContain("Page 3 sur plus de 20");
  });
});
