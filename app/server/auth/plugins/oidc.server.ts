/**
 * Social sign-in through the OpenID Connect providers of OIDC_PROVIDERS (Better Auth's genericOAuth plugin).
 * Only existing people may sign in: sign-up is off, so an unknown identity gets "signup_disabled" and no account
 * is created. A provider identity is linked to the Casus user with the same address when the provider says the
 * address is verified (or the provider is trusted with trustEmail). Discovery is read when Better Auth starts.
 */
import { genericOAuth } from "better-auth/plugins";
import type { OidcProvider } from "../oidc-settings.server";

export function oidcPlugin(providers: OidcProvider[]) {
  return genericOAuth({
    config: providers.map((p) => ({
      providerId: p.id,
      name: p.name,
      discoveryUrl: p.discoveryUrl,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      scopes: p.scopes,
      pkce: true,
      disableSignUp: true,
      disableImplicitSignUp: true,
      // ID tokens must verify against the provider's JWKS; a provider without one is skipped with an error in the log.
      requireIdTokenVerification: true,
    })),
  });
}

/** Providers whose e-mail addresses are trusted for linking even without email_verified (Better Auth's trustedProviders). */
export function trustedOidcProviderIds(providers: OidcProvider[]): string[] {
  return providers.filter((p) => p.trustEmail).map((p) => p.id);
}
