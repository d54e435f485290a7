CREATE TABLE "client_access" (
	"client_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_access_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" bigint NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"phone_number" text,
	"email_address" text,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "client_markets" (
	"client_id" bigint NOT NULL,
	"market_id" integer NOT NULL,
	CONSTRAINT "client_markets_market_id_client_id_pk" PRIMARY KEY("market_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "contract_amendments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"display_contract_amendment_id" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"kind" text DEFAULT 'contract' NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sha256" text,
	"content" text,
	"signed_by" uuid,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"client_id" bigint NOT NULL,
	"display_contract_id" text NOT NULL,
	"contract_type" text NOT NULL,
	"direction" text DEFAULT 'purchase' NOT NULL,
	"crop_id" integer NOT NULL,
	"crop_year" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"quantity_unit" text DEFAULT 'bushels' NOT NULL,
	"delivered_quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"cancelled_quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"priced_quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"delivery_start" date NOT NULL,
	"delivery_end" date NOT NULL,
	"option_month" text,
	"futures_price" numeric(12, 4),
	"basis" numeric(12, 4),
	"cash_price" numeric(12, 4),
	"price_status" text NOT NULL,
	"offer_price" numeric(12, 4),
	"strike" numeric(12, 4),
	"call_option_fee" numeric(12, 4),
	"expiration" date,
	"description" text,
	"specialty" text,
	"mp_option" text,
	"esign_eligible" boolean DEFAULT false NOT NULL,
	"esign_sent" boolean DEFAULT false NOT NULL,
	"signed" boolean DEFAULT false NOT NULL,
	"signed_terms_hash" text,
	"terms_hash" text,
	"contract_date" date NOT NULL,
	"last_ticket_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crops" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"symbol" text,
	"harvest_month" integer,
	"has_bushel_quantity" boolean DEFAULT true NOT NULL,
	"exchange_contract_multiplier" integer,
	"filterable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "followups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"client_id" bigint NOT NULL,
	"assigned_user_id" uuid,
	"note_id" bigint,
	"due_date" date NOT NULL,
	"description" text NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_entities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"scope_legal_entity_id" bigint DEFAULT 0 NOT NULL,
	"ext_client_id" text,
	"phone_number" text,
	"email_address" text,
	"city" text,
	"administrative_area_level_1" text,
	"enterprise_id" integer,
	"default_crop_id" integer,
	"default_crop_year" integer,
	"area" numeric(14, 2),
	"estimated_yield" numeric(10, 2),
	"estimated_storage" numeric(18, 4),
	"contracted_with_other" numeric(18, 4),
	"esign_eligible" boolean DEFAULT false NOT NULL,
	"ach" boolean DEFAULT false NOT NULL,
	"last_farm_visit" date,
	"contact_person_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_user_permissions" (
	"market_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"permissions" text[] NOT NULL,
	CONSTRAINT "market_user_permissions_market_id_user_id_pk" PRIMARY KEY("market_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"slug" text NOT NULL,
	"display_name" text,
	"city" text NOT NULL,
	"administrative_area_level_1" text NOT NULL,
	"country_code" text NOT NULL,
	"address_line_1" text,
	"postal_code" text,
	"timezone" text DEFAULT 'America/Chicago' NOT NULL,
	"phone" text,
	"email" text,
	"sustainability_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"client_id" bigint NOT NULL,
	"author_user_id" uuid,
	"category" text NOT NULL,
	"note" text NOT NULL,
	"note_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"futures_price" numeric(12, 4),
	"basis" numeric(12, 4),
	"cash_price" numeric(12, 4),
	"priced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scale_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"client_id" bigint NOT NULL,
	"display_scale_ticket_id" text NOT NULL,
	"crop_id" integer NOT NULL,
	"crop_year" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"weight" numeric(14, 2),
	"applied_quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"unapplied_quantity" numeric(18, 4) NOT NULL,
	"moisture" numeric(6, 2),
	"test_weight" numeric(6, 2),
	"foreign_material" numeric(6, 2),
	"damage" numeric(6, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scale_ticket_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"split_pct" numeric(6, 2) NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_access" ADD CONSTRAINT "client_access_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_access" ADD CONSTRAINT "client_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_markets" ADD CONSTRAINT "client_markets_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_markets" ADD CONSTRAINT "client_markets_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_amendments" ADD CONSTRAINT "contract_amendments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_amendments" ADD CONSTRAINT "contract_amendments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followups" ADD CONSTRAINT "followups_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entities" ADD CONSTRAINT "legal_entities_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_user_permissions" ADD CONSTRAINT "market_user_permissions_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_user_permissions" ADD CONSTRAINT "market_user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_events" ADD CONSTRAINT "pricing_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD CONSTRAINT "scale_tickets_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD CONSTRAINT "scale_tickets_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scale_tickets" ADD CONSTRAINT "scale_tickets_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_applications" ADD CONSTRAINT "ticket_applications_scale_ticket_id_scale_tickets_id_fk" FOREIGN KEY ("scale_ticket_id") REFERENCES "public"."scale_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_applications" ADD CONSTRAINT "ticket_applications_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_contacts_client_idx" ON "client_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_markets_client_idx" ON "client_markets" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "contract_amendments_contract_idx" ON "contract_amendments" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_documents_contract_idx" ON "contract_documents" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_partner_display_idx" ON "contracts" USING btree ("partner_id","display_contract_id");--> statement-breakpoint
CREATE INDEX "contracts_market_list_idx" ON "contracts" USING btree ("market_id","crop_year","id");--> statement-breakpoint
CREATE INDEX "contracts_client_idx" ON "contracts" USING btree ("client_id","crop_year");--> statement-breakpoint
CREATE INDEX "contracts_market_delivery_end_idx" ON "contracts" USING btree ("market_id","delivery_end","id");--> statement-breakpoint
CREATE INDEX "contracts_market_expiration_idx" ON "contracts" USING btree ("market_id","expiration","id");--> statement-breakpoint
CREATE INDEX "contracts_market_crop_idx" ON "contracts" USING btree ("market_id","crop_id","crop_year","id");--> statement-breakpoint
CREATE INDEX "contracts_market_type_idx" ON "contracts" USING btree ("market_id","contract_type","id");--> statement-breakpoint
CREATE INDEX "contracts_market_date_idx" ON "contracts" USING btree ("market_id","contract_date","id");--> statement-breakpoint
CREATE INDEX "followups_market_due_idx" ON "followups" USING btree ("market_id","due_date");--> statement-breakpoint
CREATE INDEX "followups_user_due_idx" ON "followups" USING btree ("assigned_user_id","due_date");--> statement-breakpoint
CREATE INDEX "legal_entities_partner_idx" ON "legal_entities" USING btree ("partner_id","kind","name");--> statement-breakpoint
CREATE INDEX "legal_entities_name_lower_idx" ON "legal_entities" USING btree ("partner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "legal_entities_enterprise_idx" ON "legal_entities" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "market_user_permissions_user_idx" ON "market_user_permissions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "markets_partner_slug_idx" ON "markets" USING btree ("partner_id","slug");--> statement-breakpoint
CREATE INDEX "notes_client_idx" ON "notes" USING btree ("client_id","note_date");--> statement-breakpoint
CREATE INDEX "notes_market_recent_idx" ON "notes" USING btree ("market_id","created_at");--> statement-breakpoint
CREATE INDEX "pricing_events_contract_idx" ON "pricing_events" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scale_tickets_partner_display_idx" ON "scale_tickets" USING btree ("partner_id","display_scale_ticket_id");--> statement-breakpoint
CREATE INDEX "scale_tickets_market_idx" ON "scale_tickets" USING btree ("market_id","crop_year","id");--> statement-breakpoint
CREATE INDEX "scale_tickets_unapplied_idx" ON "scale_tickets" USING btree ("market_id","id") WHERE "scale_tickets"."unapplied_quantity" > 0;--> statement-breakpoint
CREATE INDEX "scale_tickets_client_idx" ON "scale_tickets" USING btree ("client_id","delivery_date");--> statement-breakpoint
CREATE INDEX "ticket_applications_ticket_idx" ON "ticket_applications" USING btree ("scale_ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_applications_contract_idx" ON "ticket_applications" USING btree ("contract_id");