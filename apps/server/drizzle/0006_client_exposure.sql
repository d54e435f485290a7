CREATE TABLE "client_crop_year_exposure" (
	"partner_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"crop_id" integer NOT NULL,
	"crop_year" integer NOT NULL,
	"contracted_quantity" numeric DEFAULT '0' NOT NULL,
	"area" numeric(14, 2),
	"estimated_yield" numeric(10, 2),
	"contracted_with_other" numeric(18, 4),
	CONSTRAINT "client_crop_year_exposure_client_id_crop_year_crop_id_partner_id_pk" PRIMARY KEY("client_id","crop_year","crop_id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "client_crop_year_exposure" ADD CONSTRAINT "client_crop_year_exposure_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_crop_year_exposure" ADD CONSTRAINT "client_crop_year_exposure_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_crop_year_exposure_over_idx" ON "client_crop_year_exposure" USING btree ("partner_id","crop_year","client_id","crop_id") WHERE "client_crop_year_exposure"."contracted_quantity" + coalesce("client_crop_year_exposure"."contracted_with_other", 0) > "client_crop_year_exposure"."area" * "client_crop_year_exposure"."estimated_yield";