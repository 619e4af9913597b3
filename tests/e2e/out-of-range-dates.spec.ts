/**
 * Days in years JavaScript takes but PostgreSQL does not (0000, 0001, 9999 and the Date's own limits), typed into
 * the filters of the list and data pages (a security review found each a 500). Each page treats them as it treats
 * any unusable filter value: the professional's list ignores the filter and marks it, the reporting pages name the period
 * beside the filter and show the default, the export page names the field; its start form is refused. The JSON
 * and CSV endpoints answer 400 (api-matrix.spec.ts); the rule itself is tested in Vitest (app/domain/calendar-day).
 */
import { apiSession, expect, signInOnce, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

test("the professional's list ignores a day outside the accepted years or the calendar, and says so beside its field", async ({ page }) => {
  const { users } = matrixFixtures();
  await signInOnce(page, "pro@casus.test", "/en");
  for (const query of ["from=garbage", "from=0000-01-01", "to=9999-12-31", "from=275760-09-13", "from=-271821-04-20", "from=0000-01-01&to=9999-12-31", "from=2026-02-30"]) {
    const response = await page.goto(`/en/pro/${users.pro}/mijn-dossiers?${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), query).toHaveText("My dossiers");
    await expect(page.getByText(/^(\d+ dossiers?|More than \d+ dossiers)$/), query).toBeVisible();
    for (const [name, label] of [["from", "Changed from"], ["to", "Changed until"]] as const) {
      const field = page.getByLabel(label, { exact: true });
      if (query.includes(`${name}=`)) await expect(field, query).toHaveAttribute("aria-invalid", "true");
      else await expect(field, query).not.toHaveAttribute("aria-invalid");
    }
    await expect(page.getByText("This value is not valid.").first(), query).toBeVisible();
  }
});

test("reporting names a period in years outside the calendar beside the filter and shows the last 4 weeks", async ({ page }) => {
  await signInOnce(page, "supervisor@casus.test", "/en");
  for (const query of ["from=0001-01-01&to=0001-01-02", "from=9999-12-30&to=9999-12-31"]) {
    const response = await page.goto(`/en/reporting?period=custom&${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.getByRole("alert").filter({ hasText: "This period cannot be used" }), query).toBeVisible();
    await expect(page.getByTestId("table-summary"), query).toBeVisible();
  }
});

test("the administrator's case handling and reporting in Dutch name such a period too", async ({ page }) => {
  await signInOnce(page, "admin@casus.test");
  for (const path of ["/admin/data-insights/case-behandeling", "/reporting"]) {
    for (const query of ["from=9999-12-30&to=9999-12-31", "from=0001-01-01&to=0001-01-02"]) {
      const response = await page.goto(`${path}?period=custom&${query}`);
      expect(response?.status(), `${path}?${query}`).toBe(200);
      await expect(page.getByRole("alert").filter({ hasText: "Deze periode is niet bruikbaar" }), `${path}?${query}`).toBeVisible();
    }
  }
});

test("the export page names such a day beside its field, and its start form refuses it", async ({ page, baseURL }) => {
  await signInOnce(page, "admin@casus.test", "/en");
  for (const [name, label, day] of [
    ["until", "Last changed on or before", "9999-12-31"],
    ["since", "Last changed on or after", "0000-01-01"],
  ] as const) {
    const response = await page.goto(`/en/admin/data-insights/export-dossier-jsons?${name}=${day}`);
    expect(response?.status(), name).toBe(200);
    await expect(page.getByLabel(label), name).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#export-${name}-error`), name).toHaveText("This value is not valid.");
    await expect(page.getByTestId("export-matching"), name).toHaveCount(0);
  }
  // The start form as sent without the browser's date checks: refused as an invalid form, no export started.
  const admin = await apiSession(baseURL!, "admin@casus.test");
  try {
    for (const body of ["intent=start&format=ndjson&until=9999-12-31", "intent=start&format=ndjson&since=0000-01-01"]) {
      const response = await admin.post("/en/admin/data-insights/export-dossier-jsons", { headers: { "content-type": "application/x-www-form-urlencoded" }, data: body, maxRedirects: 0 });
      expect(response.status(), body).toBe(422);
    }
  } finally {
    await admin.dispose();
  }
});
