/**
 * The export page's forms (issue 15): the filters as a query string (GET, so the page can count before anything
 * starts, and a filtered view is a link), and the start and cancel actions. Both turn into the options the API
 * takes (exportOptionsSchema), so the page and the API refuse the same things.
 */
import { z } from "zod";
import { DOSSIER_STATUSES } from "../dossier/lifecycle";
import { calendarDay, checkbox, choice, intent, list, optionalText, recordId } from "../forms/fields";
import { EXPORT_FORMATS, EXPORT_MAX_ORGANISATIONS, EXPORT_PARTS, EXPORT_RECIPIENT_MAX, FREE_TEXT_CHOICES, type ExportFilters, type ExportOptions } from "./options";

const optionalDay = z
  .string({ error: "field-invalid" })
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()))
  .pipe(calendarDay().optional());

const filterFields = {
  organisationIds: list(recordId, EXPORT_MAX_ORGANISATIONS),
  statuses: list(choice(DOSSIER_STATUSES), DOSSIER_STATUSES.length),
  since: optionalDay,
  until: optionalDay,
};

const periodInOrder = (f: { since?: string; until?: string }, ctx: z.RefinementCtx) => {
  if (f.since && f.until && f.since > f.until) ctx.addIssue({ code: "custom", path: ["until"], message: "export:form.periodReversed" });
};

/** The filters in the page's query string; unknown parameters are ignored. */
export const exportFilterQuery = z
  .object(filterFields)
  .superRefine(periodInOrder)
  .transform((f): ExportFilters => ({ organisationIds: f.organisationIds, statuses: f.statuses, since: f.since, until: f.until }));

const startFields = z.object({
  intent: intent("start"),
  ...filterFields,
  format: choice(EXPORT_FORMATS),
  without: list(choice(EXPORT_PARTS), EXPORT_PARTS.length),
  pseudonymise: checkbox,
  recipient: optionalText(EXPORT_RECIPIENT_MAX, { tooLong: "export:form.recipientTooLong" }),
  freeText: choice(FREE_TEXT_CHOICES).optional(),
});

/** The page's actions: start (the options, checked as the API checks them) or cancel one export. */
export const exportPageForm = z
  .discriminatedUnion("intent", [startFields, z.object({ intent: intent("cancel"), jobId: recordId })])
  .superRefine((f, ctx) => {
    if (f.intent !== "start") return;
    periodInOrder(f, ctx);
    if (f.pseudonymise && !f.recipient) ctx.addIssue({ code: "custom", path: ["recipient"], message: "export:form.recipientRequired" });
  });

/** A start form as the export's options. */
export function startOptions(f: z.output<typeof startFields>): ExportOptions {
  return {
    filters: { organisationIds: f.organisationIds, statuses: f.statuses, since: f.since, until: f.until },
    without: f.without,
    format: f.format,
    pseudonymise: f.pseudonymise && f.recipient ? { recipient: f.recipient, freeText: f.freeText ?? "remove" } : null,
  };
}

/** The query string of a set of filters (the page's links and the start form's hidden fields). */
export function filterEntries(filters: ExportFilters): [string, string][] {
  return [
    ...filters.organisationIds.map((id): [string, string] => ["organisationIds", id]),
    ...filters.statuses.map((s): [string, string] => ["statuses", s]),
    ...(filters.since ? [["since", filters.since] as [string, string]] : []),
    ...(filters.until ? [["until", filters.until] as [string, string]] : []),
  ];
}
