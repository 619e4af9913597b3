/**
 * Patient phone numbers (PRODUCT.md: a patient is identified within an organisation by phone). Typed forms are
 * parsed with libphonenumber-js, Dutch national numbers by default ("06 12345678"), and stored as E.164.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export const DEFAULT_PHONE_COUNTRY = "NL" as const;

/** The canonical E.164 form of a typed number, or null when it is not a valid phone number. */
export function canonicalPhone(typed: string): string | null {
  const cleaned = typed.trim();
  if (cleaned === "" || cleaned.length > 40) return null;
  const parsed = parsePhoneNumberFromString(cleaned, DEFAULT_PHONE_COUNTRY);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** A readable form for screens (national for Dutch numbers, international otherwise). */
export function displayPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}
