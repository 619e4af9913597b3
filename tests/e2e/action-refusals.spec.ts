/**
 * A refused page action is answered with its refusal's status, never a 200, and the page still says why beside the
 * form, in the page's language: a value no form offers (400), a save against a version someone else changed (409), a
 * step the supervisor may not take (409), the last administrator (409), two passwords that differ (422).
 * Asked as a form post without JavaScript and as React Router's single fetch (`.data`); nothing here changes the
 * shared server's data. Expected outcomes are written out.
 */
import type { APIRequestContext } from "@playwright/test";
import { apiSession, expect, openSignedIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";
import { draftDossier } from "./support/submitted-dossier";

const base = () => process.env.E2E_BASE_URL!;

async function post(session: APIRequestContext, path: string, form: Record<string, string>) {
  const response = await session.post(path, { form, maxRedirects: 0 });
  return { status: response.status(), text: await response.text(), cacheControl: response.headers()["cache-control"] };
}

test("a professional's refused saves: 400 for a value no form offers, 409 for a stale version; the page says why and keeps the input", async () => {
  const { users: u, dossiers: d } = matrixFixtures();
  const pro = await apiSession(base(), "pro@casus.test");
  try {
    const sideways = { intent: "create", phone: "06 12121212", earSide: "sideways" };
    const page = await post(pro, `/pro/${u.pro}/case`, sideways);
    expect(page.status).toBe(400);
    expect(page.text).toContain("Controleer wat u invulde: niet alles is geldig.");
    expect(page.text).toContain('value="06 12121212"');
    expect(page.cacheControl).toBe("no-store");
    expect((await post(pro, `/en/pro/${u.pro}/case`, sideways)).text).toContain("Check what you entered: not everything is valid.");
    const data = await post(pro, `/pro/${u.pro}/case.data`, sideways);
    expect(data.status).toBe(400);
    expect(data.text).toContain("invalid-argument");

    const stale = { intent: "anamnesis", version: "9999", earSide: "left" };
    const conflict = await post(pro, `/pro/${u.pro}/case?dossier=${d.draft}`, stale);
    expect(conflict.status).toBe(409);
    expect(conflict.text).toContain("Iemand anders heeft dit dossier intussen gewijzigd.");
    const conflictData = await post(pro, `/pro/${u.pro}/case.data?dossier=${d.draft}`, stale);
    expect(conflictData.status).toBe(409);
    expect(conflictData.text).toContain("dossier/version-conflict");
  } finally {
    await pro.dispose();
  }
});

test("a supervisor's step the supervisor may not take is 409, with its message", async () => {
  const { dossiers: d } = matrixFixtures();
  const supervisor = await apiSession(base(), "supervisor@casus.test");
  try {
    // The first organisation's dossier is submitted, not claimed: only its reviewer could hand it back.
    const release = await post(supervisor, `/supervisor/case/${d.first}`, { intent: "release", version: "1" });
    expect(release.status).toBe(409);
    expect(release.text).toContain("U kunt deze stap niet zetten voor dit dossier.");
    expect((await post(supervisor, `/supervisor/case/${d.first}.data`, { intent: "release", version: "1" })).status).toBe(409);
  } finally {
    await supervisor.dispose();
  }
});

test("a message or question of spaces alone is 400, said beside the message field in the page's language, never as a raw key", async () => {
  const { dossiers: d } = matrixFixtures();
  const supervisor = await apiSession(base(), "supervisor@casus.test");
  try {
    const blank = await post(supervisor, `/en/supervisor/case/${d.first}`, { intent: "message", body: "   " });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("Write a message; spaces alone are no message.");
    expect(blank.text).toContain('aria-invalid="true"');
    expect(blank.text).not.toContain("missing.");
    expect(blank.text).not.toContain("The dossier is not complete yet");
    expect((await post(supervisor, `/supervisor/case/${d.first}`, { intent: "message", body: "   " })).text).toContain("Schrijf een bericht; alleen spaties is geen bericht.");
    const question = await post(supervisor, `/de/supervisor/case/${d.first}`, { intent: "return", version: "1", question: "  " });
    expect(question.status).toBe(400);
    expect(question.text).not.toContain("missing.");
  } finally {
    await supervisor.dispose();
  }
});

test("an address the browser takes but the server does not is 422 on the sign-in page, kept and said beside its field", async () => {
  const anonymous = await apiSession(base(), null);
  try {
    const refused = await post(anonymous, "/en?index", { email: "anna@praktijk", password: "whatever-password" });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('value="anna@praktijk"');
    expect(refused.text).toMatch(/aria-invalid="true"[^>]*name="email"|name="email"[^>]*aria-invalid="true"/);
    expect(refused.text).toContain("This value is not valid.");
    expect(refused.text).not.toContain("whatever-password");
    // Sign-in by phone with no number in it: refused as such, not a 200.
    const phone = await post(anonymous, "/en?index", { intent: "phone-send", phone: "12" });
    expect(phone.status).toBe(400);
  } finally {
    await anonymous.dispose();
  }
});

test("the account page says beside each field what is wrong: a common password, a repeat that differs, a name of spaces", async () => {
  const { users: u } = matrixFixtures();
  const pro = await apiSession(base(), "pro2@casus.test");
  try {
    const page = `/en/pro/${u.pro2}/profiel`;
    const common = await post(pro, page, { intent: "password", newPassword: "passwordpassword", confirmPassword: "passwordpassword" });
    expect(common.status).toBe(400);
    expect(common.text).toContain("This password is too easy to guess.");
    expect(common.text).not.toContain("at least 12 characters.</");
    expect(common.text).toMatch(/name="newPassword"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="newPassword"/);
    const differ = await post(pro, page, { intent: "password", newPassword: "een-lang-wachtwoord-1", confirmPassword: "een-lang-wachtwoord-2" });
    expect(differ.status).toBe(400);
    expect(differ.text).toMatch(/name="confirmPassword"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="confirmPassword"/);
    expect(differ.text).toContain("The two passwords are not the same.");
    const blank = await post(pro, page, { intent: "profile", name: "   ", locale: "en" });
    expect(blank.status).toBe(400);
    expect(blank.text).toMatch(/name="name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="name"/);
    expect(blank.text).toContain("This field is required.");
  } finally {
    await pro.dispose();
  }
});

test("the last administrator's own demotion is 409, and two different passwords on the set-password page are 422", async () => {
  const { users: u } = matrixFixtures();
  const admin = await apiSession(base(), "admin@casus.test");
  const anonymous = await apiSession(base(), null);
  try {
    const demote = await post(admin, "/admin/administrators", { intent: "demote", userId: u.admin });
    expect(demote.status).toBe(409);
    expect(demote.text).toContain("Dit is de laatste actieve beheerder");
    expect((await post(admin, "/de/admin/administrators", { intent: "demote", userId: u.admin })).status).toBe(409);

    // Importing professionals into a deactivated organisation: refused at the preview and at the import, not a 500.
    const { organisations: o } = matrixFixtures();
    for (const intent of ["import-preview", "import"]) {
      const imported = await post(admin, `/admin/organisaties/${o.inactive}`, { intent, csv: "Csv Persoon,csv.persoon@casus.test,POH\n" });
      expect(imported.status, intent).toBe(409);
      expect(imported.text, intent).toContain("Deze organisatie is gedeactiveerd");
    }

    const mismatch = await post(anonymous, "/set-password", { token: "a-made-up-token", password: "een-lang-wachtwoord-1", confirm: "een-ander-wachtwoord-2" });
    // The made-up link is not valid, so the page offers a new one instead of the form; the refusal is the data's.
    expect(mismatch.status).toBe(422);
    expect(mismatch.text).toContain('\\"mismatch\\"');
  } finally {
    await admin.dispose();
    await anonymous.dispose();
  }
});

test("an autosave the server refuses marks the field it is about and says so, not as a network fault", async ({ page }) => {
  const { users: u, dossiers: d } = matrixFixtures();
  await openSignedIn(page, "pro@casus.test", `/pro/${u.pro}/case?dossier=${d.draft}&step=anamnesis`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // A number the browser's own check lets through while typing, the server does not take.
  const duration = page.getByLabel("Duur (dagen)");
  await duration.fill("-5");
  await duration.blur();
  await expect(page.locator('[data-autosave="refused"]')).toHaveText("Niet opgeslagen: een waarde is niet geldig. Zie het gemarkeerde veld; uw invoer staat nog op deze pagina.");
  await expect(duration).toHaveAttribute("aria-invalid", "true");
  // Beside the field: what is wrong with the value (its range, as the server checks it), not that it is missing.
  await expect(duration).toHaveAccessibleDescription("Vul een heel aantal dagen in van 0 tot en met 36.500.");
  await expect(page.getByText("Vul de duur in dagen in.")).toHaveCount(0);
  // Put right, it saves, and the field is no longer marked.
  await duration.fill("5");
  await duration.blur();
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();
  await expect(duration).not.toHaveAttribute("aria-invalid");
});

test("a refused autosave of the clinical reasoning marks its field in its ear's tab, as the anamnesis step does", async ({ page }) => {
  const { users: u } = matrixFixtures();
  const id = await draftDossier();
  await openSignedIn(page, "pro@casus.test", `/pro/${u.pro}/case/${id}/klinisch-redeneren?step=reasoning`);
  const form = page.getByTestId("reasoning-form");
  await form.getByRole("tab", { name: "Rechteroor" }).click();
  const right = form.locator('section[data-ear="right"]');
  await right.getByRole("group", { name: "Voorgesteld beleid" }).getByRole("checkbox", { name: "Controle na N dagen" }).check();
  // A number the browser's own check lets through while typing (the field's minimum is 1), the server does not take.
  const days = right.getByLabel("Controle na (dagen)");
  await days.fill("-5");
  await days.blur();
  await expect(page.locator('[data-autosave="refused"]')).toHaveText("Niet opgeslagen: een waarde is niet geldig. Zie het gemarkeerde veld; uw invoer staat nog op deze pagina.");
  await expect(days).toHaveAttribute("aria-invalid", "true");
  // Beside the field: the range the server takes, not the wording for days left out ("Vul in na hoeveel dagen …").
  await expect(days).toHaveAccessibleDescription("Vul een heel aantal dagen in van 1 tot en met 365.");
  // The ear the refused value belongs to says so on its tab, as a value to check, not as incomplete; the other ear's
  // fields are not marked.
  await expect(form.getByRole("tab", { name: /^Rechteroor/ })).toContainText("(controleer een waarde)");
  await expect(form.getByRole("tab", { name: /^Rechteroor/ })).not.toContainText("nog niet compleet");
  await expect(form.getByRole("tab", { name: "Linkeroor", exact: true })).toBeVisible();
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
  // Put right, it saves, and the field is no longer marked.
  await days.fill("7");
  await days.blur();
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();
  await expect(days).not.toHaveAttribute("aria-invalid");
  await expect(form.getByRole("tab", { name: "Rechteroor", exact: true })).toBeVisible();
});

test("a refused follow-up says its range and its tab asks to check a value in English too", async ({ page }) => {
  const { users: u } = matrixFixtures();
  const id = await draftDossier();
  await openSignedIn(page, "pro@casus.test", `/en/pro/${u.pro}/case/${id}/klinisch-redeneren?step=reasoning`);
  const form = page.getByTestId("reasoning-form");
  await form.getByRole("tab", { name: "Right ear" }).click();
  const right = form.locator('section[data-ear="right"]');
  await right.getByRole("group", { name: "Proposed plan" }).getByRole("checkbox", { name: "Follow-up after N days" }).check();
  const days = right.getByLabel("Follow-up after (days)");
  await days.fill("400");
  await days.blur();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveAccessibleDescription("Enter a whole number of days from 1 to 365.");
  await expect(form.getByRole("tab", { name: /^Right ear/ })).toContainText("(check a value)");
  await expect(form.getByRole("tab", { name: /^Right ear/ })).not.toContainText("not complete yet");
});

test("a save of the anamnesis by its own button, without JavaScript, says a refused duration's range beside its field", async () => {
  const { users: u, dossiers: d } = matrixFixtures();
  const pro = await apiSession(base(), "pro@casus.test");
  try {
    // Refused by the schema before the version is looked at: nothing is stored.
    const negative = { intent: "save-anamnesis", version: "1", earSide: "left", durationDays: "-5" };
    const dutch = await post(pro, `/pro/${u.pro}/case?dossier=${d.draft}`, negative);
    expect(dutch.status).toBe(400);
    expect(dutch.text).toContain("Vul een heel aantal dagen in van 0 tot en met 36.500.");
    expect(dutch.text).not.toContain("Vul de duur in dagen in.");
    expect(dutch.text).toMatch(/aria-invalid="true"[^>]*name="durationDays"|name="durationDays"[^>]*aria-invalid="true"/);
    const french = await post(pro, `/fr/pro/${u.pro}/case?dossier=${d.draft}`, negative);
    // French groups thousands with a narrow space (Intl), which \s matches.
    expect(french.text).toMatch(/Indiquez un nombre entier de jours entre 0 et 36\s500\./);
    // A crafted number no field sends (Number() read 0x10 as 16 days, 1e3 as 1,000): refused the same way.
    for (const durationDays of ["0x10", "1e3"]) {
      const crafted = await post(pro, `/pro/${u.pro}/case?dossier=${d.draft}`, { ...negative, durationDays });
      expect(crafted.status, durationDays).toBe(400);
      expect(crafted.text, durationDays).toContain("Vul een heel aantal dagen in van 0 tot en met 36.500.");
    }
  } finally {
    await pro.dispose();
  }
});

test("a refused autosave's mark goes when the form's own button sends the corrected value before the autosave does", async ({ page }) => {
  const { users: u } = matrixFixtures();
  const id = await draftDossier();
  await openSignedIn(page, "pro@casus.test", `/pro/${u.pro}/case/${id}/klinisch-redeneren?step=reasoning`);
  const form = page.getByTestId("reasoning-form");
  await form.getByRole("tab", { name: "Rechteroor" }).click();
  const right = form.locator('section[data-ear="right"]');
  await right.getByRole("group", { name: "Voorgesteld beleid" }).getByRole("checkbox", { name: "Controle na N dagen" }).check();
  const days = right.getByLabel("Controle na (dagen)");
  await days.fill("-5");
  await days.blur();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  // Put right and saved at once with the button (the pending autosave is dropped: the button's send carries it).
  await days.fill("7");
  await form.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(page.locator('[data-autosave="refused"]')).toHaveCount(0);
  await expect(days).not.toHaveAttribute("aria-invalid");
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
});

test("a value refused by the form's own button stays marked until a later autosave stores it put right", async ({ page }) => {
  const { users: u } = matrixFixtures();
  const id = await draftDossier();
  await openSignedIn(page, "pro@casus.test", `/pro/${u.pro}/case/${id}/klinisch-redeneren?step=reasoning`);
  const form = page.getByTestId("reasoning-form");
  await form.getByRole("tab", { name: "Rechteroor" }).click();
  const right = form.locator('section[data-ear="right"]');
  await right.getByRole("group", { name: "Voorgesteld beleid" }).getByRole("checkbox", { name: "Controle na N dagen" }).check();
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();
  const days = right.getByLabel("Controle na (dagen)");
  // Sent by the button at once (the autosave it would have made is dropped): refused, and marked.
  await days.fill("-5");
  await form.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveAccessibleDescription("Vul een heel aantal dagen in van 1 tot en met 365.");
  // Put right and autosaved: the mark goes with it.
  await days.fill("7");
  await days.blur();
  await expect(page.locator('[data-autosave="saved"]')).toBeVisible();
  await expect(days).not.toHaveAttribute("aria-invalid");
});
