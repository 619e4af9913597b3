/**
 * Audit records for sign-ins that complete inside Better Auth's own endpoints (the e-mail link and the OIDC
 * callback), successful or not. Password sign-in is audited by its form action (password-sign-in.server.ts).
 * The attempted address is never recorded: a typo may be someone else's address. A sign-in that continues to the
 * second-factor challenge is `auth.second-factor-requested`, as for the password (the challenge audits the rest).
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { codeForBetterAuthError, type SignInFailureCode } from "~/domain/auth-errors";
import { recordAudit } from "../../audit/audit.server";
import { CLIENT_IP_HEADER, REQUEST_ID_HEADER } from "../request-headers.server";
import { challengedUserId } from "./second-factor-gate.server";

/** The Location of a redirect that Better Auth returned (it throws redirects as APIErrors with headers). */
function locationOf(returned: unknown): string | null {
  const headers = (returned as { headers?: unknown } | null)?.headers;
  if (headers instanceof Headers) return headers.get("location");
  if (headers && typeof headers === "object") {
    const record = headers as Record<string, string>;
    return record.Location ?? record.location ?? null;
  }
  return null;
}

function failureReason(returned: unknown): SignInFailureCode {
  const location = locationOf(returned);
  const error = location && URL.canParse(location, "http://x") ? new URL(location, "http://x").searchParams.get("error") : null;
  const code = (returned as { body?: { code?: string } } | null)?.body?.code;
  return codeForBetterAuthError(error ?? code ?? "unknown") ?? "oidc-failed";
}

export function signInAudit(): BetterAuthPlugin {
  return {
    id: "casus-sign-in-audit",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/magic-link/verify" || ctx.path === "/callback/:id",
          handler: createAuthMiddleware(async (ctx) => {
            const method = ctx.path === "/magic-link/verify" ? "magic-link" : `oidc:${String(ctx.params?.id ?? "")}`;
            const origin = { requestId: ctx.headers?.get(REQUEST_ID_HEADER) ?? null, ipAddress: ctx.headers?.get(CLIENT_IP_HEADER) ?? null };
            const session = ctx.context.newSession;
            // The second-factor gate (listed before this plugin) replaced the session by a challenge.
            const challenged = challengedUserId(ctx.context);
            if (challenged) {
              await recordAudit({ action: "auth.second-factor-requested", subjectType: "user", subjectId: challenged, after: { method } }, origin);
            } else if (session) {
              await recordAudit({ action: "auth.sign-in", actorId: session.user.id, subjectType: "user", subjectId: session.user.id, after: { method } }, origin);
            } else {
              await recordAudit({ action: "auth.sign-in-failed", subjectType: "user", after: { method, reason: failureReason(ctx.context.returned) } }, origin);
            }
          }),
        },
      ],
    },
  };
}
