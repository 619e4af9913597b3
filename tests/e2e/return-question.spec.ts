/**
 * A returned dossier's question, where the professional sees it: on a phone the thread lies far below the media, so
 * the open question stands under the page's title, in the first screenful (390 × 844, and 320 px wide without
 * scrolling sideways), with who asked and when and a link to the answer field. It appears live when the supervisor
 * returns the dossier, is the professional's only (not the supervisor's), and is gone once she submits again.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, openSignedIn, test } from "./support/fixtures";
import { completeSubmittedDossier } from "./support/submitted-dossier";

test.use({ viewport: { width: 390, height: 844 } });

const QUESTION = "Was er pijn bij tractie aan de oorschelp? Graag ook de temperatuur.";

/** Wholly inside the window as it first opens: not scrolled, and above the action bar that stays at its foot. */
async function inFirstScreenful(shown: Locator, actionBar: Locator) {
  expect(await shown.page().evaluate(() => window.scrollY)).toBe(0);
  await expect(shown).toBeInViewport({ ratio: 1 });
  const box = (await shown.boundingBox())!;
  const bar = (await actionBar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
}

/** The supervisor, on her own phone, claims the dossier and returns it with QUESTION; `then` looks at her page. */
async function returnWithQuestion(browser: Browser, path: string, then?: (sup: Page) => Promise<void>) {
  const supervisorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "nl-NL" });
  const sup = await supervisorContext.newPage();
  await openSignedIn(sup, "supervisor@casus.test", path);
  const supBar = sup.getByTestId("action-bar");
  await supBar.getByRole("button", { name: "Oppakken" }).click();
  await expect(sup.getByTestId("case-status")).toHaveText("In beoordeling");
  await supBar.getByRole("button", { name: "Terugsturen met vraag" }).click();
  await supBar.getByLabel("Vraag aan de professional").fill(QUESTION);
  await supBar.getByRole("button", { name: "Terugsturen", exact: true }).click();
  await expect(sup.getByTestId("case-status")).toHaveText("Teruggestuurd");
  await then?.(sup);
  await supervisorContext.close();
}

test("the professional sees the open return question at the top of her case page on a phone, until she submits again", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const id = await completeSubmittedDossier();
  const path = `/supervisor/case/${id}`;
  await openSignedIn(page, "pro@casus.test", path);
  const callout = page.getByTestId("return-question");
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");
  await expect(callout).toHaveCount(0);

  // The supervisor claims and returns it with a question, on her own phone.
  await returnWithQuestion(browser, path, async (sup) => {
    // The one who asked reads it in the thread; the callout is for the one who must answer.
    await expect(sup.getByTestId("thread")).toContainText(QUESTION);
    await expect(sup.getByTestId("return-question")).toHaveCount(0);
  });

  // Her open page shows it without a reload: the question, who asked it and when, what to do.
  await expect(page.getByTestId("case-status")).toHaveText("Teruggestuurd");
  await expect(callout.getByRole("heading", { name: "Vraag van uw supervisor" })).toBeVisible();
  await expect(callout.locator("blockquote")).toHaveText(QUESTION);
  await expect(callout).toContainText(/Gesteld door Dr\. Sven Supervisor, \d/);
  await expect(callout).toContainText("Beantwoord de vraag in het gesprek, pas het dossier zo nodig aan en dien het opnieuw in.");

  // Opened afresh on a phone: in the first screenful, above the media and the rest of the dossier.
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const bar = page.getByTestId("action-bar");
  await inFirstScreenful(callout, bar);
  // Her two edit links stand in the callout, beside what to do, not in the bar: the bar holds one row, submitting
  // again, so on the smallest phone it covers little of the page.
  for (const name of ["Anamnese aanpassen", "Klinisch redeneren aanpassen"]) {
    const link = callout.getByRole("link", { name });
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(bar.getByRole("link", { name })).toHaveCount(0);
  }
  // The smallest phone, 320 × 568: the page does not scroll sideways, the callout begins in the first screenful
  // (its title, who asked and the question), and the bar is one button high.
  await page.setViewportSize({ width: 320, height: 568 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await inFirstScreenful(callout.getByRole("heading", { name: "Vraag van uw supervisor" }), bar);
  await inFirstScreenful(callout.locator("blockquote"), bar);
  // One row is about 80 px here; with the edit links in it, it was 190.
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(100);
  expect(await callout.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });

  // Its link takes her to the answer field, ready to type.
  const answerLink = callout.getByRole("link", { name: "Beantwoorden in het gesprek" });
  expect((await answerLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await answerLink.click();
  const answer = page.getByLabel("Bericht");
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport();
  await answer.fill("Ja, duidelijke pijn bij tractie. Temperatuur 37,8.");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page.getByTestId("thread")).toContainText("Temperatuur 37,8.");
  // Answered, but not yet submitted again: the question is still open.
  await expect(callout).toBeVisible();

  // Submitted again: the question is history in the thread, no longer a callout, also after a reload.
  await bar.getByRole("button", { name: "Opnieuw indienen" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");
  await expect(callout).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");
  await expect(callout).toHaveCount(0);
  await expect(page.getByTestId("thread")).toContainText(QUESTION);
});

test("the return question speaks the page's language", async ({ page, browser }) => {
  const id = await completeSubmittedDossier();
  await returnWithQuestion(browser, `/supervisor/case/${id}`);

  const titles = { en: "Question from your supervisor", de: "Frage Ihres Supervisors", fr: "Question de votre superviseur" };
  for (const [lang, title] of Object.entries(titles)) {
    await openSignedIn(page, "pro@casus.test", `/${lang}/supervisor/case/${id}`);
    const callout = page.getByTestId("return-question");
    await expect(callout.getByRole("heading", { name: title })).toBeVisible();
    await expect(callout.locator("blockquote")).toHaveText(QUESTION);
  }
});
