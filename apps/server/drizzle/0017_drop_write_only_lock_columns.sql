-- The lockout counts failures per account and client network in rate counters (docs/decisions/024, issue 12):
-- these two columns were written on every failure and read by nothing, so they go.
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";