/**
 * `/admin/data-insights/export-dossier-jsons` (issue 15): choose the dossiers (organisations, period of last change,
 * status) and see how many match; choose the parts, the format and pseudonymisation; start the export as a job
 * and follow it live; download its file and manifest, or cancel it. Administrators only; anyone else gets 404.
 */
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { LINK_SQUARE } from "~/components/ui/targets";
import { ExportJobList } from "~/components/admin/export-job-list";
import { EXPORT_FORMATS, EXPORT_PARTS, FREE_TEXT_CHOICES } from "~/domain/export/options";
import { DOSSIER_SCHEMA_VERSION, dossierSchemaPath } from "~/domain/export/dossier-document";
import { exportFilterQuery, exportPageForm, filterEntries, startOptions } from "~/domain/export/form";
import { DOSSIER_STATUSES } from "~/domain/dossier/lifecycle";
import { FIRST_DAY, LAST_DAY } from "~/domain/calendar-day";
import { errorMessageKey, type ErrorCode } from "~/domain/errors";
import { useKeptActionData } from "~/lib/use-kept-action-data";
import { useExportProgress } from "~/lib/use-export-progress";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { config } from "~/server/config.server";
import { refusalOr } from "~/server/dossiers/action-result.server";
import { countMatching, exportOrganisations } from "~/server/export/documents.server";
import { cancelExport, recentExports, startExport } from "~/server/export/export-jobs.server";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import type { Route } from "./+types/export-dossiers";
import { actionAnswer } from "~/server/http/responses.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["export", "dossier"] };

function queryObject(url: URL) {
  const p = url.searchParams;
  return { organisationIds: p.getAll("organisationIds"), statuses: p.getAll("statuses"), since: p.get("since") ?? undefined, until: p.get("until") ?? undefined };
}

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-export-dossiers");
  const url = new URL(args.request.url);
  const raw = queryObject(url);
  const parsed = exportFilterQuery.safeParse(raw);
  const filters = parsed.success ? parsed.data : { organisationIds: [], statuses: [] };
  const filterErrors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) filterErrors[String(issue.path[0] ?? "form")] ??= issue.message.includes(":") ? issue.message : errorMessageKey("field-invalid");
  const [organisations, matching, jobs] = await Promise.all([exportOrganisations(user), parsed.success ? countMatching(user, filters) : null, recentExports(user)]);
  return {
    organisations,
    filters,
    raw: { since: raw.since ?? "", until: raw.until ?? "" },
    filterErrors,
    matching,
    jobs: jobs.map((job) => ({ ...job, createdAt: job.createdAt.toISOString(), finishedAt: job.finishedAt?.toISOString() ?? null, expiresAt: job.expiresAt?.toISOString() ?? null })),
    expiryDays: config().exportExpiryDays,
  };
}

interface ActionData {
  /** Field name → translation key of its problem. */
  fields: Record<string, string>;
  error: ErrorCode | null;
  /** How many dossiers the export that just started holds. */
  started: number | null;
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "admin-export-dossiers");
  const input = await parseForm(args.request, exportPageForm);
  if (!input.ok) return invalidForm<ActionData>(input, { fields: input.fields, error: null, started: null });
  const origin = auditOrigin(args.request, args.context);
  if (input.data.intent === "cancel") {
    const jobId = input.data.jobId;
    const done = await refusalOr(() => cancelExport(user, jobId, origin));
    // A refusal (409 export/finished) is shown on the page; the job view itself has an `id`.
    const answer: ActionData = { fields: {}, error: "id" in done ? null : done.error, started: null };
    return actionAnswer(answer);
  }
  const started = await startExport(user, startOptions(input.data), origin);
  const answer: ActionData = { fields: {}, error: null, started: started.total };
  return answer;
}

