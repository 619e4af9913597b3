/**
 * The people flows in the browser, in Dutch: invite → e-mail in the outbox → set password → signed in;
 * forgot → reset; create an organisation; disable a professional (without JavaScript, through the confirm step).
 * Mails are read from the shared server's outbox (DATA_DIR/outbox, no SMTP_URL in the demo server).
 */
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import { hashPassword } from "better-auth/crypto";
import type { Route } from "@playwright/test";
import { listOutbox } from "../../app/server/mail/outbox-reader.server";
import { expect, openSignedIn, signIn, submitSignIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

const STRONG = "kraanvogel-tandpasta-oktober-7";

async function mailTo(address: string): Promise<{ subject: string; links: string[]; language: string | null }> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  for (let i = 0; i < 100; i++) {
    const mail = (await listOutbox(dir, 200)).filter((m) => m.kind === "email" && m.to === address).at(-1);
    if (mail && mail.kind === "email") return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address}`);
}

/** A professional in a fresh organisation of their own, straight in the database (with a password when given). */
async function professionalInNewOrganisation(password: string | null) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const orgId = crypto.randomUUID();
    const userId = crypto.randomUUID();
    const email = `e2e-${userId.slice(0, 8)}@casus.test`;
    await client.query(`insert into organisation (id, name, kind) values ($1, $2, 'other')`, [orgId, `E2E Praktijk ${userId.slice(0, 4)}`]);
    await client.query(`insert into "user" (id, name, email, email_verified, role, locale) values ($1, 'Lotte Test', $2, true, 'professional', 'nl')`, [userId, email]);
    await client.query(`insert into professional (user_id, organisation_id) values ($1, $2)`, [userId, orgId]);
    if (password) {
      await client.query(`insert into account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [crypto.randomUUID(), userId, await hashPassword(password)]);
    }
    return { orgId, userId, email };
  } finally {
    await client.end();
  }
}

test("invite a professional → the e-mail link → set a password (live feedback) → signed in", async ({ page }) => {
  const f = matrixFixtures();
  const email = `uitgenodigd-${crypto.randomUUID().slice(0, 8)}@casus.test`;
  await openSignedIn(page, "admin@casus.test", `/admin/organisaties/${f.organisations.third}`);
  const invite = page.locator("form", { has: page.locator('input[name="intent"][value="invite"]') });
  await invite.getByLabel("Naam").fill("Ilse Uitgenodigd");
  await invite.getByLabel("E-mailadres").fill(email);
  await invite.getByLabel("Functie").fill("Doktersassistent");
  await invite.getByRole("button", { name: "Uitnodiging versturen" }).click();
  await expect(page.getByText("De uitnodiging is verstuurd.")).toBeVisible();
  await expect(page.getByTestId("professionals-table")).toContainText("Ilse Uitgenodigd");
  await expect(page.getByTestId("professionals-table")).toContainText("Uitgenodigd");

  const mail = await mailTo(email);
  expect(mail.language).toBe("nl");
  const link = mail.links.find((l) => l.includes("/set-password?token="))!;
  await page.context().clearCookies();
  // The first characters are typed before the page is interactive, as on a slow phone: the page's scripts are held
  // until then. Without JavaScript the form works as a plain form; once it hydrates, the feedback covers them.
  let holding = true;
  const held: Route[] = [];
  await page.route(/\/assets\/.*\.js$/, (route) => (holding ? void held.push(route) : route.continue()));
  await page.goto(new URL(link).pathname + new URL(link).search, { waitUntil: "commit" });
  await expect(page.getByText(`Kies een wachtwoord voor ${email}`)).toBeVisible();
  await page.getByLabel("Nieuw wachtwoord").fill("kort-123");
  expect(held.length).toBeGreaterThan(0);
  holding = false;
  for (const route of held) await route.continue();
  await page.locator("html[data-hydrated]").waitFor();
  // The strength meter appears once its dictionaries (about 1 MB, loaded after first paint) are in: slow on a busy machine.
  await expect(page.getByTestId("password-strength")).toContainText("Gebruik minstens 12 tekens.", { timeout: 30_000 });
  await page.getByLabel("Nieuw wachtwoord").fill("wachtwoordwachtwoord");
  await expect(page.getByTestId("password-strength")).toContainText("te makkelijk te raden");
  await page.getByLabel("Nieuw wachtwoord").fill(STRONG);
  await expect(page.getByTestId("password-strength")).toContainText("Sterk genoeg.");
  await page.getByLabel("Herhaal het wachtwoord").fill(STRONG);
  await page.getByRole("button", { name: "Wachtwoord opslaan en inloggen" }).click();
  await page.waitForURL(/\/pro\/[0-9a-f-]+$/);

  // The link is used up: its own message, not the form.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId("link-problem")).toContainText("verlopen of ongeldig");
});

