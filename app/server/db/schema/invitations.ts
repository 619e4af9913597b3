/**
 * Invitations: how people get an account (self sign-up is off). The invitee's user row exists from the moment of
 * invitation (without a password), so admin pages can show "invited" people; accepting sets the password and
 * verifies the address. Only a SHA-256 of the link's token is stored, so a database leak reveals no working link.
 */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const invitation = pgTable(
  "invitation",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The role the invitee gets (admin | supervisor | professional); copied from the user row at invitation. */
    role: text("role").notNull(),
    /** SHA-256 (hex) of the token in the link; a resend replaces it, so older links stop working. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer("send_count").notNull().default(1),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("invitation_user_idx").on(t.userId)],
);
