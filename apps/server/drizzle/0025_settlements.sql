CREATE TABLE "advances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"contract_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_date" date NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"recovered_by_settlement_id" bigint,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkoff_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"basis" text NOT NULL,
	"rate" numeric(12, 6) NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"lienholder" text NOT NULL,
	"amount" numeric(14, 2),
	"pct" numeric(7, 4),
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"crop_id" integer,
	"crop_year" integer,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_counters" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_deductions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"advance_id" bigint,
	"lien_id" bigint,
	"checkoff_rate_id" integer
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_id" bigint NOT NULL,
	"ticket_application_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"scale_ticket_id" bigint NOT NULL,
	"bushels" numeric(18, 4) NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"drying" numeric(14, 2) DEFAULT '0' NOT NULL,
	"discounts" numeric(14, 2) DEFAULT '0' NOT NULL,
	"storage" numeric(14, 2) DEFAULT '0' NOT NULL,
	"storage_days" integer DEFAULT 0 NOT NULL,
	"checkoff" numeric(14, 2) DEFAULT '0' NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"voided" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_payees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settlement_id" bigint NOT NULL,
	"payee_name" text NOT NULL,
	"kind" text NOT NULL,
	"client_id" bigint,
	"lien_id" bigint,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"client_id" bigint NOT NULL,
	"display_settlement_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"settlement_date" date NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"deductions_total" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"bushels" numeric(18, 4) NOT NULL,
	"void_reason" text,
	"finalized_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"crop_id" integer,
	"free_days" integer DEFAULT 0 NOT NULL,
	"rate_per_bushel_per_day" numeric(12, 6) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_recovered_by_settlement_id_settlements_id_fk" FOREIGN KEY ("recovered_by_settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkoff_rates" ADD CONSTRAINT "checkoff_rates_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liens" ADD CONSTRAINT "liens_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_counters" ADD CONSTRAINT "settlement_counters_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_deductions" ADD CONSTRAINT "settlement_deductions_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_ticket_application_id_ticket_applications_id_fk" FOREIGN KEY ("ticket_application_id") REFERENCES "public"."ticket_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_scale_ticket_id_scale_tickets_id_fk" FOREIGN KEY ("scale_ticket_id") REFERENCES "public"."scale_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payees" ADD CONSTRAINT "settlement_payees_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_rates" ADD CONSTRAINT "storage_rates_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_rates" ADD CONSTRAINT "storage_rates_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advances_contract_idx" ON "advances" USING btree ("contract_id","status");--> statement-breakpoint
CREATE INDEX "advances_client_idx" ON "advances" USING btree ("client_id","paid_date");--> statement-breakpoint
CREATE UNIQUE INDEX "checkoff_rates_crop_state_name_idx" ON "checkoff_rates" USING btree ("crop_id","state","name");--> statement-breakpoint
CREATE INDEX "liens_client_idx" ON "liens" USING btree ("client_id","active");--> statement-breakpoint
CREATE INDEX "settlement_deductions_settlement_idx" ON "settlement_deductions" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_application_idx" ON "settlement_lines" USING btree ("ticket_application_id") WHERE not "settlement_lines"."voided";--> statement-breakpoint
CREATE INDEX "settlement_lines_settlement_idx" ON "settlement_lines" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_contract_idx" ON "settlement_lines" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "settlement_payees_settlement_idx" ON "settlement_payees" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_partner_display_idx" ON "settlements" USING btree ("partner_id","display_settlement_id");--> statement-breakpoint
CREATE INDEX "settlements_market_date_idx" ON "settlements" USING btree ("market_id","settlement_date","id");--> statement-breakpoint
CREATE INDEX "settlements_client_date_idx" ON "settlements" USING btree ("client_id","settlement_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_rates_market_crop_idx" ON "storage_rates" USING btree ("market_id",coalesce("crop_id", 0));