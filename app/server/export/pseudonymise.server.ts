/**
 * Pseudonymisation of exported dossiers (issue 15, decision 068). Every pseudonym is an HMAC-SHA256 under a key
 * derived per recipient from the server's secret, so the same recipient gets the same pseudonyms in every export,
 * and two recipients cannot link their sets through them. Pseudonyms keep the shape of the ids they replace
 * (UUIDs, version 8), so the published schema describes both kinds of export.
 */
import { createHmac } from "node:crypto";
import { normaliseRecipient, type Pseudonymisation } from "~/domain/export/options";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Dates move by up to this many days either way, the same for every date of one patient. */
export const DATE_SHIFT_MAX_DAYS = 365;
export const BIRTH_YEAR_BAND = 5;
/** Pseudonyms and date shifts remembered per export (people and patients), at most. */
const PSEUDONYM_CACHE = 100_000;

/**
 * The recipient's key: HMAC-SHA256(server secret, purpose ‖ normalised label). Derived, never stored; anyone with
 * the server's secret (AUTH_SECRET) and the label can derive it again, which is what keeps pseudonyms stable.
 */
export function recipientKey(serverSecret: string, recipient: string): Buffer {
  return createHmac("sha256", serverSecret).update(`casus/export-recipient/v1\u0000${normaliseRecipient(recipient)}`).digest();
}

export type IdKind = "patient" | "user" | "dossier" | "medium" | "message";

export interface Pseudonymiser {
  readonly freeText: Pseudonymisation["freeText"];
  /** A stable pseudonym (a version-8 UUID) for one id of one kind. */
  id(kind: IdKind, value: string): string;
  /** Moves a date by the patient's own offset (whole days, so intervals and times of day are kept). */
  shift(date: Date, patientKey: string): Date;
  /** "1980-1984". */
  birthYearBand(year: number | null): string | null;
}

export function pseudonymiser(serverSecret: string, options: Pseudonymisation): Pseudonymiser {
  const key = recipientKey(serverSecret, options.recipient);
  const mac = (text: string) => createHmac("sha256", key).update(text).digest();
  const ids = new Map<string, string>();
  const shifts = new Map<string, number>();
  return {
    freeText: options.freeText,
    id(kind, value) {
      const cacheKey = `${kind}:${value}`;
      // People and patients recur across an export's documents (an HMAC costs ~10 µs); dossier, message and medium
      // ids occur once and are not kept. Bounded, so a huge export cannot grow it without limit.
      const recurring = kind === "user" || kind === "patient";
      let out = recurring ? ids.get(cacheKey) : undefined;
      if (!out) {
        out = asUuid(mac(cacheKey));
        if (recurring && ids.size < PSEUDONYM_CACHE) ids.set(cacheKey, out);
      }
      return out;
    },
    shift(date, patientKey) {
      let days = shifts.get(patientKey);
      if (days === undefined) {
        days = (mac(`shift:${patientKey}`).readUInt32BE(0) % (2 * DATE_SHIFT_MAX_DAYS + 1)) - DATE_SHIFT_MAX_DAYS;
        if (shifts.size < PSEUDONYM_CACHE) shifts.set(patientKey, days);
      }
      return new Date(date.getTime() + days * DAY_MS);
    },
    birthYearBand(year) {
      if (year === null) return null;
      const start = Math.floor(year / BIRTH_YEAR_BAND) * BIRTH_YEAR_BAND;
      return `${start}-${start + BIRTH_YEAR_BAND - 1}`;
    },
  };
}

/** The first 16 bytes of a MAC written as an RFC 9562 version-8 UUID. */
function asUuid(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x80;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
