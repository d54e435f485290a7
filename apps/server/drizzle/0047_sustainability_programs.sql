CREATE TABLE "sustainability_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"client_id" bigint NOT NULL,
	"enterprise_id" integer,
	"answers" jsonb NOT NULL,
	"acres" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"terms_hash" text,
	"sent_at" timestamp with time zone,
	"signer_user_id" uuid,
	"signer_name" text,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_user_agent" text,
	"withdrawn_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sustainability_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"crop_year" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"premium" numeric(12, 4) NOT NULL,
	"premium_unit" text NOT NULL,
	"practices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enrolment_opens" date NOT NULL,
	"enrolment_closes" date NOT NULL,
	"max_acres" numeric(14, 2),
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sustainability_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sustainability_enrolments" ADD CONSTRAINT "sustainability_enrolments_program_id_sustainability_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."sustainability_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_enrolments" ADD CONSTRAINT "sustainability_enrolments_survey_id_sustainability_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."sustainability_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_enrolments" ADD CONSTRAINT "sustainability_enrolments_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_enrolments" ADD CONSTRAINT "sustainability_enrolments_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_enrolments" ADD CONSTRAINT "sustainability_enrolments_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_enrolments" ADD CONSTRAINT "sustainability_enrolments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_programs" ADD CONSTRAINT "sustainability_programs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_programs" ADD CONSTRAINT "sustainability_programs_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_programs" ADD CONSTRAINT "sustainability_programs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sustainability_surveys" ADD CONSTRAINT "sustainability_surveys_program_id_sustainability_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."sustainability_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sustainability_enrolments_program_client_idx" ON "sustainability_enrolments" USING btree ("program_id","client_id");--> statement-breakpoint
CREATE INDEX "sustainability_enrolments_client_idx" ON "sustainability_enrolments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sustainability_enrolments_program_status_idx" ON "sustainability_enrolments" USING btree ("program_id","status");--> statement-breakpoint
CREATE INDEX "sustainability_programs_market_idx" ON "sustainability_programs" USING btree ("market_id","crop_id","crop_year");--> statement-breakpoint
CREATE INDEX "sustainability_programs_partner_idx" ON "sustainability_programs" USING btree ("partner_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "sustainability_surveys_program_idx" ON "sustainability_surveys" USING btree ("program_id");