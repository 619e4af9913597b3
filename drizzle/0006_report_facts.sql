CREATE TABLE "report_day" (
	"organisation_id" text NOT NULL,
	"day" date NOT NULL,
	"reviewer_id" text DEFAULT '' NOT NULL,
	"created_draft" integer DEFAULT 0 NOT NULL,
	"created_submitted" integer DEFAULT 0 NOT NULL,
	"created_in_review" integer DEFAULT 0 NOT NULL,
	"created_returned" integer DEFAULT 0 NOT NULL,
	"created_completed" integer DEFAULT 0 NOT NULL,
	"created_cancelled" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"first_pass" integer DEFAULT 0 NOT NULL,
	"agree" integer DEFAULT 0 NOT NULL,
	"partly" integer DEFAULT 0 NOT NULL,
	"disagree" integer DEFAULT 0 NOT NULL,
	"referred" integer DEFAULT 0 NOT NULL,
	"quality_1" integer DEFAULT 0 NOT NULL,
	"quality_2" integer DEFAULT 0 NOT NULL,
	"quality_3" integer DEFAULT 0 NOT NULL,
	"quality_4" integer DEFAULT 0 NOT NULL,
	"quality_5" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"score_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_day_pk" PRIMARY KEY("organisation_id","day","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "report_hours" (
	"organisation_id" text NOT NULL,
	"day" date NOT NULL,
	"reviewer_id" text DEFAULT '' NOT NULL,
	"measure" text NOT NULL,
	"tenths" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_hours_pk" PRIMARY KEY("organisation_id","day","reviewer_id","measure","tenths")
);
--> statement-breakpoint
CREATE TABLE "report_pair" (
	"organisation_id" text NOT NULL,
	"day" date NOT NULL,
	"ear" text NOT NULL,
	"pro_diagnosis" text NOT NULL,
	"sup_diagnosis" text NOT NULL,
	"confidence" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_pair_pk" PRIMARY KEY("organisation_id","day","ear","pro_diagnosis","sup_diagnosis","confidence")
);
--> statement-breakpoint
CREATE TABLE "report_plan" (
	"organisation_id" text NOT NULL,
	"day" date NOT NULL,
	"ear" text NOT NULL,
	"plan" text NOT NULL,
	"proposed" integer DEFAULT 0 NOT NULL,
	"advised" integer DEFAULT 0 NOT NULL,
	"proposed_and_advised" integer DEFAULT 0 NOT NULL,
	"proposed_or_advised" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_plan_pk" PRIMARY KEY("organisation_id","day","ear","plan")
);
--> statement-breakpoint
CREATE INDEX "dossier_open_updated_idx" ON "dossier" USING btree ("status","updated_at","created_at","organisation_id") WHERE "dossier"."status" in ('draft', 'submitted', 'in_review', 'returned');--> statement-breakpoint
CREATE INDEX "dossier_professional_scored_idx" ON "dossier" USING btree ("professional_id","completed_at","id") WHERE "dossier"."status" = 'completed' and "dossier"."reasoning_score" is not null;--> statement-breakpoint
-- The roll-up's bookkeeping (decision 074), by hand after the generated tables: one function adds (s = 1) or takes
-- away (s = -1) what one dossier row contributes; a trigger applies it to the old and the new row of every insert,
-- update and delete, in the writer's transaction, so no code path (transitions, demo, moves, deletes) can leave the
-- figures out of step. Days are clinic days (Europe/Amsterdam); working times in started tenths of an hour.
CREATE FUNCTION report_facts_apply(d "dossier", s integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  done_day date := (d.completed_at AT TIME ZONE 'Europe/Amsterdam')::date;
  quality integer := (d.review ->> 'imageQuality')::integer;
BEGIN
  INSERT INTO report_day AS r (organisation_id, day, reviewer_id, created_draft, created_submitted, created_in_review, created_returned, created_completed, created_cancelled)
  VALUES (d.organisation_id, (d.created_at AT TIME ZONE 'Europe/Amsterdam')::date, '',
    s * (d.status = 'draft')::integer, s * (d.status = 'submitted')::integer, s * (d.status = 'in_review')::integer,
    s * (d.status = 'returned')::integer, s * (d.status = 'completed')::integer, s * (d.status = 'cancelled')::integer)
  ON CONFLICT (organisation_id, day, reviewer_id) DO UPDATE SET
    created_draft = r.created_draft + excluded.created_draft, created_submitted = r.created_submitted + excluded.created_submitted,
    created_in_review = r.created_in_review + excluded.created_in_review, created_returned = r.created_returned + excluded.created_returned,
    created_completed = r.created_completed + excluded.created_completed, created_cancelled = r.created_cancelled + excluded.created_cancelled;

  IF d.first_submitted_at IS NOT NULL AND d.claim_wait_working_ms IS NOT NULL THEN
    INSERT INTO report_hours AS h (organisation_id, day, reviewer_id, measure, tenths, n)
    VALUES (d.organisation_id, (d.first_submitted_at AT TIME ZONE 'Europe/Amsterdam')::date, '', 'claim', ceil(d.claim_wait_working_ms / 360000.0)::integer, s)
    ON CONFLICT (organisation_id, day, reviewer_id, measure, tenths) DO UPDATE SET n = h.n + excluded.n;
  END IF;

  IF d.status <> 'completed' OR d.completed_at IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO report_day AS r (organisation_id, day, reviewer_id, completed, first_pass, agree, partly, disagree, referred,
    quality_1, quality_2, quality_3, quality_4, quality_5, scored, score_sum)
  VALUES (d.organisation_id, done_day, coalesce(d.reviewer_id, ''), s, s * (d.return_count = 0)::integer,
    s * coalesce(d.review ->> 'agreement' = 'agree', false)::integer,
    s * coalesce(d.review ->> 'agreement' = 'partly', false)::integer,
    s * coalesce(d.review ->> 'agreement' = 'disagree', false)::integer,
    s * (EXISTS (SELECT 1 FROM jsonb_each(coalesce(d.review -> 'ears', '{}'::jsonb)) AS e(ear, advice) WHERE jsonb_exists_any(e.advice -> 'plan', ARRAY['refer-gp', 'refer-ent'])))::integer,
    s * coalesce(quality = 1, false)::integer, s * coalesce(quality = 2, false)::integer, s * coalesce(quality = 3, false)::integer,
    s * coalesce(quality = 4, false)::integer, s * coalesce(quality = 5, false)::integer,
    s * (d.reasoning_score IS NOT NULL)::integer, s * coalesce(d.reasoning_score, 0))
  ON CONFLICT (organisation_id, day, reviewer_id) DO UPDATE SET
    completed = r.completed + excluded.completed, first_pass = r.first_pass + excluded.first_pass,
    agree = r.agree + excluded.agree, partly = r.partly + excluded.partly, disagree = r.disagree + excluded.disagree,
    referred = r.referred + excluded.referred,
    quality_1 = r.quality_1 + excluded.quality_1, quality_2 = r.quality_2 + excluded.quality_2, quality_3 = r.quality_3 + excluded.quality_3,
    quality_4 = r.quality_4 + excluded.quality_4, quality_5 = r.quality_5 + excluded.quality_5,
    scored = r.scored + excluded.scored, score_sum = r.score_sum + excluded.score_sum;

  IF d.review_working_ms IS NOT NULL THEN
    INSERT INTO report_hours AS h (organisation_id, day, reviewer_id, measure, tenths, n)
    VALUES (d.organisation_id, done_day, coalesce(d.reviewer_id, ''), 'review', ceil(d.review_working_ms / 360000.0)::integer, s)
    ON CONFLICT (organisation_id, day, reviewer_id, measure, tenths) DO UPDATE SET n = h.n + excluded.n;
  END IF;

  -- One pair per reviewed ear with a working diagnosis; an ear the supervisor left without a diagnosis or a plan
  -- lets the professional's stand (as the reasoning score counts it, decision 071).
  INSERT INTO report_pair AS p (organisation_id, day, ear, pro_diagnosis, sup_diagnosis, confidence, n)
  SELECT d.organisation_id, done_day, e.ear, d.reasoning -> e.ear ->> 'diagnosis',
    coalesce(d.review -> 'ears' -> e.ear ->> 'diagnosis', d.reasoning -> e.ear ->> 'diagnosis'),
    coalesce((d.reasoning -> e.ear ->> 'confidence')::smallint, 0), s
  FROM (VALUES ('left'), ('right')) AS e(ear)
  WHERE coalesce(d.review -> 'ears', '{}'::jsonb) ? e.ear AND d.reasoning -> e.ear ->> 'diagnosis' IS NOT NULL
  ON CONFLICT (organisation_id, day, ear, pro_diagnosis, sup_diagnosis, confidence) DO UPDATE SET n = p.n + excluded.n;

  INSERT INTO report_plan AS q (organisation_id, day, ear, plan, proposed, advised, proposed_and_advised, proposed_or_advised)
  SELECT d.organisation_id, done_day, ears.ear, pl.plan,
    s * (ears.pro_plan ? pl.plan)::integer, s * (ears.sup_plan ? pl.plan)::integer, s * (ears.pro_plan ? pl.plan AND ears.sup_plan ? pl.plan)::integer, s
  FROM (
    SELECT e.ear, coalesce(d.reasoning -> e.ear -> 'plan', '[]'::jsonb) AS pro_plan,
      CASE WHEN jsonb_array_length(coalesce(d.review -> 'ears' -> e.ear -> 'plan', '[]'::jsonb)) = 0
        THEN coalesce(d.reasoning -> e.ear -> 'plan', '[]'::jsonb) ELSE d.review -> 'ears' -> e.ear -> 'plan' END AS sup_plan
    FROM (VALUES ('left'), ('right')) AS e(ear)
    WHERE coalesce(d.review -> 'ears', '{}'::jsonb) ? e.ear AND d.reasoning -> e.ear ->> 'diagnosis' IS NOT NULL
  ) ears
  CROSS JOIN LATERAL (SELECT DISTINCT x AS plan FROM jsonb_array_elements_text(ears.pro_plan || ears.sup_plan) AS x) pl
  ON CONFLICT (organisation_id, day, ear, plan) DO UPDATE SET
    proposed = q.proposed + excluded.proposed, advised = q.advised + excluded.advised, proposed_and_advised = q.proposed_and_advised + excluded.proposed_and_advised, proposed_or_advised = q.proposed_or_advised + excluded.proposed_or_advised;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_facts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most writes (autosaves of a draft or of a review in progress) change nothing the roll-up counts.
  IF TG_OP = 'UPDATE'
    AND (OLD.organisation_id, OLD.status, OLD.created_at, OLD.first_submitted_at, OLD.claim_wait_working_ms)
      IS NOT DISTINCT FROM (NEW.organisation_id, NEW.status, NEW.created_at, NEW.first_submitted_at, NEW.claim_wait_working_ms)
    AND (NEW.status <> 'completed'
      OR (OLD.completed_at, OLD.reviewer_id, OLD.review, OLD.reasoning, OLD.return_count, OLD.review_working_ms, OLD.reasoning_score)
        IS NOT DISTINCT FROM (NEW.completed_at, NEW.reviewer_id, NEW.review, NEW.reasoning, NEW.return_count, NEW.review_working_ms, NEW.reasoning_score)) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_facts_apply(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_facts_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_facts_clear_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_day;
  DELETE FROM report_hours;
  DELETE FROM report_pair;
  DELETE FROM report_plan;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_facts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_facts_clear_all();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recomputes the roll-up from the dossiers: the backfill below, and the tests' check that the trigger kept it in step.
CREATE FUNCTION report_facts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d "dossier";
BEGIN
  PERFORM report_facts_clear_all();
  FOR d IN SELECT * FROM "dossier" LOOP
    PERFORM report_facts_apply(d, 1);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER dossier_report_facts AFTER INSERT OR UPDATE OR DELETE ON "dossier" FOR EACH ROW EXECUTE FUNCTION report_facts_sync();
--> statement-breakpoint
CREATE TRIGGER dossier_report_facts_truncate AFTER TRUNCATE ON "dossier" FOR EACH STATEMENT EXECUTE FUNCTION report_facts_clear();
--> statement-breakpoint
SELECT report_facts_rebuild();
