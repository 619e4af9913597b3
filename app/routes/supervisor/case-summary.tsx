/** `/supervisor/case/{caseId}/mvp`: the compact one-page summary of a dossier, fit to print (the shell and the breadcrumb do not print, the title does). */
import { useTranslation } from "react-i18next";
import { AnamnesisView, PatientFacts, ReasoningView, ReviewView } from "~/components/dossier/dossier-content";
import { StatusBadge } from "~/components/dossier/status-badge";
import { PageHeader } from "~/components/page-header";
import { dossierPlace } from "~/domain/navigation";
import { type EarSide, earsOf } from "~/domain/dossier/choices";
import { anamnesisSchema, reasoningSchema, reviewSchema } from "~/domain/dossier/content";
import { authorize } from "~/server/auth/authorize.server";
import { openDossier } from "~/server/dossiers/view.server";
import { rethrowAsResponse } from "~/server/http/responses.server";
import type { Route } from "./+types/case-summary";
import { buttonClass } from "~/components/ui/button";

export const handle = { i18n: ["dossier"] };

export async function loader(args: Route.LoaderArgs) {
  const { user } = await authorize(args, "supervisor-case-mvp");
  const opened = await openDossier(user, args.params.caseId).catch(rethrowAsResponse);
  const d = opened.dossier;
  return {
    status: d.status,
    earSide: d.earSide as EarSide,
    anamnesis: anamnesisSchema.parse(d.anamnesis),
    reasoning: reasoningSchema.parse(d.reasoning),
    // openDossier already withholds a review the user may not read (reviewVisibleTo).
    review: d.review ? reviewSchema.parse(d.review) : null,
    patient: opened.patient,
    mediaCount: opened.media.length,
    messageCount: opened.messages.length,
    viewerRole: user.role,
  };
}

export default function Page({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("dossier");
  const ears = earsOf(d.earSide);
  return (
    <article className="summary-print mx-auto max-w-3xl bg-white p-4 text-sm print:max-w-none print:p-0" data-testid="case-summary">
      <PageHeader routeKey={dossierPlace("supervisor-case-mvp", d.viewerRole)} />
      <p className="mb-2">
        <StatusBadge status={d.status} /> · {t("summary.media", { count: d.mediaCount })} · {t("summary.messages", { count: d.messageCount })}
      </p>
      <button type="button" data-print="hide" className={buttonClass("secondary", "mb-3")} onClick={() => window.print()}>
        {t("summary.print")}
      </button>
      <h2 className="mt-2 font-semibold">{t("sections.patient")}</h2>
      <PatientFacts patient={d.patient} earSide={d.earSide} />
      <h2 className="mt-2 font-semibold">{t("sections.anamnesis")}</h2>
      <AnamnesisView anamnesis={d.anamnesis} />
      <h2 className="mt-2 font-semibold">{t("sections.reasoning")}</h2>
      <ReasoningView reasoning={d.reasoning} ears={ears} />
      {d.review ? (
        <>
          <h2 className="mt-2 font-semibold">{t("sections.review")}</h2>
          <ReviewView review={d.review} ears={ears} />
        </>
      ) : null}
    </article>
  );
}
