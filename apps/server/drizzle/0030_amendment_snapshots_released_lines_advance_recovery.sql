ALTER TABLE "settlement_lines" ALTER COLUMN "ticket_application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_amendments" ADD COLUMN "terms_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "advances" ADD COLUMN "recovered_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD COLUMN "released_ticket_application_id" bigint;--> statement-breakpoint
UPDATE "advances" SET "recovered_amount" = "amount" WHERE "status" = 'recovered';--> statement-breakpoint
UPDATE "settlement_lines" SET "released_ticket_application_id" = "ticket_application_id", "ticket_application_id" = NULL WHERE "voided";
