/**
 * What the dossier still lacks, in the user's language, each item a link to its field. After a refused submit it
 * is the error summary (the GOV.UK pattern): it takes the focus, so the keyboard and the screen reader land on what
 * to fix instead of staying on the button far below.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function MissingList({
  items,
  hrefFor,
  title,
  refusal,
}: {
  items: readonly string[];
  hrefFor: (item: string) => string;
  title?: string;
  /** The refused submit's result: each new one moves the focus here. */
  refusal?: object | null;
}) {
  const { t } = useTranslation("dossier");
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (refusal) box.current?.focus();
  }, [refusal]);
  if (items.length === 0) return null;
  return (
    <section
      ref={box}
      tabIndex={refusal ? -1 : undefined}
      aria-labelledby="missing-title"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 focus:outline focus:outline-2 focus:outline-amber-700"
      data-testid="missing-list"
    >
      <h2 id="missing-title" className="font-medium text-amber-900">
        {title ?? t("missing.title")}
      </h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>
            {/* A client-side link: a step of the same page opens without loading it again (steps.ts, onlyStepChanged). */}
            {/* Aligned at the top: an inline block sits on its last line's baseline, and the bullet with it. */}
            <Link className="inline-flex min-h-11 items-center py-0.5 align-top text-amber-900 underline sm:min-h-6" to={hrefFor(item)}>
              {t(`missing.${item}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
