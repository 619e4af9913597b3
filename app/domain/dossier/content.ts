/**
 * The content of a dossier as the server stores it (jsonb per section) and the rules over it: Zod schemas for
 * drafts (everything optional, so autosave never loses half-typed input) and `missingForSubmit`, which names
 * what is still missing before a dossier may be submitted. Codes, not prose: every language words them.
 */
import { z } from "zod";
import { storedStringSchema } from "../limits";
import {
  AGREEMENTS,
  CANAL_FINDINGS,
  COMPLAINTS,
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  DIAGNOSES,
  EARDRUM_FINDINGS,
  EARS,
  type Ear,
  type EarSide,
  earsOf,
  FOLLOW_UP_DAYS_MAX,
  FOLLOW_UP_DAYS_MIN,
  HISTORY_FLAGS,
  IMAGE_QUALITY_MAX,
  IMAGE_QUALITY_MIN,
  ONSETS,
  PLANS,
  URGENCIES,
} from "./choices";

const text = storedStringSchema;
/** The longest duration of complaints the anamnesis takes, in days (a hundred years); its field offers the same. */
export const MAX_DURATION_DAYS = 36_500;
const followUpDays = z.number().int().min(FOLLOW_UP_DAYS_MIN).max(FOLLOW_UP_DAYS_MAX);

export const anamnesisSchema = z
  .object({
    complaints: z.array(z.enum(COMPLAINTS)).max(COMPLAINTS.length).default([]),
    otherComplaint: text.optional(),
    onset: z.enum(ONSETS).optional(),
    durationDays: z.number().int().min(0).max(MAX_DURATION_DAYS).optional(),
    history: z.array(z.enum(HISTORY_FLAGS)).max(HISTORY_FLAGS.length).default([]),
    medication: text.optional(),
    allergies: text.optional(),
    question: text.optional(),
  })
  .strict();
export type Anamnesis = z.infer<typeof anamnesisSchema>;

export const earReasoningSchema = z
  .object({
    canal: z.array(z.enum(CANAL_FINDINGS)).max(CANAL_FINDINGS.length).default([]),
    eardrum: z.array(z.enum(EARDRUM_FINDINGS)).max(EARDRUM_FINDINGS.length).default([]),
    diagnosis: z.enum(DIAGNOSES).optional(),
    otherDiagnosis: text.optional(),
    differential: z.array(z.enum(DIAGNOSES)).max(DIAGNOSES.length).default([]),
    confidence: z.number().int().min(CONFIDENCE_MIN).max(CONFIDENCE_MAX).optional(),
    plan: z.array(z.enum(PLANS)).max(PLANS.length).default([]),
    followUpDays: followUpDays.optional(),
    argument: text.optional(),
  })
  .strict();
export type EarReasoning = z.infer<typeof earReasoningSchema>;

export const reasoningSchema = z.object({ left: earReasoningSchema.optional(), right: earReasoningSchema.optional() }).strict();
export type Reasoning = z.infer<typeof reasoningSchema>;

export const earReviewSchema = z
  .object({
    diagnosis: z.enum(DIAGNOSES).optional(),
    plan: z.array(z.enum(PLANS)).max(PLANS.length).default([]),
    followUpDays: followUpDays.optional(),
  })
  .strict();

/**
 * Drawing notes on stills (the reviewing supervisor draws; the professional reads them): per medium id, freehand
 * lines and short texts in coordinates relative to the picture (0…1), so they fit the picture at any size.
 * Bounded so a review stays small: at most DRAWING_MAX_BYTES of JSON in all.
 */
export const DRAWING_COLOURS = ["red", "yellow", "blue", "white"] as const;
export const DRAWING_MAX_MEDIA = 40;
export const DRAWING_MAX_STROKES = 100;
export const DRAWING_MAX_POINTS = 1000;
export const DRAWING_MAX_BYTES = 256 * 1024;
const unit = z.number().min(0).max(1);
export const strokeSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("line"),
      colour: z.enum(DRAWING_COLOURS),
      width: z.number().min(1).max(20),
      points: z.array(z.tuple([unit, unit])).min(1).max(DRAWING_MAX_POINTS),
    })
    .strict(),
  z.object({ kind: z.literal("text"), colour: z.enum(DRAWING_COLOURS), x: unit, y: unit, text: z.string().trim().min(1).max(200) }).strict(),
]);
export type Stroke = z.infer<typeof strokeSchema>;
export const drawingsSchema = z
  .record(z.string().uuid(), z.array(strokeSchema).max(DRAWING_MAX_STROKES))
  .refine((value) => Object.keys(value).length <= DRAWING_MAX_MEDIA, { message: "too-many-media" })
  .refine((value) => JSON.stringify(value).length <= DRAWING_MAX_BYTES, { message: "too-large" });