test("forgot password: same answer for an unknown address; the reset link sets a new password", async ({ page }) => {
  const person = await professionalInNewOrganisation("oud-wachtwoord-voor-de-test");
  await page.goto("/forgot");
  await page.getByLabel("E-mailadres").fill("niemand-hier@casus.test");
  await page.getByRole("button", { name: "Link versturen" }).click();
  const answer = await page.getByRole("status").textContent();
  expect(answer).toContain("Als er een account bij dit adres hoort");

  await page.goto("/forgot");
  await page.getByLabel("E-mailadres").fill(person.email);
  await page.getByRole("button", { name: "Link versturen" }).click();
  expect(await page.getByRole("status").textContent()).toBe(answer);

  const link = (await mailTo(person.email)).links.find((l) => l.includes("/set-password?token="))!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(`Kies een nieuw wachtwoord voor ${person.email}`)).toBeVisible();
  await page.getByLabel("Nieuw wachtwoord").fill("nieuwe-lente-gitaar-42");
  await page.getByLabel("Herhaal het wachtwoord").fill("nieuwe-lente-gitaar-42");
  await page.getByRole("button", { name: "Wachtwoord opslaan en inloggen" }).click();
  await page.waitForURL(`/pro/${person.userId}`);
  await page.context().clearCookies();
  await signIn(page, person.email, "nieuwe-lente-gitaar-42");
  await expect(page).toHaveURL(`/pro/${person.userId}`);
});

test("an expired or unknown link gets its own message", async ({ page }) => {
  await page.goto(`/set-password?token=bestaat-niet&expires=${Math.floor(Date.now() / 1000) - 60}`);
  await expect(page.getByTestId("link-problem")).toContainText("Deze link is verlopen");
  await page.goto("/set-password?token=bestaat-niet");
  await expect(page.getByTestId("link-problem")).toContainText("verlopen of ongeldig");
});

