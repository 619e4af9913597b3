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
  'res.headers["set-cookie"]',
];

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
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
  serializers: {
    req(req: { id?: string; method?: string; url?: string; headers?: Record<string, string> }) {
      return { id: req.id, method: req.method, url: maskUrl(req.url ?? ""), userAgent: req.headers?.["user-agent"] };
    },
    res(res: { statusCode?: number }) {
      return { statusCode: res.statusCode };
    },
    err: pino.stdSerializers.err,
  },
});

export type Logger = typeof logger;
