import type { Role } from "~/domain/roles";

/** What every layout shows of the signed-in user (name for the header, role and id for the menu). */
export interface ShellUser {
  id: string;
  name: string;
  role: Role;
}
