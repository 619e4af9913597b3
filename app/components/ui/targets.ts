/**
 * Tap-target sizes (PRODUCT.md: "every page fits 320 px, targets are large"): every control a finger hits is at
 * least 44 px tall on a phone (WCAG 2.5.8 asks 24, Apple and Android 44–48; tests/e2e/tap-targets.spec.ts holds
 * 40). From `sm` up a mouse points, and tables and toolbars keep their compact desktop height.
 * A link inside a sentence stays text (2.5.8's inline exception): these are for links that stand on their own.
 */

/** A link on its own (a table cell's, a list's, "all dossiers"): 44 px tall on a phone, its text's height from sm up. */
export const LINK = "inline-flex min-h-11 items-center text-sky-800 underline sm:min-h-0";

/** A checkbox's or radio's label, the whole of it the hit area: 44 px square at least on a phone. */
export const CHOICE_LABEL = "flex min-h-11 min-w-11 items-center gap-2 text-sm sm:min-h-9";

/**
 * A link that is a row's or a paragraph's one action ("Open", the JSON Schema): 44 px square at every width, so a
 * short word in any language (English "Open" is 43 px) is still a whole target, on a phone and with a mouse alike.
 */
export const LINK_SQUARE = "inline-flex min-h-11 min-w-11 items-center justify-center text-sky-800 underline";
