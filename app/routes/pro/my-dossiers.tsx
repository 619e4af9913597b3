/** `/pro/{proId}/mijn-dossiers`: filter by status and period, search by phone, sort, paginate — all in the URL. */
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DossierTable } from "~/components/dossier/dossier-table";
import { tableRow } from "~/domain/dossier/list-rows";
import { proDossierPath } from "~/domain/dossier/pro-links";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { DOSSIER_STATUSES } from "~/domain/dossier/lifecycle";
import { calendarDayOrNull, dayEnd, dayStart, FIRST_DAY, LAST_DAY } from "~/domain/calendar-day";
import { useLiveDossiers } from "~/lib/use-live-dossiers";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { OWN_DOSSIER_SORTS } from "~/domain/dossier/list-sorts";
import { listOwnDossiers, type ProfessionalListQuery } from "~/server/dossiers/lists.server";
import type { Route } from "./+types/my-dossiers";
import { auditOrigin } from "~/server/audit/audit.server";

export const handle = { i18n: ["dossier"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "pro-my-dossiers");
  const params = new URL(args.request.url).searchParams;
  const sort = OWN_DOSSIER_SORTS.find((s) => s === params.get("sort")) ?? "updated-desc";
  // A day that is not one the product accepts (calendar-day.ts) filters nothing, and the page says so beside its field.
  const from = calendarDayOrNull(params.get("from"));
  const to = calendarDayOrNull(params.get("to"));
  const query: ProfessionalListQuery = {
    status: params.get("status") || null,
    from: from ? dayStart(from).toISOString() : null,
    // "to" is inclusive on the page: the list query's bound is exclusive, so it runs to the next day.
    to: to ? dayEnd(to).toISOString() : null,
    phone: params.get("phone") || null,
    sort,
    page: Number(params.get("page")) || 1,
  };
  const result = await listOwnDossiers(user, query, auditOrigin(args.request, args.context));
  const invalidDay = (typed: string | null, day: string | null) => (typed && !day ? "errors:codes.field-invalid" : null);
  const dayErrors = { from: invalidDay(params.get("from"), from), to: invalidDay(params.get("to"), to) };
  return { ...result, rows: result.rows.map(tableRow), dayErrors, filters: { status: query.status ?? "", from: params.get("from") ?? "", to: params.get("to") ?? "", phone: query.phone ?? "", sort } };
}

export default function Page({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("dossier");
  const localize = useLocalizedPath();
  useLiveDossiers();
  const f = loaderData.filters;
  return (
    <>
      <PageHeader routeKey="pro-my-dossiers" />
      <Form method="get" className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="filters">
        <div className="flex flex-col gap-1">
          <label htmlFor="status" className="text-sm font-medium">
            {t("list.status")}
          </label>
          <select id="status" name="status" defaultValue={f.status} className="rounded-md border border-slate-300 px-3 py-2">
            <option value="">{t("list.all")}</option>
            {DOSSIER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t("list.from")} name="from" type="date" min={FIRST_DAY} max={LAST_DAY} defaultValue={f.from} error={loaderData.dayErrors.from ? t(loaderData.dayErrors.from) : undefined} />
        <Field label={t("list.to")} name="to" type="date" min={FIRST_DAY} max={LAST_DAY} defaultValue={f.to} error={loaderData.dayErrors.to ? t(loaderData.dayErrors.to) : undefined} />
        <Field label={t("fields.phone")} name="phone" type="tel" defaultValue={f.phone} />
        <div className="flex flex-col gap-1">
          <label htmlFor="sort" className="text-sm font-medium">
            {t("list.sort")}
          </label>
          <select id="sort" name="sort" defaultValue={f.sort} className="rounded-md border border-slate-300 px-3 py-2">
            {OWN_DOSSIER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`list.sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit">{t("list.apply")}</Button>
        </div>
      </Form>
      <p className="mb-2 text-sm text-slate-600">{loaderData.capped ? t("list.totalMore", { limit: loaderData.total }) : t("list.total", { count: loaderData.total })}</p>
      <DossierTable rows={loaderData.rows} hrefOf={(row) => localize(proDossierPath(params.proId, row))} empty={t("list.none")} />
      <Pager page={loaderData.page} pageCount={loaderData.pageCount} more={loaderData.capped} t={t} />
    </>
  );
}
