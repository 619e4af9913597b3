/**
 * The dossier journey in two browsers at once (Dutch): the professional creates a dossier with a national phone
 * number, fills the anamnesis and the reasoning (autosaved), sees what is missing, uploads a still for the left
 * ear on the dossier's page (recording with the camera is in dossier-media.spec.ts) and submits; the supervisor's queue shows it live, the supervisor
 * claims and returns it with a question; the professional replies (live on the supervisor's page) and resubmits;
 * the supervisor completes the review and the professional sees it live. Also: English on a phone-sized screen,
 * the forms without JavaScript, a version conflict between two tabs, and the admin's unfinished dossiers.
 */
import type { Page } from "@playwright/test";
import { drawInEar } from "../../app/ml/synthetic/scenes";
import { mulberry32 } from "../../app/ml/synthetic/prng";
import { encodePng } from "../../app/server/media/png.server";
import { expect, signIn, test } from "./support/fixtures";

const PHONE_INVALID_NL = "Dit is geen geldig telefoonnummer.";

/** A made-up in-ear still (the model's synthetic scene generator), as PNG bytes. */
function syntheticStill(): Buffer {
  return encodePng(drawInEar(mulberry32(7), 96).toRgbBytes(), 96, 96);
}

/** The professional uploads a still for one ear on the dossier's page; it is attached when the upload finishes. */
async function uploadStill(page: Page, dossierId: string, ear: "left" | "right") {
  await page.goto(`/pro/${await proIdOf(page)}/case?dossier=${dossierId}`);
  await page.getByTestId(`file-${ear}`).setInputFiles({ name: "still.png", mimeType: "image/png", buffer: syntheticStill() });
  await expect(page.getByTestId(`media-${ear}`).getByTestId("medium")).toHaveCount(1, { timeout: 30_000 });
}

async function proIdOf(page: Page): Promise<string> {
  const match = /\/pro\/([^/]+)\/case/.exec(page.url());
  if (!match) throw new Error("no professional id");
  return match[1];
}

function dossierIdOf(page: Page): string {
  const url = new URL(page.url());
  const id = url.searchParams.get("dossier") ?? /case\/([0-9a-f-]{36})/.exec(url.pathname)?.[1];
  if (!id) throw new Error(`no dossier id in ${page.url()}`);
  return id;
}

async function startDossier(page: Page, phone: string, texts: { phone: string; left: string; pain: string; sudden: string; duration: string; question: string; create: string }) {
  // The home page has a phone field too ("find a patient"): wait until the start form is the page.
  await page.waitForURL(/\/case$/);
  await page.getByLabel(texts.phone).fill(phone);
  await page.getByRole("radio", { name: texts.left, exact: true }).check();
  await page.getByRole("checkbox", { name: texts.pain, exact: true }).check();
  await page.getByRole("radio", { name: texts.sudden }).check();
  await page.getByLabel(texts.duration).fill("3");
  await page.getByLabel(texts.question).fill("Is dit otitis externa?");
  await page.getByRole("button", { name: texts.create }).click();
  await expect(page).toHaveURL(/\?dossier=[0-9a-f-]{36}$/);
}

