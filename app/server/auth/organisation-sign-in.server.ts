/**
 * A deactivated organisation's professionals cannot sign in. Enforced in one place: Better Auth's session-create
 * hook, which every sign-in method passes through (password, e-mail link, phone, OIDC, second factor). Sessions
 * that already exist are deleted when the organisation is deactivated (people/organisations.server.ts), so the
 * session lookup needs no extra check. The refusal has its own code, ORGANISATION_INACTIVE, which every sign-in
 * path turns into the `organisation-inactive` message. The hook runs only when a session is about to be created,
 * that is after the first factor was right (the password, the link, the code, the provider), so the message tells
 * nothing to someone who does not already know it.
 */
import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { systemDb } from "../db/client.server";
import { organisation, professional } from "../db/schema";

/** Better Auth error code of the refusal (in JSON bodies and `?error=` after a redirect flow). */
export const ORGANISATION_INACTIVE_CODE = "ORGANISATION_INACTIVE";

async function professionalOrganisationInactive(userId: string): Promise<boolean> {
  const [row] = await systemDb()
    .select({ active: organisation.active })
    .from(professional)
    .innerJoin(organisation, eq(organisation.id, professional.organisationId))
    .where(and(eq(professional.userId, userId)));
  return row ? !row.active : false;
}

/** databaseHooks.session.create.before */
export async function refuseInactiveOrganisation(session: { userId: string }): Promise<void> {
  if (await professionalOrganisationInactive(session.userId)) {
    throw APIError.from("FORBIDDEN", { message: "Your organisation is deactivated", code: ORGANISATION_INACTIVE_CODE });
  }
}
