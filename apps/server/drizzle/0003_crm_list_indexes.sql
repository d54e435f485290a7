DROP INDEX "contracts_market_list_idx";--> statement-breakpoint
DROP INDEX "contracts_client_idx";--> statement-breakpoint
DROP INDEX "scale_tickets_market_idx";--> statement-breakpoint
CREATE INDEX "contracts_market_delivery_start_idx" ON "contracts" USING btree ("market_id","delivery_start","id");--> statement-breakpoint
CREATE INDEX "legal_entities_scope_idx" ON "legal_entities" USING btree ("partner_id","scope_legal_entity_id");--> statement-breakpoint
CREATE INDEX "scale_tickets_market_delivery_idx" ON "scale_tickets" USING btree ("market_id","delivery_date","id");--> statement-breakpoint
CREATE INDEX "contracts_market_list_idx" ON "contracts" USING btree ("market_id","crop_year","id","partner_id","client_id","crop_id","status","direction","contract_type","quantity","cancelled_quantity","delivered_quantity","priced_quantity","delivery_start","delivery_end","contract_date","expiration","option_month","price_status","cash_price","esign_eligible","esign_sent","signed","last_ticket_date","strike","display_contract_id","signed_terms_hash","terms_hash");--> statement-breakpoint
CREATE INDEX "contracts_client_idx" ON "contracts" USING btree ("client_id","crop_year","crop_id","partner_id","direction","status","quantity","cancelled_quantity");--> statement-breakpoint
CREATE INDEX "scale_tickets_market_idx" ON "scale_tickets" USING btree ("market_id","crop_year","id","partner_id","client_id","crop_id","delivery_date","quantity","applied_quantity","unapplied_quantity","display_scale_ticket_id");