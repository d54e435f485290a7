CREATE TABLE "contract_addenda" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"display_addendum_id" text NOT NULL,
	"quantity" numeric(18, 4),
	"futures_price" numeric(12, 4),
	"basis" numeric(12, 4),
	"cash_price" numeric(12, 4),
	"name" text,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pricing_event_id" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secondary_obligation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"obligation_id" bigint NOT NULL,
	"action" text NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secondary_obligations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"due_date" date NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "structured_addenda_names" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_addenda" ADD CONSTRAINT "contract_addenda_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_addenda" ADD CONSTRAINT "contract_addenda_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_obligation_events" ADD CONSTRAINT "secondary_obligation_events_obligation_id_secondary_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."secondary_obligations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_obligation_events" ADD CONSTRAINT "secondary_obligation_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_obligations" ADD CONSTRAINT "secondary_obligations_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_obligations" ADD CONSTRAINT "secondary_obligations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_addenda_contract_idx" ON "contract_addenda" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_addenda_display_idx" ON "contract_addenda" USING btree ("contract_id","display_addendum_id");--> statement-breakpoint
CREATE INDEX "secondary_obligation_events_obligation_idx" ON "secondary_obligation_events" USING btree ("obligation_id","id");--> statement-breakpoint
CREATE INDEX "secondary_obligations_contract_idx" ON "secondary_obligations" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "structured_addenda_names_partner_idx" ON "structured_addenda_names" USING btree ("partner_id","name");