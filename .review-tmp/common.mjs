import { chromium } from "@playwright/test";
export const BASE = "http://localhost:3962";
export const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
export async function launch() {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
}
export async function ctxFor(browser, vp = { width: 1280, height: 800 }) {
  return browser.newContext({ userAgent: UA, viewport: vp, baseURL: BASE });
}
export async function signIn(page, email) {
  await page.goto("/");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("casus-demo-2026");
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await page.waitForURL((u) => !/^\/(en|de|fr)?$/.test(u.pathname), { timeout: 20000 });
}
