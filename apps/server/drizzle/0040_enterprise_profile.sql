CREATE TABLE "enterprise_agronomics" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"crop_year" integer NOT NULL,
	"crop" text NOT NULL,
	"area" numeric(12, 2) NOT NULL,
	"area_units" text DEFAULT 'acres' NOT NULL,
	"average_yield" numeric(10, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"name" text NOT NULL,
	"area_acres" numeric(12, 2) NOT NULL,
	"crop" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_id" integer NOT NULL,
	"type" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "facts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "crops" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "software_tools" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "planting_monitor_brands" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "harvest_monitor_brands" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "application_monitor_brands" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "acres_estimate" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "area_estimate" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "area_estimate_units" text DEFAULT 'acres' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "valid_for_billing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "selective_features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "qualifying_answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "business_units" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "qualifying_questions_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprise_agronomics" ADD CONSTRAINT "enterprise_agronomics_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_fields" ADD CONSTRAINT "enterprise_fields_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_subscriptions" ADD CONSTRAINT "enterprise_subscriptions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_agronomics_year_crop_idx" ON "enterprise_agronomics" USING btree ("enterprise_id","crop_year","crop");--> statement-breakpoint
CREATE INDEX "enterprise_fields_enterprise_idx" ON "enterprise_fields" USING btree ("enterprise_id","name");--> statement-breakpoint
CREATE INDEX "enterprise_subscriptions_enterprise_idx" ON "enterprise_subscriptions" USING btree ("enterprise_id","starts_on");