/**
 * The phone standard (PRODUCT.md: "every page fits 320 px, targets are large"): on the pages a professional,
 * a supervisor and an administrator use most, at 320 px, no control is smaller than 40 × 40 px (links inside
 * a sentence aside) and the page does not scroll sideways. A table wider than the phone scrolls inside its region,
 * which shows that it does. Signed in once per role, in one browser; the pages follow one another in that session.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";
import { type Role, signedInPage } from "./support/page-list";
import { reflowProblem, REFLOW_WIDTH } from "./support/reflow";
import { submittedDossier } from "./support/submitted-dossier";
import { MIN_TARGET_PX, smallTargets } from "./support/tap-targets";

const PHONE = { width: REFLOW_WIDTH, height: 700 };
const DESKTOP = { width: 1280, height: 800 };
/** What the components aim at (app/components/ui/targets.ts): the targets below are held to it, at every width. */
const AIM_PX = 44;

/** "what "text" (w×h)" for each of the located elements whose box is under AIM_PX × AIM_PX; none found is a problem. */
async function under44(located: Locator, what: string): Promise<string[]> {
  const all = await located.all();
  if (all.length === 0) return [`${what}: none found`];
  const out: string[] = [];
  for (const el of all) {
    const box = await el.boundingBox();
    if (!box || box.width < AIM_PX || box.height < AIM_PX) {
      out.push(`${what} "${(await el.textContent())?.trim()}" (${box ? `${box.width.toFixed(1)}×${box.height.toFixed(1)}` : "not shown"})`);
    }
  }
  return out;
}

/** What is wrong with `path` at 320 px: controls too small, and the page scrolling sideways. */
async function problems(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // Hydrated: what the browser adds (a scroll region's hint, live parts) is in the page (root.tsx sets it).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const found = await smallTargets(page, path);
  const reflow = await reflowProblem(page, path);
  if (reflow) found.push(`reflow at 320 px: ${reflow}`);
  return found;
}

async function checkAll(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) found.push(...(await problems(page, path)));
  return found;
}

const phonePage = (browser: import("@playwright/test").Browser, role: Role) => signedInPage(browser, role, PHONE);

test("the professional's home, dossiers and every step of a dossier: large targets, 320 px wide", async ({ browser }) => {
  test.setTimeout(120_000);
  const { users: u, dossiers: d } = matrixFixtures();
  const page = await phonePage(browser, "pro");
  const draft = `/pro/${u.pro}/case?dossier=${d.draft}`;
  const reasoning = `/pro/${u.pro}/case/${d.draft}/klinisch-redeneren`;
  const found = await checkAll(page, [
    `/pro/${u.pro}`,
    `/de/pro/${u.pro}`,
    `/pro/${u.pro}/mijn-dossiers`,
    `/pro/${u.pro}/case`,
    `${draft}&step=patient`,
    `${draft}&step=recording`,
    `${draft}&step=anamnesis`,
    `/de${draft}&step=anamnesis`,
    `${reasoning}?step=reasoning`,
    `${reasoning}?step=submit`,
  ]);
  await page.context().close();
  expect(found).toEqual([]);
});

test("the supervisor's queue, review form and printable summary: large targets, 320 px wide, in Dutch and German", async ({ browser }) => {
  test.setTimeout(120_000);
  const id = await submittedDossier();
  const page = await phonePage(browser, "supervisor");
  const found = await checkAll(page, ["/supervisor", `/supervisor/case/${id}`]);
  // Claimed, the page holds the review form: its choices are checkboxes and radios.
  await page.getByRole("button", { name: "Oppakken" }).click();
  await expect(page.getByTestId("review-form")).toBeVisible();
  found.push(...(await checkAll(page, [`/supervisor/case/${id}`, `/de/supervisor/case/${id}`, `/supervisor/case/${id}/mvp`, `/de/supervisor/case/${id}/mvp`])));
  // The long compound title ("Dossierzusammenfassung") stays inside its line, in a page that says its language.
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const title = page.getByRole("heading", { level: 1 });
  expect(await title.evaluate((h) => h.scrollWidth - h.clientWidth)).toBeLessThanOrEqual(0);
  // It breaks between its parts (a soft hyphen in the translation), not at whatever letter meets the edge: the
  // characters that start a new line, each with the one before it.
  const lineStarts = await title.evaluate((h) => {
    const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
    const chars: { char: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      for (let i = 0; i < text.data.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        // The last box: a character right after a break can also get an empty box at the end of the line before.
        chars.push({ char: text.data[i], top: [...range.getClientRects()].at(-1)!.top });
      }
    }
    return chars.flatMap((c, i) => (i > 0 && c.top > chars[i - 1].top + 1 ? [chars[i - 1].char + c.char] : []));
  });
  expect(lineStarts).toEqual(["\u00adz"]);
  await page.context().close();
  expect(found).toEqual([]);
});

