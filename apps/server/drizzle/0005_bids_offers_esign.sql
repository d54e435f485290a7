CREATE TABLE "announcement_reads" (
	"announcement_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_reads_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "futures_symbols" (
	"symbol" text PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"exchange" text NOT NULL,
	"crop_id" integer NOT NULL,
	"month_code" text NOT NULL,
	"option_month" text NOT NULL,
	"first_notice_day" date,
	"last_trade_day" date NOT NULL,
	"price_unit" text DEFAULT 'bushel' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"crop_year" integer NOT NULL,
	"name" text NOT NULL,
	"delivery_start" date NOT NULL,
	"delivery_end" date NOT NULL,
	"futures_symbol" text,
	"basis" numeric(12, 4),
	"flat_price" numeric(12, 4),
	"quantity_cap" numeric(18, 4),
	"quantity_contracted" numeric(18, 4) DEFAULT '0' NOT NULL,
	"quantity_unit" text DEFAULT 'bushels' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"offers_allowed" boolean DEFAULT true NOT NULL,
	"notes" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_hours" (
	"market_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"opens_at" text,
	"closes_at" text,
	"closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "market_hours_market_id_day_of_week_pk" PRIMARY KEY("market_id","day_of_week")
);
--> statement-breakpoint
CREATE TABLE "market_public_pages" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"features" text[] NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"delivery_information" text,
	"additional_info" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_rounding_modes" (
	"market_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"rounding_mode" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_rounding_modes_market_id_crop_id_pk" PRIMARY KEY("market_id","crop_id")
);
--> statement-breakpoint
CREATE TABLE "market_trading_settings" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"auto_fill_offers" boolean DEFAULT false NOT NULL,
	"offers_require_approval" boolean DEFAULT false NOT NULL,
	"offers_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"user_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"instrument_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"placed_by" uuid,
	"crop_id" integer NOT NULL,
	"crop_year" integer NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"quantity_unit" text DEFAULT 'bushels' NOT NULL,
	"target_cash_price" numeric(12, 4) NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"price_hit_at" timestamp with time zone,
	"price_hit_cash" numeric(12, 4),
	"filled_at" timestamp with time zone,
	"contract_id" bigint,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"accepted_by" uuid,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"symbol" text PRIMARY KEY NOT NULL,
	"last" numeric(12, 4) NOT NULL,
	"open" numeric(12, 4),
	"high" numeric(12, 4),
	"low" numeric(12, 4),
	"previous_settle" numeric(12, 4),
	"trade_date" date NOT NULL,
	"source" text NOT NULL,
	"quoted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"provider" text DEFAULT 'builtin' NOT NULL,
	"external_id" text,
	"signer_user_id" uuid,
	"signer_email" text,
	"signer_name" text,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"terms_hash" text NOT NULL,
	"sent_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_contract_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."contract_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_symbols" ADD CONSTRAINT "futures_symbols_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_futures_symbol_futures_symbols_symbol_fk" FOREIGN KEY ("futures_symbol") REFERENCES "public"."futures_symbols"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_hours" ADD CONSTRAINT "market_hours_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_public_pages" ADD CONSTRAINT "market_public_pages_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_public_pages" ADD CONSTRAINT "market_public_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rounding_modes" ADD CONSTRAINT "market_rounding_modes_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rounding_modes" ADD CONSTRAINT "market_rounding_modes_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rounding_modes" ADD CONSTRAINT "market_rounding_modes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trading_settings" ADD CONSTRAINT "market_trading_settings_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_history" ADD CONSTRAINT "quote_history_symbol_futures_symbols_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."futures_symbols"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_symbol_futures_symbols_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."futures_symbols"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_document_id_contract_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."contract_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_market_idx" ON "announcements" USING btree ("market_id","starts_at");--> statement-breakpoint
CREATE INDEX "document_files_document_idx" ON "document_files" USING btree ("document_id","kind");--> statement-breakpoint
CREATE INDEX "futures_symbols_crop_idx" ON "futures_symbols" USING btree ("crop_id","last_trade_day");--> statement-breakpoint
CREATE UNIQUE INDEX "futures_symbols_root_month_idx" ON "futures_symbols" USING btree ("root","option_month");--> statement-breakpoint
CREATE INDEX "instruments_market_crop_idx" ON "instruments" USING btree ("market_id","crop_id","delivery_start","id");--> statement-breakpoint
CREATE INDEX "instruments_symbol_idx" ON "instruments" USING btree ("futures_symbol") WHERE "instruments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_pending_key_idx" ON "jobs" USING btree ("key") WHERE "jobs"."status" in ('pending', 'running') and "jobs"."key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_events_offer_idx" ON "offer_events" USING btree ("offer_id","id");--> statement-breakpoint
CREATE INDEX "offers_market_status_idx" ON "offers" USING btree ("market_id","status","expires_at","id");--> statement-breakpoint
CREATE INDEX "offers_instrument_idx" ON "offers" USING btree ("instrument_id","status");--> statement-breakpoint
CREATE INDEX "offers_client_idx" ON "offers" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_working_idx" ON "offers" USING btree ("instrument_id","target_cash_price") WHERE "offers"."status" = 'working';--> statement-breakpoint
CREATE INDEX "quote_history_symbol_idx" ON "quote_history" USING btree ("symbol","quoted_at");--> statement-breakpoint
CREATE INDEX "signing_requests_contract_idx" ON "signing_requests" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_token_idx" ON "signing_requests" USING btree ("token_hash");