CREATE TABLE "structure_close_costs" (
	"structure_id" integer PRIMARY KEY NOT NULL,
	"trading_day" date NOT NULL,
	"structure_version" integer NOT NULL,
	"futures" numeric(12, 4) NOT NULL,
	"close_cost" numeric(14, 2) NOT NULL,
	"standard_error" numeric(14, 2) NOT NULL,
	"valuation" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "structure_confirmations" (
	"request_id" bigint PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"structure_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_documents" DROP CONSTRAINT "contract_documents_subject_check";--> statement-breakpoint
ALTER TABLE "signing_requests" DROP CONSTRAINT "signing_requests_subject_check";--> statement-breakpoint
ALTER TABLE "structure_close_costs" ADD CONSTRAINT "structure_close_costs_structure_id_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_confirmations" ADD CONSTRAINT "structure_confirmations_request_id_signing_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_confirmations" ADD CONSTRAINT "structure_confirmations_document_id_contract_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."contract_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_confirmations" ADD CONSTRAINT "structure_confirmations_structure_id_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "structure_confirmations_structure_idx" ON "structure_confirmations" USING btree ("structure_id","created_at");--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_subject_check" CHECK (num_nonnulls("contract_documents"."contract_id", "contract_documents"."enrolment_id") = case when "contract_documents"."kind" = 'structure' then 0 else 1 end);--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_subject_check" CHECK (num_nonnulls("signing_requests"."contract_id", "signing_requests"."enrolment_id") <= 1);