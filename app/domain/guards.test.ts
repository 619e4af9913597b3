import { describe, expect, it } from "vitest";
import {
  assertRouteGuards,
  decideGuard,
  GUARD_NAMES,
  GUARDS,
  guardNeedsCase,
  isGuardName,
  type CaseFacts,
  type GuardDecision,
  type GuardName,
  type GuardUser,
} from "./guards";
import { ROLES, type Role } from "./roles";
import { ROUTES } from "./route-table";

const ORG_A = "org-a";
const ORG_B = "org-b";

const users: Record<Role, GuardUser> = {
  admin: { id: "admin-1", role: "admin", supervisedOrganisationIds: [], organisationId: null },
  supervisor: { id: "sup-1", role: "supervisor", supervisedOrganisationIds: [ORG_A], organisationId: null },
  professional: { id: "pro-1", role: "professional", supervisedOrganisationIds: [], organisationId: ORG_A },
};

/** Case situations, seen from the users above. */
const ownCaseInOrgA: CaseFacts = { organisationId: ORG_A, professionalId: "pro-1", status: "submitted" };
const otherProCaseInOrgA: CaseFacts = { organisationId: ORG_A, professionalId: "pro-2", status: "submitted" };
const otherProCaseInOrgB: CaseFacts = { organisationId: ORG_B, professionalId: "pro-3", status: "submitted" };

/** Who passes each guard by role alone (PRODUCT.md "Roles and guards"). */
const ROLES_OF: Record<GuardName, Role[]> = {
  "administrator-role": ["admin"],
  "admin-role": ["admin"],
  "admin-supervisor-role": ["admin", "supervisor"],
  "admin-only-role": ["admin"],
  "supervisor-role": ["supervisor"],
  "professional-role": ["professional"],
  "supervisor-professional-role": ["supervisor", "professional"],
};

describe("the guard registry", () => {
  it("has exactly the guards of PRODUCT.md", () => {
    expect([...GUARD_NAMES].sort()).toEqual(Object.keys(ROLES_OF).sort());
  });

  it.each(GUARD_NAMES)("%s lets exactly the right roles past", (guard) => {
    expect([...GUARDS[guard].roles].sort()).toEqual([...ROLES_OF[guard]].sort());
  });

  it("recognises guard names and nothing else", () => {
    for (const name of GUARD_NAMES) expect(isGuardName(name)).toBe(true);
    for (const name of ["admn-role", "ADMIN-ROLE", "", "toString", "__proto__", "constructor", null, 42]) expect(isGuardName(name)).toBe(false);
  });

  it("needs case facts for the case guard, and for a professional's path that names a case", () => {
    expect(GUARD_NAMES.filter((guard) => guardNeedsCase(guard))).toEqual(["supervisor-professional-role"]);
    expect(GUARD_NAMES.filter((guard) => guardNeedsCase(guard, { caseId: "c1" }))).toEqual(["professional-role", "supervisor-professional-role"]);
  });
});

describe("decideGuard: signed out and wrong role", () => {
  it.each(GUARD_NAMES)("%s sends a signed-out visitor to sign-in", (guard) => {
    expect(decideGuard(guard, null, { proId: "pro-1", caseId: "c1" }, ownCaseInOrgA)).toBe("sign-in");
  });

  const combinations = GUARD_NAMES.flatMap((guard) => ROLES.map((role) => [guard, role] as const));
  it.each(combinations)("%s with role %s: home (404 for admin-only-role) unless the role may pass", (guard, role) => {
    const user = users[role];
    const decision = decideGuard(guard, user, { proId: user.id, caseId: "c1" }, ownCaseInOrgA);
    if (ROLES_OF[guard].includes(role)) expect(decision).not.toBe("home");
    else expect(decision).toBe(guard === "admin-only-role" ? "not-found" : "home");
  });
});

describe("decideGuard: role-only guards", () => {
  const roleOnly = GUARD_NAMES.filter((g) => !("record" in GUARDS[g]));
  it("are the admin and supervisor guards", () => {
    expect(roleOnly.sort()).toEqual(["admin-only-role", "admin-role", "admin-supervisor-role", "administrator-role", "supervisor-role"]);
  });

  const passing = roleOnly.flatMap((guard) => ROLES_OF[guard].map((role) => [guard, role] as const));
  it.each(passing)("%s allows %s whatever the path holds", (guard, role) => {
    expect(decideGuard(guard, users[role], {})).toBe("allow");
    expect(decideGuard(guard, users[role], { proId: "someone-else", caseId: "x" }, otherProCaseInOrgB)).toBe("allow");
  });
});

