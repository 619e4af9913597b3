ALTER TABLE "dossier" ADD COLUMN "first_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "claim_wait_working_ms" bigint;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "review_working_ms" bigint;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "return_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "reasoning_score" smallint;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "reasoning_score_detail" jsonb;--> statement-breakpoint
CREATE INDEX "dossier_organisation_created_idx" ON "dossier" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "dossier_organisation_completed_idx" ON "dossier" USING btree ("organisation_id","completed_at");--> statement-breakpoint
-- Backfill what the event log already says; working times need the holiday calendar (JavaScript) and stay empty for dossiers finished before this migration (decision 070).
UPDATE "dossier" SET "first_submitted_at" = (SELECT min("at") FROM "dossier_event" e WHERE e."dossier_id" = "dossier"."id" AND e."kind" = 'submit'), "return_count" = (SELECT count(*) FROM "dossier_event" e WHERE e."dossier_id" = "dossier"."id" AND e."kind" = 'return');
