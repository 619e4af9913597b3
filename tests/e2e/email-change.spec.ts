/**
 * Changing the e-mail address in the browser (English): an old sign-in re-authenticates first, the confirmation
 * link is read from the shared server's outbox and opened, and the new address then signs in.
 */
import crypto from "node:crypto";
import path from "node:path";
import { listOutbox } from "../../app/server/mail/outbox-reader.server";
import { ageSessions, createTestUser } from "./support/account-fixtures";
import { DEMO_PASSWORD, expect, signIn, test } from "./support/fixtures";

async function confirmationLink(address: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  for (let i = 0; i < 100; i++) {
    const mail = (await listOutbox(dir, 200)).filter((m) => m.kind === "email" && m.to === address).at(-1);
    const link = mail?.links.find((l) => l.includes("/confirm-email?token="));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation link to ${address}`);
}

test("English: a new e-mail address is confirmed by the link sent to it and then signs in", async ({ page }) => {
  const user = await createTestUser({ role: "professional", locale: "en" });
  const fresh = `renamed-${crypto.randomUUID().slice(0, 8)}@casus.test`;
  await signIn(page, user.email, DEMO_PASSWORD, "/en");
  await ageSessions(user.id, 11);
  await page.goto(`/en/pro/${user.id}/profiel`);
  await page.getByLabel("New e-mail address").fill(fresh);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByTestId("reauth-panel")).toContainText("To change your e-mail address, first confirm");
  await page.getByLabel("Your password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(page.getByText(`A confirmation link is on its way to ${fresh}`)).toBeVisible();
  await expect(page.getByTestId("current-email")).toHaveText(user.email);

  const link = new URL(await confirmationLink(fresh));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(`Use ${fresh} as the e-mail address`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByText(`Done: your e-mail address is now ${fresh}`)).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, fresh, DEMO_PASSWORD, "/en");
  await expect(page).toHaveURL(`/en/pro/${user.id}`);
  await page.goto(`/en/pro/${user.id}/profiel`);
  await expect(page.getByTestId("current-email")).toHaveText(fresh);
});
