/**
 * `/supervisor/case/{caseId}`: the review screen for supervisors and the read-and-reply screen for the owning
 * professional. Everything the professional entered, the media, the review form for the reviewing supervisor,
 * the lifecycle buttons the server allows (openDossier's `transitions`), and the message thread; status and
 * thread update live for both.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { TextArea } from "~/components/dossier/choices";
import { FieldErrorsProvider } from "~/components/dossier/field-errors";
import { REVIEW_FORM_ID, ReviewComparison } from "~/components/dossier/review-comparison";
import { AnamnesisView, PatientFacts, ReasoningView, ReviewView } from "~/components/dossier/dossier-content";
import { ReasoningScoreCard } from "~/components/reporting/reasoning-score-card";
import { MediaList } from "~/components/dossier/media-list";
import { MessageThread } from "~/components/dossier/message-thread";
import { MissingList } from "~/components/dossier/missing-list";
import { ReturnQuestion } from "~/components/dossier/return-question";
import { StatusBadge } from "~/components/dossier/status-badge";
import { PageHeader } from "~/components/page-header";
import { dossierPlace } from "~/domain/navigation";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { type EarSide, earsOf } from "~/domain/dossier/choices";
import { anamnesisSchema, type Drawings, reasoningSchema, reviewSchema } from "~/domain/dossier/content";
import { fieldIdOf, reviewFromForm } from "~/domain/dossier/form";
import type { DossierTransition } from "~/domain/dossier/lifecycle";
import { proDraftPath } from "~/domain/dossier/pro-links";
import { errorMessageKey } from "~/domain/errors";
import { routePath } from "~/domain/route-table";
import { DOSSIER_NAME_DATE, dossierName } from "~/domain/dossier/dossier-name";
import { dateTimeFormat } from "~/lib/format-date";
import { useKeptActionData } from "~/lib/use-kept-action-data";
import { useLiveDossiers } from "~/lib/use-live-dossiers";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { refusalOr, refusedDossierForm } from "~/server/dossiers/action-result.server";
import { saveReview } from "~/server/dossiers/edit.server";
import { frameJudgementsOf } from "~/server/dossiers/frame-judgements.server";
import { can } from "~/domain/access/permissions";
import { addMessage } from "~/server/dossiers/messages.server";
import { openDossier, readDossier } from "~/server/dossiers/view.server";
import { takeTransition } from "~/server/dossiers/workflow.server";
import { actionAnswer, rethrowAsResponse } from "~/server/http/responses.server";
import { keepInputWhenOffline } from "~/lib/offline-action";
import type { Route } from "./+types/case";
import { parseForm } from "~/server/forms/parse-form.server";
import { expectedVersion, intent as intentField, intents, rawText } from "~/domain/forms/fields";
import { z } from "zod";
import { LINK } from "~/components/ui/targets";
import { revalidateAfterRefusal } from "~/lib/refusal-revalidation";

export const handle = { i18n: ["dossier", "media", "reporting"] };

/** Every transition but complete, which saves the review first. */
const OTHER_TRANSITIONS = ["submit", "discard", "claim", "return", "resubmit", "release"] as const satisfies readonly Exclude<DossierTransition, "complete">[];

