/**
 * The clinical choice lists of a dossier (PRODUCT.md "Patients and dossiers"). Stored values are these codes;
 * every language labels them in the "dossier" namespace (dossier:choices.<list>.<code>).
 */
export const EAR_SIDES = ["left", "right", "both"] as const;
export type EarSide = (typeof EAR_SIDES)[number];
export const EARS = ["left", "right"] as const;
export type Ear = (typeof EARS)[number];

export const COMPLAINTS = ["pain", "itch", "discharge", "hearing-loss", "tinnitus", "vertigo", "fullness", "fever", "other"] as const;
export const ONSETS = ["sudden", "gradual"] as const;
export const HISTORY_FLAGS = [
  "ear-surgery",
  "grommets",
  "known-perforation",
  "diabetes",
  "immunocompromised",
  "recent-swimming",
  "hearing-aid",
  "earlier-wax-problems",
] as const;

export const CANAL_FINDINGS = [
  "normal",
  "partial-wax",
  "obstructing-wax",
  "red-swollen",
  "discharge",
  "foreign-body",
  "exostoses",
  "not-assessable",
] as const;
export const EARDRUM_FINDINGS = [
  "normal",
  "not-visible",
  "retracted",
  "bulging",
  "red",
  "perforation",
  "fluid-effusion",
  "grommet-in-place",
  "scarring",
] as const;
export const DIAGNOSES = [
  "normal",
  "wax-impaction",
  "otitis-externa",
  "acute-otitis-media",
  "otitis-media-with-effusion",
  "chronic-suppurative-otitis-media",
  "perforation",
  "foreign-body",
  "other",
] as const;
export const PLANS = ["no-action", "wax-removal", "ear-drops", "pain-relief", "refer-gp", "refer-ent", "follow-up"] as const;
export const CONFIDENCE_MIN = 1;
export const CONFIDENCE_MAX = 5;
/** "Follow-up after N days": N's bounds, the same for the professional's plan and the supervisor's advice. */
export const FOLLOW_UP_DAYS_MIN = 1;
export const FOLLOW_UP_DAYS_MAX = 365;

export const AGREEMENTS = ["agree", "partly", "disagree"] as const;
export const URGENCIES = ["routine", "soon", "urgent"] as const;
export const IMAGE_QUALITY_MIN = 1;
export const IMAGE_QUALITY_MAX = 5;

export const PATIENT_SEXES = ["female", "male", "other", "unknown"] as const;

/** The ears a dossier's side covers. */
export function earsOf(side: EarSide): Ear[] {
  return side === "both" ? ["left", "right"] : [side];
}