test("the whole dossier journey, live for professional and supervisor", async ({ browser, page }) => {
  test.setTimeout(150_000);
  const supervisorContext = await browser.newContext();
  const sup = await supervisorContext.newPage();
  const supervisorErrors: string[] = [];
  sup.on("pageerror", (error) => supervisorErrors.push(error.message));
  sup.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && supervisorErrors.push(m.text()));
  await signIn(sup, "supervisor@casus.test");
  await expect(sup.locator('[data-live="connected"]')).toBeVisible();

  // The professional starts a dossier with a national number.
  await signIn(page, "pro@casus.test");
  await page.getByRole("link", { name: "Dossier starten" }).click();
  await startDossier(page, "06 2468 1357", {
    phone: "Telefoonnummer patiënt",
    left: "Links",
    pain: "Pijn",
    sudden: "Plotseling",
    duration: "Duur (dagen)",
    question: "Uw vraag aan de supervisor",
    create: "Dossier aanmaken",
  });
  const id = dossierIdOf(page);
  await expect(page.getByText("+31 6 24681357").or(page.getByText("06 24681357"))).toBeVisible();

  // Clinical reasoning, autosaved.
  await page.getByRole("button", { name: "Opslaan en verder naar klinisch redeneren" }).click();
  await expect(page).toHaveURL(new RegExp(`/case/${id}/klinisch-redeneren$`));
  await page.getByRole("group", { name: "Gehoorgang" }).getByRole("checkbox", { name: "Rood/gezwollen" }).check();
  await page.getByRole("group", { name: "Trommelvlies" }).getByRole("checkbox", { name: "Normaal" }).check();
  await page.getByLabel("Werkdiagnose", { exact: true }).selectOption("otitis-externa");
  await page.getByRole("group", { name: /^Zekerheid/ }).getByRole("radio", { name: "4" }).check();
  await page.getByRole("group", { name: "Voorgesteld beleid" }).getByRole("checkbox", { name: "Oordruppels" }).check();
  await page.getByLabel("Onderbouwing").fill("Rode, gezwollen gehoorgang na zwemmen.");
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();

  // Submitting without media: the server says what is missing, in Dutch, linking to the field.
  await page.getByRole("button", { name: "Indienen", exact: true }).click();
  const missing = page.getByTestId("missing-list");
  await expect(missing).toContainText("Het dossier is nog niet compleet");
  await expect(missing.getByRole("link", { name: "Media: ten minste één opname van het linkeroor" })).toHaveAttribute("href", /#field-media-left$/);
  await expect(missing).not.toContainText("werkdiagnose");

  const reasoningUrl = page.url();
  await uploadStill(page, id, "left");
  await page.goto(reasoningUrl);
  await expect(page.getByTestId("medium")).toHaveCount(1);
  await page.getByRole("button", { name: "Indienen", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/supervisor/case/${id}$`));
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");

  // The supervisor's queue shows it without a reload; claim, then return with a question.
  const item = sup.locator(`[data-testid="waiting"] [data-dossier="${id}"]`);
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Oppakken" }).click();
  await expect(sup.locator(`[data-testid="mine"] [data-dossier="${id}"]`)).toBeVisible();
  await sup.locator(`[data-testid="mine"] [data-dossier="${id}"]`).getByRole("link", { name: "Openen" }).click();
  await expect(sup.locator('[data-live="connected"]')).toBeVisible();
  await sup.getByLabel("Vraag aan de professional").fill("Was er pijn bij tractie aan de oorschelp?");
  await sup.getByRole("button", { name: "Terugsturen met vraag" }).click();
  await expect(sup.getByTestId("case-status")).toHaveText("Teruggestuurd");

  // The professional's open page follows live: status and question.
  await expect(page.getByTestId("case-status")).toHaveText("Teruggestuurd");
  await expect(page.getByTestId("thread")).toContainText("Was er pijn bij tractie aan de oorschelp?");
  await page.getByLabel("Bericht").fill("Ja, duidelijke pijn bij tractie.");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(sup.getByTestId("thread")).toContainText("Ja, duidelijke pijn bij tractie.");
  await page.getByRole("button", { name: "Opnieuw indienen" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");
  await expect(sup.getByTestId("case-status")).toHaveText("Ingediend");

  // The supervisor claims again, reviews and completes; the professional sees the review live.
  await sup.getByRole("button", { name: "Oppakken" }).click();
  const review = sup.getByTestId("review-form");
  await review.getByRole("radio", { name: "Eens", exact: true }).check();
  await review.getByRole("radio", { name: "Routine" }).check();
  await review.getByLabel("Feedback aan de professional").fill("Goed onderbouwd.");
  await review.getByRole("button", { name: "Beoordeling afronden" }).click();
  await expect(sup.getByTestId("case-status")).toHaveText("Afgerond");
  await expect(page.getByTestId("case-status")).toHaveText("Afgerond");
  await expect(page.getByTestId("review-view")).toContainText("Goed onderbouwd.");

  expect(supervisorErrors).toEqual([]);
  await supervisorContext.close();
});

test("in English on a phone-sized screen: a known patient is recognised, and the missing list speaks English", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "pro@casus.test", undefined, "/en");
  await page.getByRole("link", { name: "Start a dossier" }).click();
  await page.waitForURL(/\/case$/);
  // A demo patient of this organisation, typed nationally.
  await page.getByLabel("Patient's phone number").fill("06 33 33 33 33");
  await page.getByLabel("Patient's phone number").blur();
  await expect(page.getByTestId("known-patient")).toHaveText("Known patient 06 33333333: 1 earlier dossier.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await startDossier(page, "+32 470 12 34 56", {
    phone: "Patient's phone number",
    left: "Left",
    pain: "Pain",
    sudden: "Sudden",
    duration: "Duration (days)",
    question: "Your question for the supervisor",
    create: "Create dossier",
  });
  await expect(page.getByText("+32 470 12 34 56")).toBeVisible();
  const missing = page.getByTestId("missing-list");
  await expect(missing).toContainText("Still needed before submitting:");
  await expect(missing).toContainText("Left ear: working diagnosis");
  await expect(missing.getByRole("link", { name: "Media: at least one recording of the left ear" })).toBeVisible();
});

test("without JavaScript: create, save with the button, and the server's missing list", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signIn(page, "pro@casus.test");
    await page.getByRole("link", { name: "Dossier starten" }).click();
    // A refused start keeps what was typed.
    await page.getByLabel("Telefoonnummer patiënt").fill("12345");
    await page.getByRole("radio", { name: "Links", exact: true }).check();
    await page.getByLabel("Uw vraag aan de supervisor").fill("Blijft dit staan?");
    await page.getByRole("button", { name: "Dossier aanmaken" }).click();
    await expect(page.getByRole("alert")).toContainText(PHONE_INVALID_NL);
    await expect(page.getByLabel("Uw vraag aan de supervisor")).toHaveValue("Blijft dit staan?");
    await expect(page.getByLabel("Telefoonnummer patiënt")).toHaveValue("12345");
    await startDossier(page, "0612 121 212", {
      phone: "Telefoonnummer patiënt",
      left: "Links",
      pain: "Pijn",
      sudden: "Plotseling",
      duration: "Duur (dagen)",
      question: "Uw vraag aan de supervisor",
      create: "Dossier aanmaken",
    });
    await page.getByLabel("Allergieën").fill("Geen bekend");
    await page.getByRole("button", { name: "Opslaan", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Opgeslagen." })).toBeVisible();
    await expect(page.getByLabel("Allergieën")).toHaveValue("Geen bekend");
    await page.getByRole("button", { name: "Opslaan en verder naar klinisch redeneren" }).click();
    await page.getByLabel("Onderbouwing").fill("Nog niet compleet.");
    await page.getByRole("button", { name: "Indienen", exact: true }).click();
    const missing = page.getByTestId("missing-list");
    await expect(missing).toContainText("Het dossier is nog niet compleet");
    await expect(missing).toContainText("Linkeroor: werkdiagnose");
    await expect(missing).not.toContainText("onderbouwing");
    await expect(page.getByLabel("Onderbouwing")).toHaveValue("Nog niet compleet.");
  } finally {
    await context.close();
  }
});

test("two tabs editing one draft: the second save is refused, its input kept (also across a reload) until the user chooses", async ({ page }) => {
  await signIn(page, "pro@casus.test");
  await page.getByRole("link", { name: "Dossier starten" }).click();
  await startDossier(page, "06 1357 2468", {
    phone: "Telefoonnummer patiënt",
    left: "Links",
    pain: "Pijn",
    sudden: "Plotseling",
    duration: "Duur (dagen)",
    question: "Uw vraag aan de supervisor",
    create: "Dossier aanmaken",
  });
  await page.getByRole("button", { name: "Opslaan en verder naar klinisch redeneren" }).click();
  await page.waitForURL(/klinisch-redeneren$/);
  const other = await page.context().newPage();
  await other.goto(page.url());
  // The second tab must be running before the first one types: on start it takes over any unsent local copy of
  // this dossier (decision 032), and a copy typed meanwhile in tab A would be sent from there.
  await other.waitForFunction(() => "__reactRouterDataRouter" in window);
  await other.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));

  await page.getByLabel("Onderbouwing").fill("Versie uit tabblad A");
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();
  await other.getByLabel("Onderbouwing").fill("Versie uit tabblad B");
  const conflict = other.getByRole("alert").filter({ hasText: "Iemand anders heeft dit dossier intussen gewijzigd" });
  await expect(conflict).toBeVisible();

  // Nothing is lost on a reload: the unsent copy comes back, and is still refused.
  await other.reload();
  await expect(other.getByLabel("Onderbouwing")).toHaveValue("Versie uit tabblad B");
  await expect(conflict).toBeVisible();
  await other.getByRole("button", { name: "Mijn versie opslaan (overschrijft de andere wijziging)" }).click();
  await expect(other.locator('[data-autosave="saved"]')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Onderbouwing")).toHaveValue("Versie uit tabblad B");
  await other.close();
});

test("the admin sees the demo's unfinished dossiers with age, owner and organisation, and sends a reminder", async ({ page }) => {
  await signIn(page, "admin@casus.test");
  await page.goto("/admin/unfinished-dossiers");
  const rows = page.getByTestId("unfinished-row");
  const draft = rows.filter({ hasText: "Concept" }).filter({ hasText: "Pia Praktijkondersteuner" });
  await expect(draft).toContainText("10 dagen");
  await expect(draft).toContainText("Huisartsenpraktijk De Linde");
  const late = rows.filter({ hasText: "Ingediend" }).filter({ hasText: "Hoorzorg Aan Zee" });
  await expect(late).toContainText("werkdagen");
  await late.getByRole("button", { name: "Herinnering sturen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Herinnering verstuurd (1 e-mail)." })).toBeVisible();
});
