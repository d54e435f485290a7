CREATE TABLE "address_geocodes" (
	"address_id" integer PRIMARY KEY NOT NULL,
	"computed_key" text NOT NULL,
	"computed_latitude" double precision,
	"computed_longitude" double precision,
	"computed_precision" text,
	"geocoder" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"override_latitude" double precision,
	"override_longitude" double precision,
	"override_by" uuid,
	"override_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "address_geocodes" ADD CONSTRAINT "address_geocodes_address_id_store_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."store_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_geocodes" ADD CONSTRAINT "address_geocodes_override_by_users_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;