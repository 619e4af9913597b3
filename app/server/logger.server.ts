/**
 * One pino logger: JSON lines, request ids, secrets redacted and phone numbers masked (they are patient identifiers).
 */
import pino from "pino";
import { maskPhoneNumbers, maskUrl } from "~/domain/masking";

const REDACT = [
  "password",
  "*.password",
  "token",
  "*.token",
  "secret",
  "*.secret",
  "code",
  "*.code",
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-setup-code"]',
  'req.headers["x-casus-app-check"]',
  'res.headers["set-cookie"]',
];

/** Nested structures in a logged error are masked this deep; anything deeper is left out. */
const MASK_DEPTH = 8;

/** A copy of a serialized value with phone numbers masked in every string, however deep in arrays and records. */
export function maskStrings(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return maskPhoneNumbers(value);
  if (typeof value !== "object" || value === null) return value;
  // Dates, buffers and the like say themselves how they are written; they hold no free text.
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return value;
  if (seen.has(value) || depth >= MASK_DEPTH) return "[…]";
  seen.add(value);
  const masked = Array.isArray(value)
    ? value.map((item) => maskStrings(item, depth + 1, seen))
    : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskStrings(item, depth + 1, seen)]));
  seen.delete(value);
  return masked;
}

/**
 * An error as it is logged: pino's own serialization (message and stack with their causes, and the error's own
 * properties) with phone numbers masked everywhere in it. A failed query carries its SQL and parameters
 * (drizzle's `query` and `params`), and a database error its detail, any of which may hold a patient's number.
 */
export function maskedError(err: unknown): unknown {
  return maskStrings(pino.stdSerializers.err(err as Error));
}

/** The message pino takes for a line logged without one: that of the error given, alone or as `err`. */
function impliedMessage(first: unknown): string | undefined {
  if (first instanceof Error) return first.message;
  if (typeof first !== "object" || first === null || (first as { msg?: unknown }).msg !== undefined) return undefined;
  const message = (first as { err?: { message?: unknown } }).err?.message;
  return typeof message === "string" ? message : undefined;
}

/** How requests and responses appear in a log line: masked URL, no headers but the user agent. */
export const requestSerializers = {
  req(req: { id?: string; method?: string; url?: string; headers?: Record<string, string> }) {
    return { id: req.id, method: req.method, url: maskUrl(req.url ?? ""), userAgent: req.headers?.["user-agent"] };
  },
  res(res: { statusCode?: number }) {
    return { statusCode: res.statusCode };
  },
  err: maskedError,
};

/** The process logger; tests pass their own destination to read what would have been written. */
export function createLogger(
  destination?: pino.DestinationStream,
  // Start-up sets the configured level (LOG_LEVEL) once settings are validated.
  level = process.env.NODE_ENV === "test" ? "silent" : "info",
) {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: "[masked]" },
      base: { app: "casus" },
      formatters: {
        log(object) {
          // Free text may carry a phone number (a patient identifier); mask it wherever it appears.
          if (typeof object.msg === "string") object.msg = maskPhoneNumbers(object.msg);
          return object;
        },
      },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((a) => (typeof a === "string" ? maskPhoneNumbers(a) : a)) as typeof args;
          // Without a message pino writes the error's own message as the line's, past every hook: give it masked.
          const implied = args.length === 1 ? impliedMessage(args[0]) : undefined;
          if (implied !== undefined) masked.push(maskPhoneNumbers(implied));
          return method.apply(this, masked);
        },
      },
      serializers: requestSerializers,
    },
    destination,
  );
}

export const logger = createLogger();

export type Logger = typeof logger;
