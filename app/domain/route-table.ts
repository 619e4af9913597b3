/**
 * The seed's route table (SPEC.md §2) with PRODUCT.md's layouts and guards: one entry per page, in one place.
 * `app/routes.ts` turns it into React Router's config for every locale; loaders and actions enforce the
 * guard named here through `authorize(args, key)`; navigation and titles read it too.
 */
import type { GuardName } from "./guards";
import type { Role } from "./roles";

export type LayoutName = "default" | "documentation" | "full" | "sidebar" | "sidebar-copy";

export interface RouteEntry {
  /** Unprefixed path pattern without the leading slash ("" is the index). */
  path: string;
  /** Route module, relative to app/. */
  file: string;
  layout: LayoutName;
  guard: GuardName | null;
  /** Test pages answer 404 unless test pages are switched on. */
  testPage?: boolean;
}

export const ROUTES = {
  "sign-in": { path: "", file: "routes/auth/sign-in.tsx", layout: "full", guard: null },
  forgot: { path: "forgot", file: "routes/auth/forgot.tsx", layout: "full", guard: null },
  "set-password": { path: "set-password", file: "routes/auth/set-password.tsx", layout: "full", guard: null },
  "verify-login": { path: "verify-login", file: "routes/auth/verify-login.tsx", layout: "full", guard: null },
  "confirm-email": { path: "confirm-email", file: "routes/auth/confirm-email.tsx", layout: "full", guard: null },
  "admin-setup": { path: "admin/setup", file: "routes/admin/setup.tsx", layout: "full", guard: null },

  admin: { path: "admin", file: "routes/admin/dashboard.tsx", layout: "sidebar", guard: "administrator-role" },
  "admin-organisations": {
    path: "admin/organisaties",
    file: "routes/admin/organisations.tsx",
    layout: "sidebar",
    guard: "administrator-role",
  },
  "admin-organisation": {
    path: "admin/organisaties/:orgId",
    file: "routes/admin/organisation.tsx",
    layout: "sidebar",
    guard: "administrator-role",
  },
  "admin-professional": {
    path: "admin/organisaties/:orgId/professional/:proId",
    file: "routes/admin/professional.tsx",
    layout: "sidebar",
    guard: "administrator-role",
  },
  "admin-supervisors": {
    path: "admin/supervisors",
    file: "routes/admin/supervisors.tsx",
    layout: "sidebar",
    guard: "administrator-role",
  },
  "admin-administrators": {
    path: "admin/administrators",
    file: "routes/admin/administrators.tsx",
    layout: "sidebar",
    guard: "admin-role",
  },
  "admin-unfinished-dossiers": {
    path: "admin/unfinished-dossiers",
    file: "routes/admin/unfinished-dossiers.tsx",
    layout: "sidebar",
    guard: "admin-role",
  },
  "admin-jobs": {
    path: "admin/jobs",
    file: "routes/admin/jobs.tsx",
    layout: "sidebar",
    guard: "admin-role",
  },
  "admin-dossier": {
    path: "admin/dossiers/:caseId",
    file: "routes/admin/dossier.tsx",
    layout: "sidebar",
    guard: "admin-role",
  },
  "admin-case-handling": {
    path: "admin/data-insights/case-behandeling",
    file: "routes/admin/case-handling.tsx",
    layout: "sidebar",
    guard: "admin-role",
  },
  "admin-export-dossiers": {
    path: "admin/data-insights/export-dossier-jsons",
    file: "routes/admin/export-dossiers.tsx",
    layout: "sidebar",
    guard: "admin-only-role",
  },
  "admin-profile": { path: "admin/profiel", file: "routes/admin/profile.tsx", layout: "sidebar", guard: "administrator-role" },
  reporting: { path: "reporting", file: "routes/reporting/reporting.tsx", layout: "sidebar", guard: "admin-supervisor-role" },

  supervisor: { path: "supervisor", file: "routes/supervisor/queue.tsx", layout: "sidebar-copy", guard: "supervisor-role" },
  "supervisor-profile": {
    path: "supervisor/profiel",
    file: "routes/supervisor/profile.tsx",
    layout: "sidebar-copy",
    guard: "supervisor-role",
  },
  "supervisor-case": {
    path: "supervisor/case/:caseId",
    file: "routes/supervisor/case.tsx",
    layout: "sidebar-copy",
    guard: "supervisor-professional-role",
  },
  "supervisor-case-mvp": {
    path: "supervisor/case/:caseId/mvp",
    file: "routes/supervisor/case-summary.tsx",
    layout: "sidebar-copy",
    guard: "supervisor-professional-role",
  },

  "pro-home": { path: "pro/:proId", file: "routes/pro/home.tsx", layout: "full", guard: "professional-role" },
  "pro-profile": { path: "pro/:proId/profiel", file: "routes/pro/profile.tsx", layout: "sidebar-copy", guard: "professional-role" },
  "pro-case": { path: "pro/:proId/case", file: "routes/pro/new-case.tsx", layout: "sidebar-copy", guard: "professional-role" },
  "pro-my-dossiers": {
    path: "pro/:proId/mijn-dossiers",
    file: "routes/pro/my-dossiers.tsx",
    layout: "sidebar-copy",
    guard: "professional-role",
  },
  "pro-history": {
    path: "pro/:proId/:phone/history",
    file: "routes/pro/history.tsx",
    layout: "sidebar-copy",
    guard: "professional-role",
  },
  "pro-clinical-reasoning": {
    path: "pro/:proId/case/:caseId/klinisch-redeneren",
    file: "routes/pro/clinical-reasoning.tsx",
    layout: "sidebar-copy",
    guard: "professional-role",
  },

  "debug-ml": { path: "debug/ml", file: "routes/debug/ml.tsx", layout: "documentation", guard: "admin-role" },
  "debug-explanation": { path: "debug/explanation", file: "routes/debug/explanation.tsx", layout: "default", guard: "admin-role" },
  "debug-ml-select-videos": {
    path: "debug/ml/select-videos",
    file: "routes/debug/select-videos.tsx",
    layout: "documentation",
    guard: "admin-role",
  },
  "debug-ml-label-images-from-video": {
    path: "debug/ml/label-images-from-video",
    file: "routes/debug/label-images-from-video.tsx",
    layout: "documentation",
    guard: "admin-role",
  },
  "debug-ml-labeled-images": {
    path: "debug/ml/labeled-images",
    file: "routes/debug/labeled-images.tsx",
    layout: "documentation",
    guard: "admin-role",
  },
  "debug-ml-test-prediction": {
    path: "debug/ml/test-prediction",
    file: "routes/debug/test-prediction.tsx",
    layout: "documentation",
    guard: "admin-role",
  },
  "debug-ml-live-prediction": {
    path: "debug/ml/live-prediction",
    file: "routes/debug/live-prediction.tsx",
    layout: "documentation",
    guard: "admin-role",
  },

  "test-login-flow": { path: "test/login-flow", file: "routes/test/login-flow.tsx", layout: "default", guard: "admin-role", testPage: true },
  "test-record-view": { path: "test/record-view", file: "routes/test/record-view.tsx", layout: "default", guard: "admin-role", testPage: true },
  "test-viot-uploads": { path: "test/viot-uploads", file: "routes/test/viot-uploads.tsx", layout: "default", guard: "admin-role", testPage: true },
  "test-set-password-copy": {
    path: "test/set-password-copy",
    file: "routes/test/set-password-copy.tsx",
    layout: "default",
    guard: "admin-role",
    testPage: true,
  },
} as const satisfies Record<string, RouteEntry>;

export type RouteKey = keyof typeof ROUTES;
export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

/**
 * Pages of a record that another role has a page of its own for, with the same path parameters: a user of that
 * role, whom the guard would send home, is sent to their own page of the record instead (an administrator
 * following a link to a dossier's review page lands on the administrator's page of that dossier).
 */
export const ROLE_VIEWS: Partial<Record<RouteKey, Partial<Record<Role, RouteKey>>>> = {
  "supervisor-case": { admin: "admin-dossier" },
  "supervisor-case-mvp": { admin: "admin-dossier" },
};

export function routeEntry(key: RouteKey): RouteEntry {
  return ROUTES[key];
}

/** Fill a route's path parameters: routePath("pro-home", { proId }) → "/pro/…". Unprefixed; see localizePath. */
export function routePath(key: RouteKey, params: Record<string, string> = {}): string {
  const filled = ROUTES[key].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`routePath(${key}) is missing parameter ${name}`);
    return encodeURIComponent(value);
  });
  return `/${filled}`;
}
