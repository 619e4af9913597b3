/**
 * Media in a dossier for review, on a phone-sized screen with Chromium's fake camera playing a synthetic in-ear
 * clip (400 pixels wide): the professional records a clip for the left ear (the live indicator names the model
 * as synthetic, the proposed stills are the camera's full frames, the stored score names the model version) and
 * uploads a still for the right ear. The supervisor steps through the video frame by frame, zooms, draws on the
 * still and returns the dossier while the drawing is still being saved; the professional then reads the drawing.
 * The supervisor also judges a video frame for the in-ear model, goes back to it and changes the judgement.
 * The journey spec (dossier-journey.spec.ts) covers the rest through the pages: the reasoning, the notifications
 * and the whole lifecycle; here the reasoning is written into the database.
 */
import pg from "pg";
import { drawInEar } from "../../app/ml/synthetic/scenes";
import { mulberry32 } from "../../app/ml/synthetic/prng";
import { encodePng } from "../../app/server/media/png.server";
import { fakeCamera } from "./support/fake-camera";
import { expect, openSignedIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

// 400 pixels wide: wider than the small copies the recorder scores, so a proposed still shows its resolution.
test.use({ viewport: { width: 390, height: 844 }, ...fakeCamera(1, 11, 400) });

const reasoning = (diagnosis: string) => ({
  canal: ["normal"],
  eardrum: ["red"],
  diagnosis,
  differential: [],
  confidence: 3,
  plan: ["pain-relief"],
  argument: "Rood trommelvlies.",
});

async function writeReasoning(dossierId: string) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`update dossier set reasoning = $2 where id = $1`, [
      dossierId,
      { left: reasoning("acute-otitis-media"), right: reasoning("acute-otitis-media") },
    ]);
  } finally {
    await client.end();
  }
}

