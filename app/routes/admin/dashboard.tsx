import { dateTimeFormat } from "~/lib/format-date";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuditList } from "~/components/admin/audit-list";
import { Badge } from "~/components/admin/badges";
import { PageHeader } from "~/components/page-header";
import { routePath } from "~/domain/route-table";
import { useLocale, useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { dashboard, serviceHealth } from "~/server/people/dashboard.server";
import { actorOf } from "~/server/people/route-helpers.server";
import type { Route } from "./+types/dashboard";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["people", "dossier"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin");
  const actor = actorOf(user);
  const [data, health] = await Promise.all([dashboard(actor), serviceHealth(actor)]);
  return { ...data, health };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "dossier", "common"]);
  const lp = useLocalizedPath();
  const locale = useLocale();
  const { counts, dossiers, pending, activity, health } = loaderData;
  const format = dateTimeFormat(locale, { dateStyle: "medium" });
  // Plain numbers: the menu beside the page already links to each list.
  const cards: [string, number][] = [
    [t("people:dashboard.organisations"), counts.organisations],
    [t("people:dashboard.professionals"), counts.professionals],
    [t("people:dashboard.supervisors"), counts.supervisors],
    [t("people:dashboard.administrators"), counts.administrators],
  ];
  return (
    <>
      <PageHeader routeKey="admin" />
      <section aria-labelledby="counts" className="mb-8">
        <h2 id="counts" className="sr-only">{t("people:dashboard.counts")}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="counts">
          {cards.map(([label, value]) => (
            <li key={label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-sm text-slate-600">{label}</p>
              <p className="text-3xl font-semibold">{value}</p>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-600">{t("people:dashboard.activeOrganisations", { count: counts.activeOrganisations })}</p>
      </section>

      <section aria-labelledby="dossier-counts" className="mb-8">
        <h2 id="dossier-counts" className="mb-2 text-lg font-semibold">{t("people:dashboard.dossiers")}</h2>
        {Object.keys(dossiers).length === 0 ? (
          <p className="text-slate-600">{t("people:dashboard.noDossiers")}</p>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {Object.entries(dossiers).map(([status, n]) => (
              <li key={status} className="rounded border border-slate-200 bg-white px-3 py-1 text-sm">
                {t(`dossier:status.${status}`, { defaultValue: status })}: <strong>{n}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="health" className="mb-8">
        <h2 id="health" className="mb-2 text-lg font-semibold">{t("people:dashboard.health")}</h2>
        <ul className="flex flex-wrap gap-3" data-testid="health">
          {(["database", "storage", "mail"] as const).map((name) => (
            <li key={name} className="flex items-center gap-2 rounded border border-slate-200 bg-white px-3 py-2 text-sm">
              <span className="font-medium">{t(`people:dashboard.service.${name}`)}</span>
              <Badge tone={health[name].state === "ok" ? "ok" : "bad"}>{t(`people:dashboard.state.${health[name].state}`)}</Badge>
              <span className="text-slate-600">{health[name].detail} · {health[name].ms} ms</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pending" className="mb-8">
        <h2 id="pending" className="mb-2 text-lg font-semibold">{t("people:dashboard.pending")}</h2>
        {pending.length === 0 ? (
          <p className="text-slate-600">{t("people:dashboard.noPending")}</p>
        ) : (
          <ScrollRegion label={t("people:dashboard.pending")}>
            <table className="w-full text-left text-sm" data-testid="pending-invitations">
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className="py-1 pr-3">{t("people:invite.name")}</th>
                  <th scope="col" className="py-1 pr-3">{t("people:invite.email")}</th>
                  <th scope="col" className="py-1 pr-3">{t("people:dashboard.role")}</th>
                  <th scope="col" className="py-1">{t("people:dashboard.expires")}</th>
                </tr>
              </thead>
              <tbody>
                {pending.map((p) => (
                  <tr key={p.userId} className="border-b border-slate-100">
                    <td className="py-1 pr-3">
                      {p.organisationId ? <Link to={lp(routePath("admin-professional", { orgId: p.organisationId, proId: p.userId }))} className={LINK}>{p.name}</Link> : p.name}
                    </td>
                    <td className="py-1 pr-3">{p.email}</td>
                    <td className="py-1 pr-3">{t(`common:roles.${p.role}`, { defaultValue: p.role })}</td>
                    <td className="py-1">{format.format(new Date(p.expiresAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      <AuditList items={activity} title={t("people:dashboard.activity")} />
    </>
  );
}
