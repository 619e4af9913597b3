/**
 * Patient phone numbers (PRODUCT.md: a patient is identified within an organisation by phone). The parsing rule
 * is the one of app/domain/phone.ts (Dutch national numbers by default, stored as E.164); this module only adds
 * how a patient's number is shown.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { DEFAULT_PHONE_COUNTRY, toE164 } from "../phone";

export { DEFAULT_PHONE_COUNTRY };

/** The canonical E.164 form of a typed number, or null when it is not a valid phone number. */
export function canonicalPhone(typed: string): string | null {
  return toE164(typed);
}

/** A readable form for screens (national for Dutch numbers, international otherwise). */
export function displayPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}
