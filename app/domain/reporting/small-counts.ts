/**
 * Small counts (PRODUCT.md "Reporting and insight"): a cell that stands for 1–4 dossiers is shown as "< 5" to
 * anyone who is not an administrator, on screen and in CSV alike, and so is every figure computed from such a
 * cell (a rate or a median over fewer than 5 dossiers would tell the same). Zero reveals nobody and stays 0.
 */
export const SMALL_COUNT_LIMIT = 5;
/** The stored form of a suppressed cell; every language shows it as is. */
export const SMALL = "< 5";
export type Cell = number | string | null;

export function isSmall(count: number): boolean {
  return count > 0 && count < SMALL_COUNT_LIMIT;
}

/** A count as the viewer may see it. */
export function maskCount(count: number, suppress: boolean): Cell {
  return suppress && isSmall(count) ? SMALL : count;
}

/** A figure computed over `basis` dossiers (a rate, a median) as the viewer may see it. */
export function maskDerived(value: number | null, basis: number, suppress: boolean): Cell {
  if (value === null || !Number.isFinite(value)) return null;
  return suppress && isSmall(basis) ? SMALL : value;
}
