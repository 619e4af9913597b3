/** Every e-mail kind renders in every language (a missing key fails through console.error), with links under BASE_URL. */
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/domain/locales";
import { linkUnderBase, renderEmail, renderSms, type EmailKind, type EmailParams } from "./render.server";

const BASE = "https://casus.example.nl";
const PARAMS: { [K in EmailKind]: EmailParams[K] } = {
  "sign-in-link": { name: "Anna", url: "/verify-login?token=t", minutes: 15 },
  "password-reset": { name: "Anna", url: "/set-password?token=t", minutes: 60 },
  invitation: { name: "Anna", url: "/set-password?token=t", days: 7, inviter: "Dr. Jansen", role: "supervisor" },
  "dossier-submitted": { name: "Anna", url: "/supervisor/case/c", organisation: "De Linde", professional: "Pia" },
  "dossier-returned": { name: "Anna", url: "/supervisor/case/c", reviewer: "Dr. Jansen" },
  "dossier-completed": { name: "Anna", url: "/supervisor/case/c", reviewer: "Dr. Jansen" },
  "dossier-reminder": { name: "Anna", url: "/pro/p/case?dossier=c", status: "returned", days: 9, organisation: "De Linde" },
  "dossier-escalation": { name: "Sven", url: "/supervisor", status: "draft", days: 12, organisation: "De Linde", professional: "Anna" },
  "email-change": { name: "Anna", url: "/confirm-email?token=t", minutes: 60 },
  "email-changed": { name: "Anna", url: "/en", newEmail: "anna.new@example.nl" },
};

describe("renderEmail", () => {
  const cases = LOCALES.flatMap((locale) => (Object.keys(PARAMS) as EmailKind[]).map((kind) => [kind, locale] as const));

  it.each(cases)("%s in %s: subject, greeting, link in both parts, footer", (kind, locale) => {
    const email = renderEmail(kind, locale, PARAMS[kind], BASE);
    expect(email.subject.length).toBeGreaterThan(5);
    expect(email.text).toContain("Anna");
    expect(email.text).toContain(`${BASE}${PARAMS[kind].url}`);
    expect(email.html).toContain(`<html lang="${locale}">`);
    expect(email.html.match(/href="https:\/\/casus\.example\.nl\/[^"]+"/g)).toHaveLength(2);
    // No placeholder left unfilled.
    expect(email.text).not.toMatch(/\{\{|\}\}/);
  });

  it("greets generically without a name", () => {
    expect(renderEmail("sign-in-link", "en", { url: "/x", minutes: 5 }, BASE).text).toMatch(/^Hello,\n/);
    expect(renderEmail("sign-in-link", "nl", { name: "  ", url: "/x", minutes: 5 }, BASE).text).toMatch(/^Goedendag,\n/);
  });

  it("names the organisation in an invitation when there is one", () => {
    const withOrg = renderEmail("invitation", "nl", { ...PARAMS.invitation, organisation: "De Linde" }, BASE);
    expect(withOrg.text).toContain("als Supervisor bij De Linde");
    expect(renderEmail("invitation", "nl", PARAMS.invitation, BASE).text).not.toContain(" bij ");
  });
});

describe("links in e-mails", () => {
  it.each([
    ["/verify-login?token=a", `${BASE}/verify-login?token=a`],
    [`${BASE}/en/set-password`, `${BASE}/en/set-password`],
    [`${BASE}/api/auth/magic-link/verify?token=a&callbackURL=%2F`, `${BASE}/api/auth/magic-link/verify?token=a&callbackURL=%2F`],
  ])("%s → %s", (url, expected) => {
    expect(linkUnderBase(url, BASE)).toBe(expected);
  });

  it("keeps a BASE_URL path prefix", () => {
    expect(linkUnderBase("/verify-login", "https://example.nl/casus")).toBe("https://example.nl/casus/verify-login");
    expect(() => linkUnderBase("https://example.nl/other", "https://example.nl/casus")).toThrow(/must lead to/);
  });

  it.each(["https://evil.example/verify", "//evil.example/verify", "https://casus.example.nl.evil.example/", "http://casus.example.nl/x", "javascript:alert(1)", "verify-login"])(
    "refuses %s",
    (url) => {
      expect(() => linkUnderBase(url, BASE)).toThrow(/must lead to/);
    },
  );
});

describe("renderSms", () => {
  it.each(LOCALES)("%s: a short text with the code and its lifetime", (locale) => {
    const { body } = renderSms("sms-code", locale, { code: "482913", minutes: 10 });
    expect(body).toContain("482913");
    expect(body).toContain("10");
    expect(body.length).toBeLessThanOrEqual(160);
  });
});
