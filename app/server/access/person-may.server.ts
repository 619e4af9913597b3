/**
 * Whether a person holds a right now, asked of the database rather than of the actor a piece of work was started
 * with: an export runs, and an invitation waits, under their starter's rights as they are today. `lock` holds the
 * person's row until the caller's transaction ends, so a change of role waits for the caller, or is seen by it.
 */
import { eq } from "drizzle-orm";
import { type Action, can } from "~/domain/access/permissions";
import { isRole } from "~/domain/roles";
import type { Queryable } from "../db/client.server";
import { user } from "../db/schema";

/** For rights decided by the actor alone (`export.run`, `people.manage`): no organisation facts are needed. */
export async function personMay(db: Queryable, userId: string | null, action: "export.run" | "people.manage", lock = false): Promise<boolean> {
  if (!userId) return false;
  const query = db.select({ role: user.role, banned: user.banned }).from(user).where(eq(user.id, userId));
  const [person] = lock ? await query.for("share") : await query;
  if (!person || person.banned || !isRole(person.role)) return false;
  return can({ id: userId, role: person.role, organisationId: null, supervisedOrganisationIds: [] }, action satisfies Action);
}
