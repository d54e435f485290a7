CREATE TABLE "structure_risk" (
	"structure_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"observed_through" date,
	"parameters_version" integer NOT NULL,
	"valuation_date" date NOT NULL,
	"futures" numeric(12, 4),
	"delta" double precision,
	"gamma" double precision,
	"vol" double precision,
	"paths" integer NOT NULL,
	"error" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "structure_risk" ADD CONSTRAINT "structure_risk_structure_id_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "structure_risk_computed_idx" ON "structure_risk" USING btree ("computed_at");