/**
 * How a patient's phone number is shown. Parsing typed numbers is app/domain/phone.ts `toE164` (the one rule);
 * this module only formats, which needs libphonenumber's small "min" metadata — pages that show numbers do not
 * download the full validation metadata.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { DEFAULT_PHONE_COUNTRY } from "../phone";

/** A readable form for screens (national for Dutch numbers, international otherwise). */
export function displayPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}
