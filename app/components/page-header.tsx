import { useTranslation } from "react-i18next";
import { breadcrumbTrail, type NavKey } from "~/domain/navigation";

/**
 * The page's title (also the document title) and its place in the navigation. The breadcrumb's last item names
 * the page as its heading does, `title` when given.
 */
export function PageHeader({ routeKey, title }: { routeKey: NavKey; title?: string }) {
  const { t } = useTranslation("common");
  const heading = title ?? t(`pages.${routeKey}.title`);
  const trail = breadcrumbTrail(routeKey);
  return (
    <header className="mb-6">
      <title>{`${heading} · Casus`}</title>
      {trail.length > 1 ? (
        <nav aria-label={t("breadcrumb")} className="mb-1 text-sm text-slate-600">
          <ol className="flex flex-wrap gap-1">
            {trail.map((key, i) => (
              <li key={key} aria-current={i === trail.length - 1 ? "page" : undefined}>
                {i > 0 ? <span aria-hidden="true">› </span> : null}
                {i === trail.length - 1 ? heading : t(`pages.${key}.title`)}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <h1 className="text-xl font-semibold text-slate-900 sm:text-2xl">{heading}</h1>
    </header>
  );
}
