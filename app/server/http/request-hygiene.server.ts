/**
 * Requests no page or endpoint of ours can answer, refused before anything reads them (never a 500):
 * - an address whose path or query holds a control character no stored text holds (TEXT_CONTROL_CHARACTER): no
 *   link of ours carries one, and a NUL handed to PostgreSQL as a query parameter fails there. 400.
 * - a Host (or a trusted X-Forwarded-Host or X-Forwarded-Proto) from which no address can be made ("exa mple"):
 *   React Router's adapter would throw building its Request. 400; the error page is rendered as if for localhost.
 * - a method the Fetch API cannot carry (CONNECT, TRACE, TRACK): React Router cannot even build its Request from
 *   it. 405, the answer React Router gives every other method it does not know.
 * - an endpoint's path whose parameter holds a percent-escape that decodes to no text ("%", "%zz", "%ff"):
 *   Express's router throws a URIError decoding it, which the last resort answered 500. 400.
 * - any other path that does not decode: React Router would warn about it on the console, the whole path in the
 *   line (a patient's number in a history address, past the log's masking), and then route the raw text. 400.
 * A page gets the error page in its language: React Router renders it, handed the request as a visit to the
 * catch-all route (`REFUSED_PATH`) with the status in `res.locals.refusedStatus` (the load context's
 * `refusedStatus`), so no loader of the page asked for runs. API endpoints and React Router's own fetches get
 * `{ code }` JSON.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { AppError } from "~/domain/errors";
import { TEXT_CONTROL_CHARACTER } from "~/domain/limits";
import { localizePath, splitLocalePath } from "~/domain/locales";
import { sendApiError } from "./api-error.server";
import { isPageRequest } from "./locale-cookie.server";

/** Matched by no page, so the catch-all route answers it; visited directly, it is a 404 like any unknown address. */
export const REFUSED_PATH = "/__refused";

/** The methods `new Request()` refuses (Fetch's forbidden methods). Node itself answers TRACK and CONNECT 400 before us. */
const UNFETCHABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * Whether an address (path and query, as sent) holds a control character once decoded. Only escapes of ASCII are
 * decoded, as a control character is ASCII: a broken escape elsewhere cannot make this throw.
 */
export function hasControlCharacter(url: string): boolean {
  const decoded = url.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return TEXT_CONTROL_CHARACTER.test(decoded);
}

/** The error page with `status` for this request: the same request, in the same language, to the refused page. */
export function refusePage(req: Request, res: Response, status: number): void {
  res.locals.refusedStatus = status;
  const target = localizePath(REFUSED_PATH, splitLocalePath(req.path).locale);
  req.url = target;
  // React Router builds its Request from originalUrl.
  req.originalUrl = target;
  if (req.method !== "HEAD") req.method = "GET";
}

/** What `hasUsableHost` reads of a request: Express's own, or the fields a test gives it. */
interface HostParts {
  protocol: string;
  hostname: string;
  /** The Host header and, only when the proxy is trusted, X-Forwarded-Host: each may carry a port. */
  host?: string;
  forwardedHost?: string;
}

const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);

/**
 * Whether an absolute address can be made from the request's host, port and protocol, the way React Router's
 * Express adapter makes it (`${req.protocol}://${hostname}:${port}`, the hostname cut at the first of `\\/?#@`,
 * the port from X-Forwarded-Host when the proxy is trusted, else from Host): "Host: localhost:99999" is no address.
 */
export function hasUsableHost(req: HostParts): boolean {
  const hostname = (req.hostname ?? "").split(/[\\/?#@]/)[0] || "localhost";
  const forwardedPort = portOf(req.forwardedHost);
  const hostPort = portOf(req.host);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  try {
    new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}/`);
    return true;
  } catch {
    return false;
  }
}

const hostPartsOf = (req: Request): HostParts => ({
  protocol: req.protocol,
  hostname: req.hostname,
  host: req.get("host"),
  forwardedHost: req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined,
});

/**
 * Whether the request line names a path ("origin form", what browsers and proxies send): React Router's adapter
 * appends it to the host, so "GET http://host/admin" or "OPTIONS *" made no address (a 500 before).
 */
export const namesAPath = (req: Pick<Request, "originalUrl">) => req.originalUrl.startsWith("/");

/** Early, before the API and everything else: a host no address can be made from is 400. */
export const refuseMalformedHost: RequestHandler = (req, res, next) => {
  if (hasUsableHost(hostPartsOf(req)) && namesAPath(req)) return next();
  req.log?.warn("request with a malformed host or request line refused");
  // The error page is rendered for this request: it must have a host React Router can use (the page shows none).
  req.headers.host = "localhost";
  delete req.headers["x-forwarded-host"];
  delete req.headers["x-forwarded-proto"];
  if (!isPageRequest(req.path)) return sendApiError(req, res, new AppError("invalid-argument"));
  refusePage(req, res, 400);
  next();
};

/**
 * After the API router and the auth door: a path one of their routes matched, whose `:param` or `{*rest}` does not
 * decode (a lone "%", a non-hex escape, bytes that are no UTF-8, an escaped surrogate). Express's router throws a
 * URIError for it, marked 400, before any handler of ours runs: `{ code }` JSON 400, as an endpoint's other
 * refusals. Pages never get here: React Router matches them itself and answers such an address with its 404 page.
 */
export const refuseUndecodableParams: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof URIError) || (err as URIError & { status?: number }).status !== 400) return next(err);
  req.log?.warn("address with a malformed percent-escape refused");
  sendApiError(req, res, new AppError("invalid-argument"));
};

/** Early, before the API and everything else: an address with a control character is 400. */
export const refuseControlCharacters: RequestHandler = (req, res, next) => {
  if (!hasControlCharacter(req.originalUrl)) return next();
  req.log?.warn("address with a control character refused");
  if (!isPageRequest(req.path)) return sendApiError(req, res, new AppError("invalid-argument"));
  refusePage(req, res, 400);
  next();
};

/** Whether every percent-escape of a path decodes to text (React Router decodes it segment by segment). */
export function pathDecodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** After the API and the auth door: any other path that does not decode is 400 (the error page, or `{ code }` JSON). */
export const refuseUndecodablePaths: RequestHandler = (req, res, next) => {
  if (pathDecodes(req.path)) return next();
  // Not the address itself: a page's path can hold a patient's phone number.
  req.log?.warn("address with a malformed percent-escape refused");
  if (!isPageRequest(req.path)) return sendApiError(req, res, new AppError("invalid-argument"));
  refusePage(req, res, 400);
  next();
};

/** Last before React Router (everything that reaches it is React Router's): CONNECT, TRACE and TRACK are 405. */
export const refuseUnfetchableMethods: RequestHandler = (req, res, next) => {
  if (UNFETCHABLE_METHODS.has(req.method)) refusePage(req, res, 405);
  next();
};
