/**
 * `/pro/{proId}/case`: start a dossier (patient phone, ear side, optional patient facts, anamnesis) and, with
 * `?dossier={id}`, edit a draft's anamnesis with autosave (decision 031), and record, upload or remove its media
 * per ear (decision 035).
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, redirect, useFetcher, useLocation, useNavigation } from "react-router";
import { AnamnesisFields } from "~/components/dossier/anamnesis-fields";
import { AutosaveStatus } from "~/components/dossier/autosave-status";
import { RadioGroup } from "~/components/dossier/choices";
import { PatientFacts } from "~/components/dossier/dossier-content";
import { MediaList } from "~/components/dossier/media-list";
import { DossierSteps, StepNav } from "~/components/dossier/dossier-steps";
import { FieldErrorsProvider, RequiredMark } from "~/components/dossier/field-errors";
import { MissingList } from "~/components/dossier/missing-list";
import { PageHeader } from "~/components/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FIRST_YEAR, LAST_YEAR } from "~/domain/constants";
import { EAR_SIDES, type EarSide, earsOf, PATIENT_SEXES } from "~/domain/dossier/choices";
import { type Anamnesis, anamnesisSchema } from "~/domain/dossier/content";
import { anamnesisFromForm, typedNumber } from "~/domain/dossier/form";
import { ownerMayEdit, type DossierStatus } from "~/domain/dossier/lifecycle";
import { type DossierStep, stepOfItem, stepPath } from "~/domain/dossier/steps";
import { shownAt, useCurrentStep } from "~/lib/use-current-step";
import { displayPhone } from "~/domain/dossier/phone";
import { AppError, errorMessageKey } from "~/domain/errors";
import { localizePath } from "~/domain/locales";
import { routePath } from "~/domain/route-table";
import { useAutosave } from "~/lib/use-autosave";
import { useLocalizedPath } from "~/lib/use-locale";
import { authorize } from "~/server/auth/authorize.server";
import { refusalOr, refusedDossierForm } from "~/server/dossiers/action-result.server";
import { createDossier } from "~/server/dossiers/create.server";
import { saveDraft } from "~/server/dossiers/edit.server";
import { patientHistory } from "~/server/dossiers/lists.server";
import { attachMedium, detachMedium } from "~/server/dossiers/media.server";
import { missingOf } from "~/server/dossiers/readiness.server";
import { takeTransition } from "~/server/dossiers/workflow.server";
import { openDossier } from "~/server/dossiers/view.server";
import { actionAnswer, rethrowAsResponse } from "~/server/http/responses.server";
import { keepInputWhenOffline } from "~/lib/offline-action";
import { stepShouldRevalidate } from "~/lib/step-revalidation";
import type { Route } from "./+types/new-case";
import { parseForm } from "~/server/forms/parse-form.server";
import { expectedVersion, intent, intents, optionalText, rawText, recordId } from "~/domain/forms/fields";
import { z } from "zod";

export const handle = { i18n: ["dossier", "media", "ml"] };

/**
 * The draft page's forms. The patient and anamnesis fields are many and named per choice: createDossier and
 * saveDraft read them from the form (domain/dossier/form.ts) and check them with the dossier's own schemas.
 */
const caseForm = z.discriminatedUnion("intent", [
  z.object({ intent: intent("create"), version: expectedVersion }),
  z.object({ intent: intent("discard"), version: expectedVersion }),
  z.object({ intent: intent("attach-medium"), version: expectedVersion, mediaId: recordId, ear: rawText.default("") }),
  z.object({ intent: intent("detach-medium"), version: expectedVersion, dossierMediumId: recordId }),
  z.object({ intent: intents(["anamnesis", "save-anamnesis", "save-and-reason"]), version: expectedVersion, earSide: optionalText() }),
]);

