/**
 * Patients and dossiers (PRODUCT.md "Patients and dossiers"). A patient is a phone number within one
 * organisation. A dossier's sections are jsonb validated by app/domain/dossier/content.ts; its status changes only
 * through the lifecycle (app/domain/dossier/lifecycle.ts), each change with a row in dossier_event.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Anamnesis, Reasoning, Review } from "~/domain/dossier/content";
import type { ReasoningScore } from "~/domain/dossier/reasoning-score";
import { user } from "./auth";
import { media } from "./media";
import { organisation } from "./organisations";

export const patient = pgTable(
  "patient",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisation.id),
    /** E.164; the same phone in two organisations is two patients. */
    phone: text("phone").notNull(),
    initials: text("initials"),
    birthYear: smallint("birth_year"),
    /** female | male | other | unknown */
    sex: text("sex"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("patient_organisation_phone_idx").on(t.organisationId, t.phone)],
);

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
    patientId: text("patient_id").references(() => patient.id),
    /** draft | submitted | in_review | returned | completed | cancelled */
    status: text("status").notNull().default("draft"),
    /** left | right | both */
    earSide: text("ear_side").notNull().default("both"),
    anamnesis: jsonb("anamnesis").$type<Anamnesis>().notNull().default(sql`'{"complaints":[],"history":[]}'::jsonb`),
    reasoning: jsonb("reasoning").$type<Reasoning>().notNull().default(sql`'{}'::jsonb`),
    review: jsonb("review").$type<Review>(),
    /** The supervisor who claimed it; set while in_review and kept after completion. */
    reviewerId: text("reviewer_id").references(() => user.id),
    /** Optimistic concurrency: every change increments it and checks the version the editor saw. */
    version: integer("version").notNull().default(1),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Facts the reporting pages aggregate in SQL, written by the transitions as they happen (decision 070): the
    // working-time clock (app/domain/dossier/working-time.ts) runs in JavaScript once per transition, not per report.
    /** The first submission (`submitted_at` moves on at each resubmit). */
    firstSubmittedAt: timestamp("first_submitted_at", { withTimezone: true }),
    /** Working time from the first submission to the first claim. */
    claimWaitWorkingMs: bigint("claim_wait_working_ms", { mode: "number" }),
    /** Working time on the review clock (paused while returned), set at completion. */
    reviewWorkingMs: bigint("review_working_ms", { mode: "number" }),
    /** How often the dossier was returned to the professional. */
    returnCount: smallint("return_count").notNull().default(0),
    /** The reasoning score (0–100) at completion, and what matched (app/domain/dossier/reasoning-score.ts). */
    reasoningScore: smallint("reasoning_score"),
    reasoningScoreDetail: jsonb("reasoning_score_detail").$type<ReasoningScore>(),
  },
  (t) => [
    index("dossier_organisation_status_idx").on(t.organisationId, t.status),
    index("dossier_professional_idx").on(t.professionalId, t.updatedAt),
    index("dossier_patient_idx").on(t.patientId),
    // One index per list's filter and order (issue 13), so a page reads its rows in order instead of sorting them
    // all: my dossiers by creation, the home's returned dossiers, a patient's history, the supervisor's own reviews,
    // and the queue's waiting and recently completed dossiers. The queue filters on several organisations
    // (organisation_id = ANY), which one index range cannot return in order, so its indexes lead with the status
    // and the organisations are a filter on an ordered scan that stops after a page.
    index("dossier_professional_created_idx").on(t.professionalId, t.createdAt),
    index("dossier_professional_status_updated_idx").on(t.professionalId, t.status, t.updatedAt),
    index("dossier_patient_created_idx").on(t.patientId, t.createdAt),
    index("dossier_reviewer_status_submitted_idx").on(t.reviewerId, t.status, t.submittedAt),
    index("dossier_status_submitted_idx").on(t.status, t.submittedAt),
    index("dossier_status_completed_idx").on(t.status, t.completedAt),
    // Reporting reads one period of the chosen organisations by creation and by completion.
    index("dossier_organisation_created_idx").on(t.organisationId, t.createdAt),
    index("dossier_organisation_completed_idx").on(t.organisationId, t.completedAt),
    // How long the open dossiers wait: read by position in order of their last change (decision 074).
    index("dossier_open_updated_idx")
      .on(t.status, t.updatedAt, t.createdAt, t.organisationId)
      .where(sql`${t.status} in ('draft', 'submitted', 'in_review', 'returned')`),
    // The unfinished dossiers, oldest change first (drafts and returned ones by their last change, submitted ones
    // by their submission; the page filters an ordered scan and stops after a page).
    index("dossier_unfinished_updated_idx")
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} in ('draft', 'returned', 'submitted')`),
    // A learning curve reads one professional's newest scored reviews in order (decision 074), not all of them.
    index("dossier_professional_scored_idx")
      .on(t.professionalId, t.completedAt, t.id)
      .where(sql`${t.status} = 'completed' and ${t.reasoningScore} is not null`),
  ],
);

/** Media attached to a dossier, per ear. A medium in use by a dossier cannot be deleted (the FK restricts). */
export const dossierMedium = pgTable(
  "dossier_medium",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    dossierId: text("dossier_id")
      .notNull()
      .references(() => dossier.id, { onDelete: "cascade" }),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id),
    /** left | right */
    ear: text("ear").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dossier_medium_dossier_idx").on(t.dossierId), uniqueIndex("dossier_medium_dossier_media_idx").on(t.dossierId, t.mediaId), index("dossier_medium_media_idx").on(t.mediaId)],
);

/**
 * Every status change, edit and view of a dossier, with who and when. `seq` orders events across the whole
 * database; live updates use it as the Server-Sent Events id, so a reconnect replays what it missed.
 */
export const dossierEvent = pgTable(
  "dossier_event",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    dossierId: text("dossier_id")
      .notNull()
      .references(() => dossier.id, { onDelete: "cascade" }),
    organisationId: text("organisation_id").notNull(),
    professionalId: text("professional_id").notNull(),
    actorId: text("actor_id"),
    /** create | edit | view | message | submit | discard | claim | return | resubmit | release | complete | reminder */
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    /** Which sections an edit touched, and similar small facts; never the content itself. */
    detail: jsonb("detail"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dossier_event_dossier_idx").on(t.dossierId, t.seq), index("dossier_event_organisation_idx").on(t.organisationId, t.seq)],
);

/** The thread between the professional and the supervisors of one dossier. */
export const dossierMessage = pgTable(
  "dossier_message",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    dossierId: text("dossier_id")
      .notNull()
      .references(() => dossier.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id),
    body: text("body").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dossier_message_dossier_idx").on(t.dossierId, t.at)],
);
