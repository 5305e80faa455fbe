-- Monitors: a team watches a domain and the service refreshes it on a schedule; every change a
-- refresh finds is kept once per domain (company_changes) and owed as company.changed to each
-- team that watches the domain.

CREATE TYPE "MonitorInterval" AS ENUM ('daily', 'weekly', 'monthly');
CREATE TYPE "MonitorState" AS ENUM ('active', 'paused', 'failing');

CREATE TABLE "monitors" (
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "interval" "MonitorInterval" NOT NULL,
    "fields" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "state" "MonitorState" NOT NULL DEFAULT 'active',
    "paused_reason" TEXT,
    "paused_at" TIMESTAMP(3),
    "last_error_code" TEXT,
    "last_error_message" TEXT,
    "phase" DOUBLE PRECISION NOT NULL,
    "check_job_id" UUID,
    "last_checked_at" TIMESTAMP(3),
    "next_check_at" TIMESTAMP(3) NOT NULL,
    "last_changed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "monitors_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "monitors_phase" CHECK ("phase" >= 0 AND "phase" < 1),
    -- Paused by its team (user) or by the monthly quota (quota), and only then.
    CONSTRAINT "monitors_paused" CHECK (CASE WHEN "state" = 'paused'
        THEN "paused_reason" IS NOT NULL AND "paused_reason" IN ('user', 'quota') AND "paused_at" IS NOT NULL
        ELSE "paused_reason" IS NULL END)
);
CREATE UNIQUE INDEX "monitors_team_id_domain_key" ON "monitors"("team_id", "domain");
CREATE INDEX "monitors_domain_idx" ON "monitors"("domain");
CREATE INDEX "monitors_check_job_id_idx" ON "monitors"("check_job_id");
-- The sweep's question: which monitors are due. Not declared in schema.prisma (partial).
CREATE INDEX "monitors_due_idx" ON "monitors"("next_check_at") WHERE "state" <> 'paused';
-- Monitors the quota paused, resumed once a new month starts. Partial too.
CREATE INDEX "monitors_quota_paused_idx" ON "monitors"("paused_at") WHERE "paused_reason" = 'quota';
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_team_id_fkey"
    FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_check_job_id_fkey"
    FOREIGN KEY ("check_job_id") REFERENCES "enrichment_jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "company_changes" (
    "id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "old_value" JSONB,
    "new_value" JSONB,
    "observed_at" TIMESTAMP(3) NOT NULL,
    "sources" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "job_id" UUID,
    CONSTRAINT "company_changes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "company_changes_domain_observed_at_id_idx" ON "company_changes"("domain", "observed_at" DESC, "id" DESC);
CREATE INDEX "company_changes_job_id_idx" ON "company_changes"("job_id");
ALTER TABLE "company_changes" ADD CONSTRAINT "company_changes_domain_fkey"
    FOREIGN KEY ("domain") REFERENCES "companies"("domain") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "company_changes" ADD CONSTRAINT "company_changes_job_id_fkey"
    FOREIGN KEY ("job_id") REFERENCES "enrichment_jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Endpoints may subscribe to company.changed too.
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_events";
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events" CHECK (
    cardinality("events") > 0 AND "events" <@ ARRAY['job.completed', 'job.failed', 'batch.completed', 'company.changed']);

-- Whether a monitor watching `watched` (empty: every field) cares about a change of any of
-- `changed`; a watched `socialProfiles` covers each `socialProfiles.<network>`. Defined once for
-- the outbox below and the monitors' last change (packages/pipeline: record-changes.sql).
CREATE FUNCTION monitor_watches(watched text[], changed text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT cardinality(watched) = 0 OR EXISTS (
    SELECT 1 FROM unnest(changed) f WHERE f = ANY(watched) OR split_part(f, '.', 1) = ANY(watched))
$$;

-- The outbox insert of company.changed: one delivery per enabled endpoint subscribed to it of
-- each team that watches the domain (a monitor its team paused itself does not hear), when the
-- monitor watches one of the changed fields. `found_by` is the job whose refresh found the
-- changes (any team's): the payload reads them by it, and never names it.
CREATE FUNCTION owe_company_changed(changed_domain text, found_by uuid, changed_fields text[], owed_at timestamp)
RETURNS SETOF text
LANGUAGE sql VOLATILE AS $$
  INSERT INTO webhook_deliveries (id, team_id, endpoint_id, url, secret, event_type, job_id, batch_id, created_at, next_attempt_at)
  SELECT new_id('msg'), m.team_id, e.id, NULL, NULL, 'company.changed', found_by, NULL, owed_at, owed_at
  FROM monitors m JOIN webhook_endpoints e ON e.team_id = m.team_id AND e.enabled AND 'company.changed' = ANY(e.events)
  WHERE m.domain = changed_domain AND m.paused_reason IS DISTINCT FROM 'user' AND monitor_watches(m.fields, changed_fields)
  RETURNING id
$$;

-- Numbers the monitors as they are made: the n-th one's phase is frac(n × golden ratio)
-- (packages/jobs: monitor-schedule.ts), so that any run of them, however many are added at
-- once, falls due spread evenly over the interval.
CREATE SEQUENCE "monitor_phase_seq";
