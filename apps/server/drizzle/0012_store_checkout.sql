CREATE SEQUENCE "public"."store_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 104001 CACHE 1;--> statement-breakpoint
CREATE TABLE "store_referral_codes" (
	"enterprise_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "store_referral_codes" ADD CONSTRAINT "store_referral_codes_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;