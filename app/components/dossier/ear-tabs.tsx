/**
 * Reasoning for two ears, one ear at a time: tabs (the WAI-ARIA pattern — arrow keys move between them). A link to
 * a field of the other ear (the missing list's) opens that ear's tab before the page scrolls to it, and after a
 * refused submit the first ear with an error opens. Before hydration, and for one ear, the panels simply stack. A tab
 * whose ear has a refused value asks to check it; one whose ear only lacks items says it is not complete yet.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { Ear } from "~/domain/dossier/choices";

export function EarTabs({
  ears,
  render,
  refused,
  refusedValues,
}: {
  ears: readonly Ear[];
  render: (ear: Ear) => ReactNode;
  refused?: readonly string[];
  /** The refused items whose value the server would not take (the rest of `refused` are missing). */
  refusedValues?: Readonly<Record<string, unknown>>;
}) {
  const { t } = useTranslation("dossier");
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A choice belongs to the address it was made at: following a link to the other ear's field wins over it.
  const [choice, setChoice] = useState<{ key: string; ear: Ear } | null>(null);
  const tabs = useRef<Partial<Record<Ear, HTMLButtonElement | null>>>({});
  if (ears.length < 2 || !hydrated) return <>{ears.map((ear) => <div key={ear}>{render(ear)}</div>)}</>;
  const linked = /field-reasoning-(left|right)-/.exec(location.hash)?.[1] as Ear | undefined;
  const withError = ears.find((ear) => refused?.some((item) => item.startsWith(`reasoning-${ear}-`)));
  const active: Ear = (choice?.key === location.key ? choice.ear : undefined) ?? linked ?? choice?.ear ?? withError ?? ears[0];
  const select = (ear: Ear, focus: boolean) => {
    setChoice({ key: location.key, ear });
    if (focus) tabs.current[ear]?.focus();
  };
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={t("reasoning.earTabs")} className="flex gap-2 border-b border-slate-200">
        {ears.map((ear, i) => {
          const errors = refused?.filter((item) => item.startsWith(`reasoning-${ear}-`)) ?? [];
          const badValue = errors.some((item) => refusedValues !== undefined && Object.hasOwn(refusedValues, item));
          return (
            <button
              key={ear}
              ref={(el) => {
                tabs.current[ear] = el;
              }}
              type="button"
              role="tab"
              id={`ear-tab-${ear}`}
              aria-selected={active === ear}
              aria-controls={`ear-panel-${ear}`}
              tabIndex={active === ear ? 0 : -1}
              onClick={() => select(ear, false)}
              onKeyDown={(e) => {
                if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
                e.preventDefault();
                select(ears[(i + (e.key === "ArrowRight" ? 1 : ears.length - 1)) % ears.length], true);
              }}
              className={`-mb-px min-h-11 rounded-t-md border px-4 py-2 text-base font-medium ${
                active === ear ? "border-slate-200 border-b-white bg-white text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900"
              }`}
            >
              {t(`choices.ear.${ear}`)}
              {errors.length ? <span className="ml-2 text-red-700">({t(badValue ? "reasoning.earHasRefusedValue" : "reasoning.earHasErrors")})</span> : null}
            </button>
          );
        })}
      </div>
      {ears.map((ear) => (
        // Hidden, not removed: the other ear's answers stay in the form and are saved with it.
        <div key={ear} role="tabpanel" id={`ear-panel-${ear}`} aria-labelledby={`ear-tab-${ear}`} hidden={active !== ear}>
          {render(ear)}
        </div>
      ))}
    </div>
  );
}
