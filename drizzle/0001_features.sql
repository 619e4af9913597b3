CREATE TABLE "dossier_event" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"dossier_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"professional_id" text NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dossier_medium" (
	"id" text PRIMARY KEY NOT NULL,
	"dossier_id" text NOT NULL,
	"media_id" text NOT NULL,
	"ear" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dossier_message" (
	"id" text PRIMARY KEY NOT NULL,
	"dossier_id" text NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"phone" text NOT NULL,
	"initials" text,
	"birth_year" smallint,
	"sex" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"uploader_id" text NOT NULL,
	"object_key" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"duration_ms" integer,
	"poster_key" text,
	"thumbnail_key" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "labelled_image" (
	"id" text PRIMARY KEY NOT NULL,
	"label" smallint NOT NULL,
	"source" text NOT NULL,
	"video_id" text,
	"timestamp_ms" integer,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"labelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_version" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"synthetic" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dataset_size" integer DEFAULT 0 NOT NULL,
	"weights_bytes" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "dossier_professional_idx";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_number_verified" boolean;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "patient_id" text;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "ear_side" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "anamnesis" jsonb DEFAULT '{"complaints":[],"history":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "reasoning" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "review" jsonb;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "reviewer_id" text;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dossier" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dossier_event" ADD CONSTRAINT "dossier_event_dossier_id_dossier_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_medium" ADD CONSTRAINT "dossier_medium_dossier_id_dossier_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_medium" ADD CONSTRAINT "dossier_medium_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_message" ADD CONSTRAINT "dossier_message_dossier_id_dossier_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_message" ADD CONSTRAINT "dossier_message_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient" ADD CONSTRAINT "patient_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labelled_image" ADD CONSTRAINT "labelled_image_labelled_by_user_id_fk" FOREIGN KEY ("labelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_version" ADD CONSTRAINT "model_version_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dossier_event_dossier_idx" ON "dossier_event" USING btree ("dossier_id","seq");--> statement-breakpoint
CREATE INDEX "dossier_event_organisation_idx" ON "dossier_event" USING btree ("organisation_id","seq");--> statement-breakpoint
CREATE INDEX "dossier_medium_dossier_idx" ON "dossier_medium" USING btree ("dossier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dossier_medium_dossier_media_idx" ON "dossier_medium" USING btree ("dossier_id","media_id");--> statement-breakpoint
CREATE INDEX "dossier_medium_media_idx" ON "dossier_medium" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "dossier_message_dossier_idx" ON "dossier_message" USING btree ("dossier_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_organisation_phone_idx" ON "patient" USING btree ("organisation_id","phone");--> statement-breakpoint
CREATE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_secret_idx" ON "two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "media_organisation_created_idx" ON "media" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "media_uploader_idx" ON "media" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "invitation_user_idx" ON "invitation" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "labelled_image_created_idx" ON "labelled_image" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "labelled_image_label_created_idx" ON "labelled_image" USING btree ("label","created_at","id");--> statement-breakpoint
CREATE INDEX "labelled_image_source_created_idx" ON "labelled_image" USING btree ("source","created_at","id");--> statement-breakpoint
CREATE INDEX "labelled_image_video_idx" ON "labelled_image" USING btree ("video_id","timestamp_ms");--> statement-breakpoint
CREATE UNIQUE INDEX "model_version_one_active_idx" ON "model_version" USING btree ("active") WHERE "model_version"."active";--> statement-breakpoint
CREATE INDEX "model_version_created_idx" ON "model_version" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "dossier" ADD CONSTRAINT "dossier_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier" ADD CONSTRAINT "dossier_reviewer_id_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dossier_patient_idx" ON "dossier" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "dossier_professional_idx" ON "dossier" USING btree ("professional_id","updated_at");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_phone_number_unique" UNIQUE("phone_number");