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

/** How requests and responses appear in a log line: masked URL, no headers but the user agent. */
export const requestSerializers = {
  req(req: { id?: string; method?: string; url?: string; headers?: Record<string, string> }) {
    return { id: req.id, method: req.method, url: maskUrl(req.url ?? ""), userAgent: req.headers?.["user-agent"] };
  },
  res(res: { statusCode?: number }) {
    return { statusCode: res.statusCode };
  },
  err: pino.stdSerializers.err,
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
