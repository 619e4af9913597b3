/**
 * A professional whose professional record is gone (removed outside the product) signs in and gets a 403 page that
 * says why, in the page's language, with signing out as its one action (going "home" would come back here). Before,
 * her home page was a 500.
 */
import { createTestUser, withDatabase } from "./support/account-fixtures";
import { expect, openSignedIn, test } from "./support/fixtures";

test("a professional without an organisation is told so on a 403 page, and can sign out", async ({ page }) => {
  const orphan = await createTestUser({ role: "professional" });
  await withDatabase((client) => client.query("delete from professional where user_id = $1", [orphan.id]));
  await openSignedIn(page, orphan.email, `/pro/${orphan.id}`);
  await expect(page.getByTestId("error-status")).toHaveText("403");
  await expect(page.getByTestId("error-description")).toHaveText(
    "Uw account is niet gekoppeld aan een organisatie, daarom kunt u nog niet met dossiers werken. Vraag een beheerder uw account aan een organisatie te koppelen.",
  );
  // Any professional page, and in another language, says the same (before any record is looked at).
  const response = await page.goto(`/en/pro/${orphan.id}/mijn-dossiers`);
  expect(response?.status()).toBe(403);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByTestId("error-description")).toContainText("Your account is not linked to an organisation");
  const signOut = page.getByRole("main").getByRole("button", { name: "Sign out" });
  expect((await signOut.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await signOut.click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});
