/**
 * `/pro/{proId}/{phone}/history`: one patient's dossiers in the professional's organisation, newest first, a page at a time. Any typed
 * form of the number redirects (301) to the canonical E.164 path; a number that is not a phone number is 404.
 */
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { DossierTable } from "~/components/dossier/dossier-table";
import { historyRow } from "~/domain/dossier/list-rows";
import { proDossierPath } from "~/domain/dossier/pro-links";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { displayPhone } from "~/domain/dossier/phone";
import { toE164 } from "~/domain/phone";
import { localizePath } from "~/domain/locales";
import { routePath } from "~/domain/route-table";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { patientHistory } from "~/server/dossiers/lists.server";
import { notFound } from "~/server/http/responses.server";
import type { Route } from "./+types/history";
import { auditOrigin } from "~/server/audit/audit.server";

export const handle = { i18n: ["dossier"] };

export async function loader(args: Route.LoaderArgs) {
  const { user, locale } = await authorize(args, "pro-history");
  const canonical = toE164(args.params.phone);
  if (!canonical) throw notFound();
  if (canonical !== args.params.phone) {
    const search = new URL(args.request.url).search;
    throw redirect(localizePath(routePath("pro-history", { proId: user.id, phone: canonical }), locale) + search, 301);
  }
  const page = Number(new URL(args.request.url).searchParams.get("page")) || 1;
  const history = await patientHistory(user, canonical, auditOrigin(args.request, args.context), page);
  return {
    phone: canonical,
    patient: history.patient ? { initials: history.patient.initials, birthYear: history.patient.birthYear } : null,
    rows: history.rows.map(historyRow),
    page: history.page,
    pageCount: history.pageCount,
    capped: history.capped,
  };
}

export default function Page({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("dossier");
  const localize = useLocalizedPath();
  const p = loaderData.patient;
  return (
    <>
      <PageHeader routeKey="pro-history" title={t("history.title", { phone: displayPhone(loaderData.phone) })} />
      {p ? <p className="mb-3 text-sm text-slate-700">{[p.initials, p.birthYear].filter(Boolean).join(" · ")}</p> : null}
      <DossierTable rows={loaderData.rows} hrefOf={(row) => (row.professionalId === params.proId ? localize(proDossierPath(params.proId, row)) : null)} empty={t("history.none")} showProfessional />
      <Pager page={loaderData.page} pageCount={loaderData.pageCount} more={loaderData.capped} t={t} />
    </>
  );
}
