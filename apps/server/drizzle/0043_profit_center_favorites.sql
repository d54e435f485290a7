CREATE TABLE "profit_center_favorites" (
	"user_id" uuid NOT NULL,
	"market_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profit_center_favorites_user_id_market_id_crop_id_pk" PRIMARY KEY("user_id","market_id","crop_id")
);
--> statement-breakpoint
ALTER TABLE "profit_center_favorites" ADD CONSTRAINT "profit_center_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profit_center_favorites" ADD CONSTRAINT "profit_center_favorites_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;