/**
 * Phone numbers as people type them ("06 12345678", "+31 6 1234 5678", "0031612345678") to one canonical E.164
 * form ("+31612345678"). Without a country code a number is read as Dutch. Pure, so forms and server agree.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export const DEFAULT_PHONE_COUNTRY = "NL";

/** The E.164 form of a valid number, or null when the input is not a valid phone number. */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 40) return null;
  // "00" is the international prefix in the Netherlands and most of Europe.
  const normalised = trimmed.startsWith("00") ? `+${trimmed.slice(2)}` : trimmed;
  const parsed = parsePhoneNumberFromString(normalised, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/** True for a string already in canonical E.164 form and valid. */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value) && toE164(value) === value;
}

/** A number as it may be shown back to its owner: the international format ("+31 6 12345678"). */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
