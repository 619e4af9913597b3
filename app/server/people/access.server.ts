/**
 * The acting user of the people and organisation functions. Every function in app/server/people checks the
 * role itself (not only the route), so a future caller that forgets the guard still cannot reach the data.
 */
import { AppError } from "~/domain/errors";
import type { Role } from "~/domain/roles";
import type { AuditOrigin } from "../audit/audit.server";

export interface Actor {
  id: string;
  role: Role;
  name?: string;
}

/** Where a change came from, for the audit log. */
export type Origin = AuditOrigin;

export function requireAdmin(actor: Actor | null | undefined): asserts actor is Actor {
  // Not "forbidden": the answer must not confirm that the record behind the call exists.
  if (!actor || actor.role !== "admin") throw new AppError("not-found");
}
