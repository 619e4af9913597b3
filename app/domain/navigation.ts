/**
 * Where each page sits in the navigation: the menu of each role and each page's parent (for breadcrumbs and
 * the "place in the navigation" every page shows).
 */
import type { Role } from "./roles";
import { routePath, type RouteKey } from "./route-table";

export interface NavGroup {
  /** Translation key under common:nav.groups. */
  group: "work" | "people" | "insight" | "model" | "test" | "account";
  items: RouteKey[];
  /** Shown only when test pages are on. */
  testPagesOnly?: boolean;
}

/**
 * Only built pages: reporting and the data-insight pages ("insight") join the menus when they are built, not while
 * they say "not yet available" (tests/unit/navigation.test.ts).
 */
export const NAVIGATION: Record<Role, NavGroup[]> = {
  admin: [
    { group: "work", items: ["admin", "admin-unfinished-dossiers", "admin-jobs"] },
    { group: "people", items: ["admin-organisations", "admin-supervisors", "admin-administrators"] },
    { group: "insight", items: ["reporting", "admin-case-handling", "admin-export-dossiers"] },
    { group: "model", items: ["debug-ml", "debug-explanation"] },
    { group: "account", items: ["admin-profile"] },
    { group: "test", items: ["test-login-flow", "test-record-view", "test-viot-uploads", "test-set-password-copy"], testPagesOnly: true },
  ],
  supervisor: [
    { group: "work", items: ["supervisor"] },
    { group: "insight", items: ["reporting"] },
    { group: "account", items: ["supervisor-profile"] },
  ],
  professional: [
    { group: "work", items: ["pro-home", "pro-case", "pro-my-dossiers"] },
    { group: "account", items: ["pro-profile"] },
  ],
};

/** The ML pages' own menu in the documentation layout. */
export const MODEL_NAVIGATION: RouteKey[] = [
  "debug-ml",
  "debug-ml-select-videos",
  "debug-ml-label-images-from-video",
  "debug-ml-labeled-images",
  "debug-ml-test-prediction",
  "debug-ml-live-prediction",
  "debug-explanation",
];

/**
 * Places in the navigation that are not routes of their own: one page shown as another to another user (the
 * dossier's page is the supervisor's "Review dossier" under the queue, the professional's "Dossier" under their
 * dossiers), or one page across two routes (the five steps of an existing dossier are "Edit dossier" throughout).
 * Each has a title, common:pages.<place>.title, like a route.
 */
export const NAV_PLACES = ["pro-dossier", "pro-dossier-edit", "pro-dossier-summary"] as const;

/** A route of the route table or one of the places above: what a page header and its breadcrumb name. */
export type NavKey = RouteKey | (typeof NAV_PLACES)[number];

export const PARENT: Partial<Record<NavKey, NavKey>> = {
  "admin-organisations": "admin",
  "admin-organisation": "admin-organisations",
  "admin-professional": "admin-organisation",
  "admin-supervisors": "admin",
  "admin-administrators": "admin",
  "admin-unfinished-dossiers": "admin",
  "admin-jobs": "admin",
  "admin-dossier": "admin-unfinished-dossiers",
  "admin-case-handling": "admin",
  "admin-export-dossiers": "admin",
  "admin-profile": "admin",
  "debug-ml-select-videos": "debug-ml",
  "debug-ml-label-images-from-video": "debug-ml",
  "debug-ml-labeled-images": "debug-ml",
  "debug-ml-test-prediction": "debug-ml",
  "debug-ml-live-prediction": "debug-ml",
  "debug-explanation": "debug-ml",
  "supervisor-profile": "supervisor",
  "supervisor-case": "supervisor",
  "supervisor-case-mvp": "supervisor-case",
  "pro-profile": "pro-home",
  "pro-case": "pro-home",
  "pro-my-dossiers": "pro-home",
  "pro-history": "pro-my-dossiers",
  "pro-clinical-reasoning": "pro-my-dossiers",
  "pro-dossier": "pro-my-dossiers",
  "pro-dossier-edit": "pro-my-dossiers",
  "pro-dossier-summary": "pro-dossier",
};

/**
 * The dossier's page (`supervisor-case`) and its summary as their viewer knows them: to a professional it is
 * one of their dossiers, to a supervisor a review (its guard admits no other role).
 */
export function dossierPlace(page: "supervisor-case" | "supervisor-case-mvp", role: Role): NavKey {
  if (role !== "professional") return page;
  return page === "supervisor-case" ? "pro-dossier" : "pro-dossier-summary";
}

/** The trail from the top of the navigation down to `key` (inclusive). */
export function breadcrumbTrail(key: NavKey): NavKey[] {
  const trail: NavKey[] = [key];
  for (let parent = PARENT[key]; parent; parent = PARENT[parent]) trail.unshift(parent);
  return trail;
}

/** Each role's own account page: where second-factor enrolment happens when MFA_REQUIRED_ROLES asks for it. */
export const ACCOUNT_ROUTE: Record<Role, "admin-profile" | "supervisor-profile" | "pro-profile"> = {
  admin: "admin-profile",
  supervisor: "supervisor-profile",
  professional: "pro-profile",
};

/** The path of a user's own account page (the header's "My profile"). */
export function accountPath(user: { id: string; role: Role }): string {
  return routePath(ACCOUNT_ROUTE[user.role], { proId: user.id });
}
