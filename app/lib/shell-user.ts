import type { Role } from "~/domain/roles";

/** What every layout shows of the signed-in user (name for the header, role and id for the menu). */
export interface ShellUser {
  id: string;
  name: string;
  role: Role;
  /** ISO time the session expires; the session keeper refreshes it before then. */
  sessionExpiresAt: string;
  /** ISO time on the server's clock when this was read: the keeper reads how far the device's clock is off from it. */
  sessionCheckedAt: string;
}
