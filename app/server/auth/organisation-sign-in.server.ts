/**
 * A deactivated organisation's professionals cannot sign in. Enforced in one place: Better Auth's session-create
 * hook, which every sign-in method passes through (password, e-mail link, phone, OIDC, second factor). Sessions
 * that already exist are deleted when the organisation is deactivated (people/organisations.server.ts), so the
 * session lookup needs no extra check. The refusal reuses the admin plugin's BANNED_USER code: to the person
 * signing in it is the same situation as a disabled account ("contact your administrator"), and every sign-in
 * path already turns that code into the user-disabled message.
 */
import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { systemDb } from "../db/client.server";
import { organisation, professional } from "../db/schema";

export async function professionalOrganisationInactive(userId: string): Promise<boolean> {
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
    throw APIError.from("FORBIDDEN", { message: "Your organisation is deactivated", code: "BANNED_USER" });
  }
}
