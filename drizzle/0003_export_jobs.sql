CREATE TABLE "export_job" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"options" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"bytes" bigint,
	"sha256" text,
	"manifest_sha256" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "export_job" ADD CONSTRAINT "export_job_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_job_created_idx" ON "export_job" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "export_job_status_idx" ON "export_job" USING btree ("status");