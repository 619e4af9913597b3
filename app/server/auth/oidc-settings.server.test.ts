import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.server";
import { contentSecurityPolicy } from "../http/security-headers.server";
import { parseOidcProviders } from "./oidc-settings.server";

const SECRET = "0123456789abcdef0123456789abcdef";
const TENANT = "8f2c1a3e-1111-4a5b-9c0d-123456789abc";

describe("OIDC_PROVIDERS", () => {
  it("knows Google and Microsoft: only a client id and secret (and Microsoft's tenant) are needed", () => {
    const { providers, problems } = parseOidcProviders(
      JSON.stringify([
        { id: "google", preset: "google", clientId: "g-id", clientSecret: "g-secret" },
        { id: "ziekenhuis", preset: "microsoft", tenant: TENANT, clientId: "m-id", clientSecret: "m-secret", name: "Ziekenhuis-account" },
      ]),
    );
    expect(problems).toEqual([]);
    expect(providers).toEqual([
      {
        id: "google",
        name: "Google",
        discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
        clientId: "g-id",
        clientSecret: "g-secret",
        scopes: ["openid", "email", "profile"],
        trustEmail: false,
        origin: "https://accounts.google.com",
      },
      expect.objectContaining({
        id: "ziekenhuis",
        name: "Ziekenhuis-account",
        discoveryUrl: `https://login.microsoftonline.com/${TENANT}/v2.0/.well-known/openid-configuration`,
        origin: "https://login.microsoftonline.com",
      }),
    ]);
  });

  it("takes any other provider by issuer or discovery URL", () => {
    const { providers } = parseOidcProviders(
      JSON.stringify([
        { id: "keycloak", issuer: "https://sso.example.nl/realms/zorg/", clientId: "c", clientSecret: "s", scopes: ["openid", "email"], trustEmail: true },
        { id: "local", discoveryUrl: "http://127.0.0.1:8080/.well-known/openid-configuration", clientId: "c", clientSecret: "s" },
      ]),
    );
    expect(providers[0]).toMatchObject({ discoveryUrl: "https://sso.example.nl/realms/zorg/.well-known/openid-configuration", trustEmail: true, name: "keycloak" });
    expect(providers[1].origin).toBe("http://127.0.0.1:8080");
  });

  it("is empty when unset", () => {
    expect(parseOidcProviders(undefined)).toEqual({ providers: [], problems: [] });
    expect(loadConfig({ AUTH_SECRET: SECRET }).oidcProviders).toEqual([]);
  });

  it.each([
    ["not json", "not valid JSON"],
    [JSON.stringify({ id: "x" }), "expected array"],
    [JSON.stringify([{ id: "Bad Id", preset: "google", clientId: "c", clientSecret: "s" }]), "lower-case"],
    [JSON.stringify([{ id: "x", clientId: "c", clientSecret: "s" }]), 'needs "preset", "issuer" or "discoveryUrl"'],
    [JSON.stringify([{ id: "x", preset: "microsoft", clientId: "c", clientSecret: "s" }]), 'needs "tenant"'],
    [JSON.stringify([{ id: "x", preset: "google", clientId: "c" }]), "clientSecret"],
    [JSON.stringify([{ id: "x", issuer: "http://sso.example.nl", clientId: "c", clientSecret: "s" }]), "https://"],
    [JSON.stringify([{ id: "x", preset: "google", clientId: "c", clientSecret: "s", extra: 1 }]), "extra"],
    [JSON.stringify([{ id: "x", preset: "google", clientId: "c", clientSecret: "s" }, { id: "x", preset: "google", clientId: "c", clientSecret: "s" }]), "unique"],
  ])("refuses %s at start-up without echoing the value (it holds secrets)", (value, message) => {
    let error: unknown;
    try {
      loadConfig({ AUTH_SECRET: SECRET, OIDC_PROVIDERS: value.replace('"s"', '"very-secret-value"') });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).message;
    expect(text).toContain("OIDC_PROVIDERS");
    expect(text).toContain(message);
    expect(text).not.toContain("very-secret-value");
  });

  it("lets the sign-in form redirect to the providers (CSP form-action) and nowhere else", () => {
    const csp = contentSecurityPolicy("n", false, ["https://accounts.google.com"]);
    expect(csp).toContain("form-action 'self' https://accounts.google.com;");
    expect(contentSecurityPolicy("n", false)).toContain("form-action 'self';");
  });
});
