/**
 * Previous/next links under a paged list (issue 13: every list is paged or bounded). Plain links with `?page=`,
 * so paging works without JavaScript; the other query parameters of the page (filters, sort) are kept.
 */
import type { TFunction } from "i18next";
import { Link, useLocation } from "react-router";
import { LINK } from "~/components/ui/targets";

/** The labels' keys: the dossier pages' ("dossier:list") or the admin pages' ("people:pagination"). */
const LABELS = {
  dossier: { nav: "dossier:list.pages", previous: "dossier:list.previous", next: "dossier:list.next", page: "dossier:list.page", pageOfMore: "dossier:list.pageOfMore" },
  people: { nav: "people:pagination.label", previous: "people:pagination.previous", next: "people:pagination.next", page: "people:pagination.page" },
} as const;

/**
 * `more`: the list's count stopped at its cap, so there are more pages than `pageCount` (decision 087). Only the
 * dossier lists count up to a cap; the admin pages' lists count exactly, so their labels have no "more than".
 * `param`: the query parameter of this list's page, for a page with two paged lists (an organisation's people).
 */
export function Pager({
  page,
  pageCount,
  more = false,
  t,
  labels = "dossier",
  param = "page",
}: {
  page: number;
  pageCount: number;
  more?: boolean;
  t: TFunction;
  labels?: keyof typeof LABELS;
  param?: string;
}) {
  const { search } = useLocation();
  if (pageCount <= 1 && !more) return null;
  const keys = LABELS[labels];
  const hrefOf = (target: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(target));
    return `?${params}`;
  };
  return (
    <nav aria-label={t(keys.nav)} className="mt-3 flex items-center gap-3 text-sm" data-testid="pager">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className={LINK}>
          {t(keys.previous)}
        </Link>
      ) : null}
      <span>{t(more && "pageOfMore" in keys ? keys.pageOfMore : keys.page, { page, pages: pageCount })}</span>
      {page < pageCount || more ? (
        <Link to={hrefOf(page + 1)} rel="next" className={LINK}>
          {t(keys.next)}
        </Link>
      ) : null}
    </nav>
  );
}
