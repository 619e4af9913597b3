/** The audit log: who did what to which record, when, with the state before and after. Append-only. */
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The acting user; null for the system or an anonymous visitor (e.g. a failed sign-in). */
    actorId: text("actor_id"),
    /** e.g. "auth.sign-in", "auth.sign-in-failed", "admin.first-admin-created". */
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    organisationId: text("organisation_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
    ipAddress: text("ip_address"),
  },
  (t) => [
    index("audit_subject_idx").on(t.subjectType, t.subjectId),
    index("audit_at_idx").on(t.at),
    index("audit_actor_idx").on(t.actorId),
    // "Has this user logged this already?" (auditedSince: list reads and dossier views, on every list page load):
    // the subject index alone would scan every user's reads of the same list.
    index("audit_actor_action_subject_at_idx").on(t.actorId, t.action, t.subjectId, t.at),
  ],
);
