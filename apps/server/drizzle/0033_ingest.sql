CREATE TABLE "ingest_broken_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"sync_id" bigint NOT NULL,
	"record_type" text NOT NULL,
	"line" integer NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"raw" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"fixed_record_id" bigint,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_file_chunks" (
	"sync_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "ingest_file_chunks_sync_id_seq_pk" PRIMARY KEY("sync_id","seq")
);
--> statement-breakpoint
CREATE TABLE "ingest_mappings" (
	"partner_id" text NOT NULL,
	"record_type" text NOT NULL,
	"columns" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_mappings_partner_id_record_type_pk" PRIMARY KEY("partner_id","record_type")
);
--> statement-breakpoint
CREATE TABLE "ingest_sources" (
	"partner_id" text NOT NULL,
	"record_type" text NOT NULL,
	"external_id" text NOT NULL,
	"record_id" bigint NOT NULL,
	"sync_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingest_sources_partner_id_record_type_external_id_pk" PRIMARY KEY("partner_id","record_type","external_id")
);
--> statement-breakpoint
CREATE TABLE "ingest_syncs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"record_type" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text NOT NULL,
	"columns" jsonb NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"rows_unchanged" integer DEFAULT 0 NOT NULL,
	"rows_broken" integer DEFAULT 0 NOT NULL,
	"last_line" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ingest_broken_records" ADD CONSTRAINT "ingest_broken_records_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_broken_records" ADD CONSTRAINT "ingest_broken_records_sync_id_ingest_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."ingest_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_broken_records" ADD CONSTRAINT "ingest_broken_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_file_chunks" ADD CONSTRAINT "ingest_file_chunks_sync_id_ingest_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."ingest_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_mappings" ADD CONSTRAINT "ingest_mappings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_mappings" ADD CONSTRAINT "ingest_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_sources" ADD CONSTRAINT "ingest_sources_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_sources" ADD CONSTRAINT "ingest_sources_sync_id_ingest_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."ingest_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_syncs" ADD CONSTRAINT "ingest_syncs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_syncs" ADD CONSTRAINT "ingest_syncs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingest_broken_records_list_idx" ON "ingest_broken_records" USING btree ("partner_id","record_type","status","id");--> statement-breakpoint
CREATE INDEX "ingest_broken_records_sync_idx" ON "ingest_broken_records" USING btree ("sync_id","id");--> statement-breakpoint
CREATE INDEX "ingest_sources_record_idx" ON "ingest_sources" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "ingest_sources_sync_idx" ON "ingest_sources" USING btree ("sync_id");--> statement-breakpoint
CREATE INDEX "ingest_syncs_partner_idx" ON "ingest_syncs" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "ingest_syncs_partner_type_idx" ON "ingest_syncs" USING btree ("partner_id","record_type","status","id");--> statement-breakpoint
CREATE INDEX "ingest_syncs_partner_created_idx" ON "ingest_syncs" USING btree ("partner_id","created_at");