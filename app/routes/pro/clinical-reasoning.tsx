/**
 * `/pro/{proId}/case/{caseId}/klinisch-redeneren`: findings, working diagnosis, differential, confidence, plan and
 * argument per ear, with the media beside it; autosaved like the anamnesis. Submitting first saves, then asks the
 * server, which names what is missing (each item links to its field).
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { AutosaveStatus } from "~/components/dossier/autosave-status";
import { AnamnesisView, ReasoningView } from "~/components/dossier/dossier-content";
import { MediaList } from "~/components/dossier/media-list";
import { DossierSteps, StepNav } from "~/components/dossier/dossier-steps";
import { EarTabs } from "~/components/dossier/ear-tabs";
import { FieldErrorsProvider } from "~/components/dossier/field-errors";
import { MissingList } from "~/components/dossier/missing-list";
import { ReasoningFields } from "~/components/dossier/reasoning-fields";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { type EarSide, earsOf } from "~/domain/dossier/choices";
import { anamnesisSchema, reasoningSchema } from "~/domain/dossier/content";
import { reasoningFromForm } from "~/domain/dossier/form";
import { ownerMayEdit, type DossierStatus } from "~/domain/dossier/lifecycle";
import { type DossierStep, stepOfItem, stepPath } from "~/domain/dossier/steps";
import { errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { routePath } from "~/domain/route-table";
import { useAutosave } from "~/lib/use-autosave";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { refusalOr, refusedDossierForm } from "~/server/dossiers/action-result.server";
import { saveDraft } from "~/server/dossiers/edit.server";
import { missingOf } from "~/server/dossiers/readiness.server";
import { openDossier, readDossier } from "~/server/dossiers/view.server";
import { takeTransition } from "~/server/dossiers/workflow.server";
import { actionAnswer, rethrowAsResponse } from "~/server/http/responses.server";
import { keepInputWhenOffline } from "~/lib/offline-action";
import { stepShouldRevalidate } from "~/lib/step-revalidation";
import { shownAt, useCurrentStep } from "~/lib/use-current-step";
import type { Route } from "./+types/clinical-reasoning";
import { parseForm } from "~/server/forms/parse-form.server";
import { expectedVersion, intents } from "~/domain/forms/fields";
import { z } from "zod";

export const handle = { i18n: ["dossier"] };

/** Save (the button, or "reasoning" from autosave) or submit; the per-ear fields are read by reasoningFromForm. */
const reasoningForm = z.object({ intent: intents(["save", "reasoning", "submit"]), version: expectedVersion });

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "pro-clinical-reasoning");
  const opened = await openDossier(user, args.params.caseId).catch(rethrowAsResponse);
  const d = opened.dossier;
  return {
    dossier: {
      id: d.id,
      status: d.status,
      version: d.version,
      earSide: d.earSide as EarSide,
      anamnesis: anamnesisSchema.parse(d.anamnesis),
      reasoning: reasoningSchema.parse(d.reasoning),
    },
    editable: ownerMayEdit(d.status as DossierStatus),
    media: opened.media,
    missing: missingOf(d, opened.media),
  };
}

