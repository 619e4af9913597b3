/**
 * Server rendering: streams the page with the request's CSP nonce and the locale's i18next instance.
 * Known bots asking for an error status get the status with an empty body (seed §2).
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from "react-router";
import { localeFromPath } from "~/domain/locales";
import { serverI18n } from "~/i18n/i18n.server";
import { NonceContext, PublicConfigContext } from "~/lib/public-config";
import { coalescedBody } from "~/server/http/coalesced-body.server";
import { PAGE_CACHE_CONTROL } from "~/server/http/page-cache-control.server";
import { logger } from "~/server/logger.server";

export const streamTimeout = 5_000;

/**
 * Pages and their `.data` payloads are never stored by a browser's back-button cache or a shared proxy: signed-in
 * pages carry patient data, and every document carries a CSP nonce made for that one response. (What React Router
 * answers without passing here, a loader's redirect, gets the same from page-cache-control.server.ts.)
 */

export function handleDataRequest(response: Response): Response {
  response.headers.set("Cache-Control", PAGE_CACHE_CONTROL);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const userAgent = request.headers.get("user-agent");
  const bot = isbot(userAgent);
  if (bot && responseStatusCode >= 400) {
    return new Response(null, { status: responseStatusCode, headers: { "Cache-Control": "no-store" } });
  }
  const i18n = serverI18n(localeFromPath(new URL(request.url).pathname));
  const readyOption = bot || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Aborts a render that is still streaming after `streamTimeout`. Cleared when the body is complete: a pending
    // timer keeps the whole render (its tree and data) alive for six seconds after the response, which under load
    // kept hundreds of finished pages on the heap (as React Router's own entry warns).
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={loadContext.nonce}>
        <PublicConfigContext.Provider value={loadContext.publicConfig}>
          <I18nextProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
          </I18nextProvider>
        </PublicConfigContext.Provider>
      </NonceContext.Provider>,
      {
        nonce: loadContext.nonce,
        [readyOption]() {
          shellRendered = true;
          const body = coalescedBody(() => clearTimeout(timeout));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Cache-Control", PAGE_CACHE_CONTROL);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log.error({ err: error }, "render error");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // React Router's own refusals of a request (405 for a POST to a page without an action) are the client's mistake,
  // answered with that status and written in the request log: not "unhandled" server errors anyone can add at will.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error }, "unhandled error in a loader or action");
};
