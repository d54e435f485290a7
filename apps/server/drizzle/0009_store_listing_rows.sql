ALTER TABLE "store_product_regions" ADD COLUMN "category_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD COLUMN "kind" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD COLUMN "seller_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD COLUMN "is_deal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_product_regions" ADD COLUMN "programs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "store_product_regions_category_idx" ON "store_product_regions" USING btree ("country","category_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "store_product_regions_name_idx" ON "store_product_regions" USING btree ("country","name","product_id");--> statement-breakpoint
CREATE INDEX "store_product_regions_seller_idx" ON "store_product_regions" USING btree ("country","seller_id");