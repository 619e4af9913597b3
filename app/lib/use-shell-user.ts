/**
 * The signed-in user as the layouts load them (`layoutLoader`), for components below any layout: the nearest
 * route match whose data carries `user`. Null when signed out.
 */
import { useMatches } from "react-router";
import type { ShellUser } from "./shell-user";

export function useShellUser(): ShellUser | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { user?: ShellUser | null } | undefined;
    if (data && typeof data === "object" && "user" in data) return data.user ?? null;
  }
  return null;
}
