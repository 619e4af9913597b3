/**
 * First-administrator setup codes: kept in the database (not in one process's memory), so any instance accepts a
 * code another printed, each code works once, and it expires. Only a SHA-256 of the normalised code is stored.
 */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const setupCode = pgTable("setup_code", {
  /** SHA-256 (hex) of the code without separators, upper case. */
  codeHash: text("code_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** Set when the code is used; cleared again when creating the administrator failed for a reason one can fix. */
  usedAt: timestamp("used_at", { withTimezone: true }),
});
