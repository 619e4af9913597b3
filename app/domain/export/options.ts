/**
 * What an administrator asks of a dossier export (issue 15), shared by the page's form, the API's JSON body and the
 * job that runs it: which dossiers (organisations, period of last change, statuses), which parts, which format and
 * whether to pseudonymise for a named recipient.
 */
import { z } from "zod";
import { calendarDay } from "../forms/fields";
import { DOSSIER_STATUSES } from "../dossier/lifecycle";

export const EXPORT_FORMATS = ["ndjson", "ndjson-gzip", "zip"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Parts of a dossier an export may leave out; the rest (people, patient, content, review) is always there. */
export const EXPORT_PARTS = ["thread", "events", "media"] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

export const FREE_TEXT_CHOICES = ["keep", "remove"] as const;

/** Job states; only `completed` has files to download. */
export const EXPORT_STATUSES = ["queued", "running", "completed", "failed", "cancelled", "expired"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const FINISHED_EXPORT_STATUSES: readonly ExportStatus[] = ["completed", "failed", "cancelled", "expired"];

export const EXPORT_RECIPIENT_MAX = 120;
export const EXPORT_MAX_ORGANISATIONS = 500;

/** A day of the period: a calendar day the product accepts (calendar-day.ts), so `until`'s next day is one too. */
const day = calendarDay();

export const exportFiltersSchema = z
  .object({
    /** Empty: every organisation. */
    organisationIds: z.array(z.uuid()).max(EXPORT_MAX_ORGANISATIONS).default([]),
    /** Last change on or after this day (UTC). */
    since: day.optional(),
    /** Last change on or before this day (UTC), inclusive. */
    until: day.optional(),
    /** Empty: every status. */
    statuses: z.array(z.enum(DOSSIER_STATUSES)).max(DOSSIER_STATUSES.length).default([]),
  })
  .strict()
  .refine((f) => !f.since || !f.until || f.since <= f.until, { message: "export:form.periodReversed", path: ["until"] });
export type ExportFilters = z.output<typeof exportFiltersSchema>;

export const pseudonymisationSchema = z
  .object({
    /** Who receives the set: the key of the pseudonyms is derived from it (decision 068). */
    recipient: z.string().trim().min(1).max(EXPORT_RECIPIENT_MAX),
    freeText: z.enum(FREE_TEXT_CHOICES),
  })
  .strict();
export type Pseudonymisation = z.output<typeof pseudonymisationSchema>;

export const exportOptionsSchema = z
  .object({
    filters: exportFiltersSchema,
    /** Parts left out of every document. */
    without: z.array(z.enum(EXPORT_PARTS)).max(EXPORT_PARTS.length).default([]),
    format: z.enum(EXPORT_FORMATS),
    pseudonymise: pseudonymisationSchema.nullable().default(null),
  })
  .strict();
export type ExportOptions = z.output<typeof exportOptionsSchema>;

/** The recipient label as keyed: case, spacing and Unicode form do not make a second recipient. */
export function normaliseRecipient(label: string): string {
  return label.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** The file name of an export's data part. */
export function exportFileName(format: ExportFormat): string {
  return format === "zip" ? "dossiers.zip" : format === "ndjson-gzip" ? "dossiers.ndjson.gz" : "dossiers.ndjson";
}

/** A progress event on the live stream (`event: export`), for administrators only. */
export interface ExportProgressEvent {
  type: "export";
  jobId: string;
  status: ExportStatus;
  processed: number;
  total: number;
}
