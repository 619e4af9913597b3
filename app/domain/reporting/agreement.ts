/**
 * Agreement statistics for case handling (decision 073): Cohen's kappa between the professional's and the
 * supervisor's diagnosis, its large-sample standard error (Fleiss, Cohen & Everitt 1969; Fleiss & Paik 2003,
 * "Statistical Methods for Rates and Proportions", eq. 18.15) and 95% interval κ ± 1.96·SE, and per-diagnosis
 * precision and recall with the supervisor's diagnosis as the reference. Inputs are counts (the SQL aggregates);
 * nothing here loops over dossiers.
 */
export const KAPPA_MIN_PAIRS = 30;
const Z_95 = 1.959963984540054;

/** A square matrix of counts: rows the professional's category, columns the supervisor's. */
export type CountMatrix = number[][];

export interface KappaResult {
  n: number;
  observed: number;
  expected: number;
  kappa: number | null;
  se: number | null;
  low: number | null;
  high: number | null;
}

export function cohensKappa(m: CountMatrix): KappaResult {
  const k = m.length;
  const n = m.reduce((s, row) => s + row.reduce((a, b) => a + b, 0), 0);
  if (n === 0) return { n, observed: 0, expected: 0, kappa: null, se: null, low: null, high: null };
  const p = m.map((row) => row.map((c) => c / n));
  const rows = p.map((row) => row.reduce((a, b) => a + b, 0));
  const cols = Array.from({ length: k }, (_, j) => p.reduce((s, row) => s + row[j], 0));
  const observed = p.reduce((s, row, i) => s + row[i], 0);
  const expected = rows.reduce((s, r, i) => s + r * cols[i], 0);
  if (expected >= 1) return { n, observed, expected, kappa: null, se: null, low: null, high: null };
  const kappa = (observed - expected) / (1 - expected);
  let a = 0;
  let b = 0;
  for (let i = 0; i < k; i++) {
    a += p[i][i] * (1 - (rows[i] + cols[i]) * (1 - kappa)) ** 2;
    for (let j = 0; j < k; j++) if (i !== j) b += p[i][j] * (cols[i] + rows[j]) ** 2;
  }
  const variance = (a + (1 - kappa) ** 2 * b - (kappa - expected * (1 - kappa)) ** 2) / (n * (1 - expected) ** 2);
  const se = Math.sqrt(Math.max(0, variance));
  return { n, observed, expected, kappa, se, low: kappa - Z_95 * se, high: kappa + Z_95 * se };
}

export interface ClassScore {
  index: number;
  /** Dossier ears the supervisor gave this diagnosis (the reference). */
  support: number;
  /** Of the professional's diagnoses of this class, the share the supervisor confirmed. */
  precision: number | null;
  /** Of the supervisor's diagnoses of this class, the share the professional had named. */
  recall: number | null;
  f1: number | null;
}

export function perClass(m: CountMatrix): ClassScore[] {
  return m.map((row, i) => {
    const predicted = row.reduce((a, b) => a + b, 0);
    const support = m.reduce((s, r) => s + r[i], 0);
    const hit = row[i];
    const precision = predicted ? hit / predicted : null;
    const recall = support ? hit / support : null;
    const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : precision !== null && recall !== null ? 0 : null;
    return { index: i, support, precision, recall, f1 };
  });
}

/** The weakest diagnosis: lowest F1 among those the supervisor gave at least `minSupport` times. */
export function weakest(scores: ClassScore[], minSupport = 5): ClassScore | null {
  const candidates = scores.filter((s) => s.support >= minSupport && s.f1 !== null);
  return candidates.reduce<ClassScore | null>((worst, s) => (worst === null || s.f1! < worst.f1! ? s : worst), null);
}
