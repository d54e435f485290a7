CREATE TABLE "store_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"enterprise_id" integer,
	"address_type" text NOT NULL,
	"format" text DEFAULT 'postal' NOT NULL,
	"land_location_kind" text,
	"name" text DEFAULT '' NOT NULL,
	"line_1" text DEFAULT '' NOT NULL,
	"line_2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"region" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"lll_quarter" text,
	"lll_section" smallint,
	"lll_township" smallint,
	"lll_range" smallint,
	"lll_meridian" text,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_applicator_licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"enterprise_id" integer,
	"holder_name" text NOT NULL,
	"licence_number" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"priced_amount" numeric(12, 2) NOT NULL,
	"tank_details" jsonb,
	"item_added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_cart_partitions" (
	"cart_id" uuid NOT NULL,
	"partition_key" text NOT NULL,
	"seller_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"shipping_method" text,
	"delivery_address_id" integer,
	"pickup_warehouse_id" integer,
	"fulfillment_promise" text,
	"deliver_immediately" boolean DEFAULT true NOT NULL,
	"delivery_not_before" date,
	"delivery_not_after" date,
	"application_timing" text,
	"application_state" text,
	"delivery_contact_id" integer,
	"order_special_instructions" text DEFAULT '' NOT NULL,
	CONSTRAINT "store_cart_partitions_cart_id_partition_key_pk" PRIMARY KEY("cart_id","partition_key")
);
--> statement-breakpoint
CREATE TABLE "store_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"kind" text DEFAULT 'cart' NOT NULL,
	"user_id" uuid,
	"guest_token_hash" text,
	"enterprise_id" integer,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"promo_code" text,
	"referral_code" text,
	"payment_terms" text,
	"payment_method" text,
	"billing_address_id" integer,
	"rup_holder_id" integer,
	"pickup_contact_email" text,
	"pickup_contact_phone" text,
	"customizations_additional_notes" text DEFAULT '' NOT NULL,
	"express" boolean DEFAULT false NOT NULL,
	"priced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_accessed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_delivery_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"region" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_item_restrictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"max_quantity" integer,
	"min_quantity" integer,
	"jurisdictions" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_fulfillments" (
	"order_id" uuid NOT NULL,
	"partition_key" text NOT NULL,
	"seller_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"shipping_method" text NOT NULL,
	"address" jsonb,
	"contact" jsonb,
	"fulfillment_promise" text,
	"delivery_not_before" date,
	"delivery_not_after" date,
	"application_timing" text,
	"special_instructions" text DEFAULT '' NOT NULL,
	"shipping_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	CONSTRAINT "store_order_fulfillments_order_id_partition_key_pk" PRIMARY KEY("order_id","partition_key")
);
--> statement-breakpoint
CREATE TABLE "store_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"partition_key" text NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"variant_label" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"line_total" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_readiness" (
	"order_id" uuid NOT NULL,
	"section" text NOT NULL,
	"action" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "store_order_readiness_order_id_section_pk" PRIMARY KEY("order_id","section")
);
--> statement-breakpoint
CREATE TABLE "store_order_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"kind" text DEFAULT 'cart' NOT NULL,
	"user_id" uuid NOT NULL,
	"enterprise_id" integer,
	"status" text DEFAULT 'placed' NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"goods_subtotal" numeric(12, 2) NOT NULL,
	"discount_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping_discount_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"payment_fee_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"payment_terms" text NOT NULL,
	"payment_method" text,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_reference" text,
	"promo_code" text,
	"referral_code" text,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billing_address" jsonb,
	"rup_licence" jsonb,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "store_orders_cart_id_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
