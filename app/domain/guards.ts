/**
 * The guard registry (PRODUCT.md "Roles and guards"). Pure: decides from facts the server has gathered.
 * `GuardName` is derived from the registry, so a misspelt guard in the route table does not compile;
 * `assertRouteGuards` checks the same again at start-up for anything that slipped past the types.
 */
import { can } from "./access/permissions";
import type { Role } from "./roles";

interface GuardDefinition {
  /** Roles that may pass at all; anyone else signed in is sent home. */
  roles: readonly Role[];
  /** A record-level check; failing it answers 404 so existence is never confirmed. */
  record?: "own-professional" | "case-participant";
  /** Signed-in users of other roles get 404 instead of being sent home: the page is not admitted to exist. */
  othersNotFound?: true;
}

export const GUARDS = {
  "administrator-role": { roles: ["admin"] },
  "admin-role": { roles: ["admin"] },
  "admin-supervisor-role": { roles: ["admin", "supervisor"] },
  // The dossier export (issue 15): like its API and files, the page is "not found" to anyone but an administrator.
  "admin-only-role": { roles: ["admin"], othersNotFound: true },
  "supervisor-role": { roles: ["supervisor"] },
  "professional-role": { roles: ["professional"], record: "own-professional" },
  "supervisor-professional-role": { roles: ["supervisor", "professional"], record: "case-participant" },
} as const satisfies Record<string, GuardDefinition>;

export type GuardName = keyof typeof GUARDS;
export const GUARD_NAMES = Object.keys(GUARDS) as GuardName[];

/** The route parameter each record-level check reads. */
const RECORD_PARAM = { "own-professional": "proId", "case-participant": "caseId" } as const;

export function isGuardName(value: unknown): value is GuardName {
  return typeof value === "string" && Object.hasOwn(GUARDS, value);
}

/** The signed-in user as the guards see them. */
export interface GuardUser {
  id: string;
  role: Role;
  /** Organisations a supervisor is assigned to (empty for other roles). */
  supervisedOrganisationIds: readonly string[];
  /** A professional's organisation: null when their professional record is missing (see decideGuard). */
  organisationId: string | null;
}

/** What the server knows of the case named in the path (null: no such case). */
export interface CaseFacts {
  organisationId: string;
  professionalId: string;
  status: string;
}

export type GuardDecision = "allow" | "sign-in" | "home" | "not-found" | "no-organisation";

/** Whether deciding needs the facts of the case in the path (the case guard, or a caseId under a professional's path). */
export function guardNeedsCase(guard: GuardName, params: Readonly<Record<string, string | undefined>> = {}): boolean {
  const definition: GuardDefinition = GUARDS[guard];
  return definition.record === "case-participant" || (definition.record === "own-professional" && params.caseId !== undefined);
}

export function decideGuard(
  guard: GuardName,
  user: GuardUser | null,
  params: Readonly<Record<string, string | undefined>>,
  caseFacts: CaseFacts | null = null,
): GuardDecision {
  if (!user) return "sign-in";
  const definition: GuardDefinition = GUARDS[guard];
  if (!definition.roles.includes(user.role)) return definition.othersNotFound ? "not-found" : "home";
  // A professional is a user in exactly one organisation. Without that record (removed outside the product, or
  // left half-made) nothing of theirs can be scoped to an organisation, and sending them "home" would only loop:
  // every professional page says so instead, before any record is looked at, so no record's existence shows.
  if (user.role === "professional" && !user.organisationId) return "no-organisation";
  switch (definition.record) {
    case undefined:
      return "allow";
    case "own-professional":
      if (params.proId !== user.id) return "not-found";
      // A case under a professional's own path must be their own case too.
      if (params.caseId !== undefined) return caseFacts?.professionalId === user.id ? "allow" : "not-found";
      return "allow";
    case "case-participant":
      // The permission table's read rule: the owner, or an assigned supervisor once the dossier is shared.
      return caseFacts && can(user, "dossier.read", caseFacts) ? "allow" : "not-found";
  }
}

/** Start-up check: every guard exists and every record check has its parameter in the path. */
export function assertRouteGuards(routes: Record<string, { path: string; guard: string | null }>): void {
  const problems: string[] = [];
  for (const [key, route] of Object.entries(routes)) {
    if (route.guard === null) continue;
    if (!isGuardName(route.guard)) {
      problems.push(`route "${key}" (${route.path}) names unknown guard "${route.guard}"; known: ${GUARD_NAMES.join(", ")}`);
      continue;
    }
    const definition: GuardDefinition = GUARDS[route.guard];
    const param = definition.record && RECORD_PARAM[definition.record];
    if (param && !route.path.split("/").includes(`:${param}`)) {
      problems.push(`route "${key}" (${route.path}) uses guard "${route.guard}" but has no :${param} in its path`);
    }
  }
  if (problems.length) throw new Error(`Route guard configuration is invalid:\n- ${problems.join("\n- ")}`);
}
