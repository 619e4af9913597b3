/**
 * The signed-in user of a request, as the rest of the server sees them: role, language and organisation facts.
 * Resolved at most once per request (memoised on the load context).
 */
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Actor } from "~/domain/access/actor";
import { isLocale, type Locale, DEFAULT_LOCALE } from "~/domain/locales";
import { isRole } from "~/domain/roles";
import { systemDb } from "../db/client.server";
import { professional, session as sessionTable, supervisorOrganisation } from "../db/schema";
import { auth } from "./auth.server";
import { hasSessionCookie } from "./signed-out-reason.server";

/** The signed-in user: the one actor (app/domain/access/actor.ts) plus what the pages show of them. */
export interface SessionUser extends Actor {
  name: string;
  email: string;
  locale: Locale;
  sessionId: string;
  sessionExpiresAt: Date;
  /** When this session was created (the sign-in), for the recent-login rule. */
  sessionCreatedAt: Date;
  /** A confirmed second factor (TOTP with backup codes). */
  twoFactorEnabled: boolean;
}

export async function loadSessionUser(headers: Headers): Promise<SessionUser | null> {
  // Without a session cookie there is no session to look up: the sign-in page and other signed-out requests skip
  // Better Auth's endpoint pipeline (about 3% of the sign-in page's CPU).
  if (!hasSessionCookie(headers)) return null;
  const result = await auth().api.getSession({ headers });
  if (!result) return null;
  const { user, session } = result;
  if (user.banned) {
    // Disabled however the flag was set: end every session of the user, on every device (Better Auth's ban does too).
    await systemDb().delete(sessionTable).where(eq(sessionTable.userId, user.id));
    return null;
  }
  if (!isRole(user.role)) return null;
  const db = systemDb();
  let organisationId: string | null = null;
  let supervisedOrganisationIds: string[] = [];
  if (user.role === "professional") {
    const [row] = await db.select({ organisationId: professional.organisationId }).from(professional).where(eq(professional.userId, user.id));
    organisationId = row?.organisationId ?? null;
  } else if (user.role === "supervisor") {
    const rows = await db
      .select({ organisationId: supervisorOrganisation.organisationId })
      .from(supervisorOrganisation)
      .where(eq(supervisorOrganisation.supervisorId, user.id));
    supervisedOrganisationIds = rows.map((r) => r.organisationId);
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    organisationId,
    supervisedOrganisationIds,
    sessionId: session.id,
    sessionExpiresAt: new Date(session.expiresAt),
    sessionCreatedAt: new Date(session.createdAt),
    twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
  };
}

const memo = new WeakMap<object, Promise<SessionUser | null>>();

/** The request's user, looked up once per request even when several loaders ask. */
export function currentUser(args: { request: Request; context: AppLoadContext }): Promise<SessionUser | null> {
  let pending = memo.get(args.context);
  if (!pending) {
    pending = loadSessionUser(args.request.headers);
    memo.set(args.context, pending);
  }
  return pending;
}
