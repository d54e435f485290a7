ALTER TABLE "contract_documents" ALTER COLUMN "contract_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_requests" ALTER COLUMN "contract_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "enrolment_id" integer;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "enrolment_id" integer;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_enrolment_id_sustainability_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."sustainability_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_enrolment_id_sustainability_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."sustainability_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_documents_enrolment_idx" ON "contract_documents" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "signing_requests_enrolment_idx" ON "signing_requests" USING btree ("enrolment_id","created_at");--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_subject_check" CHECK (num_nonnulls("contract_documents"."contract_id", "contract_documents"."enrolment_id") = 1);--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_subject_check" CHECK (num_nonnulls("signing_requests"."contract_id", "signing_requests"."enrolment_id") = 1);