/**
 * `/supervisor`: dossiers waiting for review (oldest first, age against the review target), the supervisor's own
 * reviews in progress, and recently completed ones. Claiming is atomic on the server; the list updates live.
 */
import { useTranslation } from "react-i18next";
import { dateTimeFormat } from "~/lib/format-date";
import { Form, Link } from "react-router";
import { StatusBadgeLabel } from "~/components/dossier/status-badge";
import { PageHeader } from "~/components/page-header";
import { Pager } from "~/components/pager";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { workingDaysSince } from "~/domain/dossier/age";
import { displayPhone } from "~/domain/dossier/phone";
import { queueRow } from "~/domain/dossier/list-rows";
import { errorMessageKey } from "~/domain/errors";
import { routePath } from "~/domain/route-table";
import { useKeptActionData } from "~/lib/use-kept-action-data";
import { useLiveDossiers } from "~/lib/use-live-dossiers";
import { useLocalizedPath } from "~/lib/use-locale";
import { translatedOnce } from "~/lib/translated-once";
import { authorize } from "~/server/auth/authorize.server";
import { config } from "~/server/config.server";
import { refusalOr } from "~/server/dossiers/action-result.server";
import { supervisorQueue } from "~/server/dossiers/lists.server";
import { takeTransition } from "~/server/dossiers/workflow.server";
import type { Route } from "./+types/queue";
import { invalidForm, parseForm } from "~/server/forms/parse-form.server";
import { recordId, intent } from "~/domain/forms/fields";
import { z } from "zod";
import { auditOrigin } from "~/server/audit/audit.server";
import { LINK_SQUARE } from "~/components/ui/targets";
import { actionAnswer } from "~/server/http/responses.server";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["dossier"] };

const claimForm = z.object({ intent: intent("claim"), dossierId: recordId });

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "supervisor");
  const page = Number(new URL(args.request.url).searchParams.get("page")) || 1;
  const queue = await supervisorQueue(user, { origin: auditOrigin(args.request, args.context), page });
  const now = new Date();
  const target = config().reviewTargetWorkingDays;
  return {
    target,
    waiting: queue.waiting.map((r) => ({ ...queueRow(r), age: r.submittedAt ? workingDaysSince(r.submittedAt, now) : 0 })),
    waitingTotal: queue.waitingTotal,
    waitingCapped: queue.waitingCapped,
    page: queue.page,
    pageCount: queue.pageCount,
    mine: queue.mine.map(queueRow),
    recent: queue.recent.map(queueRow),
  };
}

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "supervisor");
  const input = await parseForm(args.request, claimForm);
  if (!input.ok) return invalidForm(input, { error: input.code });
  const id = input.data.dossierId;
  const done = await refusalOr(() => takeTransition(user, id, "claim", {}));
  return "error" in done ? actionAnswer(done) : { ok: true as const, claimed: id };
}

type Row = Route.ComponentProps["loaderData"]["mine"][number];

/**
 * One queue entry. Plain markup given the page's texts, formatter and localizer: a translation hook and a new
 * Intl.DateTimeFormat per row dominated the CPU profile of a long queue, then i18next's lookup per cell (issue 13).
 */
function Item({ row, word, format, localize, children }: { row: Row; word: (key: string) => string; format: Intl.DateTimeFormat; localize: (path: string) => string; children?: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-white p-3" data-testid="queue-item" data-dossier={row.id}>
      <StatusBadgeLabel status={row.status} label={word(`dossier:status.${row.status}`)} />
      <span className="font-medium">{row.professionalName}</span>
      <span className="text-sm text-slate-600">{row.phone ? displayPhone(row.phone) : "—"}</span>
      <span className="text-sm text-slate-600">{word(`dossier:choices.earSide.${row.earSide}`)}</span>
      {row.submittedAt ? <span className="text-sm text-slate-600">{format.format(new Date(row.submittedAt))}</span> : null}
      {children}
      <Link className={`${LINK_SQUARE} ml-auto px-2`} to={localize(routePath("supervisor-case", { caseId: row.id }))}>
        {word("dossier:table.open")}
      </Link>
    </li>
  );
}

export default function Page({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  // Kept when a live event loads the queue again (useLiveDossiers): a refused claim's message stays on screen.
  const actionData = useKeptActionData(latestActionData);
  const { t, i18n } = useTranslation(["dossier", "errors"]);
  const localize = useLocalizedPath();
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const word = translatedOnce(t);
  const item = { word, format, localize };
  const live = useLiveDossiers();
  return (
    <div data-live={live}>
      <PageHeader routeKey="supervisor" />
      {actionData && "error" in actionData && actionData.error ? <Alert tone="error">{t(errorMessageKey(actionData.error))}</Alert> : null}
      <section aria-labelledby="waiting" className="mt-4">
        <h2 id="waiting" className="mb-2 text-lg font-semibold">
          {loaderData.waitingCapped ? t("dossier:queue.waitingMore", { limit: loaderData.waitingTotal }) : t("dossier:queue.waiting", { count: loaderData.waitingTotal })}
        </h2>
        {loaderData.waiting.length === 0 ? <p className="text-slate-600">{t("dossier:queue.noneWaiting")}</p> : null}
        <ul className="flex flex-col gap-2" data-testid="waiting">
          {loaderData.waiting.map((row) => (
            <Item key={row.id} row={row} {...item}>
              <span className={`text-sm ${row.age >= loaderData.target ? "font-semibold text-red-800" : "text-slate-700"}`} data-testid="age">
                {t("dossier:queue.age", { days: row.age, target: loaderData.target })}
              </span>
              <Form method="post">
                <input type="hidden" name="dossierId" value={row.id} />
                <Button type="submit" name="intent" value="claim">
                  {word("dossier:case.claim")}
                </Button>
              </Form>
            </Item>
          ))}
        </ul>
        <Pager page={loaderData.page} pageCount={loaderData.pageCount} more={loaderData.waitingCapped} t={t} />
      </section>
      <section aria-labelledby="mine" className="mt-6">
        <h2 id="mine" className="mb-2 text-lg font-semibold">
          {t("dossier:queue.mine")}
        </h2>
        {loaderData.mine.length === 0 ? <p className="text-slate-600">{t("dossier:queue.noneMine")}</p> : null}
        <ul className="flex flex-col gap-2" data-testid="mine">
          {loaderData.mine.map((row) => (
            <Item key={row.id} row={row} {...item} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="recent" className="mt-6">
        <h2 id="recent" className="mb-2 text-lg font-semibold">
          {t("dossier:queue.recent")}
        </h2>
        {loaderData.recent.length === 0 ? <p className="text-slate-600">{t("dossier:queue.noneRecent")}</p> : null}
        <ul className="flex flex-col gap-2">
          {loaderData.recent.map((row) => (
            <Item key={row.id} row={row} {...item} />
          ))}
        </ul>
      </section>
    </div>
  );
}
