CREATE TABLE "enterprise_abns" (
	"enterprise_id" integer PRIMARY KEY NOT NULL,
	"abn" text NOT NULL,
	"entity_name" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"gst" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_delivery_contacts" ADD COLUMN "enterprise_id" integer;--> statement-breakpoint
ALTER TABLE "enterprise_abns" ADD CONSTRAINT "enterprise_abns_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_abns_abn_idx" ON "enterprise_abns" USING btree ("abn");--> statement-breakpoint
ALTER TABLE "store_delivery_contacts" ADD CONSTRAINT "store_delivery_contacts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_addresses_enterprise_idx" ON "store_addresses" USING btree ("enterprise_id","address_type");--> statement-breakpoint
CREATE INDEX "store_delivery_contacts_enterprise_idx" ON "store_delivery_contacts" USING btree ("enterprise_id");--> statement-breakpoint
-- One address book per farm business (decision 051): a user's contacts and addresses written before it join the book
-- of the enterprise the checkout used for them (their current one, else their first).
UPDATE "store_delivery_contacts" c SET "enterprise_id" = (
  SELECT min(eu."enterprise_id") FROM "enterprise_users" eu WHERE eu."user_id" = c."user_id"
) WHERE c."enterprise_id" IS NULL;--> statement-breakpoint
UPDATE "store_addresses" a SET "enterprise_id" = (
  SELECT min(eu."enterprise_id") FROM "enterprise_users" eu WHERE eu."user_id" = a."user_id"
) WHERE a."enterprise_id" IS NULL;--> statement-breakpoint
-- One default billing address per book: the oldest stays the default, later ones are billing addresses.
UPDATE "store_addresses" a SET "address_type" = 'billing_address'
WHERE a."address_type" = 'default_billing_address' AND a."deleted_at" IS NULL AND EXISTS (
  SELECT 1 FROM "store_addresses" b
  WHERE b."address_type" = 'default_billing_address' AND b."deleted_at" IS NULL AND b."id" < a."id"
    AND b."enterprise_id" IS NOT DISTINCT FROM a."enterprise_id"
    AND (a."enterprise_id" IS NOT NULL OR b."user_id" = a."user_id")
);
