/**
 * How a patient's phone number is shown. Parsing typed numbers is app/domain/phone.ts `toE164` (the one rule);
 * this module only formats, which needs libphonenumber's small "min" metadata — pages that show numbers do not
 * download the full validation metadata.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { DEFAULT_PHONE_COUNTRY } from "../phone";

/**
 * Numbers already formatted: a list shows the same patients page after page, and libphonenumber's parse and format
 * were about 2% of a list page's server CPU (issue 13). Bounded, so a server that has shown many patients does not
 * keep them all; when full it starts again.
 */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 5_000;

/** A readable form for screens (national for Dutch numbers, international otherwise). */
export function displayPhone(e164: string): string {
  const known = formatted.get(e164);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(e164);
  const shown = !parsed ? e164 : parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(e164, shown);
  return shown;
}
