/**
 * The dossier journey in two browsers at once, in Dutch, every step through the pages as a user would: the
 * professional creates a dossier with a national phone number, records a clip of the left ear with the camera
 * (Chromium's fake camera plays a synthetic in-ear clip; the live in-ear indicator and the clip's in-ear score),
 * fills the clinical reasoning (autosaved) with the clip beside it and submits; the supervisor's queue shows it
 * live and the supervisors get an e-mail; the supervisor claims, reviews and returns it with a question (e-mail to
 * the professional, whose open page follows live); the professional answers in the thread (live on the
 * supervisor's page) and resubmits; the supervisor completes the review (refused while an advised follow-up lacks
 * its days); the professional sees it live, follows the completion e-mail to read the review, and opens the
 * printable one-page summary (key facts; printed without the site's shell but with its title).
 * Also: English on a phone-sized screen, the forms without JavaScript, a version conflict between two tabs, and
 * the admin's unfinished dossiers (launch options are per file: these run with the fake camera too, unused).
 */
import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { fakeCamera } from "./support/fake-camera";
import { expect, openSignedIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";
import { outboxWatch, type OutboxEmail } from "./support/outbox";

test.use({ ...fakeCamera(1, 11) });

const PHONE_INVALID_NL = "Dit is geen geldig telefoonnummer.";

function dossierIdOf(page: Page): string {
  const url = new URL(page.url());
  const id = url.searchParams.get("dossier") ?? /case\/([0-9a-f-]{36})/.exec(url.pathname)?.[1];
  if (!id) throw new Error(`no dossier id in ${page.url()}`);
  return id;
}

type StartTexts = { phone: string; left: string; pain: string; sudden: string; duration: string; question: string; create: string };

/**
 * The start form, found by its button: the home page has a phone field with the same label ("find a patient"),
 * and after a client-side link the URL changes while the home page still shows (the next page waits for its
 * message files), so the URL is no sign that the form is there.
 */
/** The breadcrumb's items, each after the first with its separator ("› "). */
const crumbs = (page: Page, label = "Kruimelpad") => page.getByRole("navigation", { name: label }).getByRole("listitem");

const startForm = (page: Page, texts: StartTexts) => page.locator("form", { has: page.getByRole("button", { name: texts.create }) });

async function startDossier(page: Page, phone: string, texts: StartTexts) {
  const form = startForm(page, texts);
  await form.getByLabel(texts.phone).fill(phone);
  await form.getByRole("radio", { name: texts.left, exact: true }).check();
  await form.getByRole("checkbox", { name: texts.pain, exact: true }).check();
  await form.getByRole("radio", { name: texts.sudden }).check();
  await form.getByLabel(texts.duration).fill("3");
  await form.getByLabel(texts.question).fill("Is dit otitis externa?");
  await form.getByRole("button", { name: texts.create }).click();
  await expect(page).toHaveURL(/\?dossier=[0-9a-f-]{36}&step=recording$/);
}

const DUTCH: StartTexts = {
  phone: "Telefoonnummer patiënt",
  left: "Links",
  pain: "Pijn",
  sudden: "Plotseling",
  duration: "Duur (dagen)",
  question: "Uw vraag aan de supervisor",
  create: "Dossier aanmaken",
};

/** A notification about this dossier: Dutch, to `to`, with `subject`, linking to the dossier's page. */
const notification = (to: string, subject: string, dossierId: string) => (mail: OutboxEmail) =>
  mail.to === to && mail.subject === subject && mail.links.some((link) => new URL(link).pathname === `/supervisor/case/${dossierId}`);

test("the whole dossier journey, live for professional and supervisor", async ({ browser, page }) => {
  test.setTimeout(150_000);
  const outbox = await outboxWatch();
  const supervisorContext = await browser.newContext();
  const sup = await supervisorContext.newPage();
  const supervisorErrors: string[] = [];
  sup.on("pageerror", (error) => supervisorErrors.push(error.message));
  sup.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && supervisorErrors.push(m.text()));
  await openSignedIn(sup, "supervisor@casus.test", "/supervisor");
  await expect(sup.locator('[data-live="connected"]')).toBeVisible();

  // The professional starts a dossier with a national number.
  await openSignedIn(page, "pro@casus.test", `/pro/${matrixFixtures().users.pro}`);
  await page.getByRole("link", { name: "Dossier starten" }).click();
  await startDossier(page, "06 2468 1357", DUTCH);
  const id = dossierIdOf(page);
  await expect(page.getByText("+31 6 24681357").or(page.getByText("06 24681357"))).toBeVisible();

  // She records the left ear with the camera: the in-ear model labels the live picture; two seconds on the
  // recording's own clock, then the clip is kept and attached with its in-ear score.
  const capture = page.getByTestId("capture-left");
  await capture.getByTestId("record-left").click();
  await expect(capture.getByTestId("in-ear-label")).toHaveAttribute("data-state", "in-ear", { timeout: 60_000 });
  await capture.getByRole("button", { name: "Opnemen" }).click();
  await expect(capture.getByTestId("recording-indicator")).toHaveText(/Opname [2-9] s/, { timeout: 10_000 });
  await capture.getByRole("button", { name: "Stoppen" }).click();
  await capture.getByTestId("review-clip").getByRole("button", { name: "Video uploaden" }).click();
  const leftMedia = page.getByTestId("media-left");
  await expect(leftMedia.getByTestId("medium")).toHaveCount(1, { timeout: 40_000 });
  await expect(leftMedia.getByTestId("medium")).toHaveAttribute("data-kind", "video");
  await expect(leftMedia.getByTestId("in-ear-score")).toContainText("In het oor");
  await capture.getByTestId("record-left").click();

  // Clinical reasoning, autosaved, with the clip beside it; then submit.
  await page.getByRole("button", { name: "Opslaan en verder naar klinisch redeneren" }).click();
  await expect(page).toHaveURL(new RegExp(`/case/${id}/klinisch-redeneren\\?step=reasoning$`));
  await expect(page.getByTestId("medium")).toHaveCount(1);
  await page.getByRole("group", { name: "Gehoorgang", exact: true }).getByRole("checkbox", { name: "Rood/gezwollen" }).check();
  await page.getByRole("group", { name: "Trommelvlies", exact: true }).getByRole("checkbox", { name: "Normaal" }).check();
  await page.getByLabel("Werkdiagnose (verplicht)", { exact: true }).selectOption("otitis-externa");
  await page.getByRole("radiogroup", { name: /^Zekerheid/ }).getByRole("radio", { name: "4" }).check();
  await page.getByRole("group", { name: "Voorgesteld beleid" }).getByRole("checkbox", { name: "Oordruppels" }).check();
  await page.getByLabel("Onderbouwing").fill("Rode, gezwollen gehoorgang na zwemmen.");
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();
  await page.getByRole("button", { name: "Indienen", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/supervisor/case/${id}$`));
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");
  // Her own dossier, under her dossiers: she is not the one reviewing it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dossier");
  await expect(crumbs(page)).toHaveText(["Start", "› Mijn dossiers", "› Dossier"]);

  // The supervisor's queue shows it without a reload, and the supervisor is told by e-mail.
  const item = sup.locator(`[data-testid="waiting"] [data-dossier="${id}"]`);
  await expect(item).toBeVisible();
  const submitted = await outbox.waitForEmail(notification("supervisor@casus.test", "Nieuw dossier ter beoordeling", id), "on submit");
  expect(submitted.language).toBe("nl");

  // Claim, look at the clip, return with a question.
  await item.getByRole("button", { name: "Oppakken" }).click();
  const mine = sup.locator(`[data-testid="mine"] [data-dossier="${id}"]`);
  await mine.getByRole("link", { name: "Openen" }).click();
  await expect(sup.locator('[data-live="connected"]')).toBeVisible();
  await expect(sup.getByTestId("review-form")).toBeVisible();
  await expect(sup.getByRole("heading", { level: 1 })).toHaveText("Dossier beoordelen");
  await expect(crumbs(sup)).toHaveText(["Beoordelingswachtrij", "› Dossier beoordelen"]);
  await expect.poll(() => sup.getByTestId("medium-video").evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  // The actions stay in the bar at the foot of the screen; returning opens the question above it.
  const bar = sup.getByTestId("action-bar");
  await bar.getByRole("button", { name: "Terugsturen met vraag" }).click();
  await bar.getByLabel("Vraag aan de professional").fill("Was er pijn bij tractie aan de oorschelp?");
  await bar.getByRole("button", { name: "Terugsturen", exact: true }).click();
  await expect(bar.getByTestId("action-done")).toHaveText("Dossier teruggestuurd met uw vraag.");
  await expect(sup.getByTestId("case-status")).toHaveText("Teruggestuurd");

  // The professional's open page follows live: status and question; she is told by e-mail too.
  await expect(page.getByTestId("case-status")).toHaveText("Teruggestuurd");
  await expect(page.getByTestId("thread")).toContainText("Was er pijn bij tractie aan de oorschelp?");
  await outbox.waitForEmail(notification("pro@casus.test", "Uw dossier is teruggestuurd met een vraag", id), "on return");
  await page.getByLabel("Bericht").fill("Ja, duidelijke pijn bij tractie.");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(sup.getByTestId("thread")).toContainText("Ja, duidelijke pijn bij tractie.");
  await page.getByRole("button", { name: "Opnieuw indienen" }).click();
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");
  await expect(sup.getByTestId("case-status")).toHaveText("Ingediend");

  // The supervisor claims again, reviews and completes; the professional sees the review live.
  await sup.getByRole("button", { name: "Oppakken" }).click();
  const review = sup.getByTestId("review-form");
  // Completed empty: one summary of what is missing (no second banner saying so), and each field says what it lacks.
  await bar.getByRole("button", { name: "Beoordeling afronden" }).click();
  const reviewMissing = sup.getByTestId("missing-list");
  await expect(reviewMissing).toBeFocused();
  await expect(reviewMissing).toContainText("Uw beoordeling is nog niet compleet. Dit ontbreekt:");
  await expect(sup.getByRole("alert")).toHaveCount(0);
  const agreement = review.getByRole("radiogroup", { name: /^Eens met de werkdiagnose/ });
  await expect(agreement).toHaveAttribute("aria-invalid", "true");
  await expect(agreement).toHaveAccessibleDescription("Kies of u het eens bent met de werkdiagnose.");
  await expect(review.getByRole("radiogroup", { name: /^Urgentie/ })).toHaveAttribute("aria-invalid", "true");
  const feedback = review.getByLabel("Feedback aan de professional");
  await expect(feedback).toHaveAttribute("aria-invalid", "true");
  await expect(feedback).toHaveAccessibleDescription("Schrijf feedback aan de professional.");
  await review.getByRole("radio", { name: "Eens", exact: true }).check();
  await review.getByRole("radio", { name: "Routine" }).check();
  await review.getByLabel("Feedback aan de professional").fill("Goed onderbouwd.");
  // The review sits beside the professional's reasoning: the same diagnosis is marked as such at a glance.
  await review.getByLabel(/^Diagnose supervisor/).selectOption("otitis-externa");
  await expect(review.getByTestId("agrees-left")).toHaveAttribute("data-agrees", "true");
  const advised = review.getByRole("group", { name: /^Geadviseerd beleid/ });
  await advised.getByRole("checkbox", { name: "Oordruppels" }).check();
  // An advised follow-up needs its days, as the professional's does: refused, the days field marked beside itself;
  // with the days the review completes.
  const days = review.getByLabel("Controle na (dagen) (Linkeroor)");
  await expect(days).toBeHidden();
  await advised.getByRole("checkbox", { name: "Controle na N dagen" }).check();
  await expect(days).toBeVisible();
  await bar.getByRole("button", { name: "Beoordeling afronden" }).click();
  await expect(reviewMissing).toBeFocused();
  await expect(reviewMissing.getByRole("listitem")).toHaveText(["Beoordeling, linkeroor: aantal dagen tot controle"]);
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveAccessibleDescription("Vul in na hoeveel dagen de controle is.");
  await expect(sup.getByTestId("case-status")).toHaveText("In beoordeling");
  // The link goes to the field and leaves the refusal as it was: the list, and the field still marked.
  await reviewMissing.getByRole("link").click();
  await expect(days).toBeInViewport();
  await expect(days).toBeFocused();
  await expect(reviewMissing).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveAccessibleDescription("Vul in na hoeveel dagen de controle is.");
  // A move to an anchor of the same page (the skip link's #main) is a new location, yet the same page: the refusal stays.
  await sup.getByRole("link", { name: "Naar de inhoud" }).focus();
  await sup.keyboard.press("Enter");
  await expect(sup).toHaveURL(/#main$/);
  await expect(reviewMissing).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await days.fill("14");
  await bar.getByRole("button", { name: "Beoordeling afronden" }).click();
  await expect(sup.getByTestId("case-status")).toHaveText("Afgerond");
  await expect(page.getByTestId("case-status")).toHaveText("Afgerond");
  await expect(page.getByTestId("review-view")).toContainText("Goed onderbouwd.");
  await expect(page.getByTestId("review-view")).toContainText("Oordruppels, Controle na 14 dagen");
  expect(supervisorErrors).toEqual([]);
  await supervisorContext.close();

  // She follows the completion e-mail to the review.
  const completed = await outbox.waitForEmail(notification("pro@casus.test", "De beoordeling van uw dossier is klaar", id), "on completion");
  await page.goto(completed.links.find((link) => link.includes(id))!);
  const reviewView = page.getByTestId("review-view");
  await expect(reviewView).toContainText("Eens");
  await expect(reviewView).toContainText("Oordruppels, Controle na 14 dagen");
  await expect(reviewView).toContainText("Routine");
  await expect(reviewView).toContainText("Goed onderbouwd.");

  // The printable summary: the key facts on one page; printed, the title stays and the site's shell goes.
  await page.getByRole("link", { name: "Samenvatting (printbaar)" }).click();
  await expect(page).toHaveURL(new RegExp(`/supervisor/case/${id}/mvp$`));
  const summary = page.getByTestId("case-summary");
  const fact = (label: string) => summary.locator(`div:has(> dt:text-is("${label}")) > dd`);
  await expect(summary).toContainText("Afgerond");
  await expect(summary).toContainText("1 medium · 2 berichten");
  await expect(fact("Telefoonnummer patiënt")).toHaveText(/24681357$/);
  await expect(fact("Oor")).toHaveText("Links");
  await expect(fact("Klachten")).toHaveText("Pijn");
  await expect(fact("Vraag aan de supervisor")).toHaveText("Is dit otitis externa?");
  await expect(fact("Werkdiagnose")).toHaveText("Otitis externa");
  await expect(fact("Onderbouwing")).toHaveText("Rode, gezwollen gehoorgang na zwemmen.");
  await expect(fact("Feedback aan de professional")).toHaveText("Goed onderbouwd.");
  // The supervisor's diagnosis and advised plan, each under its own label.
  await expect(fact("Diagnose supervisor (Linkeroor)")).toHaveText("Otitis externa");
  await expect(fact("Geadviseerd beleid (Linkeroor)")).toHaveText("Oordruppels, Controle na 14 dagen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dossiersamenvatting");
  await expect(crumbs(page)).toHaveText(["Start", "› Mijn dossiers", "› Dossier", "› Dossiersamenvatting"]);
  const shell = [page.getByRole("banner"), page.getByRole("navigation", { name: "Hoofdmenu" }).last(), page.getByRole("button", { name: "Afdrukken" })];
  for (const part of shell) await expect(part).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1, name: "Dossiersamenvatting" })).toBeVisible();
  await expect(fact("Werkdiagnose")).toBeVisible();
  for (const part of shell) await expect(part).toBeHidden();
});

test("in English on a phone: a known patient, the five steps, ears in tabs, and a refused submit's errors beside their fields", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, "pro@casus.test", `/en/pro/${matrixFixtures().users.pro}`);
  await page.getByRole("link", { name: "Start a dossier" }).click();
  const english: StartTexts = {
    phone: "Patient's phone number",
    left: "Left",
    pain: "Pain",
    sudden: "Sudden",
    duration: "Duration (days)",
    question: "Your question for the supervisor",
    create: "Create dossier",
  };
  // A demo patient of this organisation, typed nationally.
  const phone = startForm(page, english).getByLabel(english.phone);
  await phone.fill("06 33 33 33 33");
  await phone.blur();
  await expect(page.getByTestId("known-patient")).toHaveText("Known patient 06 33333333: 1 earlier dossier.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // A phone takes the dossier in five steps, one screen each: the start form asks only for the patient.
  const form = startForm(page, english);
  await expect(page.getByTestId("step-of")).toHaveText("Step 1 of 5: Patient");
  // A new dossier is named so; once created, its five steps are one page, "Edit dossier", under "My dossiers".
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New dossier");
  await expect(crumbs(page, "Breadcrumb")).toHaveText(["Home", "› New dossier"]);
  await expect(form.getByLabel(english.question)).toBeHidden();
  await form.getByLabel(english.phone).fill("+32 470 12 34 56");
  // Leaving the phone field looks the new number up; the answer (unknown) must not move the ear-side choice.
  const both = form.getByRole("radio", { name: "Both", exact: true });
  const before = await both.boundingBox();
  await form.getByLabel(english.phone).blur();
  await expect(page.getByTestId("known-patient")).toHaveText("");
  expect(await both.boundingBox()).toEqual(before);
  await both.check();
  await form.getByRole("button", { name: english.create }).click();
  await expect(page).toHaveURL(/\?dossier=[0-9a-f-]{36}&step=recording$/);
  const steps = page.getByTestId("dossier-steps");
  await expect(page.getByTestId("step-of")).toHaveText("Step 2 of 5: Recording");
  // The heading names the page, not one of its steps: a wide screen shows patient, recording and anamnesis at once.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit dossier");
  await expect(crumbs(page, "Breadcrumb")).toHaveText(["Home", "› My dossiers", "› Edit dossier"]);
  await expect(steps.locator('[aria-current="step"]')).toHaveAccessibleName("Recording");
  await expect(steps.locator('[data-step="patient"][data-done]')).toHaveCount(1);
  // Recording is one tap away, for each ear; the patient's facts are another step.
  await expect(page.getByTestId("record-left")).toBeVisible();
  await expect(page.getByTestId("record-right")).toBeVisible();
  await expect(page.getByText("+32 470 12 34 56")).toBeHidden();
  await page.getByRole("link", { name: "Next: Anamnesis" }).click();
  await expect(page.getByTestId("step-of")).toHaveText("Step 3 of 5: Anamnesis");
  await expect(page.getByTestId("record-left")).toBeHidden();
  // "Other complaint" only appears once "Other" is ticked.
  await expect(page.getByLabel("Other complaint")).toBeHidden();
  await page.getByRole("checkbox", { name: "Other", exact: true }).check();
  await page.getByLabel("Other complaint").fill("Pressure when flying");
  await page.getByLabel(english.question).fill("Is this barotrauma?");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole("button", { name: "Save and continue to clinical reasoning" }).click();
  await expect(page.getByTestId("step-of")).toHaveText("Step 4 of 5: Clinical reasoning");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit dossier");
  await expect(crumbs(page, "Breadcrumb")).toHaveText(["Home", "› My dossiers", "› Edit dossier"]);
  // Two ears: one at a time, in tabs. Follow-up days appear inside the plan once follow-up is ticked, and the
  // working diagnosis is not offered again in the differential.
  const tabs = page.getByRole("tablist", { name: "Ear" });
  await expect(tabs.getByRole("tab", { name: "Left ear" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Working diagnosis (required)", { exact: true }).first().selectOption("otitis-externa");
  await expect(page.getByRole("group", { name: "Differential diagnosis" }).first().getByRole("checkbox", { name: "Otitis externa" })).toBeHidden();
  await expect(page.getByLabel("Follow-up after (days) (required)")).toHaveCount(2);
  await expect(page.getByLabel("Follow-up after (days) (required)").first()).toBeHidden();
  await page.getByRole("group", { name: /^Proposed plan/ }).first().getByRole("checkbox", { name: "Follow-up after N days" }).check();
  await expect(page.getByLabel("Follow-up after (days) (required)").first()).toBeVisible();
  await tabs.getByRole("tab", { name: "Right ear" }).click();
  await expect(page.getByLabel("Working diagnosis (required)", { exact: true }).first()).toBeHidden();
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();
  await page.getByRole("link", { name: "Next: Submit" }).click();
  await expect(page.getByTestId("step-of")).toHaveText("Step 5 of 5: Submit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit dossier");
  // The checklist stands beside the submit button.
  const missing = page.getByTestId("missing-list");
  await expect(missing).toContainText("Still needed before submitting:");
  await expect(missing).toContainText("Right ear: working diagnosis");
  await expect(missing.getByRole("link", { name: "Media: at least one recording of the left ear" })).toBeVisible();
  // Submitted too early: the summary takes the focus; its link opens the right ear's tab at its field, which
  // says what it lacks.
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const summary = page.getByTestId("missing-list");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("The dossier is not complete yet");
  // The summary alone says so: no banner above it repeating it.
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("see what is missing")).toHaveCount(0);
  await summary.getByRole("link", { name: "Right ear: working diagnosis" }).click();
  await expect(page.getByTestId("step-of")).toHaveText("Step 4 of 5: Clinical reasoning");
  await expect(tabs.getByRole("tab", { name: /^Right ear/ })).toHaveAttribute("aria-selected", "true");
  const diagnosis = page.locator("#field-reasoning-right-diagnosis");
  await expect(diagnosis.getByRole("combobox")).toBeVisible();
  await expect(diagnosis.getByRole("combobox")).toHaveAttribute("aria-invalid", "true");
  await expect(diagnosis.getByRole("combobox")).toHaveAccessibleDescription("Choose a working diagnosis; with details for ‘Other’.");
  // The steps, the tabs and the fields with their errors break no WCAG rule.
  expect(await axeViolations(page)).toEqual([]);
  // The anamnesis items lead back to their step on the dossier's page; nothing typed was lost on the way.
  await page.getByRole("link", { name: "Back: Anamnesis" }).click();
  await expect(page.getByTestId("step-of")).toHaveText("Step 3 of 5: Anamnesis");
  await expect(page.getByLabel("Other complaint")).toHaveValue("Pressure when flying");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("finding a patient from the home page: a wrong number is refused beside the field, a known one opens its history", async ({ page }) => {
  await openSignedIn(page, "pro@casus.test", `/en/pro/${matrixFixtures().users.pro}`);
  const find = page.getByRole("main").locator("form[method=get]");
  await find.getByLabel("Patient's phone number").fill("12");
  await find.getByRole("button", { name: "Find" }).click();
  const field = find.getByLabel("Patient's phone number");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveValue("12");
  await expect(field).toHaveAccessibleDescription(/^This is not a valid phone number/);
  await field.fill("06 33 33 33 33");
  await find.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/\/en\/pro\/[^/]+\/%2B31633333333\/history$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dossiers of 06 33333333");
});

test("the start form says a wrong number beside its field, which is marked required like the ear", async ({ page }) => {
  await openSignedIn(page, "pro@casus.test", `/en/pro/${matrixFixtures().users.pro}`);
  await page.getByRole("link", { name: "Start a dossier" }).click();
  const form = page.locator("form", { has: page.getByRole("button", { name: "Create dossier" }) });
  const phone = form.getByLabel("Patient's phone number (required)");
  await expect(form.getByRole("radiogroup", { name: "Ear side (required)" })).toBeVisible();
  await phone.fill("12");
  await form.getByRole("radio", { name: "Left", exact: true }).check();
  await form.getByRole("button", { name: "Create dossier" }).click();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/^This is not a valid phone number/);
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue("12");
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test("without JavaScript: create, save with the button, and the server's missing list", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await openSignedIn(page, "pro@casus.test", `/pro/${matrixFixtures().users.pro}`, { javaScript: false });
    await page.getByRole("link", { name: "Dossier starten" }).click();
    // A refused start keeps what was typed.
    await page.getByLabel("Telefoonnummer patiënt").fill("12345");
    await page.getByRole("radio", { name: "Links", exact: true }).check();
    await page.getByLabel("Uw vraag aan de supervisor").fill("Blijft dit staan?");
    await page.getByRole("button", { name: "Dossier aanmaken" }).click();
    const phone = page.getByLabel("Telefoonnummer patiënt");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(new RegExp(`^${PHONE_INVALID_NL}`));
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByLabel("Uw vraag aan de supervisor")).toHaveValue("Blijft dit staan?");
    await expect(phone).toHaveValue("12345");
    await startDossier(page, "0612 121 212", DUTCH);
    await page.getByLabel("Allergieën").fill("Geen bekend");
    await page.getByRole("button", { name: "Opslaan", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Opgeslagen." })).toBeVisible();
    await expect(page.getByLabel("Allergieën")).toHaveValue("Geen bekend");
    await page.getByRole("button", { name: "Opslaan en verder naar klinisch redeneren" }).click();
    // The follow-up's days appear once follow-up is ticked, without a round trip.
    const days = page.getByLabel("Controle na (dagen) (verplicht)").first();
    await expect(days).toBeHidden();
    await page.getByRole("group", { name: /^Voorgesteld beleid/ }).first().getByRole("checkbox", { name: "Controle na N dagen" }).check();
    await expect(days).toBeVisible();
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
  // Two tabs, each hydrating and autosaving, and two reloads: on two busy cores this takes longer than one page.
  test.setTimeout(60_000);
  await openSignedIn(page, "pro@casus.test", `/pro/${matrixFixtures().users.pro}`);
  await page.getByRole("link", { name: "Dossier starten" }).click();
  await startDossier(page, "06 1357 2468", DUTCH);
  await page.getByRole("button", { name: "Opslaan en verder naar klinisch redeneren" }).click();
  await page.waitForURL(/klinisch-redeneren\?step=reasoning$/);
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
  const outbox = await outboxWatch();
  await openSignedIn(page, "admin@casus.test", "/admin/unfinished-dossiers");
  const rows = page.getByTestId("unfinished-row");
  const draft = rows.filter({ hasText: "Concept" }).filter({ hasText: "Pia Praktijkondersteuner" });
  await expect(draft).toContainText("10 dagen");
  await expect(draft).toContainText("Huisartsenpraktijk De Linde");
  const late = rows.filter({ hasText: "Ingediend" }).filter({ hasText: "Hoorzorg Aan Zee" });
  await expect(late).toContainText("werkdagen");
  await late.getByRole("button", { name: "Herinnering sturen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Herinnering wordt verstuurd (1 ontvanger)." })).toBeVisible();
  // The page says when it was last reminded; the e-mail leaves from the job queue and reaches the supervisor.
  await expect(late.getByTestId("last-reminded")).toContainText("1 herinnering");
  const mail = await outbox.waitForEmail((m) => m.subject === "Herinnering: een dossier wacht op u" && m.text.includes("Hoorzorg Aan Zee"), "the reminder");
  expect(mail.links.some((link) => new URL(link).pathname.startsWith("/supervisor/case/"))).toBe(true);
});
