/**
 * The supervisor's review form fits the screen in the languages with the longest words: the advised-plan choices
 * ("Ohrschmalzentfernung/Spülung", "Oorsmeer verwijderen/uitspuiten") wrap inside their box at a desktop's width and
 * at 320 px, instead of widening the form and the page (a fieldset is as wide as its longest label by default).
 */
import { expect, openSignedIn, test } from "./support/fixtures";
import { reflowProblem } from "./support/reflow";
import { submittedDossier } from "./support/submitted-dossier";

/** How far the page reaches past the screen's right edge, and whether a plan label crosses its box's border. */
const overflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const past = document.documentElement.scrollWidth - window.innerWidth;
    const crossing = [...document.querySelectorAll<HTMLFieldSetElement>('[data-testid="review-form"] fieldset')].flatMap((box) => {
      const edge = box.getBoundingClientRect().right;
      return [...box.querySelectorAll("label")].filter((label) => label.getBoundingClientRect().right > edge + 1).map((label) => label.textContent ?? "");
    });
    return { past, crossing };
  });

test("the review form's plan choices wrap inside their box: no page wider than the screen in German or Dutch", async ({ page }) => {
  test.setTimeout(90_000);
  const id = await submittedDossier();
  await openSignedIn(page, "supervisor@casus.test", `/supervisor/case/${id}`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("button", { name: "Oppakken" }).click();
  await expect(page.getByTestId("review-form")).toBeVisible();

  for (const prefix of ["/de", ""]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${prefix}/supervisor/case/${id}`);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByTestId("review-form").locator('input[name="review.left.plan"][value="wax-removal"]')).toBeVisible();
    expect(await overflow(page), `${prefix || "/nl"} at 1280 px`).toEqual({ past: 0, crossing: [] });
    expect(await reflowProblem(page, `${prefix}/supervisor/case/${id}`)).toBeNull();
    expect(await overflow(page), `${prefix || "/nl"} at 320 px`).toEqual({ past: 0, crossing: [] });
  }
});
