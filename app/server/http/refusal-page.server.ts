/**
 * A page request refused before React Router sees it (a cross-site form post): a small document in the page's
 * language with the status's title, the reason and a way back, instead of JSON a person would have to read.
 * No scripts and no styles, so the security headers' CSP needs no nonce for it.
 */
import type { Response } from "express";
import { type ErrorCode, errorMessageKey } from "~/domain/errors";
import { localizePath, splitLocalePath } from "~/domain/locales";
import { serverT } from "~/i18n/i18n.server";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sendRefusalPage(res: Response, path: string, status: number, code: ErrorCode): void {
  const { locale } = splitLocalePath(path);
  const t = serverT(locale);
  const title = t(`errors:status.${status}.title`);
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`${status} ${title} · Casus`)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t(errorMessageKey(code)))}</p>` +
    `<p><a href="${escapeHtml(localizePath("/", locale))}">${escapeHtml(t("errors:backHome"))}</a></p></main></body></html>`;
  res.status(status).set("Cache-Control", "no-store").type("html").send(html);
}
