CREATE TABLE "bid_history" (
	"instrument_id" bigint NOT NULL,
	"day" date NOT NULL,
	"futures_symbol" text,
	"futures" numeric(12, 4),
	"basis" numeric(12, 4),
	"flat_price" numeric(12, 4),
	"cash" numeric(12, 4),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_history_instrument_id_day_pk" PRIMARY KEY("instrument_id","day")
);
--> statement-breakpoint
ALTER TABLE "bid_history" ADD CONSTRAINT "bid_history_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE cascade ON UPDATE no action;