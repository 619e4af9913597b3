/**
 * Masking for logs: phone numbers and secrets never reach a log in full (PRODUCT.md, ARCHITECTURE.md "logging").
 * Pure so that the server's logger and any client-side reporting use the same rules.
 */

/** Phone-like digit runs (7+ digits, optional + and separators, also URL-encoded "+"); the last 3 digits stay. */
const PHONE_PATTERN = /(?:\+|%2B)?\d(?:[\s\-.()]?\d){6,}/gi;

export function maskPhoneNumbers(text: string): string {
  return text.replace(PHONE_PATTERN, (match) => {
    const digits = match.replace(/\D/g, "");
    return `${match.startsWith("+") || /^%2B/i.test(match) ? "+" : ""}${"*".repeat(Math.max(digits.length - 3, 0))}${digits.slice(-3)}`;
  });
}

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_PARAMS = ["token", "code", "password", "secret", "otp", "callbackurl", "state", "key", "signature", "x-amz-signature"];

/** A URL or path as it may be logged: secret query values replaced, phone numbers masked. */
export function maskUrl(url: string): string {
  const [path, query] = url.split("?", 2);
  const maskedPath = maskPhoneNumbers(path);
  if (query === undefined) return maskedPath;
  const maskedQuery = query
    .split("&")
    .map((pair) => {
      const [name] = pair.split("=", 1);
      return SECRET_PARAMS.includes(decodeURIComponent(name).toLowerCase()) ? `${name}=[masked]` : maskPhoneNumbers(pair);
    })
    .join("&");
  return `${maskedPath}?${maskedQuery}`;
}
