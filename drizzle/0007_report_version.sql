CREATE TABLE "report_version" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Decision 077: every change the roll-up trigger makes also adds one to the organisation's version, in the same
-- transaction; clearing (and so rebuilding) adds one to the row ''. The trigger functions of 0006 are replaced
-- whole: only the two PERFORM report_version_bump lines and the one in report_facts_clear_all are new.
CREATE FUNCTION report_version_bump(organisation text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_version AS v (organisation_id, version) VALUES (organisation, 1)
  ON CONFLICT (organisation_id) DO UPDATE SET version = v.version + 1;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_facts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM report_version_bump(OLD.organisation_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_facts_apply(NEW, 1);
    IF TG_OP = 'INSERT' OR NEW.organisation_id IS DISTINCT FROM OLD.organisation_id THEN
      PERFORM report_version_bump(NEW.organisation_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_facts_clear_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_day;
  DELETE FROM report_hours;
  DELETE FROM report_pair;
  DELETE FROM report_plan;
  PERFORM report_version_bump('');
END $$;
