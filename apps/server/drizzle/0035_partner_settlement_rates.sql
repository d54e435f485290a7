CREATE TABLE "partner_settlement_rates" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "checkoff_rates_crop_state_name_idx";--> statement-breakpoint
ALTER TABLE "checkoff_rates" ADD COLUMN "partner_id" text;--> statement-breakpoint
ALTER TABLE "partner_settlement_rates" ADD CONSTRAINT "partner_settlement_rates_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_settlement_rates" ADD CONSTRAINT "partner_settlement_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkoff_rates" ADD CONSTRAINT "checkoff_rates_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkoff_rates_partner_crop_state_name_idx" ON "checkoff_rates" USING btree (coalesce("partner_id", ''),"crop_id","state","name");