CREATE TABLE "store_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"currency" text,
	"country" text,
	"min_subtotal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"qualifiers" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_shopping_list_items" (
	"list_id" uuid NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_shopping_list_items_list_id_variant_id_pk" PRIMARY KEY("list_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "store_shopping_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"enterprise_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD COLUMN "permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_addresses" ADD CONSTRAINT "store_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_addresses" ADD CONSTRAINT "store_addresses_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_applicator_licences" ADD CONSTRAINT "store_applicator_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_applicator_licences" ADD CONSTRAINT "store_applicator_licences_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_items" ADD CONSTRAINT "store_cart_items_cart_id_store_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."store_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_items" ADD CONSTRAINT "store_cart_items_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_partitions" ADD CONSTRAINT "store_cart_partitions_cart_id_store_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."store_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_partitions" ADD CONSTRAINT "store_cart_partitions_seller_id_store_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."store_sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_partitions" ADD CONSTRAINT "store_cart_partitions_warehouse_id_store_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."store_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_partitions" ADD CONSTRAINT "store_cart_partitions_delivery_address_id_store_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."store_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_partitions" ADD CONSTRAINT "store_cart_partitions_pickup_warehouse_id_store_warehouses_id_fk" FOREIGN KEY ("pickup_warehouse_id") REFERENCES "public"."store_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_partitions" ADD CONSTRAINT "store_cart_partitions_delivery_contact_id_store_delivery_contacts_id_fk" FOREIGN KEY ("delivery_contact_id") REFERENCES "public"."store_delivery_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_carts" ADD CONSTRAINT "store_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_carts" ADD CONSTRAINT "store_carts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_carts" ADD CONSTRAINT "store_carts_billing_address_id_store_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."store_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_carts" ADD CONSTRAINT "store_carts_rup_holder_id_store_applicator_licences_id_fk" FOREIGN KEY ("rup_holder_id") REFERENCES "public"."store_applicator_licences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_delivery_contacts" ADD CONSTRAINT "store_delivery_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_item_restrictions" ADD CONSTRAINT "store_item_restrictions_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_fulfillments" ADD CONSTRAINT "store_order_fulfillments_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_fulfillments" ADD CONSTRAINT "store_order_fulfillments_seller_id_store_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."store_sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_fulfillments" ADD CONSTRAINT "store_order_fulfillments_warehouse_id_store_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."store_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_seller_id_store_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."store_sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_items" ADD CONSTRAINT "store_order_items_warehouse_id_store_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."store_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_readiness" ADD CONSTRAINT "store_order_readiness_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_reviews" ADD CONSTRAINT "store_order_reviews_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_reviews" ADD CONSTRAINT "store_order_reviews_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_reviews" ADD CONSTRAINT "store_order_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_cart_id_store_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."store_carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_shopping_list_items" ADD CONSTRAINT "store_shopping_list_items_list_id_store_shopping_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."store_shopping_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_shopping_list_items" ADD CONSTRAINT "store_shopping_list_items_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_shopping_lists" ADD CONSTRAINT "store_shopping_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_shopping_lists" ADD CONSTRAINT "store_shopping_lists_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_addresses_user_idx" ON "store_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "store_applicator_licences_user_idx" ON "store_applicator_licences" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_cart_items_cart_variant_idx" ON "store_cart_items" USING btree ("cart_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_carts_open_user_idx" ON "store_carts" USING btree ("user_id","kind") WHERE "store_carts"."status" = 'open' and "store_carts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_carts_open_guest_idx" ON "store_carts" USING btree ("guest_token_hash","kind") WHERE "store_carts"."status" = 'open' and "store_carts"."guest_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "store_carts_user_idx" ON "store_carts" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "store_delivery_contacts_user_idx" ON "store_delivery_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "store_item_restrictions_product_idx" ON "store_item_restrictions" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "store_order_items_order_idx" ON "store_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_order_items_variant_idx" ON "store_order_items" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_order_reviews_unique_idx" ON "store_order_reviews" USING btree ("order_id","product_id","user_id");--> statement-breakpoint
CREATE INDEX "store_order_reviews_product_idx" ON "store_order_reviews" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "store_orders_user_idx" ON "store_orders" USING btree ("user_id","placed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_orders_enterprise_idx" ON "store_orders" USING btree ("enterprise_id","placed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "store_promotions_code_idx" ON "store_promotions" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "store_shopping_lists_user_idx" ON "store_shopping_lists" USING btree ("user_id","updated_at" DESC NULLS LAST);