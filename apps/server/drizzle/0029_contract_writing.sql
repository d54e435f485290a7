CREATE TABLE "contract_number_sequences" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"next_number" bigint NOT NULL,
	"prefix" text DEFAULT 'C-' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_splits" (
	"contract_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"pct" numeric(5, 2) NOT NULL,
	CONSTRAINT "contract_splits_contract_id_client_id_pk" PRIMARY KEY("contract_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "contract_number_sequences" ADD CONSTRAINT "contract_number_sequences_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_splits" ADD CONSTRAINT "contract_splits_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_splits" ADD CONSTRAINT "contract_splits_client_id_legal_entities_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_splits_client_idx" ON "contract_splits" USING btree ("client_id");