/** A div, span or button whose inline style is applied through the CSSOM (app/lib/cssom-style.ts says why). */
import { createElement, useState, type ComponentPropsWithoutRef } from "react";
import { useCssomStyle, type CssomStyle } from "~/lib/cssom-style";

type Tag = "div" | "span" | "button";

export function Styled<T extends Tag = "div">({ as, cssom, ...props }: { as?: T; cssom: CssomStyle } & Omit<ComponentPropsWithoutRef<T>, "style">) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useCssomStyle(element, cssom);
  return createElement(as ?? "div", { ...props, ref: setElement });
}
