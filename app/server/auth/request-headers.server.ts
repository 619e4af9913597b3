/**
 * Headers that Casus itself puts on requests into Better Auth: the client address (Better Auth's rate limiter
 * reads only this one), the request id for audit records, and the page language for the sign-in e-mail.
 * server/app.ts overwrites the address and the request id on every /api/auth request, so a client cannot choose them.
 */
export const CLIENT_IP_HEADER = "x-casus-client-ip";
export const REQUEST_ID_HEADER = "x-casus-request-id";
export const PAGE_LOCALE_HEADER = "x-casus-locale";
