/**
 * The admin forms' rules, shared by server (the check that counts) and pages. Each message is a translation key
 * in the "people" namespace, so every field error is shown in the page's language.
 */
import { z } from "zod";
import { list, rawText, recordId, requiredText } from "./forms/fields";
import { LOCALES } from "./locales";
import { nameHasLink } from "./person-name";
import { ROLES } from "./roles";

export const ORGANISATION_KINDS = ["gp-practice", "pharmacy", "hearing-care", "home-care", "other"] as const;
export const SPECIALTIES = ["gp", "ent", "audiologist", "other"] as const;

const name = requiredText(200, { required: "people:validation.nameRequired", tooLong: "people:validation.tooLong" });
/** A person's name: as `name`, and no web address in it (app/domain/person-name.ts). */
export const personName = name.refine((value) => !nameHasLink(value), "errors:codes.name-with-link");
const email = rawText.trim().toLowerCase().pipe(z.email("people:validation.emailInvalid").max(320, "people:validation.tooLong"));
const optionalText = (max: number) =>
  rawText
    .trim()
    .max(max, "people:validation.tooLong")
    .transform((v) => (v === "" ? null : v));
const locale = z.enum(LOCALES, { error: "people:validation.localeInvalid" });

/** Gigabytes as an operating system counts them (1 GB = 1024³ bytes): the storage quota's unit on every page. */
export const BYTES_PER_GB = 1024 ** 3;

/** A storage quota typed in GB (a decimal point or comma, up to a petabyte), parsed to whole bytes. */
const storageQuotaField = rawText
  .transform((value) => (/^\s*\d+([.,]\d+)?\s*$/.test(value) ? Number(value.trim().replace(",", ".")) : NaN))
  .pipe(
    z
      .number({ error: "people:validation.quotaInvalid" })
      .min(0, "people:validation.quotaInvalid")
      .max(1024 * 1024, "people:validation.quotaInvalid"),
  )
  .transform((gb) => Math.round(gb * BYTES_PER_GB));

export const organisationSchema = z.object({
  name,
  kind: z.enum(ORGANISATION_KINDS, { error: "people:validation.kindInvalid" }),
  city: optionalText(120),
  contactEmail: rawText
    .trim()
    .toLowerCase()
    .transform((v) => (v === "" ? null : v))
    .pipe(z.email("people:validation.emailInvalid").max(320, "people:validation.tooLong").nullable()),
  contactPhone: optionalText(40).refine((v) => v === null || /^[+0-9 ()-]{6,40}$/.test(v), "people:validation.phoneInvalid"),
  storageQuota: storageQuotaField,
});
export type OrganisationForm = z.infer<typeof organisationSchema>;

export const inviteProfessionalSchema = z.object({ name: personName, email, locale, jobTitle: optionalText(120) });

export const inviteSupervisorSchema = z.object({
  name: personName,
  email,
  locale,
  specialty: z.enum(SPECIALTIES, { error: "people:validation.specialtyInvalid" }),
  organisationIds: list(recordId, 500),
});

export const inviteAdministratorSchema = z.object({ name: personName, email, locale });

export const supervisorEditSchema = z.object({
  specialty: z.enum(SPECIALTIES, { error: "people:validation.specialtyInvalid" }),
  organisationIds: list(recordId, 500),
});

export const moveProfessionalSchema = z.object({ targetOrganisationId: recordId });
export const assignSupervisorSchema = z.object({ supervisorId: recordId });
export const roleSchema = z.enum(ROLES);

/** The notices an admin page shows after a change (`?done=`); anything else in the URL is ignored. */
export const DONE_NOTICES = [
  "saved",
  "created",
  "updated",
  "deactivated",
  "reactivated",
  "invited",
  "invited-mail-failed",
  "assigned",
  "unassigned",
  "imported",
  "imported-mail-failed",
  "moved",
  "disable",
  "enable",
  "reset-2fa",
  "resend",
  "revoke",
  "demoted",
] as const;

export function doneNotice(url: URL): (typeof DONE_NOTICES)[number] | null {
  const value = url.searchParams.get("done");
  return (DONE_NOTICES as readonly string[]).includes(value ?? "") ? (value as (typeof DONE_NOTICES)[number]) : null;
}

/** A CSV row of the bulk import: name, e-mail, job title. */
export const csvRowSchema = z.object({ name: personName, email, jobTitle: optionalText(120) });

/** Field → message key of the first problem with each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (!out[field]) out[field] = /^(people|errors):/.test(issue.message) ? issue.message : "people:validation.invalid";
  }
  return out;
}
