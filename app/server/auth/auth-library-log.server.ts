/**
 * Better Auth's own log lines, through the one logger. Left to itself the library prints to the console in its own
 * format: past the masking of phone numbers and secrets, and with the line breaks of whatever a request put in a
 * value (an OAuth `state`, a callback URL), so one request could write a line that looks like a log record of ours.
 * Here each line is one JSON record: its message and details masked, values under secret-like keys left out.
 */
import pino from "pino";
import { logger, maskStrings } from "../logger.server";

type Level = "debug" | "info" | "warn" | "error";

/** Keys whose values are credentials or one-time proofs, wherever they appear in the details. */
const SECRET_KEY = /^(state|code|codeverifier|token|idtoken|accesstoken|refreshtoken|password|secret|callbackurl|errorcallbackurl|newusercallbackurl|otp)$/i;

/** A copy without the values of secret-like keys; errors as pino writes them. */
function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return withoutSecrets(pino.stdSerializers.err(value), depth);
  if (typeof value !== "object" || value === null) return value;
  if (depth >= 6) return "[…]";
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? "[masked]" : withoutSecrets(item, depth + 1)]));
}

export function logFromAuthLibrary(level: Level, message: string, ...args: unknown[]): void {
  const details = maskStrings(withoutSecrets(args));
  // The message's own line breaks stay inside the JSON string (escaped), never a line of their own.
  logger[level]({ library: "better-auth", details }, message);
}
