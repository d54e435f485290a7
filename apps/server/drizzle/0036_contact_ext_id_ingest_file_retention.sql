ALTER TABLE "client_contacts" ADD COLUMN "ext_contact_id" text;--> statement-breakpoint
ALTER TABLE "ingest_syncs" ADD COLUMN "file_purged_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "client_contacts_ext_idx" ON "client_contacts" USING btree ("client_id","ext_contact_id") WHERE "client_contacts"."ext_contact_id" is not null;