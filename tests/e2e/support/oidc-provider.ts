/**
 * A real OpenID Connect provider on 127.0.0.1 for the browser tests: oauth2-mock-server's issuer and endpoints
 * (discovery, JWKS, authorize, token with PKCE and nonce, userinfo), with a small sign-in page in front of
 * /authorize, where the test types who it is. The ID token then carries that address (verified or not).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

export interface OidcTestProvider {
  issuer: string;
  /** OIDC_PROVIDERS entry for Casus. */
  setting(id: string, name: string): Record<string, unknown>;
  stop(): Promise<void>;
}

export async function startOidcProvider(): Promise<OidcTestProvider> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate("RS256");
  const service = new OAuth2Service(issuer);
  const identities = new Map<string, { email: string; verified: boolean }>();

  service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: http.IncomingMessage) => {
    const query = new URL(req.url ?? "/", "http://x").searchParams;
    const code = redirect.url.searchParams.get("code");
    if (code) identities.set(code, { email: query.get("login_email") ?? "", verified: query.get("email_verified") === "on" });
  });
  service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
    const who = req.body?.code ? identities.get(req.body.code) : undefined;
    if (!who) return;
    Object.assign(token.payload, { sub: `sub-${who.email}`, email: who.email, email_verified: who.verified, name: who.email.split("@")[0] });
  });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "GET" && url.pathname === "/authorize" && !url.searchParams.has("login_email")) {
      const hidden = [...url.searchParams].map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join("");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>Test identity provider</title><h1>Test identity provider</h1>
<form method="get" action="/authorize">${hidden}
<label>E-mail <input name="login_email" type="email" required></label>
<label><input name="email_verified" type="checkbox" checked> verified</label>
<button type="submit">Continue</button></form>`);
      return;
    }
    service.requestHandler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = url;
  return {
    issuer: url,
    setting: (id, name) => ({ id, name, issuer: url, clientId: "casus-test", clientSecret: "casus-test-secret" }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
