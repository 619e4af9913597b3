/**
 * The dossier's identity: which organisation, professional and status. Enough for the case guard to decide
 * who may see a dossier; the dossier's content (anamnesis, media, reasoning, review) is added by the dossier work.
 */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisation } from "./organisations";

export const dossier = pgTable(
  "dossier",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisation.id),
    professionalId: text("professional_id")
      .notNull()
      .references(() => user.id),
    /** draft | submitted | in_review | returned | completed | cancelled */
    status: text("status").notNull().default("draft"),
    /** Optimistic concurrency: every change increments it and checks the version the editor saw. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dossier_organisation_status_idx").on(t.organisationId, t.status), index("dossier_professional_idx").on(t.professionalId)],
);