/** Sent while the server cannot be reached: the input stays on the page (app/lib/offline-action.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepInputWhenOffline(serverAction);

export const shouldRevalidate = stepShouldRevalidate;

export async function action(args: Route.ActionArgs) {
  const { user, locale } = await authorize(args, "pro-clinical-reasoning");
  const id = args.params.caseId;
  const parsed = await parseForm(args.request, reasoningForm);
  if (!parsed.ok) return refusedDossierForm(parsed);
  const { form } = parsed;
  const { intent, version } = parsed.data;
  const current = await readDossier(user, id).catch(rethrowAsResponse);
  const ears = earsOf(current.earSide as EarSide);
  const saved = await refusalOr(() => saveDraft(user, id, version ?? 0, { reasoning: reasoningFromForm(form, ears) }));
  if ("error" in saved) return actionAnswer(saved);
  if (intent !== "submit") return { ok: true as const, version: saved.version };
  const transition = current.status === "returned" ? "resubmit" : "submit";
  const done = await refusalOr(() => takeTransition(user, id, transition, { expectedVersion: saved.version }));
  if ("error" in done) return actionAnswer({ ...done, version: saved.version });
  throw redirect(localizePath(routePath("supervisor-case", { caseId: id }), locale));
}

export default function Page({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation(["dossier", "errors"]);
  const localize = useLocalizedPath();
  const form = useRef<HTMLFormElement>(null);
  const d = loaderData.dossier;
  const ears = earsOf(d.earSide);
  const autosave = useAutosave(form, { dossierId: d.id, version: d.version, intent: "reasoning" });
  const { adopt } = autosave;
  const actionVersion = actionData && "version" in actionData ? actionData.version : undefined;
  useEffect(() => {
    if (actionVersion) adopt(actionVersion);
    // Only a new action result counts; `adopt` itself changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionVersion]);
  const step = useCurrentStep("reasoning", loaderData.missing);
  const href = (to: DossierStep, item?: string) => localize(stepPath(params.proId, d.id, to, item));
  const itemHref = (item: string) => href(stepOfItem(item), item);
  // A refused submit stays shown while the user follows its links to the fields (each a navigation, which clears
  // the action's result), until the next save or submit answers.
  const answer = actionData ? ("error" in actionData ? actionData : null) : undefined;
  const [kept, setKept] = useState<typeof answer>(null);
  useEffect(() => {
    if (answer !== undefined) setKept(answer);
  }, [answer]);
  const refused = answer !== undefined ? answer : kept;
  // The fields to mark: an autosave's refused values (marked where they were typed, as on the anamnesis step), else a
  // refused save's or submit's (its values, or what is missing).
  const refusedFields = refused && "fields" in refused ? refused.fields : undefined;
  const marked = autosave.refusedItems ?? refusedFields ?? refused?.missing;
  // Of those, the values the server would not take: each says what is wrong with it, not that it is missing.
  const markedValues = autosave.refusedItems ? autosave.refusedValues : refusedFields && refused && "refusedValues" in refused ? refused.refusedValues : undefined;
  return (
    <>
      {/* Steps 4–5 of the dossier, named as its steps 1–3 are (new-case.tsx); once submitted, its reasoning to read. */}
      <PageHeader routeKey={loaderData.editable ? "pro-dossier-edit" : "pro-clinical-reasoning"} />
      {loaderData.editable ? <DossierSteps current={step} missing={loaderData.missing} hrefOf={(to) => href(to)} /> : null}
      {/* A refused submit: the summary at the top takes the focus, and each field says what it lacks. The summary
          says what the refusal would (the dossier is incomplete), so it stands alone; other refusals are a banner. */}
      {refused?.missing?.length ? (
        <MissingList items={refused.missing} hrefFor={itemHref} refusal={refused} />
      ) : refused?.error ? (
        <Alert tone="error">{t(errorMessageKey(refused.error))}</Alert>
      ) : null}
      {/* Grid items may shrink below their content's width (min-w-0): a phone of 320 px shows the page without scrolling sideways. */}
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <details className={`rounded-lg border border-slate-200 bg-white p-4 ${loaderData.editable ? shownAt(step, "reasoning") : ""}`}>
            <summary className="cursor-pointer py-2.5 font-medium sm:py-0">{t("dossier:sections.anamnesis")}</summary>
            <AnamnesisView anamnesis={d.anamnesis} />
            {loaderData.editable ? (
              <Link className="text-sky-800 underline" to={href("anamnesis")}>
                {t("dossier:reasoning.editAnamnesis")}
              </Link>
            ) : null}
          </details>
          {loaderData.editable ? (
            <FieldErrorsProvider items={marked} values={markedValues}>
              <Form ref={form} method="post" onChange={autosave.onChange} onSubmit={autosave.cancelPending} className="flex flex-col gap-6" data-testid="reasoning-form">
                <input type="hidden" name="version" value={autosave.version} />
                <div id="step-reasoning" className={`flex flex-col gap-4 ${shownAt(step, "reasoning")}`}>
                  <EarTabs ears={ears} refused={marked} refusedValues={markedValues} render={(ear) => <ReasoningFields ear={ear} value={d.reasoning[ear]} />} />
                  <StepNav back={{ href: href("anamnesis"), step: "anamnesis" }} next={{ href: href("submit"), step: "submit" }} />
                </div>
                <AutosaveStatus state={autosave.state} onOverwrite={autosave.overwrite} onDiscard={autosave.discard} />
                {/* The submit step: what is still needed, beside the buttons that save and submit. */}
                <section id="step-submit" aria-labelledby="submit-title" className={`flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 ${shownAt(step, "submit")}`}>
                  <h2 id="submit-title" className="text-lg font-semibold">
                    {t("dossier:steps.submit")}
                  </h2>
                  {refused?.missing?.length ? null : <MissingList items={loaderData.missing} hrefFor={itemHref} title={t("dossier:missing.stillMissing")} />}
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" name="intent" value="save" variant="secondary" disabled={autosave.busy}>
                      {t("dossier:form.save")}
                    </Button>
                    <Button type="submit" name="intent" value="submit" disabled={autosave.busy}>
                      {d.status === "returned" ? t("dossier:reasoning.resubmit") : t("dossier:reasoning.submit")}
                    </Button>
                  </div>
                  <StepNav back={{ href: href("reasoning"), step: "reasoning" }} />
                </section>
              </Form>
            </FieldErrorsProvider>
          ) : (
            <section className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="mb-3 text-sm text-slate-700">{t("dossier:reasoning.readOnly", { status: t(`dossier:status.${d.status}`) })}</p>
              <ReasoningView reasoning={d.reasoning} ears={ears} />
              <Link className="text-sky-800 underline" to={localize(routePath("supervisor-case", { caseId: d.id }))}>
                {t("dossier:reasoning.openCase")}
              </Link>
            </section>
          )}
        </div>
        <aside className={`min-w-0 lg:sticky lg:top-4 lg:self-start ${loaderData.editable ? shownAt(step, "reasoning") : ""}`}>
          <MediaList dossierId={loaderData.dossier.id} media={loaderData.media} ears={ears} />
        </aside>
      </div>
    </>
  );
}
