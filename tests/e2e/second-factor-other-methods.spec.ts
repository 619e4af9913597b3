/**
 * The second factor after sign-in methods other than the password, and the deactivated-organisation message, in
 * the browser (Dutch): an e-mail link followed from a mail received over real SMTP, and a real OpenID Connect
 * provider on loopback, each continuing to the challenge on /verify-login; without the code nobody is signed in.
 * A professional of a deactivated organisation is told so, but only after a correct password.
 */
import type { Page } from "@playwright/test";
import { createTestUser, totpCode } from "./support/account-fixtures";
import { DEMO_PASSWORD, expect, signIn, submitSignIn, test } from "./support/fixtures";
import { useSignInStack } from "./support/sign-in-stack";
import { signInLinkIn } from "./support/smtp-inbox";

test.describe.configure({ mode: "serial" });

const stack = useSignInStack();
const { url } = stack;
const auditActions = async () => stack.db.query<{ action: string; after: unknown; subject_id: string | null }>(`select action, after, subject_id from audit_log order by at, id`);

/** A professional with an authenticator app, enrolled through the account page; signed out afterwards. */
async function userWithTotp(page: Page) {
  const user = await createTestUser({ role: "professional", databaseUrl: stack.db.url });
  await signIn(page, user.email, DEMO_PASSWORD, url("/"));
  await page.goto(url(`/pro/${user.id}/profiel`));
  await page.getByRole("button", { name: "Tweede stap instellen" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const backupCodes = (await page.getByTestId("backup-codes").locator("li").allTextContents()).map((c) => c.trim());
  await page.getByLabel("Code uit de app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Aanzetten" }).click();
  await expect(page.getByText(/De tweede stap staat aan/).first()).toBeVisible();
  await page.context().clearCookies();
  return { ...user, secret, backupCodes };
}

/** Signed in or not, seen from a second tab of the same browser: the home page sends a signed-out visitor to sign in. */
async function expectSignedOut(page: Page, userId: string) {
  const other = await page.context().newPage();
  await other.goto(url(`/pro/${userId}`));
  await expect(other).toHaveURL(url(`/?redirectTo=${encodeURIComponent(`/pro/${userId}`)}`));
  await other.close();
}

test("e-mail link in the same browser, then the authenticator code: signed in only after the code", async ({ page }) => {
  const user = await userWithTotp(page);
  const sessions = async () => (await stack.db.query(`select 1 from session where user_id = $1`, [user.id])).length;
  const sessionsBefore = await sessions();
  const before = stack.inbox.mails.length;
  await page.goto(url("/"));
  await page.locator('input[name="linkEmail"]').fill(user.email);
  await page.locator('input[name="linkEmail"]').press("Enter");
  const mail = await stack.inbox.waitFor(user.email, before);
  const audited = await auditActions();
  await page.goto(signInLinkIn(mail));
  await expect(page).toHaveURL(/\/verify-login(\?|$)/);
  await expect(page.getByLabel("Code uit uw authenticator-app")).toBeVisible();
  // Audited as a challenge for this user, not as a failed sign-in.
  expect((await auditActions()).slice(audited.length)).toEqual([{ action: "auth.second-factor-requested", after: { method: "magic-link" }, subject_id: user.id }]);
  // The link alone is not a sign-in.
  await expectSignedOut(page, user.id);
  expect(await sessions()).toBe(sessionsBefore);

  await page.getByLabel("Code uit uw authenticator-app").fill("000000");
  await page.getByRole("button", { name: "Bevestigen" }).first().click();
  await expect(page.getByRole("alert")).toHaveText("Deze code klopt niet. Controleer hem en probeer het opnieuw.");
  await expectSignedOut(page, user.id);
  await page.getByLabel("Code uit uw authenticator-app").fill(totpCode(user.secret));
  await page.getByRole("button", { name: "Bevestigen" }).first().click();
  await expect(page).toHaveURL(url(`/pro/${user.id}`));
  await page.goto(url(`/pro/${user.id}/mijn-dossiers`));
  await expect(page).toHaveURL(url(`/pro/${user.id}/mijn-dossiers`));
});

test("OpenID Connect with a second factor: the provider's answer leads to the challenge, a backup code finishes it", async ({ page }) => {
  const user = await userWithTotp(page);
  await page.goto(url("/"));
  await page.getByRole("button", { name: "Inloggen met Test IdP" }).click();
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel("E-mail").fill(user.email);
  const audited = await auditActions();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/verify-login(\?|$)/);
  expect((await auditActions()).slice(audited.length)).toEqual([{ action: "auth.second-factor-requested", after: { method: "oidc:test-idp" }, subject_id: user.id }]);
  await expectSignedOut(page, user.id);
  await page.getByText("Een back-upcode gebruiken").click();
  await page.getByLabel("Back-upcode").fill(user.backupCodes[0]);
  await page.getByRole("button", { name: "Bevestigen" }).last().click();
  await expect(page).toHaveURL(url(`/pro/${user.id}`));
});

test("a deactivated organisation's professional is told so after a correct password, and only then", async ({ page }) => {
  const user = await createTestUser({ role: "professional", databaseUrl: stack.db.url });
  const [org] = await stack.db.query<{ id: string }>(`insert into organisation (id, name, active) values (gen_random_uuid()::text, 'Gesloten praktijk', false) returning id`);
  await stack.db.query(`update professional set organisation_id = $1 where user_id = $2`, [org.id, user.id]);

  await submitSignIn(page, user.email, `${DEMO_PASSWORD}-fout`, url("/"));
  await expect(page.getByRole("alert")).toHaveText("Het e-mailadres of wachtwoord klopt niet.");
  await submitSignIn(page, user.email, DEMO_PASSWORD, url("/"));
  await expect(page.getByRole("alert")).toHaveText("Deze organisatie is gedeactiveerd.");
  await expectSignedOut(page, user.id);
  // The provider's answer is refused the same way (the address is verified there, so the account is linked).
  await page.getByRole("button", { name: "Inloggen met Test IdP" }).click();
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("Deze organisatie is gedeactiveerd.");
  await expectSignedOut(page, user.id);
});
