-- Custom SQL migration file, put your code below! --
-- Erasures recorded before lead_erasures.captured_at existed get the erased capture's time from the
-- consent ledger, which keeps its rows after an erasure: a capture's first consent row is written in
-- the same statement as the capture (app/models/lead-capture.server.ts), so its created_at is the
-- capture's. An erasure without a consent row keeps null and does not count in the visibility order.
UPDATE "lead_erasures" e
SET "captured_at" = c."first_at"
FROM (
  SELECT "lead_id", min("created_at") AS "first_at" FROM "lead_consents"
  WHERE "lead_id" IN (SELECT "lead_id" FROM "lead_erasures" WHERE "captured_at" IS NULL)
  GROUP BY "lead_id"
) c
WHERE c."lead_id" = e."lead_id" AND e."captured_at" IS NULL;
