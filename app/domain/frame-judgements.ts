/**
 * What a supervisor can say of one frame of a dossier's medium (issue 14 point 5, decision 075), and what each
 * judgement teaches the in-ear model: a label for the dataset, or nothing ("unusable" is never trained on).
 */
export const FRAME_JUDGEMENTS = ["in-ear", "not-in-ear", "unusable"] as const;
export type FrameJudgement = (typeof FRAME_JUDGEMENTS)[number];

/** The dataset's label of a judgement: 1 in the ear, 0 not; null: not part of the dataset. */
export function datasetLabelOf(judgement: FrameJudgement): 0 | 1 | null {
  return judgement === "in-ear" ? 1 : judgement === "not-in-ear" ? 0 : null;
}

/** Dossier statuses in which the reviewing supervisor may judge frames: during the review, and after completing it. */
export const JUDGING_STATUSES = ["in_review", "completed"] as const;

/** The longest video frame time accepted (ms): far beyond any otoscopy clip, short of integer overflow. */
export const MAX_FRAME_MS = 6 * 60 * 60 * 1000;