/** The review page's forms: a message, the review (its fields read by reviewFromForm), or a transition. */
const reviewForm = z.discriminatedUnion("intent", [
  z.object({ intent: intentField("message"), version: expectedVersion, body: rawText.default("") }),
  z.object({ intent: intents(["save-review", "complete"]), version: expectedVersion }),
  z.object({ intent: intents(OTHER_TRANSITIONS), version: expectedVersion, question: rawText.default("") }),
]);

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "supervisor-case");
  const opened = await openDossier(user, args.params.caseId).catch(rethrowAsResponse);
  const d = opened.dossier;
  // Frame judgements for the in-ear model: the reviewer's, shown to whoever sees the review (decision 075).
  const mayJudge = can(user, "frame.judge", { ...d, reviewerId: d.reviewerId ?? null });
  const judgements = mayJudge || d.review ? await frameJudgementsOf(user, d.id).catch(rethrowAsResponse) : [];
  return {
    userId: user.id,
    viewerRole: user.role,
    dossier: {
      id: d.id,
      status: d.status,
      version: d.version,
      earSide: d.earSide as EarSide,
      professionalId: d.professionalId,
      createdAt: d.createdAt.toISOString(),
      anamnesis: anamnesisSchema.parse(d.anamnesis),
      reasoning: reasoningSchema.parse(d.reasoning),
      // Null when the user may not read it (openDossier applies reviewVisibleTo).
      review: d.review ? reviewSchema.parse(d.review) : null,
      // Given with the review: null whenever the review is (openDossier), and before completion.
      score: d.reasoningScoreDetail ?? null,
    },
    patient: opened.patient,
    media: opened.media,
    messages: opened.messages,
    // The question the dossier waits on, for the one who must answer it (openDossier gives it while returned).
    returnQuestion:
      opened.relation.isOwner && opened.returnQuestion
        ? { body: opened.returnQuestion.body, at: opened.returnQuestion.at.toISOString(), authorName: opened.returnQuestion.authorName }
        : null,
    relation: opened.relation,
    transitions: opened.transitions,
    judging: { judgements, mayJudge },
  };
}

/** Sent while the server cannot be reached: the input stays on the page (app/lib/offline-action.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepInputWhenOffline(serverAction);

export const shouldRevalidate = revalidateAfterRefusal;

export async function action(args: Route.ActionArgs) {
  const { user } = await authorize(args, "supervisor-case");
  const id = args.params.caseId;
  const parsed = await parseForm(args.request, reviewForm);
  if (!parsed.ok) return refusedDossierForm(parsed);
  const { form } = parsed;
  const { intent, version } = parsed.data;
  if (parsed.data.intent === "message") {
    const { body } = parsed.data;
    const sent = await refusalOr(() => addMessage(user, id, body));
    return "error" in sent ? actionAnswer(sent) : { ok: true as const };
  }
  if (intent === "save-review" || intent === "complete") {
    const current = await readDossier(user, id).catch(rethrowAsResponse);
    const ears = earsOf(current.earSide as EarSide);
    const saved = await refusalOr(() => saveReview(user, id, version ?? 0, reviewFromForm(form, ears)));
    if ("error" in saved || intent === "save-review") return "error" in saved ? actionAnswer(saved) : { ok: true as const, version: saved.version, done: intent };
    const done = await refusalOr(() => takeTransition(user, id, "complete", { expectedVersion: saved.version }));
    return "error" in done ? actionAnswer(done) : { ok: true as const, version: done.version, done: intent };
  }
  const question = "question" in parsed.data ? parsed.data.question : "";
  const transition = intent as (typeof OTHER_TRANSITIONS)[number];
  const done = await refusalOr(() => takeTransition(user, id, transition, { expectedVersion: transition === "claim" ? undefined : version, message: question }));
  return "error" in done ? actionAnswer(done) : { ok: true as const, version: done.version, done: transition };
}

/**
 * The actions the server allows, in a bar that stays at the bottom of the screen: claim or release, save and
 * complete (the review form's, by its `form` attribute), and return with a question (a panel that opens above
 * the bar). What was done is confirmed in the bar, read out by screen readers.
 */
/**
 * The returned dossier's owner may edit its two parts before submitting it again. With the open question shown under
 * the title, the links stand beside it (what to do, where it is asked); otherwise in the action bar. On a 320 px phone
 * the bar would take them as two more rows over the page.
 */
function OwnerEditLinks({ dossier }: { dossier: { id: string; professionalId: string } }) {
  const { t } = useTranslation("dossier");
  const localize = useLocalizedPath();
  return (
    <>
      <Link className="inline-flex min-h-11 items-center text-sky-800 underline" to={localize(proDraftPath(dossier.professionalId, dossier.id))}>
        {t("case.editAnamnesis")}
      </Link>
      <Link className="inline-flex min-h-11 items-center text-sky-800 underline" to={localize(routePath("pro-clinical-reasoning", { proId: dossier.professionalId, caseId: dossier.id }))}>
        {t("case.editReasoning")}
      </Link>
    </>
  );
}

