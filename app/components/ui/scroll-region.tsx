/**
 * A wide table's horizontal scroll area that a keyboard can reach (WCAG 2.1.1; axe's scrollable-region-focusable):
 * focusable, and a named region so a screen reader says what the user has landed on (the GOV.UK pattern). It is
 * the containing block of what it holds, so a visually hidden (absolutely positioned) text in a far column is clipped
 * with the table instead of widening the page.
 */
import type { ReactNode } from "react";

export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keyboard
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-700 ${className}`}>
      {children}
    </div>
  );
}