export type Drawings = z.infer<typeof drawingsSchema>;

export const reviewSchema = z
  .object({
    agreement: z.enum(AGREEMENTS).optional(),
    ears: z.object({ left: earReviewSchema.optional(), right: earReviewSchema.optional() }).strict().default({}),
    advisedPlan: text.optional(),
    urgency: z.enum(URGENCIES).optional(),
    feedback: text.optional(),
    imageQuality: z.number().int().min(IMAGE_QUALITY_MIN).max(IMAGE_QUALITY_MAX).optional(),
    drawings: drawingsSchema.optional(),
  })
  .strict();
export type Review = z.infer<typeof reviewSchema>;

/** What a dossier needs before submit; each code is worded in every language (dossier:missing.<code>). */
export type MissingItem =
  | "anamnesis-complaints"
  | "anamnesis-onset"
  | "anamnesis-duration"
  | "anamnesis-question"
  | `media-${Ear}`
  | `reasoning-${Ear}-findings`
  | `reasoning-${Ear}-diagnosis`
  | `reasoning-${Ear}-confidence`
  | `reasoning-${Ear}-plan`
  | `reasoning-${Ear}-follow-up`
  | `reasoning-${Ear}-argument`;

export interface SubmitFacts {
  earSide: EarSide;
  anamnesis: Anamnesis;
  reasoning: Reasoning;
  /** How many media are attached per ear. */
  mediaPerEar: Record<Ear, number>;
}

const blank = (value: string | undefined) => !value || value.trim() === "";

export function missingForSubmit(facts: SubmitFacts): MissingItem[] {
  const missing: MissingItem[] = [];
  const a = facts.anamnesis;
  if (a.complaints.length === 0) missing.push("anamnesis-complaints");
  if (!a.onset) missing.push("anamnesis-onset");
  if (a.durationDays === undefined) missing.push("anamnesis-duration");
  if (blank(a.question)) missing.push("anamnesis-question");
  // PRODUCT.md: "≥1 medium" — per examined ear, so the supervisor can see every ear that is reasoned about.
  for (const ear of earsOf(facts.earSide)) {
    if (facts.mediaPerEar[ear] < 1) missing.push(`media-${ear}`);
  }
  for (const ear of earsOf(facts.earSide)) {
    const r = facts.reasoning[ear];
    if (!r || (r.canal.length === 0 && r.eardrum.length === 0)) missing.push(`reasoning-${ear}-findings`);
    if (!r?.diagnosis || (r.diagnosis === "other" && blank(r.otherDiagnosis))) missing.push(`reasoning-${ear}-diagnosis`);
    if (r?.confidence === undefined) missing.push(`reasoning-${ear}-confidence`);
    if (!r || r.plan.length === 0) missing.push(`reasoning-${ear}-plan`);
    if (r?.plan.includes("follow-up") && r.followUpDays === undefined) missing.push(`reasoning-${ear}-follow-up`);
    if (blank(r?.argument)) missing.push(`reasoning-${ear}-argument`);
  }
  return missing;
}

/** What a review needs before it can be completed (dossier:missing.<code>). */
export type MissingReviewItem = `review-${Ear}-follow-up` | "review-agreement" | "review-urgency" | "review-feedback";

export function missingForComplete(review: Review): MissingReviewItem[] {
  const missing: MissingReviewItem[] = [];
  // In the form's order: the ears come before the whole dossier's judgement. An advised follow-up needs its days,
  // as the professional's does (missingForSubmit).
  for (const ear of EARS) {
    const r = review.ears[ear];
    if (r?.plan.includes("follow-up") && r.followUpDays === undefined) missing.push(`review-${ear}-follow-up`);
  }
  if (!review.agreement) missing.push("review-agreement");
  if (!review.urgency) missing.push("review-urgency");
  if (blank(review.feedback)) missing.push("review-feedback");
  return missing;
}

export const EMPTY_ANAMNESIS: Anamnesis = { complaints: [], history: [] };
export { EARS };
