/**
 * The route manifest each page inlines for React Router's lazy route discovery, with Casus's patch that remembers
 * which routes each prefix of an address matches instead of matching all of them on every render (decision 086,
 * patches/react-router+*.patch): a page asked for again gets the same manifest, and a deep page's manifest holds
 * the routes of every prefix of its address, so the browser can navigate up without asking the server.
 */
import { devices } from "@playwright/test";
import { expect, test } from "./support/fixtures";

test.describe.configure({ timeout: 90_000 });

function manifestRoutes(html: string): string[] {
  const inlined = /window\.__reactRouterManifest = (\{[\s\S]*?\n\});/.exec(html);
  expect(inlined, "the page inlines a partial route manifest").not.toBeNull();
  return Object.keys((JSON.parse(inlined![1]) as { routes: Record<string, unknown> }).routes).sort();
}

test("a page's partial route manifest is the same every time and holds every prefix's routes", async ({ playwright, baseURL }) => {
  const http = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL!, "User-Agent": devices["Desktop Chrome"].userAgent } });
  try {
    const signIn = await http.post("/en?index", { form: { email: "pro@casus.test", password: "casus-demo-2026" }, maxRedirects: 0 });
    expect(signIn.status()).toBe(302);
    const home = new URL(signIn.headers().location!, baseURL).pathname;
    expect(home).toMatch(/^\/en\/pro\/[^/]+$/);
    const page = async (path: string) => {
      const response = await http.get(path);
      expect(response.status()).toBe(200);
      return manifestRoutes(await response.text());
    };
    const homeRoutes = await page(home);
    const deep = `${home}/mijn-dossiers`;
    const first = await page(deep);
    expect(await page(deep)).toEqual(first);
    expect(await page(deep)).toEqual(first);
    // The home page's own routes are the routes of the deep page's prefix `home`.
    expect(first).toEqual(expect.arrayContaining(homeRoutes));
    expect(first.length).toBeGreaterThan(homeRoutes.length);
    // Another language's addresses match other routes.
    const dutch = await page(home.replace(/^\/en/, ""));
    expect(dutch).not.toEqual(homeRoutes);
    // Addresses an attacker makes up — badly encoded, unknown, many different ones — get a 4xx, and what the
    // server remembers for real addresses stays as it was.
    for (const made of ["/en/pro/%E0%A4%A/mijn-dossiers", `${home}/%ZZ`, "/en/pro/../../admin/x", `/en/${"x/".repeat(200)}y`]) {
      const response = await http.get(made, { maxRedirects: 0 });
      expect(response.status(), made).toBeGreaterThanOrEqual(400);
      expect(response.status(), made).toBeLessThan(500);
    }
    await Promise.all(Array.from({ length: 50 }, (_, i) => http.get(`/en/pro/made-up-${i}/a/b`, { maxRedirects: 0 }).then((r) => expect(r.status()).toBeLessThan(500))));
    expect(await page(deep)).toEqual(first);
  } finally {
    await http.dispose();
  }
});
