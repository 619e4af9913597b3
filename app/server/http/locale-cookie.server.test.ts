import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPageRequest, localeCookie } from "./locale-cookie.server";

describe("which requests count as visiting a page in a locale", () => {
  it("pages in every locale do", () => {
    for (const path of ["/", "/admin", "/en", "/en/admin/supervisors", "/de/pro/abc/0612345678/history"]) expect(isPageRequest(path), path).toBe(true);
  });
  it("files, APIs, message files and React Router's own fetches do not", () => {
    for (const path of ["/favicon.svg", "/assets/app-1.js", "/api/version", "/api/auth/get-session", "/locales/en/common.json", "/healthz", "/__manifest", "/en/admin.data", "/_root.data"]) {
      expect(isPageRequest(path), path).toBe(false);
    }
  });
});

describe("coming to / with a language remembered", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(localeCookie({ secure: false }));
    app.use((_req, res) => void res.send("page"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const visit = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers, redirect: "manual" });

  it("from outside the site goes to the language last chosen, with the query", async () => {
    // A typed address or a bookmark: Sec-Fetch-Site "none"; a link elsewhere: "cross-site".
    for (const site of ["none", "cross-site"]) {
      const answer = await visit("/?redirectTo=%2Fadmin", { cookie: "i18n_redirected=fr", "sec-fetch-site": site, "accept-language": "de" });
      expect(answer.status, site).toBe(302);
      expect(answer.headers.get("location"), site).toBe("/fr?redirectTo=%2Fadmin");
    }
    // A browser that sends no Sec-Fetch-Site, coming from nowhere.
    expect((await visit("/", { cookie: "i18n_redirected=en" })).headers.get("location")).toBe("/en");
  });

  it("from one of our own pages is taken as written, and Dutch is then remembered", async () => {
    const switched = await visit("/", { cookie: "i18n_redirected=fr", "sec-fetch-site": "same-origin" });
    expect(switched.status).toBe(200);
    expect(switched.headers.get("set-cookie")).toMatch(/^i18n_redirected=nl;/);
    // The same without Sec-Fetch-Site, known by the Referer.
    const referred = await visit("/", { cookie: "i18n_redirected=fr", referer: `${base}/fr/admin` });
    expect(referred.status).toBe(200);
    // A Referer from another site is not ours.
    expect((await visit("/", { cookie: "i18n_redirected=fr", referer: "https://elsewhere.test/" })).status).toBe(302);
    expect(switched.headers.get("vary")).toMatch(/Sec-Fetch-Site/);
  });

  it("stays Dutch when Dutch was chosen, or the cookie names no language of ours, whatever the browser prefers", async () => {
    for (const cookie of ["i18n_redirected=nl", "i18n_redirected=es", "i18n_redirected="]) {
      const answer = await visit("/", { cookie, "sec-fetch-site": "none", "accept-language": "fr" });
      expect(answer.status, cookie).toBe(200);
    }
  });

  it("on a first visit follows the browser's language, and leaves other pages' addresses alone", async () => {
    expect((await visit("/", { "sec-fetch-site": "none", "accept-language": "de-DE,de;q=0.9" })).headers.get("location")).toBe("/de");
    expect((await visit("/admin", { cookie: "i18n_redirected=fr", "sec-fetch-site": "none" })).status).toBe(200);
  });
});