test("create an organisation: per-field messages first, then the detail page", async ({ page }) => {
  const name = `Huisartsenpraktijk ${crypto.randomUUID().slice(0, 6)}`;
  await openSignedIn(page, "admin@casus.test", "/admin/organisaties");
  const form = page.locator("form", { has: page.locator('input[name="intent"][value="create"]') });
  await form.getByLabel("E-mailadres voor contact").fill("geen-adres");
  await form.getByLabel("Opslagruimte (GB)").fill("-5");
  await form.getByRole("button", { name: "Organisatie aanmaken" }).click();
  // Announced in the words every refused form uses (errors:codes.invalid-form), not in a wording of its own.
  await expect(page.getByRole("alert").filter({ hasText: "Controleer de gemarkeerde velden: niet alles is goed ingevuld." })).toBeVisible();
  await expect(form.getByText("Vul een naam in.")).toBeVisible();
  await expect(form.getByText("Vul een geldig e-mailadres in.")).toBeVisible();
  await expect(form.getByText("Vul de opslagruimte in GB in: een getal van 0 of meer, zoals 10 of 2,5.")).toBeVisible();
  await form.getByLabel("Naam").fill(name);
  await form.getByLabel("Plaats").fill("Utrecht");
  await form.getByLabel("E-mailadres voor contact").fill("");
  await form.getByLabel("Opslagruimte (GB)").fill("2,5");
  await form.getByRole("button", { name: "Organisatie aanmaken" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // The quota is shown in GB, in Dutch, as it was typed.
  await expect(page.getByLabel("Opslagruimte (GB)")).toHaveValue("2,5");
  await expect(page.getByText("De organisatie is aangemaakt.")).toBeVisible();
  await expect(page.getByTestId("audit-table")).toContainText("Heeft de organisatie aangemaakt");

  await page.goto(`/admin/organisaties?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("organisations-table").locator("tbody tr")).toHaveCount(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("disable a professional: confirm first; they are signed out and cannot sign in", async ({ page, browser }) => {
    const person = await professionalInNewOrganisation(STRONG);
    const proContext = await browser.newContext({ javaScriptEnabled: false });
    const proPage = await proContext.newPage();
    await signIn(proPage, person.email, STRONG);

    await openSignedIn(page, "admin@casus.test", `/admin/organisaties/${person.orgId}/professional/${person.userId}`, { javaScript: false });
    await page.getByRole("link", { name: "Account uitschakelen" }).click();
    const confirm = page.getByTestId("confirm-panel");
    await expect(confirm).toContainText("Lotte Test uitschakelen?");
    await confirm.getByRole("button", { name: "Account uitschakelen" }).click();
    await expect(page.getByText("Het account is uitgeschakeld en overal uitgelogd.")).toBeVisible();
    await expect(page.getByTestId("profile")).toContainText("Uitgeschakeld");
    await expect(page.getByTestId("audit-table")).toContainText("Heeft een account uitgeschakeld");

    // Their open session is gone at once, and signing in again is refused.
    await proPage.goto(`/pro/${person.userId}`);
    await expect(proPage).toHaveURL(/\/\?redirectTo=/);
    await submitSignIn(proPage, person.email, STRONG);
    await expect(proPage.getByRole("alert")).toContainText("Dit account is uitgeschakeld");
    await proContext.close();
  });
});

test("CSV import: a preview with per-row problems first, then all invitations in one go", async ({ page }) => {
  const f = matrixFixtures();
  const tag = crypto.randomUUID().slice(0, 6);
  await openSignedIn(page, "admin@casus.test", `/admin/organisaties/${f.organisations.third}`);
  await page.getByLabel("CSV-bestand").setInputFiles({
    name: "team.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`naam;e-mail;functie\nAnouk Aap;anouk-${tag}@casus.test;Assistent\n;geen-adres;\nBram Beer;pro@casus.test;\n`),
  });
  await page.getByRole("button", { name: "Voorbeeld tonen" }).click();
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("Voorbeeld: 3 regels");
  await expect(preview).toContainText("Naam: Vul een naam in.; E-mail: Vul een geldig e-mailadres in.");
  await expect(preview).toContainText("er bestaat al een account met dit adres");
  await expect(preview).toContainText("Er is niets opgeslagen.");
  await expect(page.getByTestId("professionals-table")).not.toContainText("Anouk Aap");

  await page.getByLabel("Of plak de regels hier").fill(`Anouk Aap,anouk-${tag}@casus.test,Assistent\nBram Beer,bram-${tag}@casus.test,`);
  await page.getByRole("button", { name: "Voorbeeld tonen" }).click();
  await expect(page.getByTestId("import-preview")).toContainText("Voorbeeld: 2 regels");
  await page.getByRole("button", { name: "2 professionals uitnodigen" }).click();
  await expect(page.getByText("De professionals zijn uitgenodigd.")).toBeVisible();
  await expect(page.getByTestId("professionals-table")).toContainText("Anouk Aap");
  await expect(page.getByTestId("professionals-table")).toContainText("Bram Beer");
  expect((await mailTo(`bram-${tag}@casus.test`)).language).toBe("nl");
});

test("supervisors: searched and paged; choosing one keeps the list's search and page, also after a change", async ({ page }) => {
  // 25 made-up supervisors with one tag in their names: 2 pages of 20 when searched for.
  const tag = `Zoek${crypto.randomUUID().slice(0, 6)}`;
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    for (let i = 0; i < 25; i++) {
      const id = crypto.randomUUID();
      await client.query(`insert into "user" (id, name, email, email_verified, role, locale) values ($1, $2, $3, true, 'supervisor', 'nl')`, [id, `${tag} ${String(i).padStart(2, "0")}`, `${tag.toLowerCase()}-${i}@casus.test`]);
      await client.query(`insert into supervisor (user_id, specialty) values ($1, 'ent')`, [id]);
    }
  } finally {
    await client.end();
  }
  await openSignedIn(page, "admin@casus.test", "/admin/supervisors");
  await page.getByRole("searchbox", { name: "Zoeken op naam of e-mailadres" }).fill(tag);
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page.getByTestId("people-count")).toHaveText("25 personen gevonden");
  const table = page.getByTestId("supervisors-table");
  await expect(table.getByRole("row")).toHaveCount(21);
  await expect(page.getByTestId("pager")).toContainText("Pagina 1 van 2");

  await page.getByTestId("pager").getByRole("link", { name: "Volgende pagina" }).click();
  await expect(page.getByTestId("pager")).toContainText("Pagina 2 van 2");
  await expect(table.getByRole("row")).toHaveCount(6);
  await table.getByRole("link", { name: `${tag} 23` }).click();
  await expect(page.getByTestId("selected-person").getByRole("heading", { level: 2 }).first()).toHaveText(`${tag} 23`);
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2&id=`));

  // A change redirects back to the same person, search and page.
  await page.getByTestId("selected-person").getByLabel("Specialisme").selectOption("audiologist");
  await page.getByTestId("selected-person").getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Opgeslagen.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2&id=.*&done=saved`));
  await expect(page.getByTestId("pager")).toContainText("Pagina 2 van 2");
  await expect(table.getByRole("row", { name: `${tag} 23` })).toContainText("Audioloog");

  // A search that finds nobody says so once, without an empty table.
  await page.goto(`/admin/supervisors?q=${tag}-niemand`);
  await expect(page.getByTestId("people-count")).toHaveText("Niemand gevonden.");
  await expect(page.getByTestId("supervisors-table")).toHaveCount(0);
  await expect(page.getByText("Niemand gevonden.")).toHaveCount(1);
});

test("assigning a supervisor: the search beside the select keeps the professionals' search and says when nobody matches", async ({ page }) => {
  const { organisations: o, users: u } = matrixFixtures();
  // The third organisation, which the demo supervisor is not assigned to; its professionals' list searched for "a".
  await openSignedIn(page, "admin@casus.test", `/admin/organisaties/${o.third}?q=a&find=niemand-hier`);
  await expect(page.getByTestId("choices-count")).toHaveText("Niemand gevonden.");
  await expect(page.locator('select[name="supervisorId"]')).toHaveCount(0);
  await page.getByRole("search").filter({ has: page.locator('input[name="find"]') }).getByRole("searchbox").fill("supervisor@casus");
  await page.getByRole("search").filter({ has: page.locator('input[name="find"]') }).getByRole("button", { name: "Zoeken" }).click();
  await expect(page).toHaveURL(/\?q=a&find=supervisor%40casus$/);
  await expect(page.locator('select[name="supervisorId"] option')).toHaveText([/ \(supervisor@casus\.test\)$/]);
  await expect(page.locator(`select[name="supervisorId"] option[value="${u.supervisor}"]`)).toHaveCount(1);
});

test("a supervisor's own organisations stay offered and checked whatever the organisation search, so saving keeps them", async ({ page }) => {
  const { organisations: o, users: u } = matrixFixtures();
  await openSignedIn(page, "admin@casus.test", `/admin/supervisors?id=${u.supervisor}&find=geen-organisatie`);
  await expect(page.getByTestId("choices-count")).toHaveText("Geen organisatie gevonden.");
  const boxes = page.getByTestId("selected-person").locator('input[name="organisationIds"]');
  await expect(boxes).toHaveCount(2);
  await page.getByTestId("selected-person").getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Opgeslagen.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("selected-person").locator('input[name="organisationIds"]:checked')).toHaveCount(2);
  for (const own of [o.first, o.second]) await expect(page.getByTestId("selected-person").locator(`input[value="${own}"]`)).toBeChecked();
});
