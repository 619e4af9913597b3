/**
 * What the dossier still lacks, in the user's language, each item a link to its field. After a refused submit it
 * is the error summary (the GOV.UK pattern): it takes the focus, so the keyboard and the screen reader land on what
 * to fix instead of staying on the button far below.
 */
import { type MouseEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * A link to a field of the page already open only moves there, and puts the keyboard in the field (a move to the
 * anchor alone would leave the focus on the link). The pages keep the refused form's answer through an anchor move
 * (useKeptActionData, or the page's own copy), so a field of a hidden tab can still be opened by the address.
 */
function goToFieldOnThisPage(event: MouseEvent<HTMLAnchorElement>) {
  const target = new URL(event.currentTarget.href);
  if (target.pathname !== window.location.pathname || target.search !== window.location.search || !target.hash) return;
  const field = document.getElementById(decodeURIComponent(target.hash.slice(1)));
  // A field not shown (the other ear's tab) is opened by the navigation: the tabs follow the address's field.
  if (!field || field.getClientRects().length === 0) return;
  event.preventDefault();
  field.scrollIntoView({ block: "center" });
  const control = field.matches(FOCUSABLE) ? field : field.querySelector<HTMLElement>(FOCUSABLE);
  control?.focus({ preventScroll: true });
}

const FOCUSABLE = "input:not([type=hidden]), select, textarea, button, [tabindex]";

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
      <ul className="mt-2 text-sm">
        {items.map((item) => (
          // The bullet is the item's own first column: a list marker beside a tall link (a 44 px target) was left on a
          // line of its own when the link wrapped.
          <li key={item} className="flex items-start gap-2 text-amber-900 before:flex before:min-h-11 before:items-center before:content-['•'] sm:before:min-h-6">
            {/* A client-side link: a step of the same page opens without loading it again (steps.ts, onlyStepChanged). */}
            <Link className="flex min-h-11 items-center py-0.5 text-amber-900 underline sm:min-h-6" to={hrefFor(item)} onClick={goToFieldOnThisPage}>
              {t(`missing.${item}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
