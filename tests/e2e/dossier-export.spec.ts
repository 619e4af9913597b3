/**
 * The dossier export page in the browser (issue 15), in Dutch and English: an administrator finds it in the menu,
 * counts the matching dossiers, starts a pseudonymised export, sees it finish (live over the event stream) and
 * downloads a file without a phone number in it; a missing recipient is refused beside its field. Everything else
 * (schema, filters, Range, cancel, restart) is tested in Vitest, where it is fast.
 */
import { expect, openSignedIn, test } from "./support/fixtures";

test("Dutch: count, start a pseudonymised export, follow it to the end and download it", async ({ page }) => {
  await openSignedIn(page, "admin@casus.test", "/admin");
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  await menu.getByRole("link", { name: "Dossiers exporteren (JSON)" }).click();
  await expect(page).toHaveURL("/admin/data-insights/export-dossier-jsons");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dossiers exporteren (JSON)");

  await page.getByLabel("Huisartsenpraktijk De Linde").check();
  await page.getByRole("button", { name: "Dossiers tellen" }).click();
  await expect(page).toHaveURL(/organisationIds=/);
  await expect(page.getByTestId("export-matching")).toHaveText(/^\d+ dossiers? voldo/);

  await page.getByLabel("Pseudonimiseren").check();
  await page.getByLabel("Ontvanger").fill("Onderzoeksgroep Utrecht");
  await page.getByRole("button", { name: "Export starten" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is gestart" })).toBeVisible();

  // Other tests export on the shared server too: this test's export is the newest one for this recipient.
  const job = page.getByTestId("export-job").filter({ hasText: "gepseudonimiseerd voor Onderzoeksgroep Utrecht" }).first();
  await expect(job).toHaveAttribute("data-status", "completed", { timeout: 15_000 });
  const href = await job.getByRole("link", { name: "Downloaden" }).getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const text = await response.text();
  const lines = text.trim().split("\n").map((line) => JSON.parse(line) as { pseudonymised: boolean; patient: { phone?: string } | null });
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((d) => d.pseudonymised && d.patient?.phone === undefined)).toBe(true);
  expect(text).not.toMatch(/\+316\d{8}/);
  expect((await page.request.get(href!, { headers: { Range: "bytes=0-9" } })).status()).toBe(206);
});

test("English: a pseudonymised export needs its recipient, said beside the field, also after another export ends", async ({ page }) => {
  await openSignedIn(page, "admin@casus.test", "/en/admin/data-insights/export-dossier-jsons");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Export dossiers (JSON)");
  await expect(page.getByTestId("export-matching")).toHaveText(/^\d+ dossiers? match/);
  await page.getByLabel("Pseudonymise").check();
  await page.getByRole("button", { name: "Start export" }).click();
  const message = page.getByText("Enter the recipient to pseudonymise for.");
  await expect(message).toBeVisible();
  await expect(page.getByLabel("Recipient")).toHaveAttribute("aria-invalid", "true");

  // Another export ends (here started in a second tab): the page loads its data again, to show that export as
  // finished. The refused form keeps its message beside the field; React Router alone would drop it.
  const other = await page.context().newPage();
  await other.goto("/en/admin/data-insights/export-dossier-jsons");
  const recipient = `Other tab ${Date.now()}`;
  await other.getByLabel("Pseudonymise").check();
  await other.getByLabel("Recipient").fill(recipient);
  await other.getByRole("button", { name: "Start export" }).click();
  const finished = page.getByTestId("export-job").filter({ hasText: recipient });
  await expect(finished).toHaveAttribute("data-status", "completed", { timeout: 15_000 });
  await other.close();
  await expect(message).toBeVisible();
  await expect(page.getByLabel("Recipient")).toHaveAttribute("aria-invalid", "true");
});
