/**
 * The one actor: who is acting in a request, as every permission check and query scope sees them. Built once per
 * request from the session (app/server/auth/session.server.ts `SessionUser` extends it).
 */
import type { Role } from "../roles";

export interface Actor {
  id: string;
  role: Role;
  /** A professional's organisation; null for other roles. */
  organisationId: string | null;
  /** The organisations a supervisor is assigned to; empty for other roles. */
  supervisedOrganisationIds: readonly string[];
}
