/**
 * `/admin/jobs`: the background job queue (decision 083) — per kind what waits, will be retried, runs, failed and
 * finished this week; the jobs that need attention with attempts, next attempt and reason; and "try again now".
 */
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { errorMessageKey } from "~/domain/errors";
import { recordId } from "~/domain/forms/fields";
import { routePath } from "~/domain/route-table";
import { dateTimeFormat } from "~/lib/format-date";
import { useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { JOB_NAMES, JOB_STATES } from "~/domain/jobs";
import { jobOverview, retryJobNow } from "~/server/jobs/job-overview.server";
import type { Route } from "./+types/jobs";
import { LINK } from "~/components/ui/targets";

export const handle = { i18n: ["people", "dossier-log"] };

const retryForm = z.object({ name: z.enum(JOB_NAMES), id: recordId });

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-jobs");
  return jobOverview(user);
}

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "admin-jobs");
  const input = await parseForm(args.request, retryForm);
  if (!input.ok) return invalidForm(input, { error: input.code });
  const retried = await retryJobNow(user, input.data.name, input.data.id, auditOrigin(args.request, args.context));
  return { retried };
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["people", "dossier-log", "errors"]);
  const lp = useLocalizedPath();
  const when = dateTimeFormat(i18n.language);
  return (
    <>
      <PageHeader routeKey="admin-jobs" />
      <p className="mb-4 text-slate-700">{t("people:jobs.intro")}</p>
      {actionData && "error" in actionData && actionData.error ? <Alert tone="error">{t(errorMessageKey(actionData.error))}</Alert> : null}
      {actionData && "retried" in actionData ? (
        <Alert tone={actionData.retried ? "success" : "info"}>{actionData.retried ? t("people:jobs.retried") : t("people:jobs.gone")}</Alert>
      ) : null}
      <ScrollRegion label={t("common:pages.admin-jobs.title")} className="mb-6 rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th className="px-3 py-2">{t("people:jobs.kind")}</th>
              {JOB_STATES.map((state) => (
                <th key={state} className="px-3 py-2 text-right">
                  {t(`people:jobs.states.${state}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loaderData.counts.map((row) => (
              <tr key={row.name} className="border-t border-slate-100" data-testid="job-counts">
                <th scope="row" className="px-3 py-2 font-medium">
                  {t(`people:jobs.kinds.${row.name}`)}
                </th>
                {JOB_STATES.map((state) => (
                  <td key={state} className={`px-3 py-2 text-right tabular-nums ${state === "failed" && row.counts.failed ? "font-semibold text-red-700" : ""}`}>
                    {row.counts[state]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <h2 className="mb-2 text-lg font-semibold">{t("people:jobs.attention")}</h2>
      {loaderData.attention.length === 0 ? (
        <p className="text-slate-600">{t("people:jobs.none")}</p>
      ) : (
        <ul className="space-y-3">
          {loaderData.attention.map((job) => (
            <li key={job.id} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="job-attention">
              <p className="font-medium">
                {t(`people:jobs.kinds.${job.name}`)} · <span className={job.state === "failed" ? "text-red-700" : "text-amber-800"}>{t(`people:jobs.states.${job.state}`)}</span>
              </p>
              <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="text-slate-600">{t("people:jobs.created")}</dt>
                <dd>{when.format(new Date(job.createdOn))}</dd>
                <dt className="text-slate-600">{t("people:jobs.attempts")}</dt>
                <dd>{t("people:jobs.attemptsValue", { attempts: job.attempts, allowed: job.allowed })}</dd>
                {job.nextAttempt ? (
                  <>
                    <dt className="text-slate-600">{t("people:jobs.next")}</dt>
                    <dd>{when.format(new Date(job.nextAttempt))}</dd>
                  </>
                ) : null}
                <dt className="text-slate-600">{t("people:jobs.reason")}</dt>
                <dd>{job.reason ? t(errorMessageKey(job.reason)) : t("people:jobs.unknownReason")}</dd>
              </dl>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <Form method="post">
                  <input type="hidden" name="name" value={job.name} />
                  <input type="hidden" name="id" value={job.id} />
                  <Button type="submit" variant="secondary">
                    {t("people:jobs.retry")}
                  </Button>
                </Form>
                {job.dossierId ? (
                  <Link to={lp(routePath("admin-dossier", { caseId: job.dossierId }))} className={LINK}>
                    {t("dossier-log:log.open")}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
