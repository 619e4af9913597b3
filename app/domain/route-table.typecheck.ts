/**
 * Compile-time checks of the route table's types, verified by `npm run typecheck` (tsc), not by Vitest.
 * If a misspelt guard name ever compiled, the `@ts-expect-error` below would itself become an error.
 */
import type { RouteEntry } from "./route-table";

export const misspeltGuardDoesNotCompile = {
  path: "admin",
  file: "routes/admin/dashboard.tsx",
  layout: "sidebar",
  // @ts-expect-error "admn-role" is not a guard name
  guard: "admn-role",
} satisfies RouteEntry;

export const unknownLayoutDoesNotCompile = {
  path: "admin",
  file: "routes/admin/dashboard.tsx",
  // @ts-expect-error "sidebar-2" is not a layout
  layout: "sidebar-2",
  guard: "admin-role",
} satisfies RouteEntry;

export const correctEntryCompiles = {
  path: "admin",
  file: "routes/admin/dashboard.tsx",
  layout: "sidebar",
  guard: "admin-role",
} satisfies RouteEntry;
