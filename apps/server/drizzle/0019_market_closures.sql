CREATE TABLE "market_closures" (
	"market_id" integer NOT NULL,
	"date" date NOT NULL,
	"label" text NOT NULL,
	"closed" boolean DEFAULT true NOT NULL,
	"opens_at" text,
	"closes_at" text,
	CONSTRAINT "market_closures_market_id_date_pk" PRIMARY KEY("market_id","date")
);
--> statement-breakpoint
ALTER TABLE "market_closures" ADD CONSTRAINT "market_closures_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;