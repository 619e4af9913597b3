/**
 * A category's name before its horizontal bars, drawn inside the chart: an SVG clips what lies outside it, and a
 * name ends where its tick is, so the room it has is the tick's distance from the chart's left edge. The name wraps
 * within that room (at spaces, and after a slash: "Oorsmeer verwijderen/uitspuiten") and is cut short with "…"
 * when three lines, or one long word, do not fit (the charts using it are tall enough for three lines a category).
 * The table beside the chart carries every name whole.
 */
import type { ComponentProps, ReactElement } from "react";

type Recharts = typeof import("./recharts");
type TickProps = ComponentProps<Recharts["Text"]> & { payload?: { value?: unknown } };

const MAX_LINES = 3;

export function categoryTick(Text: Recharts["Text"]) {
  return function renderCategoryTick({ payload, ...props }: TickProps): ReactElement {
    // The library measures the words in a span with the style given, not with the font size attribute: without a
    // size in CSS units there, it measured them at the page's size, and wrapped and cut names that fit.
    const fontSize = typeof props.fontSize === "number" ? `${props.fontSize}px` : props.fontSize;
    return (
      <Text {...props} style={{ ...props.style, fontSize }} width={Number(props.x)} maxLines={MAX_LINES}>
        {String(payload?.value ?? "").replaceAll("/", "/ ")}
      </Text>
    );
  };
}
