/**
 * Addresses and methods no page or endpoint can answer (security review): a NUL or other control character in the
 * path or query, or a Host no address can be made from, is 400 — the error page in the page's language, `{ code }`
 * JSON for an endpoint — and CONNECT, TRACE and TRACK are the 405 page any other unknown method gets. Never a 500,
 * for anyone, signed in or not.
 * The middlewares themselves: app/server/http/request-hygiene.server.test.ts.
 */
import http from "node:http";
import type { APIResponse } from "@playwright/test";
import { apiSession, expect, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

const VISITORS = [null, "admin@casus.test", "supervisor@casus.test", "pro@casus.test", "pro2@casus.test"];
const TITLE = {
  400: { nl: "Ongeldig verzoek", en: "Bad Request", de: "Ungültige Anfrage", fr: "Requête incorrecte" },
  405: { nl: "Methode niet toegestaan", en: "Method Not Allowed", de: "Methode nicht erlaubt", fr: "Méthode non autorisée" },
} as const;

async function expectErrorPage(response: APIResponse, status: 400 | 405, locale: keyof (typeof TITLE)[400], where: string) {
  expect(response.status(), where).toBe(status);
  expect(response.headers()["content-type"], where).toContain("text/html");
  const html = await response.text();
  expect(html, where).toContain(`<html lang="${locale}"`);
  expect(html, where).toContain(`<title>${status} ${TITLE[status][locale]} · Casus</title>`);
}

test("a NUL in a dossier's address is the 400 page for everyone, signed in or not, GET or POST", async ({ baseURL }) => {
  const { users: u, dossiers: d } = matrixFixtures();
  const paths = ["/supervisor/case/%00", "/supervisor/case/%00/mvp", `/supervisor/case/${d.first}%00`, `/pro/${u.pro}/case/%00/klinisch-redeneren`, `/pro/${u.pro2}/case/%00/klinisch-redeneren`];
  for (const email of VISITORS) {
    const session = await apiSession(baseURL!, email);
    try {
      for (const path of paths) {
        await expectErrorPage(await session.get(path, { maxRedirects: 0 }), 400, "nl", `${email ?? "anon"} GET ${path}`);
        await expectErrorPage(await session.post(path, { form: { intent: "x" }, maxRedirects: 0 }), 400, "nl", `${email ?? "anon"} POST ${path}`);
        await expectErrorPage(await session.get(`/en${path}`, { maxRedirects: 0 }), 400, "en", `${email ?? "anon"} GET /en${path}`);
      }
    } finally {
      await session.dispose();
    }
  }
});

test("the admin's searches and addresses with a NUL are 400 pages", async ({ baseURL }) => {
  const { users: u, organisations: o } = matrixFixtures();
  const admin = await apiSession(baseURL!, "admin@casus.test");
  try {
    for (const path of [
      "/admin/organisaties?q=%00",
      "/admin/supervisors?q=%00",
      "/admin/administrators?q=%00",
      `/admin/organisaties/${o.first}?q=%00`,
      `/admin/organisaties/${o.first}?find=a%00`,
      `/admin/organisaties/${o.first}/professional/${u.pro}?find=%00`,
      `/admin/supervisors?id=%00`,
      "/admin/organisaties/%00",
      `/admin/organisaties/${o.first}/professional/%00`,
      "/admin/dossiers/%00",
    ]) {
      await expectErrorPage(await admin.get(path, { maxRedirects: 0 }), 400, "nl", path);
      await expectErrorPage(await admin.get(`/de${path}`, { maxRedirects: 0 }), 400, "de", `/de${path}`);
    }
    // Other control characters too; a tab or an escaped percent sign is an ordinary search.
    await expectErrorPage(await admin.get("/fr/admin/supervisors?q=a%1Bb", { maxRedirects: 0 }), 400, "fr", "ESC");
    expect((await admin.get("/admin/supervisors?q=%2500", { maxRedirects: 0 })).status()).toBe(200);
    expect((await admin.get("/admin/supervisors?q=a%09b", { maxRedirects: 0 })).status()).toBe(200);
  } finally {
    await admin.dispose();
  }
});

test("an endpoint's address with a NUL is a 400 in JSON", async ({ baseURL }) => {
  const { dossiers: d } = matrixFixtures();
  const pro = await apiSession(baseURL!, "pro@casus.test");
  try {
    for (const path of ["/api/version?x=%00", `/api/dossiers/${d.first}%00/media`, "/api/auth/get-session?x=%00", "/locales/nl/errors.json%00", "/supervisor/case/%00.data"]) {
      const response = await pro.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(400);
      expect(await response.json(), path).toEqual({ code: "invalid-argument" });
    }
  } finally {
    await pro.dispose();
  }
});

test("an address with a percent-escape that decodes to no text is a 400, not a 500 nor a logged path", async ({ baseURL }) => {
  const { dossiers: d, media: m, users: u } = matrixFixtures();
  const pro = await apiSession(baseURL!, "pro@casus.test");
  try {
    const paths = [
      "/api/media/%ff",
      `/api/media/${m.first}/%`,
      "/api/dossiers/%zz/media",
      `/api/dossiers/${d.first}/media/%ED%A0%80/judgement`,
      "/api/exports/%E0%A4%A",
      "/api/uploads/%ff",
      "/api/version/%ff",
      "/api/auth/callback/%ff",
      "/locales/%ff/common.json",
      "/schemas/dossier/%",
    ];
    for (const path of paths) {
      for (const method of ["GET", "POST"]) {
        const response = await pro.fetch(path, { method, maxRedirects: 0 });
        expect(response.status(), `${method} ${path}`).toBe(400);
        expect(await response.json(), `${method} ${path}`).toEqual({ code: "invalid-argument" });
      }
    }
    // A page's address: the 400 page in its language, before React Router would log the whole path (a patient's
    // number in a history address); its data and a file: the same JSON 400.
    await expectErrorPage(await pro.get("/supervisor/case/%ff", { maxRedirects: 0 }), 400, "nl", "a page");
    await expectErrorPage(await pro.get(`/en/pro/${u.pro}/0612345678%FF/history`, { maxRedirects: 0 }), 400, "en", "a history");
    for (const path of ["/supervisor/case/%ff.data", "/assets/%ff.js"]) {
      const response = await pro.get(path, { maxRedirects: 0 });
      expect([response.status(), await response.json()], path).toEqual([400, { code: "invalid-argument" }]);
    }
  } finally {
    await pro.dispose();
  }
});

test("TRACE on a page is the translated 405 page, like any unknown method; on an endpoint, the endpoint's 404", async ({ baseURL }) => {
  const anon = await apiSession(baseURL!, null);
  try {
    for (const [path, locale] of [["/", "nl"], ["/en/admin", "en"], ["/de/supervisor/case/x", "de"], ["/fr/forgot?x=1", "fr"], ["/favicon.svg", "nl"], ["/robots.txt", "nl"]] as const) {
      await expectErrorPage(await anon.fetch(path, { method: "TRACE", maxRedirects: 0 }), 405, locale, `TRACE ${path}`);
      await expectErrorPage(await anon.fetch(path, { method: "PROPFIND", maxRedirects: 0 }), 405, locale, `PROPFIND ${path}`);
    }
    const api = await anon.fetch("/api/version", { method: "TRACE" });
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ code: "not-found" });
  } finally {
    await anon.dispose();
  }
});

