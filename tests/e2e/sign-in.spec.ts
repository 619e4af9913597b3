import { expect, signIn, submitSignIn, test } from "./support/fixtures";
import { matrixFixtures } from "./support/matrix-fixtures";

const ROLES = [
  { email: "admin@casus.test", home: () => "/admin", heading: "Dashboard", name: "Anna Admin" },
  { email: "supervisor@casus.test", home: () => "/supervisor", heading: "Beoordelingswachtrij", name: "Dr. Sven Supervisor" },
  { email: "pro@casus.test", home: () => `/pro/${matrixFixtures().users.pro}`, heading: "Start", name: "Pia Praktijkondersteuner" },
  { email: "pro2@casus.test", home: () => `/pro/${matrixFixtures().users.pro2}`, heading: "Start", name: "Piet Hoortechnicus" },
];

for (const role of ROLES) {
  test(`${role.email} signs in, lands on their home and signs out`, async ({ page }) => {
    await signIn(page, role.email);
    await expect(page).toHaveURL(role.home());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(role.heading);
    await expect(page.getByTestId("user-name")).toContainText(role.name);
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL("/");
    await page.goto(role.home());
    await expect(page).toHaveURL(`/?redirectTo=${encodeURIComponent(role.home())}`);
  });
}

test("a wrong password gets the same message as an unknown address, in the page's language", async ({ page }) => {
  await submitSignIn(page, "pro@casus.test", "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Het e-mailadres of wachtwoord klopt niet.");
  await submitSignIn(page, "nobody@casus.test", "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Het e-mailadres of wachtwoord klopt niet.");
  await submitSignIn(page, "nobody@casus.test", "not-the-password", "/en");
  await expect(page.getByRole("alert")).toHaveText("The e-mail address or password is not right.");
});

test("a guarded page sends a signed-out visitor to sign in and back again afterwards", async ({ page }) => {
  await page.goto("/en/admin/supervisors");
  await expect(page).toHaveURL(`/en?redirectTo=${encodeURIComponent("/en/admin/supervisors")}`);
  await page.locator('input[name="email"]').fill("admin@casus.test");
  await page.locator('input[name="password"]').fill("casus-demo-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/en/admin/supervisors");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Supervisors");
});

test("redirectTo never leads off the site", async ({ page }) => {
  await page.goto(`/?redirectTo=${encodeURIComponent("//evil.example/steal")}`);
  await page.locator('input[name="email"]').fill("admin@casus.test");
  await page.locator('input[name="password"]').fill("casus-demo-2026");
  await page.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveURL("/admin");
});

test("a signed-in user who opens the sign-in page goes home", async ({ page }) => {
  await signIn(page, "supervisor@casus.test");
  await expect(page).toHaveURL("/supervisor");
  await page.goto("/en");
  await expect(page).toHaveURL("/en/supervisor");
});

test("the data pages are offered in the administrator's menu, under insight", async ({ page }) => {
  await signIn(page, "admin@casus.test");
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
  for (const name of ["Rapportage", "Casusbehandeling", "Dossiers exporteren (JSON)"]) await expect(menu.getByRole("link", { name })).toBeVisible();
  await menu.getByRole("link", { name: "Casusbehandeling" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Casusbehandeling");
  await expect(page.getByRole("navigation", { name: "Kruimelpad" })).toContainText("Dashboard");
  await expect(page).toHaveTitle("Casusbehandeling · Casus");
});

test("the role's menu is always at hand: beside the page on a desktop, folded on a phone", async ({ page }) => {
  const { pro } = matrixFixtures().users;
  await signIn(page, "pro@casus.test");
  await page.goto(`/pro/${pro}/mijn-dossiers`);
  const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Nieuw dossier" }).click();
  await expect(page).toHaveURL(`/pro/${pro}/case`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nieuw dossier");

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(menu).toBeHidden();
  await page.getByText("Menu", { exact: true }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Mijn dossiers" }).click();
  await expect(page).toHaveURL(`/pro/${pro}/mijn-dossiers`);
  // The page it opened comes first: the menu is folded again.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mijn dossiers");
  await expect(menu).toBeHidden();
});

test("a sign-in callback whose state is lost (back button, another browser) ends on the sign-in page, saying so", async ({ page }) => {
  await page.goto("/api/auth/callback/oidc?code=x&state=y");
  await expect(page).toHaveURL("/?error=state_mismatch");
  await expect(page.getByRole("alert")).toHaveText("Inloggen via de inlogdienst is niet gelukt. Probeer het opnieuw of log op een andere manier in.");
  await expect(page.locator("input[name=email]")).toBeVisible();
});

test("/verify-login without a link says what it is for and leads to sign-in", async ({ page }) => {
  await page.goto("/verify-login");
  await expect(page.getByTestId("verify-login-purpose")).toContainText("Deze pagina rondt het inloggen af");
  await page.goto("/en/verify-login");
  await expect(page.getByTestId("verify-login-purpose")).toContainText("This page finishes a sign-in");
  await page.getByRole("link", { name: "Back to sign-in" }).click();
  await expect(page.locator('input[name="email"]')).toBeVisible();
});