describe("decideGuard: professional-role (own proId)", () => {
  const pro = users.professional;
  it("allows the professional on their own proId", () => {
    expect(decideGuard("professional-role", pro, { proId: pro.id })).toBe("allow");
  });
  it("answers 404 for another professional's proId", () => {
    expect(decideGuard("professional-role", pro, { proId: "pro-2" })).toBe("not-found");
  });
  it("answers 404 when the path has no proId at all", () => {
    expect(decideGuard("professional-role", pro, {})).toBe("not-found");
  });
  it("does not match ids by prefix or case", () => {
    expect(decideGuard("professional-role", pro, { proId: `${pro.id}x` })).toBe("not-found");
    expect(decideGuard("professional-role", pro, { proId: pro.id.toUpperCase() })).toBe("not-found");
  });
  it("allows a case under their own path only when the case is theirs", () => {
    expect(decideGuard("professional-role", pro, { proId: pro.id, caseId: "c1" }, ownCaseInOrgA)).toBe("allow");
    expect(decideGuard("professional-role", pro, { proId: pro.id, caseId: "c2" }, { organisationId: ORG_A, professionalId: "pro-2", status: "submitted" })).toBe("not-found");
    expect(decideGuard("professional-role", pro, { proId: pro.id, caseId: "missing" }, null)).toBe("not-found");
  });
  it("refuses a professional without an organisation (no professional record) on every page they share, whatever the record", () => {
    const orphan: GuardUser = { ...pro, organisationId: null };
    expect(decideGuard("professional-role", orphan, { proId: pro.id })).toBe("no-organisation");
    expect(decideGuard("professional-role", orphan, { proId: "pro-2" })).toBe("no-organisation");
    expect(decideGuard("supervisor-professional-role", orphan, { caseId: "c1" }, ownCaseInOrgA)).toBe("no-organisation");
    expect(decideGuard("supervisor-professional-role", orphan, { caseId: "c3" }, otherProCaseInOrgB)).toBe("no-organisation");
    // Other roles' pages still send them home, where the refusal is explained.
    expect(decideGuard("admin-role", orphan, {})).toBe("home");
  });
  it("sends admins and supervisors home rather than 404", () => {
    expect(decideGuard("professional-role", users.admin, { proId: pro.id })).toBe("home");
    expect(decideGuard("professional-role", users.supervisor, { proId: pro.id })).toBe("home");
  });
});

describe("decideGuard: supervisor-professional-role (case participants)", () => {
  const guard = "supervisor-professional-role";
  const table: [string, GuardUser, CaseFacts | null, GuardDecision][] = [
    ["supervisor, case of an assigned organisation", users.supervisor, otherProCaseInOrgA, "allow"],
    ["supervisor, case of another organisation", users.supervisor, otherProCaseInOrgB, "not-found"],
    ["supervisor, no such case", users.supervisor, null, "not-found"],
    ["supervisor with no organisations", { ...users.supervisor, supervisedOrganisationIds: [] }, otherProCaseInOrgA, "not-found"],
    ["supervisor of several organisations", { ...users.supervisor, supervisedOrganisationIds: [ORG_A, ORG_B] }, otherProCaseInOrgB, "allow"],
    ["professional, own case", users.professional, ownCaseInOrgA, "allow"],
    ["professional, colleague's case in the same organisation", users.professional, otherProCaseInOrgA, "not-found"],
    ["professional, case in another organisation", users.professional, otherProCaseInOrgB, "not-found"],
    ["professional, no such case", users.professional, null, "not-found"],
    ["admin", users.admin, ownCaseInOrgA, "home"],
  ];
  it.each(table)("%s → %s", (_label, user, facts, expected) => {
    expect(decideGuard(guard, user, { caseId: "c1" }, facts)).toBe(expected);
  });

  it("a professional's own proId in the path does not stand in for owning the case", () => {
    expect(decideGuard(guard, users.professional, { caseId: "c1", proId: users.professional.id }, otherProCaseInOrgA)).toBe("not-found");
  });
});

describe("assertRouteGuards", () => {
  it("passes for the real route table", () => {
    expect(() => assertRouteGuards(ROUTES)).not.toThrow();
  });

  it("passes for routes without a guard", () => {
    expect(() => assertRouteGuards({ open: { path: "open", guard: null } })).not.toThrow();
  });

  it("throws for an unknown guard name, naming the route and the guard", () => {
    expect(() => assertRouteGuards({ ...ROUTES, broken: { path: "admin/x", guard: "admn-role" } })).toThrow(
      /route "broken" \(admin\/x\) names unknown guard "admn-role"/,
    );
  });

  it("throws for inherited object properties used as guard names", () => {
    expect(() => assertRouteGuards({ broken: { path: "x", guard: "toString" } })).toThrow(/unknown guard "toString"/);
  });

  it("throws for a professional guard on a path without :proId", () => {
    expect(() => assertRouteGuards({ broken: { path: "pro/me", guard: "professional-role" } })).toThrow(/has no :proId in its path/);
  });

  it("throws for a case guard on a path without :caseId", () => {
    expect(() => assertRouteGuards({ broken: { path: "supervisor/case/:id", guard: "supervisor-professional-role" } })).toThrow(
      /has no :caseId in its path/,
    );
  });

  it("does not accept a parameter that merely starts with the name", () => {
    expect(() => assertRouteGuards({ broken: { path: "pro/:proIdentity", guard: "professional-role" } })).toThrow(/:proId/);
  });

  it("reports every problem at once", () => {
    let message = "";
    try {
      assertRouteGuards({ a: { path: "a", guard: "nope" }, b: { path: "b", guard: "professional-role" } });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('route "a"');
    expect(message).toContain('route "b"');
  });
});
