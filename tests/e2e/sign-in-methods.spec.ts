/**
 * Every sign-in method besides the password, end to end: e-mail links delivered over a real SMTP server on
 * loopback and followed from the received mail, and social sign-in against a real OpenID Connect provider on
 * loopback, by redirect and by pop-up (completed, closed, blocked). Dutch and English.
 */
import { expect, signIn, test } from "./support/fixtures";
import { createOwnDatabase } from "./support/own-database";
import { startServer } from "./support/server";
import { useSignInStack } from "./support/sign-in-stack";
import { signInLinkIn } from "./support/smtp-inbox";

test.describe.configure({ mode: "serial" });

const stack = useSignInStack();
const { url } = stack;
const userId = async (email: string) => (await stack.db.query<{ id: string }>(`select id from "user" where email = $1`, [email]))[0].id;
const audits = async (action: string, method: string) =>
  (await stack.db.query<{ n: number }>(`select count(*)::int as n from audit_log where action = $1 and after->>'method' = $2`, [action, method]))[0].n;

async function requestLink(page: import("@playwright/test").Page, email: string, path = "/") {
  await page.goto(url(path));
  await page.locator('input[name="linkEmail"]').fill(email);
  await page.locator('input[name="linkEmail"]').press("Enter");
}

test.describe("e-mail link", () => {
  test("in the same browser: the link from the received mail signs in at once (nl)", async ({ page }) => {
    const before = stack.inbox.mails.length;
    const signIns = await audits("auth.sign-in", "magic-link");
    await requestLink(page, "pro@casus.test");
    await expect(page.getByRole("status")).toContainText("Als pro@casus.test bij een Casus-account hoort");
    const mail = await stack.inbox.waitFor("pro@casus.test", before);
    expect(mail.language).toBe("nl");
    await page.goto(signInLinkIn(mail));
    await expect(page).toHaveURL(url(`/pro/${await userId("pro@casus.test")}`));
    expect(await audits("auth.sign-in", "magic-link")).toBe(signIns + 1);

    // The same link again: used up.
    await page.context().clearCookies();
    await page.goto(signInLinkIn(mail));
    await expect(page.getByRole("alert")).toHaveText("Deze link of code is verlopen of ongeldig. Vraag een nieuwe aan.");
  });

  test("in another browser the page asks for the address first; the mail is in the user's language (en)", async ({ page, browser }) => {
    await stack.db.query(`update "user" set locale = 'en' where email = 'pro2@casus.test'`);
    const before = stack.inbox.mails.length;
    await requestLink(page, "pro2@casus.test");
    const mail = await stack.inbox.waitFor("pro2@casus.test", before);
    expect(mail.language).toBe("en");
    expect(mail.text).toContain("sign-in link");

    const other = await browser.newContext();
    const phone = await other.newPage();
    await phone.goto(signInLinkIn(mail));
    await expect(phone.getByText("You opened the sign-in link in a different browser")).toBeVisible();
    await phone.getByLabel("E-mail address").fill("someone-else@casus.test");
    await phone.getByRole("button", { name: "Sign in" }).click();
    await expect(phone.getByRole("alert")).toHaveText("This e-mail address does not belong to this link.");
    await phone.getByLabel("E-mail address").fill("PRO2@casus.test");
    await phone.getByRole("button", { name: "Sign in" }).click();
    await expect(phone).toHaveURL(url(`/en/pro/${await userId("pro2@casus.test")}`));
    await other.close();
  });

  test("after five wrong addresses in another browser the link is spent, so the right one no longer signs in (en)", async ({ page, browser }) => {
    const before = stack.inbox.mails.length;
    await requestLink(page, "pro2@casus.test");
    const mail = await stack.inbox.waitFor("pro2@casus.test", before);
    const other = await browser.newContext();
    const phone = await other.newPage();
    await phone.goto(signInLinkIn(mail));
    for (let guess = 1; guess <= 5; guess++) {
      await phone.getByLabel("E-mail address").fill(`guess-${guess}@casus.test`);
      await phone.getByRole("button", { name: "Sign in" }).click();
      await expect(phone.getByRole("alert")).toHaveText("This e-mail address does not belong to this link.");
    }
    await phone.getByLabel("E-mail address").fill("guess-6@casus.test");
    await phone.getByRole("button", { name: "Sign in" }).click();
    await expect(phone.getByRole("alert")).toContainText(/too many/i);
    // The right address now, in the browser that asked for the link and in the other one: the link is gone.
    await page.goto(signInLinkIn(mail));
    await expect(page.getByRole("alert")).toHaveText("This link or code has expired or is not valid. Ask for a new one.");
    await other.close();
  });

  test("an unknown address gets the same answer and no mail; an invalid link its own message (en)", async ({ page }) => {
    const before = stack.inbox.mails.length;
    const failures = await audits("auth.sign-in-failed", "magic-link");
    await requestLink(page, "nobody@casus.test", "/en");
    await expect(page.getByRole("status")).toContainText("If nobody@casus.test belongs to a Casus account, we have sent a sign-in link to it.");
    await page.goto(url("/en/verify-login?token=NotARealTokenAtAllXYZ1234567890ab"));
    await expect(page.getByRole("alert")).toHaveText("This link or code has expired or is not valid. Ask for a new one.");
    expect(await audits("auth.sign-in-failed", "magic-link")).toBe(failures + 1);
    expect(stack.inbox.mails.slice(before).filter((m) => m.to.includes("nobody@casus.test"))).toEqual([]);
  });
});

