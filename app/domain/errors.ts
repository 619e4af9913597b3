/**
 * Application error codes: one map from code to HTTP status; the message is `errors:codes.<code>` in every
 * language. Server code throws AppError; routes and APIs turn it into a response; users never see a stack trace.
 */

export const ERROR_STATUS = {
  "not-found": 404,
  "invalid-argument": 400,
  unauthenticated: 401,
  "csrf-rejected": 403,
  conflict: 409,
  "payload-too-large": 413,
  // A form post the server cannot read: not a form at all, a broken body, or text with control characters.
  "unsupported-media-type": 415,
  "malformed-body": 400,
  "text-control-character": 422,
  // A form that was read but does not fit its action's schema (parseForm): the fields say what is wrong, each
  // with one of the field-* codes below or its page's own message. A missing or unknown intent is 400.
  "invalid-form": 422,
  "unknown-intent": 400,
  "field-required": 422,
  "field-invalid": 422,
  // A person's name with a web address in it (app/domain/person-name.ts): others read it in our e-mails.
  "name-with-link": 422,
  "too-many-requests": 429,
  "key-empty": 400,
  "key-forbidden-character": 400,
  "key-control-character": 400,
  "string-too-long": 413,
  "setup-code-invalid": 400,
  "wrong-credentials": 401,
  "user-disabled": 403,
  "invalid-verification-code": 400,
  // A phone number that does not parse (app/domain/phone.ts): at sign-in by SMS, on the account page, and for a
  // patient (a new dossier, finding a patient). One meaning, one code, one message in each language.
  "invalid-phone-number": 400,
  "phone-number-already-in-use": 409,
  "weak-password": 400,
  // The seed's authentication errors (SPEC.md §8); app/domain/auth-errors.ts maps each seed name to one of these.
  "email-already-in-use": 409,
  "invalid-action-code": 400,
  "network-request-failed": 503,
  "requires-recent-login": 401,
  "token-expired": 401,
  "multi-factor-required": 401,
  // MFA_REQUIRED_ROLES: a user of such a role who has not set up a second factor yet, at an API endpoint.
  "second-factor-enrolment-required": 401,
  "popup-blocked": 400,
  "popup-closed-by-user": 400,
  "unauthorized-domain": 400,
  // Social sign-in: no Casus account for this identity (self sign-up is off), the provider did not vouch for the
  // address, or the provider failed.
  "oidc-account-unknown": 403,
  "oidc-email-unverified": 403,
  "oidc-failed": 502,
  // The mail server refused or could not be reached (or the outbox could not be written): try again later.
  "mail-delivery-failed": 503,
  "dossier/version-conflict": 409,
  "dossier/wrong-status": 409,
  "dossier/already-claimed": 409,
  "dossier/not-allowed": 409,
  "dossier/not-editable": 409,
  "dossier/incomplete": 422,
  "expired-action-code": 410,
  "last-admin": 409,
  "self-disable": 409,
  // An administrator's own second factor is changed on their account page, behind a recent sign-in, never by the
  // people pages' reset.
  "self-second-factor-reset": 409,
  "organisation-inactive": 409,
  // A professional whose account has no professional record (no organisation): their pages cannot be scoped to
  // any organisation, so they are refused as a whole; it is their own account's state, so nothing is hidden by a 403.
  "no-organisation": 403,
  // Dossier exports: cancelling one that has ended, downloading one that has no files (yet, or any more), a byte
  // range outside the file.
  "export/finished": 409,
  "export/not-ready": 409,
  "export/range-not-satisfiable": 416,
  // An export stopped because the administrator who started it was made a supervisor or disabled (stored on the
  // job and shown in the list; never an HTTP answer, hence a status of the conflict kind).
  "export/starter-lost-permission": 409,
  internal: 500,
  // The seed's storage error codes (SPEC.md §8), namespaced so they cannot clash with the general ones above.
  "storage/unknown": 500,
  "storage/object-not-found": 404,
  "storage/quota-exceeded": 402,
  "storage/unauthenticated": 401,
  "storage/unauthorized": 403,
  "storage/unauthorized-app": 403,
  "storage/retry-limit-exceeded": 503,
  // 499 is nginx's private "client closed request"; a standard status keeps proxies and the error page sane.
  "storage/canceled": 400,
  "storage/invalid-url": 400,
  "storage/invalid-argument": 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

export function errorMessageKey(code: ErrorCode): `errors:codes.${ErrorCode}` {
  return `errors:codes.${code}`;
}
