/**
 * The stack the sign-in-method specs share: a real SMTP inbox and a real OpenID Connect provider on loopback,
 * a fresh database and a Casus server of its own (demo data, rate limits out of the way) wired to both.
 * Call `useSignInStack()` at the top of a spec: it starts everything before the spec's tests and stops it after.
 */
import { test } from "./fixtures";
import { startOidcProvider, type OidcTestProvider } from "./oidc-provider";
import { createOwnDatabase } from "./own-database";
import { startServer, type RunningServer } from "./server";
import { startSmtpInbox, type SmtpInbox } from "./smtp-inbox";

export interface SignInStack {
  inbox: SmtpInbox;
  provider: OidcTestProvider;
  server: RunningServer;
  db: Awaited<ReturnType<typeof createOwnDatabase>>;
  /** An absolute URL on the stack's own server. */
  url(path: string): string;
}

export function useSignInStack(): SignInStack {
  // Filled in by beforeAll; the tests read it only after that has run.
  const stack = { url: (path: string) => `${stack.server.url}${path}` } as SignInStack;
  test.beforeAll(async () => {
    [stack.inbox, stack.provider, stack.db] = await Promise.all([startSmtpInbox(), startOidcProvider(), createOwnDatabase()]);
    stack.server = await startServer({
      env: {
        DEMO: "on",
        DATABASE_URL: stack.db.url,
        SMTP_URL: stack.inbox.url,
        OIDC_PROVIDERS: JSON.stringify([stack.provider.setting("test-idp", "Test IdP")]),
        SIGN_IN_RATE_LIMIT_PER_MINUTE: "10000",
        SIGN_IN_ADDRESS_RATE_LIMIT: "10000",
      },
    });
  });
  test.afterAll(async () => {
    await stack.server?.stop();
    await Promise.all([stack.inbox?.stop(), stack.provider?.stop(), stack.db?.close()]);
  });
  // The specs talk to their own server, not the shared demo server the config points at.
  test.use({ baseURL: undefined });
  return stack;
}
