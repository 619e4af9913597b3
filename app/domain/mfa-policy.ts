/**
 * The second-factor policy (MFA_REQUIRED_ROLES), pure: which users must enrol before they may use any page other
 * than their own account page, and where that page is. Enforced for pages by `authorize()`, and for the API table's
 * guarded endpoints by `runEndpoint` (401 `second-factor-enrolment-required`).
 */
import { ACCOUNT_ROUTE } from "./navigation";
import type { Role } from "./roles";
import { routePath, type RouteKey } from "./route-table";

export function mustEnrolSecondFactor(user: { role: Role; twoFactorEnabled: boolean }, requiredRoles: readonly Role[]): boolean {
  return requiredRoles.includes(user.role) && !user.twoFactorEnabled;
}

/** The page a user must stay on while enrolment is required: their own account page. */
export function enrolmentRouteKey(role: Role): RouteKey {
  return ACCOUNT_ROUTE[role];
}

/** Unprefixed path of the enrolment page, with a marker the page uses to explain why the user is there. */
export function enrolmentPath(user: { id: string; role: Role }): string {
  return `${routePath(enrolmentRouteKey(user.role), { proId: user.id })}?second-factor=required`;
}
