import { expect, test } from "./support/fixtures";

const NOT_FOUND = [
  ["", "Pagina niet gevonden"],
  ["/en", "Page not found"],
  ["/de", "Seite nicht gefunden"],
  ["/fr", "Page introuvable"],
] as const;

for (const [prefix, title] of NOT_FOUND) {
  test(`an unknown address is a 404 page in its language (${prefix || "/"})`, async ({ page }) => {
    const response = await page.goto(`${prefix}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-status")).toHaveText("404");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`404 ${title} · Casus`);
  });
}

test("known bots get the status without a page", async ({ request }) => {
  const response = await request.get("/this/does/not/exist", { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
  expect(response.status()).toBe(404);
  expect(await response.text()).toBe("");
});

test("security headers are on every page", async ({ request }) => {
  // A page rendered for this request (with a query it is not the kept sign-in page, sign-in-page-kept.spec.ts).
  const response = await request.get("/?redirectTo=%2Fadmin");
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await response.text();
  // Every executable inline script carries this response's nonce.
  const inline = [...html.matchAll(/<script(?![^>]*type="application\/json")([^>]*)>/g)].map((m) => m[1]);
  expect(inline.length).toBeGreaterThan(0);
  for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  expect(html).toContain('<script id="casus-config" type="application/json">');
});

test("the public configuration holds only allow-listed settings", async ({ page }) => {
  await page.goto("/");
  const config = JSON.parse((await page.locator("#casus-config").textContent())!);
  expect(Object.keys(config).sort()).toEqual(["buildId", "clinicTimeZone", "defaultLocale", "offlineCacheBytes", "testPages", "versionPollMs"]);
  // CLINIC_TIME_ZONE at its default: the browser formats dates in the zone the server does.
  expect(config.clinicTimeZone).toBe("Europe/Amsterdam");
  // OFFLINE_CACHE_MB at its default: the upload queue's budget.
  expect(config.offlineCacheBytes).toBe(40 * 1024 * 1024);
});

test("a state-changing request from another site is refused", async ({ request }) => {
  const response = await request.post("/?index", { form: { email: "admin@casus.test", password: "casus-demo-2026" }, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(response.status()).toBe(403);
  expect(response.headers()["set-cookie"]).toBeUndefined();
  // A person may see this (a form posted from a sandboxed page sends Origin: null): the error page in the page's
  // language, and the sign-in action did not run.
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  expect(await response.text()).toContain("Geen toegang");
  const english = await request.post("/en?index", { form: { email: "admin@casus.test" }, headers: { Origin: "null" }, maxRedirects: 0 });
  expect(english.status()).toBe(403);
  expect(await english.text()).toContain('<html lang="en"');
  expect(await english.text()).toContain("You may not perform this action.");
  // React Router's own data requests keep the JSON its client code reads.
  const data = await request.post("/en.data?index", { form: { email: "admin@casus.test" }, headers: { Origin: "null" }, maxRedirects: 0 });
  expect(data.status()).toBe(403);
  expect(await data.json()).toEqual({ code: "csrf-rejected" });
});

test("health and version endpoints", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: { status: "ok", kind: "postgres" } });
  const version = await request.get("/api/version");
  expect(version.headers()["cache-control"]).toBe("no-store");
  expect((await version.json()).buildId).toMatch(/^[\w.-]+$/);
});
