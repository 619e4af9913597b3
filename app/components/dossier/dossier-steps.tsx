/**
 * The professional's progress through a dossier (app/domain/dossier/steps.ts): five numbered steps, each a link,
 * the current one marked for screen readers (`aria-current="step"`), finished ones ticked. On a phone the names
 * give way to "Step 2 of 5: Recording" under the numbers; each step is then one screen, moved through with
 * StepNav's back and next at its end.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DOSSIER_STEPS, type DossierStep, stepDone } from "~/domain/dossier/steps";

export function DossierSteps({ current, missing, hrefOf }: { current: DossierStep; missing: readonly string[] | null; hrefOf: (step: DossierStep) => string | null }) {
  const { t } = useTranslation("dossier");
  const index = DOSSIER_STEPS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")} className="mb-4" data-testid="dossier-steps">
      <ol className="flex items-start gap-1 sm:gap-2">
        {DOSSIER_STEPS.map((step, i) => {
          const done = missing !== null && step !== current && stepDone(step, missing);
          const href = hrefOf(step);
          const circle = `flex size-10 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold ${
            step === current ? "border-sky-800 bg-sky-800 text-white" : done ? "border-emerald-700 bg-emerald-50 text-emerald-800" : "border-slate-300 bg-white text-slate-700"
          }`;
          const body = (
            <>
              <span className={circle} aria-hidden="true">
                {done ? "✓" : i + 1}
              </span>
              <span className="sr-only sm:not-sr-only sm:text-sm sm:font-medium">
                {t(`steps.${step}`)}
                {done ? <span className="sr-only"> ({t("steps.done")})</span> : null}
              </span>
            </>
          );
          return (
            <li key={step} className="flex min-w-0 flex-1 items-center" data-step={step} data-done={done || undefined}>
              {href ? (
                <Link
                  to={href}
                  aria-current={step === current ? "step" : undefined}
                  className="flex min-h-11 min-w-11 items-center gap-2 rounded-md text-slate-900 no-underline hover:underline"
                >
                  {body}
                </Link>
              ) : (
                <span aria-current={step === current ? "step" : undefined} className="flex min-h-11 items-center gap-2 text-slate-500">
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="mt-2 text-sm font-medium text-slate-800 sm:hidden" data-testid="step-of">
        {t("steps.stepOf", { n: index + 1, total: DOSSIER_STEPS.length, name: t(`steps.${current}`) })}
      </p>
    </nav>
  );
}

interface StepLink {
  href: string;
  step: DossierStep;
}

/** Back and next at the end of a step, on a phone only (a wider screen shows all steps of the page at once). */
export function StepNav({ back, next }: { back?: StepLink; next?: StepLink }) {
  const { t } = useTranslation("dossier");
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2 sm:hidden" data-testid="step-nav">
      {back ? (
        <Link to={back.href} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800">
          ← {t("steps.back", { name: t(`steps.${back.step}`) })}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next.href} className="inline-flex min-h-11 items-center rounded-md bg-sky-800 px-4 py-2 text-sm font-medium text-white">
          {t("steps.next", { name: t(`steps.${next.step}`) })} →
        </Link>
      ) : null}
    </div>
  );
}
