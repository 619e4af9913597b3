/** The audit entries shown on the admin detail pages: newest first, with the actor's name. */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { actingAs } from "../access/actor-db.server";
import { auditLog, professional, user } from "../db/schema";
import type { Actor } from "./access.server";

export interface AuditRow {
  id: string;
  at: string;
  action: string;
  actorName: string | null;
  subjectType: string | null;
  subjectId: string | null;
  before: unknown;
  after: unknown;
}

const actorUser = alias(user, "actor_user");

/**
 * Entries about these users, about the professionals of `professionalsOf` (an organisation: however many, read in
 * the query rather than listed), or about this organisation.
 */
export async function auditTrail(actor: Actor, filter: { userIds?: string[]; professionalsOf?: string; organisationId?: string; limit?: number }): Promise<AuditRow[]> {
  const { db } = actingAs(actor, "people.manage");
  const conditions = [];
  if (filter.userIds?.length) conditions.push(and(eq(auditLog.subjectType, "user"), inArray(auditLog.subjectId, filter.userIds)));
  if (filter.professionalsOf) {
    const members = db.select({ id: professional.userId }).from(professional).where(eq(professional.organisationId, filter.professionalsOf));
    conditions.push(and(eq(auditLog.subjectType, "user"), inArray(auditLog.subjectId, members)));
  }
  if (filter.organisationId) conditions.push(eq(auditLog.organisationId, filter.organisationId), and(eq(auditLog.subjectType, "organisation"), eq(auditLog.subjectId, filter.organisationId)));
  if (!conditions.length) return [];
  return toRows(
    await db
      .select({ entry: auditLog, actorName: actorUser.name })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
      .where(or(...conditions))
      .orderBy(desc(auditLog.at))
      .limit(filter.limit ?? 50),
  );
}

/** The latest changes made by administrators (every audited action whose actor is an admin). */
export async function recentAdminActivity(actor: Actor, limit = 10): Promise<AuditRow[]> {
  const { db } = actingAs(actor, "people.manage");
  return toRows(
    await db
      .select({ entry: auditLog, actorName: actorUser.name })
      .from(auditLog)
      .innerJoin(actorUser, eq(actorUser.id, auditLog.actorId))
      .where(eq(actorUser.role, "admin"))
      .orderBy(desc(auditLog.at))
      .limit(limit),
  );
}

function toRows(rows: { entry: typeof auditLog.$inferSelect; actorName: string | null }[]): AuditRow[] {
  return rows.map(({ entry, actorName }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action,
    actorName,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before,
    after: entry.after,
  }));
}
