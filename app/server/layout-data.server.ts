/** The layouts' loader: the signed-in user as the shell shows them (pages do their own authorisation). */
import type { ShellUser } from "~/lib/shell-user";
import type { RouteArgs } from "./auth/authorize.server";
import { currentUser } from "./auth/session.server";

export async function layoutLoader(args: RouteArgs): Promise<{ user: ShellUser | null }> {
  const user = await currentUser(args);
  if (!user) return { user: null };
  const sessionCheckedAt = new Date().toISOString();
  return { user: { id: user.id, name: user.name, role: user.role, sessionExpiresAt: user.sessionExpiresAt.toISOString(), sessionCheckedAt } };
}
