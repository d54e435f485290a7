CREATE TABLE "hedge_trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"crop_id" integer NOT NULL,
	"futures_symbol" text NOT NULL,
	"instrument" text NOT NULL,
	"direction" text NOT NULL,
	"contracts" integer NOT NULL,
	"strike" numeric(12, 4),
	"price" numeric(12, 4) NOT NULL,
	"traded_on" date NOT NULL,
	"account" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scs_parameter_sets" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"parameters" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "structure_observations" (
	"structure_id" integer NOT NULL,
	"date" date NOT NULL,
	"settle" numeric(12, 4) NOT NULL,
	"priced_bushels" numeric(14, 2) NOT NULL,
	"price" numeric(12, 4),
	"knocked_out" boolean DEFAULT false NOT NULL,
	"doubled_up" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"observed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "structures" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"client_legal_entity_id" bigint NOT NULL,
	"status" text DEFAULT 'quote' NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"name" text,
	"crop_id" integer NOT NULL,
	"crop_year" integer NOT NULL,
	"futures_symbol" text NOT NULL,
	"option_month" text NOT NULL,
	"input" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"fee" numeric(12, 4) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"quote" jsonb,
	"quoted_by" uuid,
	"traded_at" timestamp with time zone,
	"traded_by" uuid,
	"hta_contract_id" bigint,
	"close_requested_at" timestamp with time zone,
	"close_requested_by" uuid,
	"close_cost" numeric(14, 2),
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"close_note" text,
	"signing_request_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hedge_trades" ADD CONSTRAINT "hedge_trades_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hedge_trades" ADD CONSTRAINT "hedge_trades_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hedge_trades" ADD CONSTRAINT "hedge_trades_futures_symbol_futures_symbols_symbol_fk" FOREIGN KEY ("futures_symbol") REFERENCES "public"."futures_symbols"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hedge_trades" ADD CONSTRAINT "hedge_trades_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scs_parameter_sets" ADD CONSTRAINT "scs_parameter_sets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scs_parameter_sets" ADD CONSTRAINT "scs_parameter_sets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_observations" ADD CONSTRAINT "structure_observations_structure_id_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_client_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("client_legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_futures_symbol_futures_symbols_symbol_fk" FOREIGN KEY ("futures_symbol") REFERENCES "public"."futures_symbols"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_traded_by_users_id_fk" FOREIGN KEY ("traded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_hta_contract_id_contracts_id_fk" FOREIGN KEY ("hta_contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_close_requested_by_users_id_fk" FOREIGN KEY ("close_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hedge_trades_partner_idx" ON "hedge_trades" USING btree ("partner_id","crop_id","futures_symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "structure_observations_day_idx" ON "structure_observations" USING btree ("structure_id","date");--> statement-breakpoint
CREATE INDEX "structures_partner_status_idx" ON "structures" USING btree ("partner_id","status");--> statement-breakpoint
CREATE INDEX "structures_client_idx" ON "structures" USING btree ("client_legal_entity_id");--> statement-breakpoint
CREATE INDEX "structures_live_idx" ON "structures" USING btree ("id") WHERE "structures"."status" = 'live';