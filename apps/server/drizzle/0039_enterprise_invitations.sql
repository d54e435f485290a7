CREATE TABLE "enterprise_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" integer NOT NULL,
	"email" text,
	"phone_number" text,
	"role" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"invited_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enterprise_invitations" ADD CONSTRAINT "enterprise_invitations_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_invitations" ADD CONSTRAINT "enterprise_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_invitations" ADD CONSTRAINT "enterprise_invitations_token_id_auth_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_invitations" ADD CONSTRAINT "enterprise_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_invitations_pending_email_idx" ON "enterprise_invitations" USING btree ("enterprise_id","email") WHERE "enterprise_invitations"."status" = 'pending' and "enterprise_invitations"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_invitations_pending_phone_idx" ON "enterprise_invitations" USING btree ("enterprise_id","phone_number") WHERE "enterprise_invitations"."status" = 'pending' and "enterprise_invitations"."phone_number" is not null;--> statement-breakpoint
CREATE INDEX "enterprise_invitations_enterprise_idx" ON "enterprise_invitations" USING btree ("enterprise_id","status","created_at");--> statement-breakpoint
CREATE INDEX "enterprise_invitations_token_idx" ON "enterprise_invitations" USING btree ("token_id");