/**
 * `/admin/dossiers/{caseId}`: a dossier's identity (organisation, professional, masked patient phone, status, dates)
 * and its whole event log, paged, for admins (issue 6: every view and change is in the log, visible to admins).
 * No clinical content is shown; opening the page is itself logged as a view.
 */
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { StatusBadge } from "~/components/dossier/status-badge";
import { PageHeader } from "~/components/page-header";
import { DOSSIER_NAME_DATE, dossierName } from "~/domain/dossier/dossier-name";
import { routePath } from "~/domain/route-table";
import { dateTimeFormat } from "~/lib/format-date";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { adminDossierLog, logPageOf } from "~/server/dossiers/admin-log.server";
import { rethrowAsResponse } from "~/server/http/responses.server";
import type { Route } from "./+types/dossier";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["dossier", "dossier-log"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-dossier");
  const page = logPageOf(new URL(args.request.url).searchParams.get("page"));
  try {
    return await adminDossierLog(user, args.params.caseId, page);
  } catch (error) {
    rethrowAsResponse(error);
  }
}

/** Nothing on this page changes anything: a POST (after the guard) goes back to the page. */
export async function action(args: Route.ActionArgs) {
  await authorize(args, "admin-dossier");
  const url = new URL(args.request.url);
  return redirect(url.pathname + url.search, 303);
}

export default function AdminDossier({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["dossier-log", "dossier"]);
  const lp = useLocalizedPath();
  const format = dateTimeFormat(i18n.language);
  const dayFormat = dateTimeFormat(i18n.language, DOSSIER_NAME_DATE);
  const { dossier: d, organisation: org, professional: pro, paging } = loaderData;
  const when = (iso: string | null) => (iso ? format.format(new Date(iso)) : t("dossier-log:page.never"));
  const here = lp(routePath("admin-dossier", { caseId: d.id }));
  return (
    <>
      <PageHeader
        routeKey="admin-dossier"
        title={t("dossier-log:page.title", {
          name: dossierName({ initials: loaderData.patientInitials, birthYear: loaderData.patientBirthYear, createdAt: d.createdAt }, (at) => dayFormat.format(at)),
        })}
      />
      <section aria-labelledby="identity" className="mb-8">
        <h2 id="identity" className="mb-2 text-lg font-semibold">{t("dossier-log:page.identity")}</h2>
        <dl className="grid max-w-2xl grid-cols-1 gap-x-6 sm:grid-cols-[max-content_minmax(0,1fr)] [&>dd]:mb-1 [&>dd]:wrap-anywhere sm:[&>dd]:mb-0 gap-y-2 text-sm" data-testid="dossier-identity">
          <dt className="font-medium">{t("dossier-log:page.organisation")}</dt>
          <dd>
            {org ? (
              <Link to={lp(routePath("admin-organisation", { orgId: org.id }))} className={LINK}>{org.name}</Link>
            ) : null}
            {org && !org.active ? <span className="ml-2 text-slate-500">({t("dossier-log:page.inactive")})</span> : null}
          </dd>
          <dt className="font-medium">{t("dossier-log:page.professional")}</dt>
          <dd>
            {pro && org ? (
              <Link to={lp(routePath("admin-professional", { orgId: org.id, proId: pro.id }))} className={LINK}>{pro.name}</Link>
            ) : null}
          </dd>
          <dt className="font-medium">{t("dossier-log:page.patient")}</dt>
          <dd data-testid="patient-phone">{loaderData.patientPhone ?? t("dossier-log:page.noPatient")}</dd>
          <dt className="font-medium">{t("dossier-log:page.status")}</dt>
          <dd><StatusBadge status={d.status} /></dd>
          <dt className="font-medium">{t("dossier-log:page.reviewer")}</dt>
          <dd>{loaderData.reviewerName ?? t("dossier-log:page.never")}</dd>
          <dt className="font-medium">{t("dossier-log:page.created")}</dt>
          <dd>{when(d.createdAt)}</dd>
          <dt className="font-medium">{t("dossier-log:page.updated")}</dt>
          <dd>{when(d.updatedAt)}</dd>
          <dt className="font-medium">{t("dossier-log:page.submitted")}</dt>
          <dd>{when(d.submittedAt)}</dd>
          <dt className="font-medium">{t("dossier-log:page.completed")}</dt>
          <dd>{when(d.completedAt)}</dd>
          <dt className="font-medium">{t("dossier-log:page.version")}</dt>
          <dd>{d.version}</dd>
        </dl>
      </section>

      <section aria-labelledby="log">
        <h2 id="log" className="mb-2 text-lg font-semibold">{t("dossier-log:log.title")}</h2>
        <p className="mb-3 text-sm text-slate-700">{t("dossier-log:log.intro")}</p>
        {loaderData.events.length === 0 ? (
          <p className="text-slate-600">{t("dossier-log:log.none")}</p>
        ) : (
          <ScrollRegion label={t("dossier-log:log.title")} className="rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="event-log">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">{t("dossier-log:log.when")}</th>
                  <th scope="col" className="px-3 py-2">{t("dossier-log:log.who")}</th>
                  <th scope="col" className="px-3 py-2">{t("dossier-log:log.what")}</th>
                  <th scope="col" className="px-3 py-2">{t("dossier-log:log.status")}</th>
                  <th scope="col" className="px-3 py-2">{t("dossier-log:log.details")}</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.events.map((e) => (
                  <tr key={e.seq} className="border-t border-slate-100" data-testid="event-row" data-kind={e.kind}>
                    <td className="whitespace-nowrap px-3 py-2">{when(e.at)}</td>
                    <td className="px-3 py-2">
                      {e.actorName ?? t("dossier-log:log.system")}
                      {e.actorEmail ? <span className="block text-xs text-slate-500">{e.actorEmail}</span> : null}
                    </td>
                    <td className="px-3 py-2">{t(`dossier-log:kind.${e.kind}`, { defaultValue: e.kind })}</td>
                    <td className="px-3 py-2">
                      {e.fromStatus || e.toStatus ? (
                        <span className="inline-flex items-center gap-1">
                          {e.fromStatus ? <StatusBadge status={e.fromStatus} /> : null}
                          {e.fromStatus && e.toStatus ? <span aria-hidden="true">→</span> : null}
                          {e.toStatus ? <StatusBadge status={e.toStatus} /> : null}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      {e.sections.length ? t("dossier-log:log.sections", { list: e.sections.map((s) => t(`dossier-log:section.${s}`, { defaultValue: s })).join(", ") }) : null}
                      {e.recipients !== null ? t("dossier-log:log.recipients", { count: e.recipients }) : null}
                      {e.page === "event-log" ? t("dossier-log:log.viaLog") : null}
                      {e.page === "ml-labelling" ? t("dossier-log:log.viaLabelling") : null}
                      {e.grant ? <span className="block text-xs text-slate-500">{t(`dossier-log:grant.${e.grant}`, { defaultValue: e.grant })}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {paging.pages > 1 ? (
          <nav aria-label={t("dossier-log:log.title")} className="mt-3 flex items-center gap-4 text-sm">
            {paging.page > 1 ? <Link to={`${here}?page=${paging.page - 1}`} className={LINK} rel="prev">{t("dossier-log:log.newer")}</Link> : null}
            <span>{t("dossier-log:log.pageOf", { page: paging.page, pages: paging.pages, total: paging.total })}</span>
            {paging.page < paging.pages ? <Link to={`${here}?page=${paging.page + 1}`} className={LINK} rel="next">{t("dossier-log:log.older")}</Link> : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
