/**
 * Masking for logs: phone numbers and secrets never reach a log in full (PRODUCT.md, ARCHITECTURE.md "logging").
 * Pure so that the server's logger and any client-side reporting use the same rules.
 */

/**
 * Phone-like digit runs: 7+ digits, an optional leading "+", and up to two separators between digits — also as
 * they appear in URLs ("%2B" for "+", "%20" or "+" for a space, "%2D" "%28" "%29"). The last 3 digits stay.
 */
const PHONE_SEPARATOR = String.raw`(?:[\s\-.()+]|%20|%2D|%28|%29){0,2}`;
const PHONE_PATTERN = new RegExp(String.raw`(?:\+|%2B)?\d(?:${PHONE_SEPARATOR}\d){6,}`, "gi");

export function maskPhoneNumbers(text: string): string {
  return text.replace(PHONE_PATTERN, (match) => {
    // Drop percent-escapes first: the hex digits of "%2B" or "%20" are not digits of the number.
    const digits = match.replace(/%[0-9a-f]{2}/gi, "").replace(/\D/g, "");
    return `${match.startsWith("+") || /^%2B/i.test(match) ? "+" : ""}${"*".repeat(Math.max(digits.length - 3, 0))}${digits.slice(-3)}`;
  });
}

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_PARAMS = ["token", "code", "password", "secret", "otp", "callbackurl", "state", "key", "signature", "x-amz-signature"];

/** A query parameter name as the server reads it; malformed escapes (a visitor can send any URL) stay as they are. */
function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** A URL or path as it may be logged: secret query values replaced, phone numbers masked. */
export function maskUrl(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1);
  // Better Auth's password-reset link carries its token as a path segment (/api/auth/reset-password/<token>).
  const maskedPath = maskPhoneNumbers(path.replace(/(\/reset-password\/)[^/]+/i, "$1[masked]"));
  if (query === undefined) return maskedPath;
  const maskedQuery = query
    .split("&")
    .map((pair) => {
      const [name] = pair.split("=", 1);
      return SECRET_PARAMS.includes(decodeName(name).toLowerCase()) ? `${name}=[masked]` : maskPhoneNumbers(pair);
    })
    .join("&");
  return `${maskedPath}?${maskedQuery}`;
}

/** An e-mail address as it may be logged: first character of the local part and the domain ("j***@example.nl"). */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}
