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
ALTER TABLE "labelled_image" ADD CONSTRAINT "labelled_image_labelled_by_user_id_fk" FOREIGN KEY ("labelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_version" ADD CONSTRAINT "model_version_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labelled_image_created_idx" ON "labelled_image" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "labelled_image_label_created_idx" ON "labelled_image" USING btree ("label","created_at","id");--> statement-breakpoint
CREATE INDEX "labelled_image_source_created_idx" ON "labelled_image" USING btree ("source","created_at","id");--> statement-breakpoint
CREATE INDEX "labelled_image_video_idx" ON "labelled_image" USING btree ("video_id","timestamp_ms");--> statement-breakpoint
CREATE UNIQUE INDEX "model_version_one_active_idx" ON "model_version" USING btree ("active") WHERE "model_version"."active";--> statement-breakpoint
CREATE INDEX "model_version_created_idx" ON "model_version" USING btree ("created_at");