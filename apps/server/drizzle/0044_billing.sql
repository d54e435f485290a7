CREATE TABLE "billing_payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"bank_name" text,
	"account_holder_name" text,
	"account_type" text,
	"status" text NOT NULL,
	"verification_method" text,
	"failed_verifications" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'requires_confirmation' NOT NULL,
	"payment_method_id" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setup_intents" ADD CONSTRAINT "billing_setup_intents_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setup_intents" ADD CONSTRAINT "billing_setup_intents_payment_method_id_billing_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."billing_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setup_intents" ADD CONSTRAINT "billing_setup_intents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_payment_methods_enterprise_idx" ON "billing_payment_methods" USING btree ("enterprise_id","kind","id") WHERE "billing_payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_default_idx" ON "billing_payment_methods" USING btree ("enterprise_id") WHERE "billing_payment_methods"."is_default" and "billing_payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "billing_setup_intents_enterprise_idx" ON "billing_setup_intents" USING btree ("enterprise_id","created_at");