test("the administrator's lists: large targets, 320 px wide; a table wider than the phone shows that it scrolls", async ({ browser }) => {
  test.setTimeout(120_000);
  const { organisations: o, users: u } = matrixFixtures();
  const page = await phonePage(browser, "admin");
  const found = await checkAll(page, [
    "/admin",
    "/admin/organisaties",
    `/admin/organisaties/${o.first}`,
    `/admin/organisaties/${o.first}/professional/${u.pro}`,
    "/admin/supervisors",
    "/admin/unfinished-dossiers",
  ]);
  expect(found).toEqual([]);

  // The organisations' table is wider than 320 px: a shadow at the edge with more, and a line saying it scrolls,
  // which is also the region's description.
  await page.goto("/admin/organisaties");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const region = page.getByRole("region", { name: "Organisaties" });
  const wrapper = page.locator("[data-scroll-region]").filter({ has: region });
  const shadow = (edge: "before" | "after") => wrapper.locator(`[data-edge="${edge}"]`);
  await expect(wrapper.getByTestId("scroll-hint")).toBeVisible();
  await expect(region).toHaveAccessibleDescription(/opzij/);
  await expect(shadow("after")).toHaveCSS("opacity", "1");
  await expect(shadow("before")).toHaveCSS("opacity", "0");
  // Scrolled to its end by keyboard (the region takes focus): the shadow moves to the side that now has more.
  await region.focus();
  for (let i = 0; i < 30 && (await shadow("after").evaluate((s) => getComputedStyle(s).opacity)) !== "0"; i++) await page.keyboard.press("ArrowRight");
  await expect(shadow("after")).toHaveCSS("opacity", "0");
  await expect(shadow("before")).toHaveCSS("opacity", "1");

  // On a desktop the table fits: no shadow, no hint.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(wrapper.getByTestId("scroll-hint")).toHaveCount(0);
  await expect(shadow("after")).toHaveCSS("opacity", "0");
  await page.context().close();
});

test("the model pages' menu, the export page's JSON Schema link and the queue's Open link are 44 × 44 px at 320 px and 1280 px", async ({ browser }) => {
  test.setTimeout(120_000);
  await submittedDossier();
  const found: string[] = [];
  for (const viewport of [PHONE, DESKTOP]) {
    const at = `${viewport.width} px`;
    const admin = await signedInPage(browser, "admin", viewport);
    for (const path of ["/en/debug/ml", "/en/debug/ml/labeled-images"]) {
      await admin.goto(path);
      await admin.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const menu = admin.getByRole("navigation", { name: "Model pages" });
      if (viewport === PHONE) {
        // Folded on a phone, so the page's own heading is in the first screen; opened, its links are large.
        const fold = admin.locator("details", { has: admin.getByText("Model pages", { exact: true }) });
        await expect(fold).not.toHaveAttribute("open");
        await expect(admin.getByRole("main").getByRole("heading", { level: 1 })).toBeInViewport();
        expect((await fold.locator("summary").boundingBox())!.height).toBeGreaterThanOrEqual(44);
        await fold.locator("summary").click();
      }
      found.push(...(await under44(menu.getByRole("link"), `${at} ${path}: menu link`)));
      if (viewport === PHONE) {
        // Opened, the menu stacks above the page, which still fits the phone.
        const reflow = await reflowProblem(admin, path);
        if (reflow) found.push(`reflow at 320 px: ${reflow}`);
      } else {
        // On a desktop the menu stays a column beside the page, which keeps most of the width.
        const nav = (await menu.boundingBox())!;
        const main = (await admin.locator("main#main").boundingBox())!;
        if (nav.x + nav.width > main.x || main.width < 600) found.push(`${at} ${path}: menu ${JSON.stringify(nav)} and page ${JSON.stringify(main)} are not side by side`);
        expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
    }
    await admin.goto("/en/admin/data-insights/export-dossier-jsons");
    found.push(...(await under44(admin.getByRole("main").getByRole("link", { name: /^JSON Schema/ }), `${at} export page: schema link`)));
    await admin.context().close();

    const supervisor = await signedInPage(browser, "supervisor", viewport);
    await supervisor.goto("/en/supervisor");
    found.push(...(await under44(supervisor.getByTestId("queue-item").getByRole("link", { name: "Open", exact: true }), `${at} queue: link`)));
    await supervisor.context().close();
  }
  expect(found).toEqual([]);
});

test("the target check reports a small control, and not a link inside a sentence", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/forgot");
  // Added after hydration: React would otherwise take the page back to its own markup.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.evaluate(() => {
    const small = document.createElement("button");
    small.textContent = "x";
    small.style.cssText = "width: 30px; height: 30px; padding: 0";
    const sentence = document.createElement("p");
    sentence.innerHTML = 'Read the <a href="/">terms of use</a> before you start.';
    (document.querySelector("main") ?? document.body).append(small, sentence);
  });
  const found = await smallTargets(page, "/forgot");
  expect(found).toContain(`/forgot: button "x" (30×30)`);
  expect(found.filter((f) => f.includes("terms of use"))).toEqual([]);
  expect(MIN_TARGET_PX).toBe(40);
});
