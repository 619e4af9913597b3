/**
 * The clinics' time zone (setting CLINIC_TIME_ZONE, default Europe/Amsterdam): the one formatter's dates and times,
 * the working-time clock's days, and the reporting roll-up's days (decision 080). Held here, not passed around: it
 * is one value for the whole deployment, set once at start-up on the server (from the settings) and once at
 * hydration in the browser (from the public settings), so server and browser render the same text.
 */
import { CLINIC_TIME_ZONE } from "./constants";

let zone: string = CLINIC_TIME_ZONE;

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

export function clinicTimeZone(): string {
  return zone;
}

export function setClinicTimeZone(name: string): void {
  if (!isTimeZone(name)) throw new Error(`Unknown time zone "${name}"`);
  zone = name;
}
