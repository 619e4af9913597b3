/**
 * Keyboard only (issue 16 point 8): the professional's and the supervisor's flows without a mouse. Every control is
 * reached with Tab (never focused by the test), radios are chosen with the arrow keys, checkboxes with Space,
 * selects with the arrow keys, text is typed and buttons and links are pressed with Enter. A control that Tab never
 * reaches, or that does not answer its keys, fails the test. The still is attached beforehand (recording is the
 * camera's, and the recorder's own tests drive it).
 */
import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import pg from "pg";
import { axeViolations } from "./support/axe";
import { DEMO_PASSWORD, expect, test } from "./support/fixtures";

/** Tab (forward) until `target` has the focus; fails if it is not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 250) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** A radio of a group chosen by keyboard: Tab to the group's stop, then arrows until `name` is checked. */
async function chooseRadio(page: Page, group: Locator, name: string | RegExp) {
  const target = group.getByRole("radio", { name, exact: typeof name === "string" });
  const radios = group.getByRole("radio");
  const count = await radios.count();
  // The group's stop is its checked radio, or its first.
  let stop = radios.first();
  for (let i = 0; i < count; i++) if (await radios.nth(i).isChecked()) stop = radios.nth(i);
  await tabTo(page, stop);
  for (let i = 0; i <= count && !(await target.isChecked()); i++) await page.keyboard.press("ArrowRight");
  await expect(target).toBeChecked();
}

async function tick(page: Page, checkbox: Locator) {
  await tabTo(page, checkbox);
  await page.keyboard.press("Space");
  await expect(checkbox).toBeChecked();
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

async function pickOption(page: Page, select: Locator, value: string) {
  await tabTo(page, select);
  for (let i = 0; i < 40 && (await select.inputValue()) !== value; i++) await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue(value);
}

async function press(page: Page, control: Locator) {
  await tabTo(page, control);
  await page.keyboard.press("Enter");
}

async function signInByKeyboard(page: Page, email: string) {
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  await typeInto(page, form.locator('input[name="email"]'), email);
  await typeInto(page, form.locator('input[name="password"]'), DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname !== "/");
}

/** Attaches a demo still (the shipped model scored it) to a draft of the demo professional, as the recorder would. */
async function attachStill(dossierId: string) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select m.id from media m join "user" u on u.id = m.uploader_id where u.email = 'pro@casus.test' and m.kind = 'image' and m.status = 'complete' limit 1`,
    );
    await client.query(`insert into dossier_medium (id, dossier_id, media_id, ear) values ($1, $2, $3, 'left')`, [crypto.randomUUID(), dossierId, rows[0].id]);
  } finally {
    await client.end();
  }
}

test("the professional starts, reasons and submits a dossier with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  await signInByKeyboard(page, "pro@casus.test");
  await press(page, page.getByRole("link", { name: "Dossier starten" }).first());
  const start = page.locator("form", { has: page.getByRole("button", { name: "Dossier aanmaken" }) });
  await expect(start).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await typeInto(page, start.getByLabel("Telefoonnummer patiënt"), "06 1357 2468");
  await chooseRadio(page, start.getByRole("radiogroup", { name: /^Oor/ }), "Links");
  await tick(page, start.getByRole("checkbox", { name: "Pijn", exact: true }));
  await chooseRadio(page, start.getByRole("radiogroup", { name: /^Begin/ }), "Plotseling");
  await typeInto(page, start.getByLabel("Duur (dagen)"), "3");
  await typeInto(page, start.getByLabel("Uw vraag aan de supervisor"), "Is dit otitis externa?");
  await press(page, start.getByRole("button", { name: "Dossier aanmaken" }));
  await expect(page).toHaveURL(/\?dossier=[0-9a-f-]{36}&step=recording$/);
  const id = new URL(page.url()).searchParams.get("dossier")!;
  await attachStill(id);

  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await press(page, page.getByRole("button", { name: "Opslaan en verder naar klinisch redeneren" }));
  await expect(page).toHaveURL(new RegExp(`/case/${id}/klinisch-redeneren\\?step=reasoning$`));
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // Submitted too early: the focus moves to the summary of what is missing, whose links lead to the fields.
  await press(page, page.getByRole("button", { name: "Indienen", exact: true }));
  const summary = page.getByTestId("missing-list");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link").first()).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(summary.getByRole("link").first()).toBeFocused();
  await tick(page, page.getByRole("group", { name: "Gehoorgang", exact: true }).getByRole("checkbox", { name: "Rood/gezwollen" }));
  await tick(page, page.getByRole("group", { name: "Trommelvlies", exact: true }).getByRole("checkbox", { name: "Normaal" }));
  await pickOption(page, page.getByLabel("Werkdiagnose (verplicht)", { exact: true }), "otitis-externa");
  await chooseRadio(page, page.getByRole("radiogroup", { name: /^Zekerheid/ }), "4");
  await tick(page, page.getByRole("group", { name: "Voorgesteld beleid" }).getByRole("checkbox", { name: "Oordruppels" }));
  await typeInto(page, page.getByLabel("Onderbouwing"), "Rode, gezwollen gehoorgang na zwemmen.");
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();
  await press(page, page.getByRole("button", { name: "Indienen", exact: true }));
  await expect(page).toHaveURL(new RegExp(`/supervisor/case/${id}$`));
  await expect(page.getByTestId("case-status")).toHaveText("Ingediend");
});

test("the supervisor claims, judges the still, reviews and completes with the keyboard alone", async ({ page }) => {
  test.setTimeout(120_000);
  // A submitted dossier of the demo professional with a still, waiting in the demo supervisor's queue.
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  const id = crypto.randomUUID();
  try {
    const { rows } = await client.query<{ user_id: string; organisation_id: string }>(
      `select p.user_id, p.organisation_id from professional p join "user" u on u.id = p.user_id where u.email = 'pro@casus.test'`,
    );
    await client.query(
      `insert into dossier (id, organisation_id, professional_id, status, ear_side, first_submitted_at, reasoning) values ($1, $2, $3, 'submitted', 'left', now(), $4)`,
      [id, rows[0].organisation_id, rows[0].user_id, JSON.stringify({ left: { canal: ["red-swollen"], eardrum: ["normal"], diagnosis: "otitis-externa", confidence: 4, plan: ["ear-drops"], argument: "Zwemmen." } })],
    );
  } finally {
    await client.end();
  }
  await attachStill(id);

  await signInByKeyboard(page, "supervisor@casus.test");
  await page.goto(`/supervisor/case/${id}`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await press(page, page.getByRole("button", { name: "Oppakken" }));
  const review = page.getByTestId("review-form");
  await expect(review).toBeVisible();
  // The review beside the reasoning, and the action bar, break no WCAG rule.
  expect(await axeViolations(page)).toEqual([]);

  // The still is judged for the in-ear model by keyboard too.
  const judge = page.getByTestId("frame-judge");
  await expect.poll(() => page.getByTestId("medium-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await press(page, judge.getByRole("button", { name: "Gehoorgang zichtbaar" }));
  await expect(judge.getByTestId("judgement")).toHaveAttribute("data-judgement", "in-ear");

  await chooseRadio(page, review.getByRole("radiogroup", { name: /^Eens met de werkdiagnose/ }), "Eens");
  await chooseRadio(page, review.getByRole("radiogroup", { name: /^Urgentie/ }), "Routine");
  await typeInto(page, review.getByLabel("Feedback aan de professional"), "Goed onderbouwd.");
  await press(page, page.getByTestId("action-bar").getByRole("button", { name: "Beoordeling afronden" }));
  await expect(page.getByTestId("case-status")).toHaveText("Afgerond");
});
