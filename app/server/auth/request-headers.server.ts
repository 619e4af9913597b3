/**
 * Headers that Casus itself puts on requests into Better Auth, besides the client address (CLIENT_IP_HEADER in
 * auth.server.ts): the request id for audit records, and the page language for the sign-in e-mail.
 * server/app.ts overwrites the request id on every /api/auth request, so a client cannot choose it.
 */
export const REQUEST_ID_HEADER = "x-casus-request-id";
export const PAGE_LOCALE_HEADER = "x-casus-locale";
