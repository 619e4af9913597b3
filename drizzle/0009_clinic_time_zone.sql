CREATE TABLE "clinic_setting" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "clinic_setting_one_row" CHECK ("clinic_setting"."id")
);
--> statement-breakpoint
-- Decision 080: the roll-up's days are in the clinic's time zone, a setting (CLINIC_TIME_ZONE) that the server
-- writes here at start-up, rebuilding the roll-up when it changed. Until then the zone is the one the roll-up was
-- built in (0006). The two functions of 0006 that named the zone are replaced whole; only the zone changed.
INSERT INTO "clinic_setting" ("id", "time_zone") VALUES (true, 'Europe/Amsterdam');
--> statement-breakpoint
CREATE FUNCTION clinic_time_zone() RETURNS text LANGUAGE sql STABLE AS $$ SELECT time_zone FROM clinic_setting WHERE id $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_facts_apply(d "dossier", s integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := clinic_time_zone();
  done_day date := (d.completed_at AT TIME ZONE zone)::date;
  quality integer := (d.review ->> 'imageQuality')::integer;
BEGIN
  INSERT INTO report_day AS r (organisation_id, day, reviewer_id, created_draft, created_submitted, created_in_review, created_returned, created_completed, created_cancelled)
  VALUES (d.organisation_id, (d.created_at AT TIME ZONE zone)::date, '',
    s * (d.status = 'draft')::integer, s * (d.status = 'submitted')::integer, s * (d.status = 'in_review')::integer,
    s * (d.status = 'returned')::integer, s * (d.status = 'completed')::integer, s * (d.status = 'cancelled')::integer)
  ON CONFLICT (organisation_id, day, reviewer_id) DO UPDATE SET
    created_draft = r.created_draft + excluded.created_draft, created_submitted = r.created_submitted + excluded.created_submitted,
    created_in_review = r.created_in_review + excluded.created_in_review, created_returned = r.created_returned + excluded.created_returned,
    created_completed = r.created_completed + excluded.created_completed, created_cancelled = r.created_cancelled + excluded.created_cancelled;

  IF d.status = 'in_review' AND d.reviewer_id IS NOT NULL THEN
    INSERT INTO report_day AS r (organisation_id, day, reviewer_id, in_review)
    VALUES (d.organisation_id, (d.created_at AT TIME ZONE zone)::date, d.reviewer_id, s)
    ON CONFLICT (organisation_id, day, reviewer_id) DO UPDATE SET in_review = r.in_review + excluded.in_review;
  END IF;

  IF d.first_submitted_at IS NOT NULL AND d.claim_wait_working_ms IS NOT NULL THEN
    PERFORM report_hours_add(d.organisation_id, (d.first_submitted_at AT TIME ZONE zone)::date, '', 'claim', d.claim_wait_working_ms, s);
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
    PERFORM report_hours_add(d.organisation_id, done_day, coalesce(d.reviewer_id, ''), 'review', d.review_working_ms, s);
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
CREATE OR REPLACE FUNCTION report_facts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := clinic_time_zone();
BEGIN
  PERFORM report_facts_clear_all();
  INSERT INTO report_day (organisation_id, day, reviewer_id, created_draft, created_submitted, created_in_review, created_returned,
    created_completed, created_cancelled, in_review, completed, first_pass, agree, partly, disagree, referred,
    quality_1, quality_2, quality_3, quality_4, quality_5, scored, score_sum)
  SELECT organisation_id, day, reviewer_id, sum(created_draft), sum(created_submitted), sum(created_in_review), sum(created_returned),
    sum(created_completed), sum(created_cancelled), sum(in_review), sum(completed), sum(first_pass), sum(agree), sum(partly), sum(disagree),
    sum(referred), sum(quality_1), sum(quality_2), sum(quality_3), sum(quality_4), sum(quality_5), sum(scored), sum(score_sum)
  FROM (
    SELECT d.organisation_id, (d.created_at AT TIME ZONE zone)::date AS day, '' AS reviewer_id,
      (d.status = 'draft')::integer AS created_draft, (d.status = 'submitted')::integer AS created_submitted,
      (d.status = 'in_review')::integer AS created_in_review, (d.status = 'returned')::integer AS created_returned,
      (d.status = 'completed')::integer AS created_completed, (d.status = 'cancelled')::integer AS created_cancelled,
      0 AS in_review, 0 AS completed, 0 AS first_pass, 0 AS agree, 0 AS partly, 0 AS disagree, 0 AS referred,
      0 AS quality_1, 0 AS quality_2, 0 AS quality_3, 0 AS quality_4, 0 AS quality_5, 0 AS scored, 0 AS score_sum
    FROM "dossier" d
    UNION ALL
    SELECT d.organisation_id, (d.created_at AT TIME ZONE zone)::date, d.reviewer_id, 0, 0, 0, 0, 0, 0, 1,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    FROM "dossier" d WHERE d.status = 'in_review' AND d.reviewer_id IS NOT NULL
    UNION ALL
    SELECT d.organisation_id, (d.completed_at AT TIME ZONE zone)::date, coalesce(d.reviewer_id, ''), 0, 0, 0, 0, 0, 0, 0,
      1, (d.return_count = 0)::integer,
      (d.review ->> 'agreement' IS NOT DISTINCT FROM 'agree')::integer, (d.review ->> 'agreement' IS NOT DISTINCT FROM 'partly')::integer,
      (d.review ->> 'agreement' IS NOT DISTINCT FROM 'disagree')::integer,
      (EXISTS (SELECT 1 FROM jsonb_each(coalesce(d.review -> 'ears', '{}'::jsonb)) AS e(ear, advice) WHERE jsonb_exists_any(e.advice -> 'plan', ARRAY['refer-gp', 'refer-ent'])))::integer,
      ((d.review ->> 'imageQuality')::integer IS NOT DISTINCT FROM 1)::integer, ((d.review ->> 'imageQuality')::integer IS NOT DISTINCT FROM 2)::integer,
      ((d.review ->> 'imageQuality')::integer IS NOT DISTINCT FROM 3)::integer, ((d.review ->> 'imageQuality')::integer IS NOT DISTINCT FROM 4)::integer,
      ((d.review ->> 'imageQuality')::integer IS NOT DISTINCT FROM 5)::integer,
      (d.reasoning_score IS NOT NULL)::integer, coalesce(d.reasoning_score, 0)
    FROM "dossier" d WHERE d.status = 'completed' AND d.completed_at IS NOT NULL
  ) facts
  GROUP BY organisation_id, day, reviewer_id;

  INSERT INTO report_hours (span, day, organisation_id, reviewer_id, measure, tenths, n)
  SELECT sp.span, sp.day, t.organisation_id, t.reviewer_id, t.measure, t.tenths, count(*)
  FROM (
    SELECT d.organisation_id, (d.first_submitted_at AT TIME ZONE zone)::date AS on_day, '' AS reviewer_id, 'claim' AS measure,
      ceil(d.claim_wait_working_ms / 360000.0)::integer AS tenths
    FROM "dossier" d WHERE d.first_submitted_at IS NOT NULL AND d.claim_wait_working_ms IS NOT NULL
    UNION ALL
    SELECT d.organisation_id, (d.completed_at AT TIME ZONE zone)::date, coalesce(d.reviewer_id, ''), 'review',
      ceil(d.review_working_ms / 360000.0)::integer
    FROM "dossier" d WHERE d.status = 'completed' AND d.completed_at IS NOT NULL AND d.review_working_ms IS NOT NULL
  ) t
  CROSS JOIN LATERAL (VALUES ('day', t.on_day), ('week', date_trunc('week', t.on_day)::date)) AS sp(span, day)
  GROUP BY 1, 2, 3, 4, 5, 6;

  INSERT INTO report_pair (organisation_id, day, ear, pro_diagnosis, sup_diagnosis, confidence, n)
  SELECT d.organisation_id, (d.completed_at AT TIME ZONE zone)::date, e.ear, d.reasoning -> e.ear ->> 'diagnosis',
    coalesce(d.review -> 'ears' -> e.ear ->> 'diagnosis', d.reasoning -> e.ear ->> 'diagnosis'),
    coalesce((d.reasoning -> e.ear ->> 'confidence')::smallint, 0), count(*)
  FROM "dossier" d CROSS JOIN (VALUES ('left'), ('right')) AS e(ear)
  WHERE d.status = 'completed' AND d.completed_at IS NOT NULL
    AND coalesce(d.review -> 'ears', '{}'::jsonb) ? e.ear AND d.reasoning -> e.ear ->> 'diagnosis' IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6;

  INSERT INTO report_plan (organisation_id, day, ear, plan, proposed, advised, proposed_and_advised, proposed_or_advised)
  SELECT ears.organisation_id, ears.day, ears.ear, pl.plan, count(*) FILTER (WHERE ears.pro_plan ? pl.plan),
    count(*) FILTER (WHERE ears.sup_plan ? pl.plan), count(*) FILTER (WHERE ears.pro_plan ? pl.plan AND ears.sup_plan ? pl.plan), count(*)
  FROM (
    SELECT d.organisation_id, (d.completed_at AT TIME ZONE zone)::date AS day, e.ear,
      coalesce(d.reasoning -> e.ear -> 'plan', '[]'::jsonb) AS pro_plan,
      CASE WHEN jsonb_array_length(coalesce(d.review -> 'ears' -> e.ear -> 'plan', '[]'::jsonb)) = 0
        THEN coalesce(d.reasoning -> e.ear -> 'plan', '[]'::jsonb) ELSE d.review -> 'ears' -> e.ear -> 'plan' END AS sup_plan
    FROM "dossier" d CROSS JOIN (VALUES ('left'), ('right')) AS e(ear)
    WHERE d.status = 'completed' AND d.completed_at IS NOT NULL
      AND coalesce(d.review -> 'ears', '{}'::jsonb) ? e.ear AND d.reasoning -> e.ear ->> 'diagnosis' IS NOT NULL
  ) ears
  CROSS JOIN LATERAL (SELECT DISTINCT x AS plan FROM jsonb_array_elements_text(ears.pro_plan || ears.sup_plan) AS x) pl
  GROUP BY 1, 2, 3, 4;
END $$;
