/**
 * Inline styles through the CSSOM instead of `style="…"` attributes. The Content-Security-Policy has no
 * 'unsafe-inline' for styles (issue 12), so a style attribute in the server's HTML would be dropped by the
 * browser; a style set from script is not governed by CSP. Values are CSS property names in camelCase, as in
 * React's `style`; undefined removes the property.
 */
import { useLayoutEffect } from "react";

export type CssomStyle = Record<string, string | undefined>;

function kebab(property: string): string {
  return property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function applyCssomStyle(element: HTMLElement, style: CssomStyle): void {
  for (const [property, value] of Object.entries(style)) {
    if (value === undefined) element.style.removeProperty(kebab(property));
    else element.style.setProperty(kebab(property), value);
  }
}

/** Keeps `style` applied to `element` (from a state callback ref) as it changes. */
export function useCssomStyle(element: HTMLElement | null, style: CssomStyle): void {
  const key = JSON.stringify(style);
  useLayoutEffect(() => {
    if (element) applyCssomStyle(element, JSON.parse(key) as CssomStyle);
  }, [element, key]);
}
