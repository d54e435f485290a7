ALTER TABLE "contracts" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "pricing_period_start" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "pricing_period_end" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "program" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "deferred_payment_date" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "settled_quantity" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "gross_weight" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "tare_weight" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "weight_unit" text DEFAULT 'lb' NOT NULL;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "gross_quantity" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "shrink_quantity" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "drying_charge" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "discount_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "source" text DEFAULT 'import' NOT NULL;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "entered_by" uuid;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD CONSTRAINT "scale_tickets_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;