/**
 * The acting user of the people and organisation functions. Every function in app/server/people checks the
 * role itself (not only the route), so a future caller that forgets the guard still cannot reach the data.
 */
import type { Actor as AccessActor } from "~/domain/access/actor";
import { can } from "~/domain/access/permissions";
import { AppError } from "~/domain/errors";
import type { AuditOrigin } from "../audit/audit.server";

export interface Actor extends AccessActor {
  name?: string;
}

/** Where a change came from, for the audit log. */
export type Origin = AuditOrigin;

export function requireAdmin(actor: Actor | null | undefined): asserts actor is Actor {
  // Not "forbidden": the answer must not confirm that the record behind the call exists.
  if (!can(actor, "people.manage")) throw new AppError("not-found");
}
