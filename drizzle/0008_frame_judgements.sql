CREATE TABLE "frame_judgement" (
	"id" text PRIMARY KEY NOT NULL,
	"dossier_id" text NOT NULL,
	"media_id" text NOT NULL,
	"frame_ms" integer DEFAULT 0 NOT NULL,
	"judgement" text NOT NULL,
	"model_version" text,
	"in_ear_score" real,
	"judged_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "labelled_image" ADD COLUMN "judgement_id" text;--> statement-breakpoint
ALTER TABLE "frame_judgement" ADD CONSTRAINT "frame_judgement_dossier_id_dossier_id_fk" FOREIGN KEY ("dossier_id") REFERENCES "public"."dossier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame_judgement" ADD CONSTRAINT "frame_judgement_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame_judgement" ADD CONSTRAINT "frame_judgement_judged_by_user_id_fk" FOREIGN KEY ("judged_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "frame_judgement_frame_idx" ON "frame_judgement" USING btree ("dossier_id","media_id","frame_ms");--> statement-breakpoint
ALTER TABLE "labelled_image" ADD CONSTRAINT "labelled_image_judgement_id_frame_judgement_id_fk" FOREIGN KEY ("judgement_id") REFERENCES "public"."frame_judgement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "labelled_image_judgement_idx" ON "labelled_image" USING btree ("judgement_id");