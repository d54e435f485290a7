CREATE TABLE "legal_texts" (
	"partner_id" text NOT NULL,
	"document" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "legal_texts_partner_id_document_pk" PRIMARY KEY("partner_id","document")
);
--> statement-breakpoint
ALTER TABLE "legal_texts" ADD CONSTRAINT "legal_texts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_texts" ADD CONSTRAINT "legal_texts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;