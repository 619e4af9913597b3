/**
 * Dates on dossier pages, in the page's language and in the clinics' time zone: server and browser then render
 * the same text (no hydration mismatch when a browser sits in another zone), and times match the clinic's day.
 */
export const CLINIC_TIME_ZONE = "Europe/Amsterdam";

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(language, { ...options, timeZone: CLINIC_TIME_ZONE });
}
