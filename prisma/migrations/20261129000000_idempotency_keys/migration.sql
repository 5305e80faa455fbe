-- Idempotency-Key on POST /enrich and POST /enrich/bulk (apps/api/src/admission/idempotency.ts):
-- the first request with a key claims it, and its answer is kept here for a day; a retry with
-- the same key and the same submission is answered from here without admitting anything.
-- Logged, unlike the shared state: a key that vanished in a crash would let a retried upload
-- be admitted, and charged, twice.
CREATE TABLE "idempotency_keys" (
    "team_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    -- sha256 of the endpoint and the submission as read: the same key with another body is refused.
    "fingerprint" TEXT NOT NULL,
    -- Null while the first request runs; then its status and JSON answer.
    "status_code" INTEGER,
    "answer" JSONB,
    -- A claim whose request died (its process was killed) is taken over after this.
    "locked_until" TIMESTAMPTZ NOT NULL,
    "created_at" TIMESTAMPTZ NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("team_id", "key"),
    CONSTRAINT "idempotency_keys_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The sweep of keys past their day.
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" ("created_at");