export async function loader(args: Route.LoaderArgs) {
  const { user, locale } = await authorize(args, "pro-case");
  const url = new URL(args.request.url);
  const dossierId = url.searchParams.get("dossier");
  const phone = url.searchParams.get("phone");
  if (phone !== null) {
    // The start form asks whether this phone is a known patient (fetcher, on leaving the field).
    const found = await patientHistory(user, phone).catch(() => null);
    return { mode: "lookup" as const, known: found?.patient ? { canonical: found.canonical, dossiers: found.rows.length, initials: found.patient.initials } : null };
  }
  if (!dossierId) return { mode: "new" as const };
  const opened = await openDossier(user, dossierId).catch(rethrowAsResponse);
  if (!opened.relation.isOwner) rethrowAsResponse(new AppError("not-found"));
  if (!ownerMayEdit(opened.dossier.status as DossierStatus)) throw redirect(localizePath(routePath("supervisor-case", { caseId: dossierId }), locale));
  return {
    mode: "edit" as const,
    dossier: { id: opened.dossier.id, status: opened.dossier.status, version: opened.dossier.version, earSide: opened.dossier.earSide as EarSide, anamnesis: anamnesisSchema.parse(opened.dossier.anamnesis) },
    patient: opened.patient,
    media: opened.media,
    missing: missingOf(opened.dossier, opened.media),
  };
}

