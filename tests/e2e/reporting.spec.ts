/**
 * /reporting in the browser (issue 14): the administrator's view in Dutch with the practice history, filters that
 * land in the URL, a chart beside its table, a CSV download carrying the filters; the supervisor's view in English
 * limited to their organisations with small counts as "< 5"; and the page on a phone-size screen.
 */
import { expect, openSignedIn, test } from "./support/fixtures";
import { clippedChartLabels, REFLOW_WIDTH } from "./support/reflow";

test("the admin reads the practice's figures in Dutch, filters by period and organisation, and downloads a table as CSV", async ({ page }) => {
  await openSignedIn(page, "admin@casus.test", "/admin");
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Rapportage" }).click();
  await expect(page).toHaveURL("/reporting");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rapportage");
  const summary = page.getByTestId("table-summary");
  await expect(summary).toContainText("Doorlooptijd, mediaan (werkuren)");
  await expect(summary).toContainText("Vorige periode");
  // The history's organisations are in the weekly table, and its chart is drawn beside it.
  await expect(page.getByTestId("table-weekly")).toContainText("Huisartsenpraktijk De Wilgen");
  await expect(page.getByTestId("section-weekly").locator(".recharts-wrapper").first()).toBeVisible();

  await expect(page.getByTestId("table-curves")).toContainText("Sanne de Vries");
  // An administrator sees every count: nothing is hidden, and no section says so.
  await expect(page.locator("[data-testid^=masked-]")).toHaveCount(0);
  await page.getByLabel("Dit jaar").check();
  await page.getByTestId("report-filters").getByLabel("Hoorcentrum Duinzicht").check();
  await page.getByRole("button", { name: "Toepassen" }).click();
  await expect(page).toHaveURL(/period=year&org=[0-9a-f-]{36}$/);
  await expect(page.getByTestId("table-weekly")).toContainText("Hoorcentrum Duinzicht");
  await expect(page.getByTestId("table-weekly")).not.toContainText("Huisartsenpraktijk De Wilgen");

  const year = new Date().getFullYear();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("csv-weekly").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^casus-reporting-weekly-${year}-01-01_${year}-\\d\\d-\\d\\d-1-organisations\\.csv$`));
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  const lines = text.split("\r\n");
  expect(lines[0]).toBe("# report: Casus reporting: weekly");
  expect(lines[1]).toMatch(new RegExp(`^# period: ${year}-01-01 to `));
  expect(lines[3]).toBe("# organisations: Hoorcentrum Duinzicht");
  expect(lines).toContain("week,organisation,dossiers");
  expect(lines.filter((l) => l.includes(",Hoorcentrum Duinzicht,")).length).toBeGreaterThan(3);
});

test("a supervisor sees only their organisations, in English, with small counts as < 5", async ({ page }) => {
  await openSignedIn(page, "supervisor@casus.test", "/en/reporting?period=year");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reporting");
  const filters = page.getByTestId("report-filters");
  await expect(filters).toContainText("Huisartsenpraktijk De Linde");
  await expect(filters).not.toContainText("Hoorcentrum Duinzicht");
  await expect(page.getByTestId("table-weekly")).not.toContainText("Huisartsenpraktijk De Wilgen");
  await expect(page.getByTestId("table-funnel")).toContainText("< 5");
  await expect(page.getByText("shown as “< 5”")).toBeVisible();
  // Beside the chart that draws nothing for a "< 5", the section says why; the administrator, who sees every count,
  // is not told so.
  await expect(page.getByTestId("masked-funnel")).toHaveText("Figures under 5 are hidden to protect privacy.");
  // A made-up period is named beside the filter, and the default shown.
  await page.goto("/en/reporting?period=custom&from=2026-02-30&to=2026-01-01");
  await expect(page.getByRole("alert").filter({ hasText: "This period cannot be used" })).toBeVisible();
});

test("on a phone-size screen the page fits and its charts and tables stay readable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, "admin@casus.test", "/reporting?period=quarter");
  await expect(page.getByTestId("section-funnel").locator(".recharts-wrapper").first()).toBeVisible();
  // The page's own content fits (tables scroll inside their box); the site header is the layout's, not this page's.
  const overflow = await page.evaluate(() => {
    const main = document.querySelector("main")!;
    return { main: main.scrollWidth - main.clientWidth, sections: Math.max(...[...main.querySelectorAll("section, form")].map((e) => e.getBoundingClientRect().right)) };
  });
  expect(overflow.main).toBeLessThanOrEqual(0);
  expect(overflow.sections).toBeLessThanOrEqual(390);
});

test("case handling in English: kappa with its interval, a matrix cell lists its dossiers, tables download as CSV", async ({ page }) => {
  await openSignedIn(page, "admin@casus.test", "/en/admin");
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Case handling" }).click();
  await expect(page).toHaveURL("/en/admin/data-insights/case-behandeling");
  await page.getByLabel("This year").check();
  await page.getByLabel("Left ear", { exact: true }).check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/period=year&ear=left$/);
  // The address changes before the new figures are shown (React Router renders them in a transition): wait for
  // the page's links to carry the filters, or the matrix link below could be the old page's.
  await expect(page.getByTestId("csv-calibration")).toHaveAttribute("href", /\?period=year&ear=left$/);
  await expect(page.getByTestId("kappa-value")).toContainText(/κ = 0\.\d\d 95% interval 0\.\d\d to 0\.\d\d, \d+ ear pairs/);
  await expect(page.getByTestId("weakest")).toContainText("Weakest diagnosis");
  await page.getByRole("link", { name: /ears: professional Wax impaction, supervisor Otitis externa; list them/ }).click();
  await expect(page).toHaveURL(/cell=wax-impaction~otitis-externa/);
  const listed = page.getByTestId("table-cell");
  await expect(listed).toContainText("Left ear");
  await expect(listed.getByRole("link", { name: "Open the dossier" }).first()).toHaveAttribute("href", /^\/en\/admin\/dossiers\/[0-9a-f-]{36}$/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("csv-calibration").click()]);
  expect(download.suggestedFilename()).toMatch(/^casus-case-handling-calibration-left-ears-\d{4}-01-01_\d{4}-\d\d-\d\d-all-organisations\.csv$/);
});

test("case handling on a phone in Dutch: the matrix scrolls within its box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, "admin@casus.test", "/admin/data-insights/case-behandeling?period=year");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Casusbehandeling");
  await expect(page.getByTestId("kappa")).toContainText("Cohens kappa");
  await expect(page.getByTestId("section-curves").locator(".recharts-wrapper")).toBeVisible();
  const overflow = await page.evaluate(() => {
    const main = document.querySelector("main")!;
    return main.scrollWidth - main.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
});

test("at 320 px every chart's axis labels lie inside the chart, on both data pages", async ({ page }) => {
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 720 });
  await openSignedIn(page, "admin@casus.test", "/admin");
  for (const path of ["/reporting?period=year", "/admin/data-insights/case-behandeling?period=year", "/de/admin/data-insights/case-behandeling?period=year"]) {
    await page.goto(path);
    const charts = page.getByTestId("chart");
    await expect(charts.first()).toBeVisible();
    // Every chart drawn (the charting library loads after the page) before its labels are measured.
    for (const chart of await charts.all()) await expect(chart.locator(".recharts-cartesian-axis-tick-value").first()).toBeVisible();
    expect(await clippedChartLabels(page), path).toEqual([]);
  }
});