test("record and upload per ear, then frame stepping, zoom and drawing in review", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await openSignedIn(page, "pro@casus.test", `/pro/${matrixFixtures().users.pro}`);
  await page.getByRole("link", { name: "Dossier starten" }).first().click();
  // Found by its button: after the link the URL changes while the home page (a phone field too) still shows.
  const start = page.locator("form", { has: page.getByRole("button", { name: "Dossier aanmaken" }) });
  // A phone takes the steps in order: the patient first, then the recording; the anamnesis comes after it.
  await start.getByLabel("Telefoonnummer patiënt").fill("06 1357 9024");
  await start.getByRole("radio", { name: "Beide", exact: true }).check();
  await expect(start.getByRole("checkbox", { name: "Pijn", exact: true })).toBeHidden();
  await start.getByRole("button", { name: "Dossier aanmaken" }).click();
  await expect(page).toHaveURL(/\?dossier=[0-9a-f-]{36}&step=recording$/);
  const id = new URL(page.url()).searchParams.get("dossier")!;

  // Left ear: a clip of two seconds on the recording's own clock (enough frames to step through).
  const left = page.getByTestId("capture-left");
  await left.getByTestId("record-left").click();
  await expect(left.getByTestId("in-ear-label")).toHaveAttribute("data-state", "in-ear", { timeout: 60_000 });
  // The shipped model is synthetic, and says so wherever it shows.
  await expect(left.getByTestId("in-ear-synthetic")).toHaveText("Synthetisch model, niet klinisch gevalideerd");
  await left.getByRole("button", { name: "Opnemen" }).click();
  await expect(left.getByTestId("recording-indicator")).toHaveText(/Opname [2-9] s/, { timeout: 10_000 });
  await left.getByRole("button", { name: "Stoppen" }).click();
  // The proposed stills are the camera's full frames (as a still taken by hand), not the small scoring copies.
  const proposed = left.getByTestId("stills").locator("img").first();
  await expect.poll(() => proposed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const videoWidth = await left.getByTestId("preview").evaluate((v: HTMLVideoElement) => v.videoWidth);
  expect(videoWidth).toBe(400);
  expect(await proposed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(videoWidth);
  await left.getByTestId("review-clip").getByRole("button", { name: "Video uploaden" }).click();
  await expect(page.getByTestId("media-left").getByTestId("medium")).toHaveCount(1, { timeout: 40_000 });
  // The score names the model version in full (the shipped one is "in-ear-synthetic"), not cut to "in-ear-s".
  await expect(page.getByTestId("media-left").getByTestId("in-ear-score")).toContainText(/In het oor: \d+% · model in-ear-synthetic$/);
  await left.getByTestId("record-left").click();

  // Right ear: upload a still.
  await page
    .getByTestId("file-right")
    .setInputFiles({ name: "rechts.png", mimeType: "image/png", buffer: encodePng(drawInEar(mulberry32(3), 128).toRgbBytes(), 128, 128) });
  await expect(page.getByTestId("media-right").getByTestId("medium")).toHaveCount(1, { timeout: 30_000 });

  await page.getByRole("link", { name: "Verder: Anamnese" }).click();
  await expect(page.getByTestId("step-of")).toHaveText("Stap 3 van 5: Anamnese");
  await page.getByRole("checkbox", { name: "Pijn", exact: true }).check();
  await page.getByRole("radio", { name: "Plotseling" }).check();
  await page.getByLabel("Duur (dagen)").fill("2");
  await page.getByLabel("Uw vraag aan de supervisor").fill("Otitis media?");
  await page.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Opgeslagen." })).toBeVisible();
  await writeReasoning(id);
  await page.goto(page.url().replace(/\/case\?dossier=.*$/, `/case/${id}/klinisch-redeneren`));
  await page.getByRole("button", { name: "Indienen", exact: true }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");

  // The supervisor claims, steps through the video and draws on the still.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const sup = await context.newPage();
  await openSignedIn(sup, "supervisor@casus.test", `/supervisor/case/${id}`);
  await sup.getByRole("button", { name: "Oppakken" }).click();
  await expect(sup.getByTestId("review-form")).toBeVisible();
  const video = sup.getByTestId("medium-video");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  // Steps are 1/25 s (no playback yet to measure the rate), from the middle of the clip (as after dragging the time
  // bar there; a recording's first frames are unevenly spaced). After a step forward Chromium reports the time
  // stepped to; after a step back, the start of the frame it shows, which lies up to one frame before the time
  // stepped to (1.080 → 1.017 s was seen: that clip's frames lay 0.017 s past the 1/25 s grid).
  const time = sup.getByTestId("video-time");
  const at = async () => Number(await time.getAttribute("data-time"));
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 1));
  await expect.poll(at).toBeGreaterThan(0.9);
  const middle = await at();
  await sup.getByTestId("next-frame").click();
  await sup.getByTestId("next-frame").click();
  await expect.poll(at).toBeGreaterThan(middle + 1.5 / 25);
  const twoForward = await at();
  expect(twoForward).toBeLessThan(middle + 2.5 / 25);
  await video.focus();
  await sup.keyboard.press("ArrowLeft");
  await expect.poll(at).toBeLessThan(twoForward - 0.5 / 25);
  expect(await at()).toBeGreaterThanOrEqual(twoForward - 2 / 25);

  // The frame on screen is judged for the in-ear model (decision 075): the question names its time and follows the
  // player, the judgement keeps the time, and "Tonen" brings the frame back to change its judgement.
  const judge = sup.getByTestId("media-left").getByTestId("frame-judge");
  const shownMs = Math.round((await video.evaluate((v: HTMLVideoElement) => v.currentTime)) * 1000);
  const seconds = (shownMs / 1000).toFixed(2);
  await expect(judge.getByRole("group", { name: `Wat laat het beeld op ${seconds} s zien?` })).toBeVisible();
  await judge.getByRole("button", { name: "Gehoorgang zichtbaar" }).click();
  await expect(judge.getByRole("status")).toHaveText("Opgeslagen: Gehoorgang zichtbaar.");
  const judged = judge.getByTestId("judgement");
  await expect(judged).toHaveAttribute("data-frame-ms", String(shownMs));
  await expect(judged).toContainText(`Beeld op ${seconds} s: Gehoorgang zichtbaar`);
  await expect(judged.getByTestId("judgement-model")).toHaveText(/^\(model in-ear-synthetic gaf \d+% in het oor; in de dataset\)$/);
  await expect(judge.getByRole("button", { name: "Gehoorgang zichtbaar" })).toHaveAttribute("aria-pressed", "true");
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await expect(judge.getByRole("group", { name: "Wat laat het beeld op 0.50 s zien?" })).toBeVisible();
  await expect(judge.getByRole("button", { name: "Gehoorgang zichtbaar" })).toHaveAttribute("aria-pressed", "false");
  await judged.getByRole("button", { name: `Beeld op ${seconds} s tonen` }).click();
  await expect.poll(at).toBeCloseTo(shownMs / 1000, 2);
  await expect(judge.getByRole("button", { name: "Gehoorgang zichtbaar" })).toHaveAttribute("aria-pressed", "true");
  await judge.getByRole("button", { name: "Onbruikbaar" }).click();
  await expect(judge.getByRole("status")).toHaveText("Opgeslagen: Onbruikbaar.");
  await expect(judged).toHaveCount(1);
  await expect(judged).toHaveAttribute("data-judgement", "unusable");
  await expect(judged.getByTestId("judgement-model")).toContainText("niet in de dataset");

  const still = sup.getByTestId("media-right").getByTestId("medium");
  await still.getByRole("button", { name: "Inzoomen" }).click();
  await expect(still.getByTestId("zoom-level")).toHaveText("150%");
  await still.getByRole("button", { name: "Uitzoomen" }).click();
  await still.getByTestId("draw-toggle").click();
  const box = (await still.getByTestId("drawing-surface").boundingBox())!;
  await sup.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await sup.mouse.down();
  await sup.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 5 });
  await sup.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 5 });
  await sup.mouse.up();
  await expect(still.getByTestId("drawing-canvas")).toHaveAttribute("data-strokes", "1");
  // The save is held back for a moment: returning the dossier meanwhile must wait for it, not be refused as a
  // conflict with the reviewer's own save (the forms carry the version the save is about to change).
  await sup.route(`**/supervisor/case/${id}.data`, async (route) => {
    if (route.request().method() === "POST" && route.request().postData()?.includes("intent=save-review")) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const bar = sup.getByTestId("action-bar");
  await bar.getByRole("button", { name: "Terugsturen met vraag" }).click();
  await bar.getByLabel("Vraag aan de professional").fill("Kunt u het trommelvlies scherper opnemen?");
  await bar.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(bar.getByRole("button", { name: "Terugsturen", exact: true })).toBeDisabled();
  await bar.getByRole("button", { name: "Terugsturen", exact: true }).click();
  await expect(sup.getByTestId("case-status")).toHaveText("Teruggestuurd");
  await context.close();

  // The professional reads the drawing (read-only).
  await page.goto(`/supervisor/case/${id}`);
  const own = page.getByTestId("media-right").getByTestId("medium");
  await expect(own.getByTestId("drawing-canvas")).toHaveAttribute("data-strokes", "1");
  await expect(own.getByTestId("draw-toggle")).toHaveCount(0);
});