/** Sent while the server cannot be reached: the input stays on the page (app/lib/offline-action.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepInputWhenOffline(serverAction);

export const shouldRevalidate = stepShouldRevalidate;

export async function action(args: Route.ActionArgs) {
  const { user, locale } = await authorize(args, "pro-case");
  const parsed = await parseForm(args.request, caseForm);
  if (!parsed.ok) return refusedDossierForm(parsed);
  const { form } = parsed;
  const { intent, version } = parsed.data;
  const dossierId = new URL(args.request.url).searchParams.get("dossier");
  if (intent === "create") {
    // One call, one transaction: a refused anamnesis creates neither a dossier nor a patient (no orphan draft).
    const created = await refusalOr(() => {
      const birthYear = String(form.get("birthYear") ?? "").trim();
      return createDossier(user, {
        phone: String(form.get("phone") ?? ""),
        earSide: String(form.get("earSide") ?? ""),
        initials: String(form.get("initials") ?? "").trim() || undefined,
        birthYear: birthYear ? typedNumber(birthYear) : undefined,
        sex: String(form.get("sex") ?? "") || undefined,
        anamnesis: anamnesisFromForm(form),
      });
    });
    if ("error" in created) {
      // Without JavaScript the page is rendered anew: send the typed values back so nothing has to be retyped.
      const values: TypedValues = {
        phone: String(form.get("phone") ?? ""),
        earSide: String(form.get("earSide") ?? ""),
        initials: String(form.get("initials") ?? ""),
        birthYear: String(form.get("birthYear") ?? ""),
        sex: String(form.get("sex") ?? ""),
        anamnesis: anamnesisSchema.partial().catch({}).parse(anamnesisFromForm(form)),
      };
      return actionAnswer({ ...created, values });
    }
    // The next step on a phone is the recording.
    throw redirect(localizePath(stepPath(user.id, created.id, "recording"), locale));
  }
  if (!dossierId) return actionAnswer({ error: "invalid-argument" as const });
  if (intent === "discard") {
    const done = await refusalOr(() => takeTransition(user, dossierId, "discard", { expectedVersion: version }));
    if ("error" in done) return actionAnswer(done);
    throw redirect(localizePath(routePath("pro-home", { proId: user.id }), locale));
  }
  if (intent === "attach-medium") {
    const { mediaId, ear } = parsed.data;
    const done = await refusalOr(() => attachMedium(user, dossierId, { mediaId, ear }));
    return "error" in done ? actionAnswer(done) : { ok: true as const, attached: done.id };
  }
  if (intent === "detach-medium") {
    const { dossierMediumId } = parsed.data;
    const done = await refusalOr(async () => {
      await detachMedium(user, dossierId, dossierMediumId);
      return { detached: true };
    });
    return "error" in done ? actionAnswer(done) : { ok: true as const, ...done };
  }
  if (intent === "anamnesis" || intent === "save-anamnesis" || intent === "save-and-reason") {
    const { earSide } = parsed.data;
    const saved = await refusalOr(() => saveDraft(user, dossierId, version ?? 0, { earSide, anamnesis: anamnesisFromForm(form) }));
    if ("error" in saved) return actionAnswer(saved);
    if (intent === "save-and-reason") throw redirect(localizePath(stepPath(user.id, dossierId, "reasoning"), locale));
    return { ok: true as const, version: saved.version };
  }
}

interface TypedValues {
  phone: string;
  earSide: string;
  initials: string;
  birthYear: string;
  sex: string;
  anamnesis: Partial<Anamnesis>;
}

function NewDossierForm({ error, values }: { error?: string; values?: TypedValues }) {
  const { t } = useTranslation(["dossier", "errors"]);
  const lookup = useFetcher<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const known = lookup.data && lookup.data.mode === "lookup" ? lookup.data.known : null;
  // A refused number is said beside its field, which takes the focus; any other refusal is a banner above the form.
  const phoneError = error === "invalid-phone-number" ? t(errorMessageKey(error)) : undefined;
  const phone = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (phoneError) phone.current?.focus();
  }, [phoneError, values]);
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="create" />
      {error && !phoneError ? <Alert tone="error">{t(errorMessageKey(error as never))}</Alert> : null}
      <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">{t("dossier:sections.patient")}</h2>
        <Field
          ref={phone}
          label={t("dossier:fields.phone")}
          mark={<RequiredMark />}
          hint={t("dossier:fields.phoneHint")}
          error={phoneError}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          defaultValue={values?.phone}
          onBlur={(e) => e.currentTarget.value.trim() && lookup.load(`?phone=${encodeURIComponent(e.currentTarget.value)}`)}
        />
        {/* Always there, two lines high (the message's length on a phone): a live region must exist before it
            speaks, and a line that came and went would move the ear-side choice while the phone field, losing
            focus to it, asks whether the new number is known. */}
        <p role="status" className="min-h-10 text-sm text-emerald-800" data-testid="known-patient">
          {known ? t("dossier:newCase.knownPatient", { phone: displayPhone(known.canonical), count: known.dossiers }) : null}
        </p>
        <RadioGroup name="earSide" list="earSide" codes={EAR_SIDES} value={values?.earSide} label={t("dossier:fields.earSide")} required />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("dossier:fields.initials")} name="initials" maxLength={10} autoComplete="off" defaultValue={values?.initials} />
          <Field label={t("dossier:fields.birthYear")} name="birthYear" type="number" inputMode="numeric" min={FIRST_YEAR} max={LAST_YEAR} defaultValue={values?.birthYear} />
          <div className="flex flex-col gap-1">
            <label htmlFor="sex-select" className="text-sm font-medium text-slate-800">
              {t("dossier:fields.sex")}
            </label>
            <select id="sex-select" name="sex" defaultValue={values?.sex ?? ""} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
              <option value="">{t("dossier:form.choose")}</option>
              {PATIENT_SEXES.map((code) => (
                <option key={code} value={code}>
                  {t(`dossier:choices.sex.${code}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </section>
      {/* A phone takes the steps in order: the anamnesis comes after the recording, on the dossier's own page. */}
      <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 max-sm:hidden">
        <h2 className="text-lg font-semibold">{t("dossier:sections.anamnesis")}</h2>
        <AnamnesisFields value={values?.anamnesis ?? {}} />
      </section>
      <div>
        <Button type="submit" disabled={busy}>
          {t("dossier:newCase.create")}
        </Button>
      </div>
    </Form>
  );
}

const ANAMNESIS_FORM_ID = "anamnesis-form";

function EditAnamnesis({ data, proId, actionData }: { data: Extract<Route.ComponentProps["loaderData"], { mode: "edit" }>; proId: string; actionData: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation(["dossier", "errors"]);
  const form = useRef<HTMLFormElement>(null);
  const d = data.dossier;
  const autosave = useAutosave(form, { dossierId: d.id, version: d.version, intent: "anamnesis" });
  const localize = useLocalizedPath();
  const step = useCurrentStep("draft", data.missing);
  // Arriving from the reasoning page's error summary (a link to a field): this page's fields say what they lack.
  const fromSummary = useLocation().hash.startsWith("#field-");
  const href = (to: DossierStep, item?: string) => localize(stepPath(proId, d.id, to, item));
  const { adopt } = autosave;
  const actionVersion = actionData && "version" in actionData ? actionData.version : undefined;
  useEffect(() => {
    if (actionVersion) adopt(actionVersion);
    // Only a new action result counts; `adopt` itself changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionVersion]);
  const version = autosave.version;
  // A save by the form's own button that the server refused marks its values as a refused autosave does (with or
  // without JavaScript), until a later save goes through (a new version) or the next action answers.
  const [buttonRefusal, setButtonRefusal] = useState(() => ({ answer: actionData, version }));
  if (buttonRefusal.answer !== actionData) setButtonRefusal({ answer: actionData, version });
  const refusedByButton = buttonRefusal.version === version && actionData && "fields" in actionData ? actionData : undefined;
  // The fields to mark: the refused values (each says what is wrong with it), else, arriving from the summary, what is missing.
  const markedItems = autosave.refusedItems ?? refusedByButton?.fields ?? (fromSummary ? data.missing : undefined);
  const markedValues = autosave.refusedItems ? autosave.refusedValues : refusedByButton?.refusedValues;
  return (
    <div className="flex flex-col gap-4">
      <DossierSteps current={step} missing={data.missing} hrefOf={(to) => href(to)} />
      {actionData && "error" in actionData && actionData.error ? <Alert tone="error">{t(errorMessageKey(actionData.error))}</Alert> : null}
      {actionData && "version" in actionData && actionData.ok ? <Alert tone="success">{t("dossier:autosave.saved")}</Alert> : null}
      {/* The ear side belongs to the patient step but is saved with the anamnesis form (its `form` attribute). */}
      <section id="step-patient" className={`flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 ${shownAt(step, "patient")}`} onChange={autosave.onChange}>
        <h2 className="text-lg font-semibold">{t("dossier:sections.patient")}</h2>
        <PatientFacts patient={data.patient} earSide={d.earSide} />
        <RadioGroup name="earSide" list="earSide" codes={EAR_SIDES} value={d.earSide} label={t("dossier:fields.earSide")} form={ANAMNESIS_FORM_ID} />
        <StepNav next={{ href: href("recording"), step: "recording" }} />
      </section>
      <div id="step-recording" className={`flex flex-col gap-2 ${shownAt(step, "recording")}`}>
        <FieldErrorsProvider items={markedItems} values={markedValues}>
          <MediaList dossierId={d.id} media={data.media} ears={earsOf(d.earSide)} capture />
        </FieldErrorsProvider>
        <StepNav back={{ href: href("patient"), step: "patient" }} next={{ href: href("anamnesis"), step: "anamnesis" }} />
      </div>
      <Form
        id={ANAMNESIS_FORM_ID}
        ref={form}
        method="post"
        onChange={autosave.onChange}
        onSubmit={autosave.cancelPending}
        className={`flex flex-col gap-4 ${shownAt(step, "anamnesis")}`}
        data-testid="anamnesis-form"
      >
        <input type="hidden" name="version" value={version} />
        <section id="step-anamnesis" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-semibold">{t("dossier:sections.anamnesis")}</h2>
          <FieldErrorsProvider items={markedItems} values={markedValues}>
            <AnamnesisFields value={d.anamnesis} />
          </FieldErrorsProvider>
        </section>
        <AutosaveStatus state={autosave.state} onOverwrite={autosave.overwrite} onDiscard={autosave.discard} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StepNav back={{ href: href("recording"), step: "recording" }} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="save-anamnesis" variant="secondary" disabled={autosave.busy}>
              {t("dossier:form.save")}
            </Button>
            <Button type="submit" name="intent" value="save-and-reason" disabled={autosave.busy}>
              {t("dossier:newCase.toReasoning")}
            </Button>
          </div>
        </div>
      </Form>
      <div className="max-sm:hidden">
        <MissingList items={data.missing} hrefFor={(item) => href(stepOfItem(item), item)} title={t("dossier:missing.stillMissing")} />
      </div>
      {d.status === "draft" ? (
        <Form method="post" className={`border-t border-slate-200 pt-4 ${shownAt(step, "patient")}`}>
          <input type="hidden" name="version" value={version} />
          <Button type="submit" name="intent" value="discard" variant="danger">
            {t("dossier:newCase.discard")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export default function Page({ loaderData, actionData, params }: Route.ComponentProps) {
  if (loaderData.mode === "edit") {
    return (
      <>
        {/* Steps 1–3 of an existing dossier: the same page as steps 4–5 (clinical-reasoning.tsx), named alike. */}
        <PageHeader routeKey="pro-dossier-edit" />
        <EditAnamnesis key={loaderData.dossier.id} data={loaderData} proId={params.proId} actionData={actionData} />
      </>
    );
  }
  return (
    <>
      <PageHeader routeKey="pro-case" />
      <DossierSteps current="patient" missing={null} hrefOf={() => null} />
      <NewDossierForm
        error={actionData && "error" in actionData ? actionData.error : undefined}
        // React Router's types merge this answer into the other refusals' shape and lose `values`; the create branch sends it.
        values={actionData && "values" in actionData ? (actionData.values as TypedValues | undefined) : undefined}
      />
    </>
  );
}