async function providerSignIn(page: import("@playwright/test").Page, email: string, verified = true) {
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  if (!verified) await page.getByLabel("verified").uncheck();
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("OpenID Connect", () => {
  test("by redirect: an existing user with a verified address is linked and signed in (nl)", async ({ page }) => {
    const signIns = await audits("auth.sign-in", "oidc:test-idp");
    await page.goto(url("/"));
    await page.getByRole("button", { name: "Inloggen met Test IdP" }).click();
    await providerSignIn(page, "supervisor@casus.test");
    await expect(page).toHaveURL(url("/supervisor"));
    expect(await audits("auth.sign-in", "oidc:test-idp")).toBe(signIns + 1);
    const linked = await stack.db.query(`select 1 from account a join "user" u on u.id = a.user_id where u.email = 'supervisor@casus.test' and a.provider_id = 'test-idp'`);
    expect(linked).toHaveLength(1);
  });

  test("an unknown identity gets a clear message and no account (en); an unverified address is not linked (nl)", async ({ page }) => {
    const failures = await audits("auth.sign-in-failed", "oidc:test-idp");
    await page.goto(url("/en"));
    await page.getByRole("button", { name: "Sign in with Test IdP" }).click();
    await providerSignIn(page, "stranger@elsewhere.test");
    await expect(page.getByRole("alert")).toHaveText("There is no Casus account for this e-mail address. Ask your administrator for an invitation.");
    expect(await stack.db.query(`select 1 from "user" where email = 'stranger@elsewhere.test'`)).toHaveLength(0);

    // On to Dutch by the switcher: the bare address would bring this visitor back to English, their last choice.
    await page.locator('a[hreflang="nl"]').first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await page.getByRole("button", { name: "Inloggen met Test IdP" }).click();
    await providerSignIn(page, "admin@casus.test", false);
    await expect(page.getByRole("alert")).toHaveText(
      "De inlogdienst heeft uw e-mailadres niet bevestigd, dus we kunnen het niet aan uw Casus-account koppelen.",
    );
    expect(await audits("auth.sign-in-failed", "oidc:test-idp")).toBe(failures + 2);
  });

  test("by pop-up: signs in without leaving the page (en); /test/login-flow lists the provider as ready", async ({ page }) => {
    await page.goto(url("/en"));
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Open Test IdP in a pop-up window" }).click();
    const popup = await popupOpened;
    await providerSignIn(popup, "admin@casus.test");
    await expect(page).toHaveURL(url("/en/admin"));
    await page.goto(url("/en/test/login-flow"));
    await expect(page.locator('[data-provider="test-idp"]')).toContainText(`OpenID Connect: Test IdP (${stack.provider.issuer}) — ready`);
  });

  test("by pop-up, when the window's message never arrives: the server's session decides, and the user is signed in (en)", async ({ page }) => {
    // The success page's message is lost, as when its window is closed by its user right after signing in.
    await page.context().addInitScript(() => {
      BroadcastChannel.prototype.postMessage = () => undefined;
    });
    await page.goto(url("/en"));
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Open Test IdP in a pop-up window" }).click();
    const popup = await popupOpened;
    await providerSignIn(popup, "supervisor@casus.test");
    await popup.waitForEvent("close");
    await expect(page).toHaveURL(url("/en/supervisor"));
  });

  test("pop-up closed by the user: a clear message (nl)", async ({ page }) => {
    await page.goto(url("/"));
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Test IdP in een pop-upvenster openen" }).click();
    const popup = await popupOpened;
    await expect(popup.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
    await popup.close();
    await expect(page.getByRole("alert")).toHaveText("Het inlogvenster is gesloten voordat het inloggen klaar was. Probeer het opnieuw.");
  });

  test("pop-up blocked: says so and continues by redirect in the same window (en)", async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(url("/en"));
    await page.getByRole("button", { name: "Open Test IdP in a pop-up window" }).click();
    await expect(page.getByRole("status")).toHaveText("Your browser blocked the sign-in window. We continue in this window instead.");
    await providerSignIn(page, "pro@casus.test");
    await expect(page).toHaveURL(url(`/en/pro/${await userId("pro@casus.test")}`));
  });
});

test.describe("errors", () => {
  test("network request failed when the server cannot be reached (nl, en)", async ({ page }) => {
    for (const [path, message, popupButton] of [
      ["/", "Geen verbinding met Casus. Controleer uw internetverbinding en probeer het opnieuw.", "Test IdP in een pop-upvenster openen"],
      ["/en", "No connection to Casus. Check your internet connection and try again.", "Open Test IdP in a pop-up window"],
    ] as const) {
      await page.goto(url(path));
      // The pop-up button exists only once the page is hydrated, i.e. once submissions go through fetch.
      await expect(page.getByRole("button", { name: popupButton })).toBeVisible();
      await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
      await page.locator('input[name="email"]').fill("pro@casus.test");
      await page.locator('input[name="password"]').fill("casus-demo-2026");
      await page.locator('input[name="password"]').press("Enter");
      await expect(page.getByRole("alert")).toHaveText(message);
      await page.unrouteAll();
    }
  });

  test("unauthorized domain: a redirect target or OAuth callback outside the allowed origins is refused (en, nl)", async ({ page, request }) => {
    // Dutch first: after a page in English, the bare address would bring this visitor back to English.
    await page.goto(url(`/?redirectTo=${encodeURIComponent("//evil.example")}`));
    await expect(page.getByRole("alert")).toHaveText("Dit adres valt buiten Casus en wordt niet gevolgd.");
    await page.goto(url(`/en?redirectTo=${encodeURIComponent("https://evil.example/steal")}`));
    await expect(page.getByRole("alert")).toHaveText("This address is outside Casus and is not followed.");
    const response = await request.post(url("/api/auth/sign-in/social"), {
      headers: { origin: stack.server.url },
      data: { provider: "test-idp", callbackURL: "https://evil.example/", disableRedirect: true },
    });
    expect(response.status()).toBe(403);
  });

  test("a disabled user is signed out at once on every device and cannot sign in again (nl, en)", async ({ browser }) => {
    // Three browser contexts and four sign-ins: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const devices = await Promise.all([browser.newContext(), browser.newContext()]);
    const pages = await Promise.all(devices.map((d) => d.newPage()));
    const home = url(`/pro/${await userId("pro@casus.test")}`);
    for (const page of pages) await signIn(page, "pro@casus.test", undefined, url("/"));
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signIn(adminPage, "admin@casus.test", undefined, url("/"));
    // Through the product's own person action (Better Auth's admin endpoints are closed at the door).
    const personAction = async (intent: "disable" | "enable") => {
      const proId = await userId("pro@casus.test");
      const [{ organisation_id }] = await stack.db.query<{ organisation_id: string }>(`select organisation_id from professional where user_id = $1`, [proId]);
      return adminPage.request.post(url(`/admin/organisaties/${organisation_id}/professional/${proId}`), {
        headers: { origin: stack.server.url },
        form: { intent },
        maxRedirects: 0,
      });
    };
    expect((await personAction("disable")).status()).toBe(302);
    try {
      await pages[0].goto(home);
      await expect(pages[0].getByRole("alert")).toHaveText("Uw sessie is verlopen. Log opnieuw in.");
      await pages[1].goto(url(`/en/pro/${await userId("pro@casus.test")}`));
      await expect(pages[1].getByRole("alert")).toHaveText("Your session has expired. Please sign in again.");
      await pages[1].locator('input[name="email"]').fill("pro@casus.test");
      await pages[1].locator('input[name="password"]').fill("casus-demo-2026");
      await pages[1].locator('input[name="password"]').press("Enter");
      await expect(pages[1].getByRole("alert")).toHaveText("This account is disabled. Contact your administrator.");
      // Social sign-in says the same; an e-mail link is not even sent.
      await pages[1].getByRole("button", { name: "Sign in with Test IdP" }).click();
      await providerSignIn(pages[1], "pro@casus.test");
      await expect(pages[1].getByRole("alert")).toHaveText("This account is disabled. Contact your administrator.");
      const before = stack.inbox.mails.length;
      await requestLink(pages[1], "pro@casus.test", "/en");
      await expect(pages[1].getByRole("status")).toContainText("If pro@casus.test belongs to a Casus account");
      await pages[1].waitForTimeout(1000);
      expect(stack.inbox.mails.slice(before).filter((m) => m.to.includes("pro@casus.test"))).toEqual([]);
    } finally {
      await personAction("enable");
      await Promise.all([...devices, admin].map((d) => d.close()));
    }
  });
});

test.describe("session keeper", () => {
  // A device's clock may be hours or days off. The keeper plans on the device's clock, moved by the difference it
  // reads from the server, so the session ends when the server ends it, not at once or hours late.
  const HOUR = 3_600_000;

  test("an expiring session sends the user to sign in with the reason, and back to the same page afterwards, whatever the device's clock says (en)", async ({ browser }) => {
    test.setTimeout(120_000);
    // 0.01 h = 36 s: the browser counts it as expired 30 s early, and get-session cannot extend it (updated hourly).
    const own = await createOwnDatabase();
    const short = await startServer({ env: { DEMO: "on", DATABASE_URL: own.url, SESSION_HOURS: "0.01", SIGN_IN_RATE_LIMIT_PER_MINUTE: "10000" } });
    try {
      // Right, and three hours behind (compared as it stood, the keeper would have waited three hours).
      for (const deviceClockOff of [0, -3 * HOUR]) {
        const context = await browser.newContext();
        if (deviceClockOff) await context.clock.install({ time: Date.now() + deviceClockOff });
        const page = await context.newPage();
        try {
          await signIn(page, "admin@casus.test", undefined, `${short.url}/en`);
          const signedInAt = Date.now();
          await page.goto(`${short.url}/en/admin/supervisors`);
          await expect(page).toHaveURL(`${short.url}/en?redirectTo=${encodeURIComponent("/en/admin/supervisors")}&reason=token-expired`, { timeout: 40_000 });
          // The server would keep the session for 36 s; the browser ends it 30 s early (about 6 s after signing in).
          expect(Date.now() - signedInAt).toBeLessThan(25_000);
          await expect(page.getByRole("alert")).toHaveText("Your session has expired. Please sign in again.");
          await page.locator('input[name="email"]').fill("admin@casus.test");
          await page.locator('input[name="password"]').fill("casus-demo-2026");
          await page.locator('input[name="password"]').press("Enter");
          await expect(page).toHaveURL(`${short.url}/en/admin/supervisors`);
        } finally {
          await context.close();
        }
      }
    } finally {
      await short.stop();
      await own.close();
    }
  });

  test("a device whose clock runs ten days ahead stays signed in (nl)", async ({ browser }) => {
    const context = await browser.newContext();
    await context.clock.install({ time: Date.now() + 240 * HOUR });
    const page = await context.newPage();
    try {
      expect((await page.evaluate(() => Date.now())) - Date.now()).toBeGreaterThan(239 * HOUR);
      await signIn(page, "admin@casus.test", undefined, url("/"));
      await expect(page).toHaveURL(url("/admin"));
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      // Compared as it stood, the keeper took a 12-hour session ten days ahead for ended, and signed out at once.
      await page.waitForTimeout(3_000);
      await expect(page).toHaveURL(url("/admin"));
      // A navigation inside the app keeps the layout's data (and its time on the server's clock) and plans again.
      await page.getByRole("link", { name: "Supervisors", exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Supervisors");
      await page.waitForTimeout(2_000);
      await expect(page).toHaveURL(url("/admin/supervisors"));
    } finally {
      await context.close();
    }
  });
});