function ActionBar({ data, busy, done, missing }: { data: Route.ComponentProps["loaderData"]; busy: boolean; done: string | null; missing: readonly string[] | undefined }) {
  const { t } = useTranslation("dossier");
  const localize = useLocalizedPath();
  const d = data.dossier;
  const [asking, setAsking] = useState(false);
  useEffect(() => setAsking(false), [d.status]);
  const simple = data.transitions.filter((x) => x === "claim" || x === "release" || x === "resubmit");
  const reviewing = data.relation.isReviewer && d.status === "in_review";
  const canReturn = data.transitions.includes("return");
  const ownerEdits = data.relation.isOwner && d.status === "returned";
  const anything = simple.length > 0 || reviewing || canReturn || ownerEdits;
  // Nothing to do and nothing done (a reader, a completed dossier): no bar.
  if (!anything && !done) return null;
  return (
    <div className="sticky bottom-0 z-30 -mx-4 mt-6 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-2px_6px_rgba(0,0,0,0.06)]" data-testid="action-bar">
      <p role="status" className="empty:hidden mb-2 text-sm font-medium text-emerald-800" data-testid="action-done">
        {done ? t(`case.done.${done}`) : ""}
      </p>
      {canReturn && asking ? (
        <Form method="post" className="mb-3 flex flex-col gap-2" id="return-form">
          <input type="hidden" name="version" value={d.version} />
          <FieldErrorsProvider items={missing}>
            <TextArea name="question" item="return-question" label={t("case.questionLabel")} required />
          </FieldErrorsProvider>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="return" disabled={busy}>
              {t("case.sendReturn")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setAsking(false)}>
              {t("case.cancelReturn")}
            </Button>
          </div>
        </Form>
      ) : null}
      {anything ? (
        // A phone: two buttons a row, so the bar stays low over the page.
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center" role="group" aria-label={t("case.actions")}>
          {simple.length ? (
            <Form method="post" className="contents">
              <input type="hidden" name="version" value={d.version} />
              {simple.map((x) => (
                <Button key={x} type="submit" name="intent" value={x} variant={x === "release" ? "secondary" : "primary"} disabled={busy}>
                  {t(`case.${x}`)}
                </Button>
              ))}
            </Form>
          ) : null}
          {reviewing ? (
            <Button type="submit" form={REVIEW_FORM_ID} name="intent" value="save-review" variant="secondary" disabled={busy}>
              {t("form.save")}
            </Button>
          ) : null}
          {canReturn ? (
            <Button type="button" variant="secondary" aria-expanded={asking} aria-controls="return-form" onClick={() => setAsking((open) => !open)} disabled={busy}>
              {t("case.return")}
            </Button>
          ) : null}
          {reviewing && data.transitions.includes("complete") ? (
            <Button type="submit" form={REVIEW_FORM_ID} name="intent" value="complete" disabled={busy}>
              {t("case.complete")}
            </Button>
          ) : null}
          {ownerEdits && !data.returnQuestion ? (
            <span className="col-span-2 flex flex-wrap gap-4 text-sm">
              <OwnerEditLinks dossier={d} />
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export default function Page({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  // Kept when a live event of this dossier loads the page again (useLiveDossiers); a refusal stays on screen.
  const actionData = useKeptActionData(latestActionData);
  const { t, i18n } = useTranslation(["dossier", "errors"]);
  const dayFormat = dateTimeFormat(i18n.language, DOSSIER_NAME_DATE);
  const localize = useLocalizedPath();
  // Until a save has come back and the page has reloaded, the forms still carry the old version: a second step
  // sent meanwhile would be refused as a conflict with the reviewer's own save. The buttons wait instead.
  const busy = useNavigation().state !== "idle";
  const d = loaderData.dossier;
  const ears = earsOf(d.earSide);
  const live = useLiveDossiers((event) => event.dossierId === d.id);
  const refused = actionData && "error" in actionData ? actionData : null;
  const done = (actionData && "done" in actionData ? actionData.done : null) ?? null;
  const reviewing = loaderData.relation.isReviewer && d.status === "in_review";
  const showReview = d.review !== null;
  // Drawings: the reviewer edits them (saved with the review form); everyone else reads what was saved, when the
  // server sent the review at all (the owner gets it when returned or completed).
  const saved = d.review?.drawings ?? {};
  const [drawings, setDrawings] = useState<Drawings>(saved);
  useEffect(() => setDrawings(d.review?.drawings ?? {}), [d.review]);
  const shownDrawings = reviewing ? drawings : showReview ? saved : {};
  return (
    <div data-live={live} aria-busy={busy}>
      <PageHeader routeKey={dossierPlace("supervisor-case", loaderData.viewerRole)} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <span data-testid="case-status">
          <StatusBadge status={d.status} />
        </span>
        <span className="font-medium text-slate-900" data-testid="dossier-name">
          {dossierName({ initials: loaderData.patient?.initials, birthYear: loaderData.patient?.birthYear, createdAt: d.createdAt }, (at) => dayFormat.format(at))}
        </span>
        <Link className={`${LINK} text-sm`} to={localize(routePath("supervisor-case-mvp", { caseId: d.id }))}>
          {t("dossier:case.summary")}
        </Link>
      </div>
      {loaderData.returnQuestion ? (
        <ReturnQuestion question={loaderData.returnQuestion}>{loaderData.relation.isOwner && d.status === "returned" ? <OwnerEditLinks dossier={d} /> : null}</ReturnQuestion>
      ) : null}
      {/* An incomplete review: the summary of what is missing (it takes the focus) says it all; other refusals are a
          banner (a message or question of spaces alone also says so beside its field). */}
      {refused?.error === "dossier/incomplete" && refused.missing?.length ? (
        <MissingList items={refused.missing} hrefFor={(item) => `#${fieldIdOf(item)}`} refusal={refused} title={reviewing ? t("dossier:missing.reviewTitle") : undefined} />
      ) : refused?.error ? (
        <Alert tone="error">{t(errorMessageKey(refused.error))}</Alert>
      ) : null}
      {/* A desktop: the media on one side (staying in view), the dossier and the review on the other. */}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
          <MediaList
            dossierId={d.id}
            media={loaderData.media}
            ears={ears}
            drawings={shownDrawings}
            onDrawings={reviewing ? setDrawings : undefined}
            judging={loaderData.judging}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-semibold">{t("dossier:sections.patient")}</h2>
            <PatientFacts patient={loaderData.patient} earSide={d.earSide} />
          </section>
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-semibold">{t("dossier:sections.anamnesis")}</h2>
            <AnamnesisView anamnesis={d.anamnesis} />
          </section>
          {reviewing ? (
            <FieldErrorsProvider items={refused?.missing}>
              <ReviewComparison ears={ears} reasoning={d.reasoning} review={d.review} version={d.version} drawings={drawings} />
            </FieldErrorsProvider>
          ) : (
            <section className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="text-lg font-semibold">{t("dossier:sections.reasoning")}</h2>
              <ReasoningView reasoning={d.reasoning} ears={ears} />
            </section>
          )}
          {!reviewing && showReview && d.review ? (
            <section className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="text-lg font-semibold">{t("dossier:sections.review")}</h2>
              <ReviewView review={d.review} ears={ears} />
            </section>
          ) : null}
          {showReview && d.score ? <ReasoningScoreCard score={d.score} owner={loaderData.relation.isOwner} /> : null}
          <MessageThread
            messages={loaderData.messages}
            userId={loaderData.userId}
            missing={refused?.missing}
            canWrite={(loaderData.relation.isOwner || loaderData.relation.isAssignedSupervisor) && d.status !== "draft" && d.status !== "cancelled"}
          />
        </div>
      </div>
      <ActionBar data={loaderData} busy={busy} done={done} missing={refused?.missing} />
    </div>
  );
}
