/**
 * The signed-out sign-in page is rendered once per locale and kept (decision 092): the same bytes for everyone,
 * allowed to run exactly its own inline scripts by their hashes, compressed once. What a visitor gets must be what
 * rendering it for them would give, and a page with anything of the visitor's in it is still rendered for them.
 */
import crypto from "node:crypto";
import { DEMO_PASSWORD, expect, test } from "./support/fixtures";

const scriptSources = (policy: string) => policy.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"))!;
const executableInlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !attributes.includes("src=") && !attributes.includes('type="application/json"'));
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]+"/g, "");

test("the kept sign-in page runs only its own scripts, by hash, and is what a fresh render gives", async ({ playwright }) => {
  const base = process.env.E2E_BASE_URL!;
  // A fresh context per request: no cookie but the language cookie (which the kept page allows).
  const fresh = () => playwright.request.newContext({ baseURL: base });
  for (const path of ["/", "/en", "/de", "/fr"]) {
    const visitor = await fresh();
    try {
      const first = await visitor.get(path, { headers: { "Accept-Encoding": "identity" } });
      const again = await visitor.get(path, { headers: { "Accept-Encoding": "identity" } });
      expect(first.status(), path).toBe(200);
      const html = await first.text();
      expect(await again.text(), path).toBe(html);
      expect(first.headers()["cache-control"], path).toBe("no-store");
      const policy = scriptSources(first.headers()["content-security-policy"]);
      expect(policy, path).not.toContain("'nonce-");
      expect(html, path).not.toContain(" nonce=");
      const scripts = executableInlineScripts(html);
      expect(scripts.length, path).toBeGreaterThan(3);
      const hashes = scripts.map(([, , text]) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
      expect(policy, path).toBe(`script-src 'self' ${hashes.join(" ")} 'wasm-unsafe-eval'`);

      // Compressed once, the same page.
      for (const encoding of ["gzip", "br"] as const) {
        const response = await fetch(new URL(path, base), { headers: { "Accept-Encoding": encoding } });
        expect(response.headers.get("content-encoding"), `${path} ${encoding}`).toBe(encoding);
        const bytes = Buffer.from(await response.arrayBuffer());
        // fetch decodes gzip and br itself; the length it was sent with is the compressed one.
        expect(Number(response.headers.get("content-length")), `${path} ${encoding}`).toBeLessThan(Buffer.byteLength(html) / 2);
        expect(bytes.toString(), `${path} ${encoding}`).toBe(html);
      }

      // Anything of the visitor's (here another cookie) and the page is rendered for them, with a nonce: the same page.
      const rendered = await visitor.get(path, { headers: { Cookie: "some-other=1", "Accept-Encoding": "identity" } });
      expect(scriptSources(rendered.headers()["content-security-policy"]), path).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'wasm-unsafe-eval'$/);
      expect(withoutNonces(await rendered.text()), path).toBe(html);
    } finally {
      await visitor.dispose();
    }
  }
});

test("in a browser the kept sign-in page hydrates with no inline script refused, and signs in", async ({ page }) => {
  const refused: string[] = [];
  await page.exposeFunction("reportRefused", (v: string) => refused.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      // Zod's feature test for eval (caught, harmless) reports "eval"; anything inline refused is a broken page.
      if (e.blockedURI !== "eval") (window as unknown as { reportRefused(v: string): void }).reportRefused(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const response = await page.goto("/en");
  expect(scriptSources(response!.headers()["content-security-policy"])).toContain("'sha256-");
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
  await page.locator('input[name="email"]').fill("pro@casus.test");
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await page.waitForURL(/\/en\/pro\//);
  expect(refused).toEqual([]);
});
