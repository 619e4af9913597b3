/** Organisations and the people who work in them (PRODUCT.md "People and organisations"). */
import { bigint, boolean, pgTable, primaryKey, text, timestamp, index } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const organisation = pgTable("organisation", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text("name").notNull(),
  /** gp-practice | pharmacy | hearing-care | home-care | other */
  kind: text("kind").notNull().default("other"),
  city: text("city"),
  contactEmail: text("contact_email"),
  contactPhone: text("contact_phone"),
  active: boolean("active").notNull().default(true),
  storageQuotaBytes: bigint("storage_quota_bytes", { mode: "number" }).notNull().default(10 * 1024 ** 3),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A professional is a user in exactly one organisation; their user id is the `proId` of the routes. */
export const professional = pgTable(
  "professional",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisation.id),
    jobTitle: text("job_title"),
    registrationNumber: text("registration_number"),
  },
  (t) => [index("professional_organisation_idx").on(t.organisationId)],
);

export const supervisor = pgTable("supervisor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** gp | ent | audiologist | other */
  specialty: text("specialty").notNull().default("other"),
});

export const supervisorOrganisation = pgTable(
  "supervisor_organisation",
  {
    supervisorId: text("supervisor_id")
      .notNull()
      .references(() => supervisor.userId, { onDelete: "cascade" }),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisation.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.supervisorId, t.organisationId] }), index("supervisor_organisation_org_idx").on(t.organisationId)],
);
