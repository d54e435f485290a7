CREATE TABLE "store_agreement_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"agreement_type" text NOT NULL,
	"version" smallint NOT NULL,
	"signed_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_agreement_signatures" ADD CONSTRAINT "store_agreement_signatures_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_agreement_signatures" ADD CONSTRAINT "store_agreement_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_agreement_signatures_enterprise_type_version_idx" ON "store_agreement_signatures" USING btree ("enterprise_id","agreement_type","version");--> statement-breakpoint
CREATE INDEX "store_agreement_signatures_user_idx" ON "store_agreement_signatures" USING btree ("user_id");