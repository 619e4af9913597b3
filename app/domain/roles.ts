/** The three roles of Casus and where each one's work starts. */

export const ROLES = ["admin", "supervisor", "professional"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Home paths (unprefixed; localise with localizePath). A professional's home carries their own id. */
export function homePath(user: { id: string; role: Role }): string {
  switch (user.role) {
    case "admin":
      return "/admin";
    case "supervisor":
      return "/supervisor";
    case "professional":
      return `/pro/${encodeURIComponent(user.id)}`;
  }
}
