CREATE TABLE "discount_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"base_moisture" numeric(6, 2) NOT NULL,
	"shrink_per_point" numeric(6, 2) NOT NULL,
	"handling_shrink" numeric(6, 2) NOT NULL,
	"drying_per_point" numeric(8, 4) NOT NULL,
	"test_weight_par" numeric(6, 2) NOT NULL,
	"test_weight_bands" jsonb NOT NULL,
	"damage_allowance" numeric(6, 2) NOT NULL,
	"damage_bands" jsonb NOT NULL,
	"foreign_material_allowance" numeric(6, 2) NOT NULL,
	"foreign_material_bands" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scale_ticket_counters" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_schedules" ADD CONSTRAINT "discount_schedules_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_schedules" ADD CONSTRAINT "discount_schedules_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_schedules" ADD CONSTRAINT "discount_schedules_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_schedules" ADD CONSTRAINT "discount_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scale_ticket_counters" ADD CONSTRAINT "scale_ticket_counters_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_schedules_market_crop_idx" ON "discount_schedules" USING btree ("market_id","crop_id");