import { useTranslation } from "react-i18next";
import type { RouteKey } from "~/domain/route-table";
import { PageHeader } from "./page-header";

/** A page whose feature is later work: its title, its place in the navigation and an honest line saying so. */
export function NotYetAvailable({ routeKey }: { routeKey: RouteKey }) {
  const { t } = useTranslation("common");
  return (
    <>
      <PageHeader routeKey={routeKey} />
      <section className="max-w-2xl rounded-lg border border-dashed border-slate-300 bg-white p-6" data-testid="not-yet-available">
        <p className="font-medium text-slate-900">{t("notYetAvailable")}</p>
        <p className="mt-2 text-slate-700">{t(`pages.${routeKey}.purpose`)}</p>
      </section>
    </>
  );
}
