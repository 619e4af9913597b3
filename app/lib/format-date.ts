/**
 * Dates on dossier pages, in the page's language and in the clinics' time zone: server and browser then render
 * the same text (no hydration mismatch when a browser sits in another zone), and times match the clinic's day.
 */
import { clinicTimeZone } from "~/domain/clinic-time-zone";
import { dateTimeFormatter } from "./formatters";

/** A shared formatter (app/lib/formatters.ts): cheap to call per render or per row. */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }) {
  return dateTimeFormatter(language, { ...options, timeZone: clinicTimeZone() });
}
