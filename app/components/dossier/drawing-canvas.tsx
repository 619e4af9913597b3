/**
 * Drawing notes over a still: freehand lines and short texts in coordinates relative to the picture (0…1), so
 * they fit whatever size the still is shown at (and follow the zoom, which transforms the box around both).
 * Read-only unless `onChange` is given. The reviewing supervisor draws; the professional sees the same strokes.
 */
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { DRAWING_COLOURS, DRAWING_MAX_POINTS, DRAWING_MAX_STROKES, type Stroke } from "~/domain/dossier/content";
import { Button } from "../ui/button";
import { Styled } from "~/components/ui/styled";

const CSS_COLOUR: Record<(typeof DRAWING_COLOURS)[number], string> = {
  red: "#dc2626",
  yellow: "#facc15",
  blue: "#2563eb",
  white: "#ffffff",
};
const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;

function paint(canvas: HTMLCanvasElement, strokes: readonly Stroke[]) {
  const rect = canvas.getBoundingClientRect();
  const scale = window.devicePixelRatio || 1;
  // The element's own size (before the zoom transform), so lines keep their width when zoomed.
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  if (!width || !height || !rect.width) return;
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const s of strokes) {
    ctx.strokeStyle = ctx.fillStyle = CSS_COLOUR[s.colour];
    if (s.kind === "line") {
      ctx.lineWidth = s.width;
      ctx.beginPath();
      s.points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x * width, y * height) : ctx.lineTo(x * width, y * height)));
      if (s.points.length === 1) ctx.lineTo(s.points[0][0] * width + 0.1, s.points[0][1] * height);
      ctx.stroke();
    } else {
      ctx.font = "600 16px system-ui, sans-serif";
      ctx.shadowColor = "rgba(0,0,0,0.8)";
      ctx.shadowBlur = 3;
      ctx.fillText(s.text, s.x * width, s.y * height);
      ctx.shadowBlur = 0;
    }
  }
}

export function DrawingCanvas({ strokes, label }: { strokes: readonly Stroke[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    paint(el, strokes);
    const observer = new ResizeObserver(() => paint(el, strokes));
    observer.observe(el);
    return () => observer.disconnect();
  });

  return (
    <canvas
      ref={canvas}
      className="pointer-events-none absolute inset-0 h-full w-full"
      aria-label={label}
      role="img"
      data-testid="drawing-canvas"
      data-strokes={strokes.length}
    />
  );
}

export interface DrawingTools {
  colour: (typeof DRAWING_COLOURS)[number];
  text: string;
}

/** The editable layer: pointer input turned into strokes (a text is placed where the picture is tapped). */
export function DrawingEditor({
  strokes,
  onChange,
  label,
  tools,
  onTextPlaced,
}: {
  strokes: readonly Stroke[];
  onChange: (next: Stroke[]) => void;
  label: string;
  tools: DrawingTools;
  onTextPlaced: () => void;
}) {
  const [current, setCurrent] = useState<Extract<Stroke, { kind: "line" }> | null>(null);
  const full = strokes.length >= DRAWING_MAX_STROKES;

  const at = (event: PointerEvent<HTMLDivElement>): [number, number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [round((event.clientX - rect.left) / rect.width), round((event.clientY - rect.top) / rect.height)];
  };

  return (
    <>
      <div
        className="absolute inset-0 cursor-crosshair touch-none"
        data-testid="drawing-surface"
        onPointerDown={(event) => {
          if (full) return;
          event.preventDefault();
          event.currentTarget.setPointerCapture(event.pointerId);
          const [x, y] = at(event);
          if (tools.text.trim()) {
            onChange([...strokes, { kind: "text", colour: tools.colour, x, y, text: tools.text.trim().slice(0, 200) }]);
            onTextPlaced();
            return;
          }
          setCurrent({ kind: "line", colour: tools.colour, width: 3, points: [[x, y]] });
        }}
        onPointerMove={(event) => {
          if (!current || current.points.length >= DRAWING_MAX_POINTS) return;
          const point = at(event);
          const last = current.points[current.points.length - 1];
          if (Math.abs(point[0] - last[0]) + Math.abs(point[1] - last[1]) < 0.003) return;
          setCurrent({ ...current, points: [...current.points, point] });
        }}
        onPointerUp={() => {
          if (current) onChange([...strokes, current]);
          setCurrent(null);
        }}
      >
        <DrawingCanvas strokes={current ? [...strokes, current] : strokes} label={label} />
      </div>
    </>
  );
}

export function DrawingToolbar({
  tools,
  setTools,
  strokes,
  onChange,
}: {
  tools: DrawingTools;
  setTools: (f: (t: DrawingTools) => DrawingTools) => void;
  strokes: readonly Stroke[];
  onChange: (next: Stroke[]) => void;
}) {
  const { t } = useTranslation("dossier");
  const canUndo = strokes.length > 0;
  const onUndo = () => onChange(strokes.slice(0, -1));
  const onClear = () => onChange([]);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="drawing-toolbar">
      <span className="text-slate-700">{t("viewer.colour")}</span>
      {DRAWING_COLOURS.map((colour) => (
        <Styled
          as="button"
          key={colour}
          type="button"
          aria-pressed={tools.colour === colour}
          aria-label={t(`viewer.colours.${colour}`)}
          onClick={() => setTools((tl) => ({ ...tl, colour }))}
          className={`h-7 w-7 rounded-full border-2 ${tools.colour === colour ? "border-slate-900" : "border-slate-300"}`}
          cssom={{ background: CSS_COLOUR[colour] }}
        />
      ))}
      <input
        type="text"
        maxLength={200}
        value={tools.text}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setTools((tl) => ({ ...tl, text }));
        }}
        placeholder={t("viewer.textPlaceholder")}
        aria-label={t("viewer.text")}
        className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1"
      />
      <Button type="button" variant="ghost" className="px-2 py-1" onClick={onUndo} disabled={!canUndo}>
        {t("viewer.undo")}
      </Button>
      <Button type="button" variant="ghost" className="px-2 py-1" onClick={onClear} disabled={!canUndo}>
        {t("viewer.clear")}
      </Button>
      {strokes.length >= DRAWING_MAX_STROKES ? <span className="text-amber-800">{t("viewer.drawingFull")}</span> : null}
    </div>
  );
}
