-- Signed webhooks (issue 12): a team's endpoints, the deliveries owed to them (the outbox,
-- written in the same transaction as the job or batch change that causes them) and every
-- attempt made; a submission's one-off webhookUrl on its jobs and batch.

-- Prefixed, time-sortable ids made in SQL, in the format of packages/db's newId (ten base32
-- characters of milliseconds, then sixteen random ones): deliveries are written by the
-- statements that end jobs and batches, many rows at a time.
CREATE FUNCTION new_id(prefix TEXT) RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    alphabet CONSTANT TEXT := '0123456789abcdefghjkmnpqrstvwxyz';
    ms BIGINT := floor(extract(epoch FROM clock_timestamp()) * 1000);
    bytes BYTEA := uuid_send(gen_random_uuid());
    result TEXT := '';
BEGIN
    FOR i IN 1..10 LOOP
        result := substr(alphabet, (ms % 32)::INT + 1, 1) || result;
        ms := ms / 32;
    END LOOP;
    FOR i IN 0..15 LOOP
        result := result || substr(alphabet, get_byte(bytes, i) % 32 + 1, 1);
    END LOOP;
    RETURN prefix || '_' || result;
END $$;

CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[] NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "fields" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMP(3),
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMP(3),
    "failure_streak" INTEGER NOT NULL DEFAULT 0,
    "failing_since" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_endpoints_events" CHECK (
        cardinality("events") > 0 AND "events" <@ ARRAY['job.completed', 'job.failed', 'batch.completed'])
);
CREATE INDEX "webhook_endpoints_team_id_created_at_idx" ON "webhook_endpoints"("team_id", "created_at");
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_team_id_fkey"
    FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "endpoint_id" TEXT,
    "url" TEXT,
    "secret" TEXT,
    "event_type" TEXT NOT NULL,
    "job_id" UUID,
    "batch_id" TEXT,
    "payload" TEXT,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "round_start" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMP(3),
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    -- To an endpoint, or to a submission's one-off URL with the secret its answer gave.
    CONSTRAINT "webhook_deliveries_target" CHECK (
        ("endpoint_id" IS NOT NULL AND "url" IS NULL AND "secret" IS NULL)
        OR ("endpoint_id" IS NULL AND "url" IS NOT NULL AND "secret" IS NOT NULL))
);
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");
CREATE INDEX "webhook_deliveries_team_id_idx" ON "webhook_deliveries"("team_id");
CREATE INDEX "webhook_deliveries_job_id_idx" ON "webhook_deliveries"("job_id");
CREATE INDEX "webhook_deliveries_batch_id_idx" ON "webhook_deliveries"("batch_id");
-- The reconciler's question: which owed deliveries are due. Not declared in schema.prisma (partial).
CREATE INDEX "webhook_deliveries_owed_idx" ON "webhook_deliveries"("next_attempt_at") WHERE "status" = 'pending';
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_team_id_fkey"
    FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey"
    FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- An admission undone (the queue refused it) takes the deliveries it owed with its rows.
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_job_id_fkey"
    FOREIGN KEY ("job_id") REFERENCES "enrichment_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_batch_id_fkey"
    FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_attempts" (
    "delivery_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "attempted_at" TIMESTAMP(3) NOT NULL,
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "response_excerpt" TEXT,
    "error" TEXT,
    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("delivery_id", "number")
);
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey"
    FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "enrichment_jobs" ADD COLUMN "webhook_url" TEXT, ADD COLUMN "webhook_secret" TEXT;
ALTER TABLE "batches" ADD COLUMN "webhook_url" TEXT, ADD COLUMN "webhook_secret" TEXT;