/** node:http: a client that sends the Host header it is given (fetch and Playwright set their own). */
function sendWithHost(baseURL: string, path: string, host: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method, headers: { ...headers, host, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120" } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("a Host or request line no address can be made from is a 400 (the page in its language, JSON for an endpoint), not a 500", async ({ baseURL }) => {
  for (const [path, locale] of [["/", "nl"], ["/en", "en"], ["/de/forgot", "de"], ["/fr/admin", "fr"]] as const) {
    const answer = await sendWithHost(baseURL!, path, "exa mple");
    expect(answer.status, path).toBe(400);
    expect(answer.type, path).toContain("text/html");
    expect(answer.body, path).toContain(`<title>400 ${TITLE[400][locale]} · Casus</title>`);
  }
  const api = await sendWithHost(baseURL!, "/api/version", "exa mple");
  expect(api.status).toBe(400);
  expect(JSON.parse(api.body)).toEqual({ code: "invalid-argument" });
  // A port no address can have, in Host or in the trusted proxy's X-Forwarded-Host (the e2e server trusts loopback).
  const own = new URL(baseURL!).host;
  for (const [path, host, headers] of [["/en/forgot", "localhost:99999", {}], ["/admin.data", "localhost:65536", {}], ["/de/forgot", own, { "x-forwarded-host": "casus.example:70000" }]] as const) {
    const answer = await sendWithHost(baseURL!, path, host, headers);
    expect(answer.status, `${host} ${path}`).toBe(400);
  }
  // A request line that names no path: absolute form (for a page and an endpoint) and the asterisk.
  for (const [target, method, type] of [[`${baseURL}/admin`, "GET", "text/html"], [`${baseURL}/api/version`, "GET", "application/json"], ["*", "OPTIONS", "text/html"]] as const) {
    const answer = await sendWithHost(baseURL!, target, own, {}, method);
    expect([answer.status, answer.type.split(";")[0]], `${method} ${target}`).toEqual([400, type]);
  }
  // The kept sign-in page (decision 092) is still what the next visitor gets: a strange first host decides nothing.
  const next = await sendWithHost(baseURL!, "/en", new URL(baseURL!).host);
  expect(next.status).toBe(200);
  expect(next.body).not.toContain(" nonce=");
});

test("a browser that opens an address with a NUL sees the 400 page, and it stays", async ({ page }) => {
  const response = await page.goto("/en/supervisor/case/%00");
  expect(response?.status()).toBe(400);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
  await expect(page.getByTestId("error-status")).toHaveText("400");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bad Request");
  await expect(page).toHaveTitle("400 Bad Request · Casus");
});
