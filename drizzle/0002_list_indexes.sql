CREATE INDEX "dossier_professional_created_idx" ON "dossier" USING btree ("professional_id","created_at");--> statement-breakpoint
CREATE INDEX "dossier_professional_status_updated_idx" ON "dossier" USING btree ("professional_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "dossier_patient_created_idx" ON "dossier" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "dossier_reviewer_status_submitted_idx" ON "dossier" USING btree ("reviewer_id","status","submitted_at");--> statement-breakpoint
CREATE INDEX "dossier_status_submitted_idx" ON "dossier" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "dossier_status_completed_idx" ON "dossier" USING btree ("status","completed_at");--> statement-breakpoint
CREATE INDEX "audit_actor_action_subject_at_idx" ON "audit_log" USING btree ("actor_id","action","subject_id","at");