/**
 * The one wrapper of every table that may be wider than the screen (a phone's 320–390 px).
 *
 * - Reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable): focusable, and a named region so a screen
 *   reader says what the user has landed on (the GOV.UK pattern).
 * - Seen to scroll: a table cut at the screen's edge looks complete, so while there is more to one side that side
 *   shows a shadow, and a line under the table says that it scrolls (also the region's description, so a screen
 *   reader hears it). Both come from measuring the table in the browser; the server's page has neither, and a
 *   table that fits shows neither.
 * - The scroll area is the containing block of what it holds, so a visually hidden (absolutely positioned) text in
 *   a far column is clipped with the table instead of widening the page.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface Edges {
  /** More to the left (scrolled away from the start). */
  before: boolean;
  /** More to the right. */
  after: boolean;
}

/** Sub-pixel widths and zoom leave a pixel of "overflow" on a table that fits. */
const SLACK_PX = 1;

function useOverflowEdges(scroller: React.RefObject<HTMLDivElement | null>): Edges {
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      const hidden = el.scrollWidth - el.clientWidth;
      const left = Math.abs(el.scrollLeft);
      const next = { before: hidden > SLACK_PX && left > SLACK_PX, after: hidden > SLACK_PX && left < hidden - SLACK_PX };
      setEdges((now) => (now.before === next.before && now.after === next.after ? now : next));
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    // The screen turned or the table's content changed (a live update, a chart's table filling in).
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    for (const child of el.children) resized.observe(child);
    return () => {
      el.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, [scroller]);
  return edges;
}

const SHADOW = "pointer-events-none absolute inset-y-0 w-4 from-slate-900/20 to-transparent transition-opacity";

export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation("common");
  const scroller = useRef<HTMLDivElement>(null);
  const { before, after } = useOverflowEdges(scroller);
  const scrolls = before || after;
  const hintId = useId();
  return (
    <div className={className} data-scroll-region data-scrolls={scrolls || undefined}>
      <div className="relative">
        <div
          ref={scroller}
          role="region"
          aria-label={label}
          aria-describedby={scrolls ? hintId : undefined}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keyboard
          tabIndex={0}
          className="relative overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-700"
        >
          {children}
        </div>
        <span aria-hidden="true" data-edge="before" className={`${SHADOW} left-0 bg-linear-to-r ${before ? "opacity-100" : "opacity-0"}`} />
        <span aria-hidden="true" data-edge="after" className={`${SHADOW} right-0 bg-linear-to-l ${after ? "opacity-100" : "opacity-0"}`} />
      </div>
      {scrolls ? (
        <p id={hintId} className="px-1 pt-1 text-xs text-slate-600" data-testid="scroll-hint">
          <span aria-hidden="true">↔ </span>
          {t("scrollRegion.hint")}
        </p>
      ) : null}
    </div>
  );
}
