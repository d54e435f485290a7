CREATE INDEX "client_contacts_user_idx" ON "client_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "client_contacts_email_lower_idx" ON "client_contacts" USING btree (lower("email_address"));--> statement-breakpoint
CREATE INDEX "client_contacts_phone_digits_idx" ON "client_contacts" USING btree (right(regexp_replace(coalesce("phone_number", ''), '\D', '', 'g'), 10));