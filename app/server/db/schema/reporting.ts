/**
 * The reporting roll-up (decision 074): per organisation and clinic day, the counts the data pages show, kept in
 * step with `dossier` by a trigger in the same transaction as every write (drizzle/ migration "report_facts"),
 * so a year of reporting reads a few hundred rows per organisation instead of every dossier. The SQL function
 * `report_facts_rebuild()` recomputes all of it from the dossiers (the migration's backfill; the tests compare).
 *
 * Days are clinic days (the CLINIC_TIME_ZONE setting, as the filters' periods; `clinic_setting`, decision 080). Which day a fact belongs to follows the
 * figure: creation (created, the funnel's statuses), first submission (claim wait) or completion (the rest).
 * Facts about no particular supervisor have `reviewer_id` ''.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

const count = (name: string) => integer(name).notNull().default(0);

export const reportDay = pgTable(
  "report_day",
  {
    organisationId: text("organisation_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    reviewerId: text("reviewer_id").notNull().default(""),
    // By creation day, per current status (the funnel; a supervisor counts the shared statuses only).
    createdDraft: count("created_draft"),
    createdSubmitted: count("created_submitted"),
    createdInReview: count("created_in_review"),
    createdReturned: count("created_returned"),
    createdCompleted: count("created_completed"),
    createdCancelled: count("created_cancelled"),
    // By creation day, per reviewing supervisor: the reviews open now (not bound to a period; summed over all days).
    inReview: count("in_review"),
    // By completion day, per reviewing supervisor.
    completed: count("completed"),
    firstPass: count("first_pass"),
    agree: count("agree"),
    partly: count("partly"),
    disagree: count("disagree"),
    referred: count("referred"),
    quality1: count("quality_1"),
    quality2: count("quality_2"),
    quality3: count("quality_3"),
    quality4: count("quality_4"),
    quality5: count("quality_5"),
    scored: count("scored"),
    scoreSum: count("score_sum"),
  },
  (t) => [primaryKey({ name: "report_day_pk", columns: [t.organisationId, t.day, t.reviewerId] })],
);

/**
 * Working times as histograms (the percentiles): `measure` 'review' (by completion day, per reviewer) or 'claim'
 * (by first-submission day), `tenths` the working time in started tenths of an hour (6-minute bins: the page shows
 * hours to one decimal, and "within target" stays exact because the target is a whole number of such bins).
 * Each dossier counts twice: in its day (`span` 'day') and in its week (`span` 'week', `day` the Monday), so a
 * period reads its whole weeks from week rows and only the days at its edges from day rows. The key leads with
 * the span and the day: a period is two or three ranges of it.
 */
export const reportHours = pgTable(
  "report_hours",
  {
    span: text("span").notNull(),
    organisationId: text("organisation_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    reviewerId: text("reviewer_id").notNull().default(""),
    measure: text("measure").notNull(),
    tenths: integer("tenths").notNull(),
    n: count("n"),
  },
  (t) => [primaryKey({ name: "report_hours_pk", columns: [t.span, t.day, t.organisationId, t.reviewerId, t.measure, t.tenths] })],
);

/** Per completion day and reviewed ear: the professional's working diagnosis, the supervisor's, the stated confidence (0: none). */
export const reportPair = pgTable(
  "report_pair",
  {
    organisationId: text("organisation_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ear: text("ear").notNull(),
    proDiagnosis: text("pro_diagnosis").notNull(),
    supDiagnosis: text("sup_diagnosis").notNull(),
    confidence: smallint("confidence").notNull(),
    n: count("n"),
  },
  (t) => [primaryKey({ name: "report_pair_pk", columns: [t.organisationId, t.day, t.ear, t.proDiagnosis, t.supDiagnosis, t.confidence] })],
);

/** Per completion day, reviewed ear and plan: proposed by the professional, advised by the supervisor, both, either. */
export const reportPlan = pgTable(
  "report_plan",
  {
    organisationId: text("organisation_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ear: text("ear").notNull(),
    plan: text("plan").notNull(),
    proposed: count("proposed"),
    advised: count("advised"),
    proposedAndAdvised: count("proposed_and_advised"),
    proposedOrAdvised: count("proposed_or_advised"),
  },
  (t) => [primaryKey({ name: "report_plan_pk", columns: [t.organisationId, t.day, t.ear, t.plan] })],
);

/**
 * How often each organisation's roll-up changed (decision 077): the roll-up trigger adds one in the writer's
 * transaction whenever it changes that organisation's facts, and a clear or rebuild adds one to the row ''. A
 * data page's cached figures (app/server/reporting/report-cache.server.ts) are reused only while the sum over the
 * viewer's organisations and '' is what it was, so a committed change is never hidden by the cache.
 */
export const reportVersion = pgTable("report_version", {
  organisationId: text("organisation_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * The deployment's clinic settings that SQL needs: one row. `time_zone` is the zone the roll-up's days are in; the
 * server writes CLINIC_TIME_ZONE here at start-up and rebuilds the roll-up when it changed (decision 080).
 */
export const clinicSetting = pgTable(
  "clinic_setting",
  {
    id: boolean("id").primaryKey().default(true),
    timeZone: text("time_zone").notNull(),
  },
  (t) => [check("clinic_setting_one_row", sql`${t.id}`)],
);
