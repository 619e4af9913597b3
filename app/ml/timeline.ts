/** Labelled moments of a video merged into stretches for the timeline: same label, no gap longer than `maxGapMs`. */
export type Moment = { timestampMs: number; label: number };
export type Stretch = { label: number; startMs: number; endMs: number; count: number };

export function labelledStretches(moments: readonly Moment[], maxGapMs = 1000): Stretch[] {
  const sorted = [...moments].sort((a, b) => a.timestampMs - b.timestampMs);
  const stretches: Stretch[] = [];
  for (const m of sorted) {
    const last = stretches[stretches.length - 1];
    if (last && last.label === m.label && m.timestampMs - last.endMs <= maxGapMs) {
      last.endMs = m.timestampMs;
      last.count++;
    } else {
      stretches.push({ label: m.label, startMs: m.timestampMs, endMs: m.timestampMs, count: 1 });
    }
  }
  return stretches;
}
