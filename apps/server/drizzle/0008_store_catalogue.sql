CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "store_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" integer,
	"depth" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_category" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_categories_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "store_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"doc_type" text NOT NULL,
	"title" text NOT NULL,
	"revised_on" text NOT NULL,
	"content" "bytea"
);
--> statement-breakpoint
CREATE TABLE "store_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text NOT NULL,
	"content_type" text DEFAULT 'image/svg+xml' NOT NULL,
	"data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_ingredients" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"ingredient_type" text NOT NULL,
	"mode_of_action" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "store_ingredients_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "store_pests" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"pest_type" text NOT NULL,
	"scientific_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "store_pests_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "store_product_ingredients" (
	"product_id" integer NOT NULL,
	"ingredient_id" integer NOT NULL,
	"concentration" numeric(10, 3) NOT NULL,
	"concentration_unit" text NOT NULL,
	CONSTRAINT "store_product_ingredients_product_id_ingredient_id_pk" PRIMARY KEY("product_id","ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "store_product_pests" (
	"product_id" integer NOT NULL,
	"pest_id" integer NOT NULL,
	CONSTRAINT "store_product_pests_product_id_pest_id_pk" PRIMARY KEY("product_id","pest_id")
);
--> statement-breakpoint
CREATE TABLE "store_product_regions" (
	"product_id" integer NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"min_price" numeric(12, 2) NOT NULL,
	"in_stock" boolean DEFAULT false NOT NULL,
	CONSTRAINT "store_product_regions_product_id_country_pk" PRIMARY KEY("product_id","country")
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" text NOT NULL,
	"kind" text NOT NULL,
	"category_id" integer NOT NULL,
	"category_path" text NOT NULL,
	"seller_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"restricted_use" boolean DEFAULT false NOT NULL,
	"programs" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_deal" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"rating" numeric(3, 2),
	"review_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_products_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "store_products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "store_sellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"rating" numeric(3, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_sellers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "store_stock" (
	"variant_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_stock_variant_id_warehouse_id_pk" PRIMARY KEY("variant_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "store_variant_prices" (
	"variant_id" integer NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"list_amount" numeric(12, 2),
	CONSTRAINT "store_variant_prices_variant_id_country_pk" PRIMARY KEY("variant_id","country")
);
--> statement-breakpoint
CREATE TABLE "store_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"label" text NOT NULL,
	"size" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"pack_count" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_variants_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "store_variants_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "store_warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"city" text NOT NULL,
	"address_line_1" text NOT NULL,
	"postal_code" text NOT NULL,
	CONSTRAINT "store_warehouses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "store_documents" ADD CONSTRAINT "store_documents_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_images" ADD CONSTRAINT "store_images_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_ingredients" ADD CONSTRAINT "store_product_ingredients_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_ingredients" ADD CONSTRAINT "store_product_ingredients_ingredient_id_store_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."store_ingredients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_pests" ADD CONSTRAINT "store_product_pests_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_pests" ADD CONSTRAINT "store_product_pests_pest_id_store_pests_id_fk" FOREIGN KEY ("pest_id") REFERENCES "public"."store_pests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD CONSTRAINT "store_product_regions_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_seller_id_store_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."store_sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_warehouse_id_store_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."store_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variant_prices" ADD CONSTRAINT "store_variant_prices_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_categories_parent_idx" ON "store_categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "store_documents_product_type_idx" ON "store_documents" USING btree ("product_id","doc_type");--> statement-breakpoint
CREATE INDEX "store_images_product_idx" ON "store_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "store_product_ingredients_ingredient_idx" ON "store_product_ingredients" USING btree ("ingredient_id");--> statement-breakpoint
CREATE INDEX "store_product_pests_pest_idx" ON "store_product_pests" USING btree ("pest_id");--> statement-breakpoint
CREATE INDEX "store_product_regions_price_idx" ON "store_product_regions" USING btree ("country","min_price","product_id");--> statement-breakpoint
CREATE INDEX "store_products_category_path_idx" ON "store_products" USING btree ("category_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "store_products_seller_idx" ON "store_products" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "store_products_brand_idx" ON "store_products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "store_products_kind_idx" ON "store_products" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "store_products_name_idx" ON "store_products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "store_products_search_vector_idx" ON "store_products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "store_products_search_text_trgm_idx" ON "store_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_stock_warehouse_idx" ON "store_stock" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "store_variants_product_idx" ON "store_variants" USING btree ("product_id","position");