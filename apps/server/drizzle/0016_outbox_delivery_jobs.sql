-- Outbox delivery is a job kind (docs/decisions/028): each message pending at the upgrade gets its delivery job,
-- due when the message was, as every message queued from now on gets one when it is written.
INSERT INTO "jobs" ("kind", "payload", "run_at")
SELECT 'outbox.deliver', jsonb_build_object('messageId', "id"), "available_at"
FROM "outbox"
WHERE "status" = 'pending'
ORDER BY "id";