export default function Page({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  // Kept across the revalidation an export's end causes (useExportProgress), whoever's export it was.
  const actionData = useKeptActionData(latestActionData);
  const { t } = useTranslation(["export", "dossier", "errors", "common"]);
  const navigation = useNavigation();
  const progress = useExportProgress();
  const { organisations, filters, raw, filterErrors, matching } = loaderData;
  const fields: Record<string, string> = actionData?.fields ?? {};
  const busy = navigation.state === "submitting";
  return (
    <>
      <PageHeader routeKey="admin-export-dossiers" />
      <p className="mb-6 max-w-prose text-slate-700">
        {t("export:intro", { days: loaderData.expiryDays })}{" "}
        <a href={dossierSchemaPath()} className={LINK_SQUARE}>
          {t("export:schemaLink", { version: DOSSIER_SCHEMA_VERSION })}
        </a>
      </p>

      <section aria-labelledby="export-filters" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="export-filters" className="mb-3 text-lg font-semibold text-slate-900">
          {t("export:filters.heading")}
        </h2>
        <Form method="get" className="grid gap-4 sm:grid-cols-2">
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-800">{t("export:filters.organisations")}</legend>
            <p className="text-xs text-slate-600">{t("export:filters.allOrganisations")}</p>
            <div className="mt-1 grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
              {organisations.map((o) => (
                <label key={o.id} className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="organisationIds" value={o.id} defaultChecked={filters.organisationIds.includes(o.id)} className="size-5" />
                  {o.name}
                </label>
              ))}
            </div>
            {filterErrors.organisationIds ? <p className="text-sm text-red-700">{t(filterErrors.organisationIds)}</p> : null}
          </fieldset>
          <DayField name="since" label={t("export:filters.since")} value={raw.since} error={filterErrors.since ? t(filterErrors.since) : undefined} />
          <DayField name="until" label={t("export:filters.until")} value={raw.until} error={filterErrors.until ? t(filterErrors.until) : undefined} />
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-800">{t("export:filters.statuses")}</legend>
            <p className="text-xs text-slate-600">{t("export:filters.allStatuses")}</p>
            <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-3">
              {DOSSIER_STATUSES.map((s) => (
                <label key={s} className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="statuses" value={s} defaultChecked={filters.statuses.includes(s)} className="size-5" />
                  {t(`dossier:status.${s}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" variant="secondary">
              {t("export:filters.count")}
            </Button>
            {matching !== null ? (
              <p role="status" data-testid="export-matching" className="text-sm font-medium text-slate-900">
                {t("export:filters.matching", { count: matching })}
              </p>
            ) : null}
          </div>
        </Form>
      </section>

      <section aria-labelledby="export-options" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="export-options" className="mb-3 text-lg font-semibold text-slate-900">
          {t("export:options.heading")}
        </h2>
        {actionData?.error ? <Alert tone="error">{t(errorMessageKey(actionData.error as ErrorCode))}</Alert> : null}
        {actionData?.started !== null && actionData?.started !== undefined ? <Alert tone="success">{t("export:options.started", { count: actionData.started })}</Alert> : null}
        <Form method="post" className="mt-2 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="start" />
          {filterEntries(filters).map(([name, value]) => (
            <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
          ))}
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("export:options.format")}</legend>
            {EXPORT_FORMATS.map((format, i) => (
              <label key={format} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="format" value={format} defaultChecked={i === 0} className="size-5" />
                {t(`export:options.formats.${format}`)}
              </label>
            ))}
            {fields.format ? <p className="text-sm text-red-700">{t(fields.format)}</p> : null}
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("export:options.without")}</legend>
            {EXPORT_PARTS.map((part) => (
              <label key={part} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="without" value={part} className="size-5" />
                {t(`export:options.parts.${part}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="sm:col-span-2">
            <legend className="sr-only">{t("export:options.pseudonymise")}</legend>
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
              <input type="checkbox" name="pseudonymise" className="size-5" />
              {t("export:options.pseudonymise")}
            </label>
            <p className="mb-2 max-w-prose text-xs text-slate-600">{t("export:options.pseudonymiseHint")}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <RecipientField label={t("export:options.recipient")} hint={t("export:options.recipientHint")} error={fields.recipient ? t(fields.recipient) : undefined} />
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">{t("export:options.freeText")}</legend>
                {FREE_TEXT_CHOICES.map((choice) => (
                  <label key={choice} className="flex min-h-11 items-center gap-2 text-sm">
                    <input type="radio" name="freeText" value={choice} defaultChecked={choice === "remove"} className="size-5" />
                    {t(`export:options.freeTextChoices.${choice}`)}
                  </label>
                ))}
              </fieldset>
            </div>
          </fieldset>
          {fields.until ? <p className="text-sm text-red-700 sm:col-span-2">{t(fields.until)}</p> : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy || matching === 0}>
              {t("export:options.start")}
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="export-jobs" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="export-jobs" className="mb-3 text-lg font-semibold text-slate-900">
          {t("export:jobs.heading")}
        </h2>
        <ExportJobList jobs={loaderData.jobs} progress={progress} />
      </section>
    </>
  );
}

function DayField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`export-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`export-${name}`}
        type="date"
        name={name}
        min={FIRST_DAY}
        max={LAST_DAY}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `export-${name}-error` : undefined}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600"
      />
      {error ? (
        <p id={`export-${name}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RecipientField({ label, hint, error }: { label: string; hint: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="export-recipient" className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id="export-recipient"
        name="recipient"
        maxLength={120}
        aria-invalid={error ? true : undefined}
        aria-describedby={`export-recipient-hint${error ? " export-recipient-error" : ""}`}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600"
      />
      <p id="export-recipient-hint" className="text-xs text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id="export-recipient-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
