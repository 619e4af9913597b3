/**
 * `authorize(args, key)`: the guard of route `key` (app/domain/route-table.ts), enforced in every loader and
 * action. Signed out → sign-in with a safe redirectTo; wrong role → the user's home (or their role's own page of the
 * same record, ROLE_VIEWS); a record the user may not see → 404 (never 403, so existence is not confirmed); a test
 * page with test pages off → 404.
 */
import { eq } from "drizzle-orm";
import { type AppLoadContext, type Params, redirect } from "react-router";
import { type CaseFacts, decideGuard, guardNeedsCase } from "~/domain/guards";
import { localeFromPath, localizePath, type Locale } from "~/domain/locales";
import { enrolmentPath, enrolmentRouteKey, mustEnrolSecondFactor } from "~/domain/mfa-policy";
import { homePath } from "~/domain/roles";
import { AppError } from "~/domain/errors";
import { isRowId } from "~/domain/row-id";
import { ROLE_VIEWS, ROUTES, routePath, type RouteKey } from "~/domain/route-table";
import { config } from "../config.server";
import { systemDb } from "../db/client.server";
import { dossier } from "../db/schema";
import { errorResponse, notFound } from "../http/responses.server";
import { currentUser, type SessionUser } from "./session.server";
import { signedOutReason } from "./signed-out-reason.server";

export interface RouteArgs {
  request: Request;
  params: Params;
  context: AppLoadContext;
}

type GuardOf<K extends RouteKey> = (typeof ROUTES)[K]["guard"];
export type Access<K extends RouteKey> = { locale: Locale; user: GuardOf<K> extends null ? SessionUser | null : SessionUser };

/** The guarded case, or null when there is none: an id that is no record id is none, unasked. */
async function caseFacts(caseId: string | undefined): Promise<CaseFacts | null> {
  if (!caseId || !isRowId(caseId)) return null;
  const [row] = await systemDb()
    .select({ organisationId: dossier.organisationId, professionalId: dossier.professionalId, status: dossier.status })
    .from(dossier)
    .where(eq(dossier.id, caseId));
  return row ?? null;
}

function signInRedirect(request: Request, locale: Locale): Response {
  const url = new URL(request.url);
  const target = url.pathname + url.search;
  const reason = signedOutReason(request.headers);
  return redirect(`${localizePath("/", locale)}?redirectTo=${encodeURIComponent(target)}${reason ? `&reason=${reason}` : ""}`);
}

export async function authorize<K extends RouteKey>(args: RouteArgs, key: K): Promise<Access<K>> {
  const entry = ROUTES[key];
  const locale = localeFromPath(new URL(args.request.url).pathname);
  if ("testPage" in entry && entry.testPage && !config().testPages) throw notFound();
  const user = await currentUser(args);
  if (entry.guard === null) return { locale, user } as Access<K>;
  // MFA_REQUIRED_ROLES: until enrolled, the user's own account page is the only guarded page they may use.
  if (user && mustEnrolSecondFactor(user, config().mfaRequiredRoles) && key !== enrolmentRouteKey(user.role)) {
    throw redirect(localizePath(enrolmentPath(user), locale));
  }
  // Signed out is sent to sign-in whatever the case: the database is not asked for one.
  const facts = user && guardNeedsCase(entry.guard, args.params) ? await caseFacts(args.params.caseId) : null;
  switch (decideGuard(entry.guard, user, args.params, facts)) {
    case "allow":
      return { locale, user } as Access<K>;
    case "sign-in":
      throw signInRedirect(args.request, locale);
    case "home": {
      const view = ROLE_VIEWS[key]?.[user!.role];
      throw redirect(localizePath(view ? routePath(view, args.params as Record<string, string>) : homePath(user!), locale));
    }
    case "not-found":
      throw notFound();
    case "no-organisation":
      throw errorResponse(new AppError("no-organisation"));
  }
}
