CREATE TABLE "payment_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_request_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"settlement_id" bigint NOT NULL,
	"settlement_payee_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"held" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"client_id" bigint NOT NULL,
	"requested_by" uuid,
	"source" text DEFAULT 'farmer' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text NOT NULL,
	"check_number" text,
	"settles_on" date,
	"sent_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"return_reason" text
);
--> statement-breakpoint
ALTER TABLE "payment_request_events" ADD CONSTRAINT "payment_request_events_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_events" ADD CONSTRAINT "payment_request_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_settlements" ADD CONSTRAINT "payment_request_settlements_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_settlements" ADD CONSTRAINT "payment_request_settlements_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_settlements" ADD CONSTRAINT "payment_request_settlements_settlement_payee_id_settlement_payees_id_fk" FOREIGN KEY ("settlement_payee_id") REFERENCES "public"."settlement_payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_request_events_request_idx" ON "payment_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_request_settlements_payee_held_idx" ON "payment_request_settlements" USING btree ("settlement_payee_id") WHERE "payment_request_settlements"."held";--> statement-breakpoint
CREATE INDEX "payment_request_settlements_request_idx" ON "payment_request_settlements" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "payment_request_settlements_settlement_idx" ON "payment_request_settlements" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "payment_requests_market_status_idx" ON "payment_requests" USING btree ("market_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_requests_client_idx" ON "payment_requests" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_requests_partner_status_idx" ON "payment_requests" USING btree ("partner_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_request_idx" ON "payments" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_idx" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "payments_status_settles_idx" ON "payments" USING btree ("status","settles_on");