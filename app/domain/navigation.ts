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

export const PARENT: Partial<Record<RouteKey, RouteKey>> = {
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
};

/** The trail from the top of the navigation down to `key` (inclusive). */
export function breadcrumbTrail(key: RouteKey): RouteKey[] {
  const trail: RouteKey[] = [key];
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
