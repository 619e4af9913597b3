import { describe, expect, it } from "vitest";
import de from "~/i18n/locales/de/errors.json";
import en from "~/i18n/locales/en/errors.json";
import fr from "~/i18n/locales/fr/errors.json";
import nl from "~/i18n/locales/nl/errors.json";
import { codeForBetterAuthError, SEED_AUTH_ERRORS, SIGN_IN_NOTICE_CODES } from "./auth-errors";
import { ERROR_STATUS } from "./errors";

describe("the seed's authentication errors (SPEC.md §8)", () => {
  it("lists all thirteen, each with an error code and the product's own message in every language", () => {
    expect(Object.keys(SEED_AUTH_ERRORS)).toHaveLength(13);
    for (const code of [...Object.values(SEED_AUTH_ERRORS), ...SIGN_IN_NOTICE_CODES]) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      for (const messages of [nl, en, de, fr]) expect((messages.codes as Record<string, string>)[code]).toMatch(/\S/);
    }
  });

  it("shows wrong password and unknown user as one message, so sign-in does not reveal who has an account", () => {
    expect(SEED_AUTH_ERRORS["wrong-password"]).toBe(SEED_AUTH_ERRORS["user-not-found"]);
  });

  it("maps Better Auth's callback errors to our codes, and anything unknown to a generic provider failure", () => {
    expect(codeForBetterAuthError("INVALID_TOKEN")).toBe("invalid-action-code");
    expect(codeForBetterAuthError("state_mismatch")).toBe("oidc-failed");
    expect(codeForBetterAuthError("state_not_found")).toBe("oidc-failed");
    expect(codeForBetterAuthError("BANNED_USER")).toBe("user-disabled");
    expect(codeForBetterAuthError("ORGANISATION_INACTIVE")).toBe("organisation-inactive");
    expect(codeForBetterAuthError("signup_disabled")).toBe("oidc-account-unknown");
    expect(codeForBetterAuthError("account_not_linked")).toBe("oidc-email-unverified");
    expect(codeForBetterAuthError("INVALID_CALLBACK_URL")).toBe("unauthorized-domain");
    expect(codeForBetterAuthError("token-expired")).toBe("token-expired");
    expect(codeForBetterAuthError("<script>")).toBe("oidc-failed");
    expect(codeForBetterAuthError(null)).toBeNull();
  });
});
