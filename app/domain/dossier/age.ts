/**
 * How long a dossier has waited. The review target is in working days (PRODUCT.md: "2 working days"): Saturdays
 * and Sundays do not count. Public holidays are not modelled; the threshold is a setting, not a legal deadline.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days from `since` to `now` (0 on the same day). */
export function daysSince(since: Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/**
 * Working days elapsed since `since`, counted in 24-hour steps that end on a weekday (UTC), so a dossier
 * submitted on Friday afternoon is 1 working day old on Monday afternoon.
 */
export function workingDaysSince(since: Date, now: Date = new Date()): number {
  let count = 0;
  for (let t = since.getTime() + DAY_MS; t <= now.getTime(); t += DAY_MS) {
    const day = new Date(t).getUTCDay();
    if (day !== 0 && day !== 6) count++;
  }
  return count;
}

/** When a submitted dossier passes its review target: `workingDays` working days after submission. */
export function isPastReviewTarget(submittedAt: Date, workingDays: number, now: Date = new Date()): boolean {
  return workingDaysSince(submittedAt, now) >= workingDays;
}
