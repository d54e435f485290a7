CREATE TABLE "user_dialogs_seen" (
	"user_id" uuid NOT NULL,
	"dialog" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_dialogs_seen_user_id_dialog_pk" PRIMARY KEY("user_id","dialog")
);
--> statement-breakpoint
ALTER TABLE "user_dialogs_seen" ADD CONSTRAINT "user_dialogs_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;