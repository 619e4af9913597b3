/**
 * `/admin/unfinished-dossiers`: drafts and returned dossiers older than the threshold and submitted ones past the
 * review target, with age, owner and organisation, when each was last reminded, and a reminder per dossier (its
 * e-mails go through the job queue; the daily round sends the same by itself, decision 083).
 */
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/lib/format-date";
import { Form, Link } from "react-router";
import { StatusBadgeLabel } from "~/components/dossier/status-badge";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { errorMessageKey } from "~/domain/errors";
import { routePath } from "~/domain/route-table";
import { useLocalizedPath } from "~/lib/use-locale";
import { auditOrigin } from "~/server/audit/audit.server";
import { authorize } from "~/server/auth/authorize.server";
import { refusalOr } from "~/server/dossiers/action-result.server";
import { listUnfinished, sendReminder } from "~/server/dossiers/unfinished.server";
import { config } from "~/server/config.server";
import { REMINDER_REPEAT_WORKING_DAYS, REMINDERS_BEFORE_ESCALATION } from "~/domain/constants";
import type { Route } from "./+types/unfinished-dossiers";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { recordId } from "~/domain/forms/fields";
import { z } from "zod";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { LINK } from "~/components/ui/targets";
import { actionAnswer } from "~/server/http/responses.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["dossier", "dossier-log"] };

const reminderForm = z.object({ dossierId: recordId });

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "admin-unfinished-dossiers");
  const page = Number(new URL(args.request.url).searchParams.get("page"));
  const time = config().reminderTime;
  const schedule = time
    ? { time: `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`, repeat: REMINDER_REPEAT_WORKING_DAYS, escalateAfter: REMINDERS_BEFORE_ESCALATION }
    : null;
  return { ...(await listUnfinished(user, new Date(), page)), schedule };
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "admin-unfinished-dossiers");
  const input = await parseForm(args.request, reminderForm);
  if (!input.ok) return invalidForm(input, { error: input.code });
  const id = input.data.dossierId;
  const done = await refusalOr(() => sendReminder(user, id, auditOrigin(args.request, args.context)));
  return "error" in done ? actionAnswer(done) : { ok: true as const, sent: done.sent, id };
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["dossier", "dossier-log", "errors"]);
  const lp = useLocalizedPath();
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const when = dateTimeFormat(i18n.language);
  return (
    <>
      <PageHeader routeKey="admin-unfinished-dossiers" />
      <p className="mb-2 text-slate-700">{t("dossier:unfinished.intro", { days: loaderData.draftDays, target: loaderData.reviewDays })}</p>
      <p className="mb-4 text-sm text-slate-600">{loaderData.schedule ? t("dossier:unfinished.schedule", loaderData.schedule) : t("dossier:unfinished.scheduleOff")}</p>
      {actionData && "error" in actionData && actionData.error ? <Alert tone="error">{t(errorMessageKey(actionData.error))}</Alert> : null}
      {actionData && "sent" in actionData ? <Alert tone="success">{t("dossier:unfinished.sent", { count: actionData.sent })}</Alert> : null}
      {loaderData.rows.length === 0 ? (
        <p className="text-slate-600">{t("dossier:unfinished.none")}</p>
      ) : (
        // One form for the list, each row's button naming its dossier: a React Router <Form> per row cost about half
        // a CPU-ms per row to render.
        <Form method="post">
          <ScrollRegion label={t("common:pages.admin-unfinished-dossiers.title")} className="rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th className="px-3 py-2">{t("dossier:table.status")}</th>
                  <th className="px-3 py-2">{t("dossier:unfinished.age")}</th>
                  <th className="px-3 py-2">{t("dossier:table.professional")}</th>
                  <th className="px-3 py-2">{t("dossier:unfinished.organisation")}</th>
                  <th className="px-3 py-2">{t("dossier:unfinished.lastReminded")}</th>
                  <th className="px-3 py-2">{t("dossier-log:log.title")}</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">{t("dossier:unfinished.remind")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.rows.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100" data-testid="unfinished-row">
                    <td className="px-3 py-2">
                      <StatusBadgeLabel status={row.status} label={t(`dossier:status.${row.status}`)} />
                    </td>
                    <td className="px-3 py-2">
                      {row.status === "submitted" ? t("dossier:unfinished.workingDays", { count: row.age }) : t("dossier:unfinished.days", { count: row.age })}
                      <span className="block text-xs text-slate-500">{format.format(new Date(row.since))}</span>
                    </td>
                    <td className="px-3 py-2">{row.professionalName}</td>
                    <td className="px-3 py-2">{row.organisationName}</td>
                    <td className="px-3 py-2" data-testid="last-reminded">
                      {row.lastRemindedAt ? when.format(new Date(row.lastRemindedAt)) : t("dossier:unfinished.never")}
                      {row.reminders ? <span className="block text-xs text-slate-500">{t("dossier:unfinished.reminders", { count: row.reminders })}</span> : null}
                    </td>
                    <td className="px-3 py-2">
                      <Link to={lp(routePath("admin-dossier", { caseId: row.id }))} className={LINK}>
                        {t("dossier-log:log.open")}
                      </Link>
                    </td>
                    <td className="px-3 py-2">
                      <Button type="submit" variant="secondary" name="dossierId" value={row.id}>
                        {t("dossier:unfinished.remind")}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </Form>
      )}
      <Pager page={loaderData.page} pageCount={loaderData.pageCount} more={loaderData.capped} t={t} />
    </>
  );
}
