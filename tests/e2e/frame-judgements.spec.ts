/**
 * Issue 14 point 5 in the browser: the reviewing supervisor judges the still on the review page (the frame made
 * by Chromium from the picture on screen), sees the model version that scored it beside the judgement, and the
 * administrator finds it on /debug/ml/labeled-images as a supervisor review — in Dutch and in English, on a
 * desktop and on a phone. A dossier of its own (in review by the demo supervisor, with a demo still that the
 * shipped model scored), so other tests' transitions of the demo dossiers cannot interfere.
 */
import crypto from "node:crypto";
import { devices } from "@playwright/test";
import pg from "pg";
import { expect, openSignedIn, test } from "./support/fixtures";

const CONTEXT = { baseURL: process.env.E2E_BASE_URL, locale: "nl-NL", userAgent: devices["Desktop Chrome"].userAgent };

async function dossierInReview(): Promise<{ dossierId: string; mediaId: string; version: string; percent: number }> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const [still] = (
      await client.query<{ id: string; organisation_id: string; professional_id: string; version: string; score: string }>(
        `select m.id, d.organisation_id, d.professional_id, m.metadata->>'modelVersion' as version, m.metadata->>'inEarScore' as score
           from media m join dossier_medium dm on dm.media_id = m.id join dossier d on d.id = dm.dossier_id join "user" u on u.id = d.professional_id
          where u.email = 'pro@casus.test' and m.kind = 'image' and m.status = 'complete' and m.metadata ? 'modelVersion' limit 1`,
      )
    ).rows;
    const supervisor = (await client.query<{ id: string }>(`select id from "user" where email = 'supervisor@casus.test'`)).rows[0].id;
    const dossierId = crypto.randomUUID();
    await client.query(`insert into dossier (id, organisation_id, professional_id, status, reviewer_id, ear_side) values ($1, $2, $3, 'in_review', $4, 'left')`, [
      dossierId,
      still.organisation_id,
      still.professional_id,
      supervisor,
    ]);
    await client.query(`insert into dossier_medium (id, dossier_id, media_id, ear) values ($1, $2, $3, 'left')`, [crypto.randomUUID(), dossierId, still.id]);
    return { dossierId, mediaId: still.id, version: still.version, percent: Math.round(Number(still.score) * 100) };
  } finally {
    await client.end();
  }
}

test("the reviewer judges a still for the in-ear model, and the administrator finds it in the dataset", async ({ browser }) => {
  test.setTimeout(120_000);
  const { dossierId, version, percent } = await dossierInReview();
  const supervisor = await browser.newContext({ ...CONTEXT, viewport: { width: 390, height: 844 } });
  const page = await supervisor.newPage();
  await openSignedIn(page, "supervisor@casus.test", `/supervisor/case/${dossierId}`);
  await expect(page).toHaveURL(new RegExp(`/supervisor/case/${dossierId}$`));
  const medium = page.getByTestId("media-left").getByTestId("medium");
  await expect.poll(() => medium.getByTestId("medium-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const judge = medium.getByTestId("frame-judge");
  await expect(judge.getByRole("heading", { name: "Voor het in-oor-model" })).toBeVisible();
  await judge.getByRole("button", { name: "Niet in het oor" }).click();
  await expect(judge.getByRole("status")).toHaveText("Opgeslagen: Niet in het oor.");
  const row = judge.getByTestId("judgement");
  await expect(row).toHaveAttribute("data-judgement", "not-in-ear");
  await expect(judge.getByRole("button", { name: "Niet in het oor" })).toHaveAttribute("aria-pressed", "true");
  await expect(judge.getByRole("button", { name: "Onbruikbaar" })).toHaveAttribute("aria-pressed", "false");
  await expect(row.getByTestId("judgement-model")).toHaveText(`(model ${version} gaf ${percent}% in het oor; in de dataset)`);
  // It fits the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Changed and shown after a reload, in English.
  await page.goto(`/en/supervisor/case/${dossierId}`);
  // The judgement buttons work only once React runs: a click on the server's HTML before hydration does nothing.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const judgeEn = page.getByTestId("media-left").getByTestId("frame-judge");
  await expect(judgeEn.getByTestId("judgement-model")).toHaveText(`(model ${version} gave ${percent}% in ear; in the dataset)`);
  await expect.poll(() => page.getByTestId("medium-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await judgeEn.getByRole("button", { name: "Ear canal visible" }).click();
  await expect(judgeEn.getByRole("status")).toHaveText("Saved: Ear canal visible.");
  await expect(judgeEn.getByTestId("judgement")).toHaveAttribute("data-judgement", "in-ear");
  await supervisor.close();

  // The administrator's dataset: the frame, labelled in the ear, from a supervisor review, with the model's score.
  const admin = await browser.newContext({ ...CONTEXT, viewport: { width: 1280, height: 800 } });
  const adminPage = await admin.newPage();
  await openSignedIn(adminPage, "admin@casus.test", "/en/debug/ml/labeled-images?source=review");
  await expect(adminPage).toHaveURL(/\/en\/debug\/ml\/labeled-images\?source=review$/);
  const card = adminPage.getByTestId("image-card").filter({ has: adminPage.getByTestId("review-facts") }).first();
  await expect(card).toHaveAttribute("data-label", "1");
  await expect(card).toContainText("Supervisor review");
  await expect(card.getByTestId("review-facts")).toHaveText(`Supervisor: Ear canal visibleModel ${version}: ${percent}% in ear`);
  // The thumbnail is the frame Chromium made: a real 64×64 JPEG.
  const size = await card.locator("img").evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  expect(size).toEqual([64, 64]);
  await admin.close();
});

test("the owner is not offered a judgement of their own dossier's media while it is in review", async ({ browser }) => {
  const { dossierId } = await dossierInReview();
  const context = await browser.newContext(CONTEXT);
  const page = await context.newPage();
  await openSignedIn(page, "pro@casus.test", `/supervisor/case/${dossierId}`);
  await expect(page).toHaveURL(new RegExp(`/supervisor/case/${dossierId}$`));
  await expect(page.getByTestId("media-left").getByTestId("medium")).toHaveCount(1);
  await expect(page.getByTestId("frame-judge")).toHaveCount(0);
  await context.close();
});
