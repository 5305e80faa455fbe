/*
  A delivery's hot path (delivery-attempt.ts, payload.ts) runs on the driver with named
  statements, not the ORM: each costs a few times less CPU (see sqlPool). A job event's job
  and, once completed, its company's record ("c_<field>"; job-answer.ts: storedCompany) come as
  columns "job…" (payload.ts: loadedJob).
*/

/*
  The delivery, its endpoint's current URL, secrets and state, and, while its body is still to
  be made (no payload) for a job event, the job and its company.
*/
/* @name LoadDelivery */
SELECT d.id, d.team_id AS "teamId", d.event_type AS "eventType", d.job_id AS "jobId", d.batch_id AS "batchId", d.created_at AS "createdAt",
  d.status, d.payload, d.attempts, d.round_start AS "roundStart", d.next_attempt_at AS "nextAttemptAt",
  d.endpoint_id AS "endpointId",
  d.url AS "oneOffUrl", d.secret AS "oneOffSecret", e.url AS "url?", e.secret AS "secret?", e.previous_secret AS "previousSecret",
  e.previous_secret_expires_at AS "previousSecretExpiresAt", e.fields, e.enabled AS "enabled?", e.disabled_reason AS "disabledReason",
  j.id AS "jobRowId?", j.batch_id AS "jobBatchId", j.status AS "jobStatus?", j.domain AS "jobDomain?",
  j.created_at AS "jobCreatedAt?", j.completed_at AS "jobCompletedAt", j.error_code AS "jobErrorCode",
  j.error_message AS "jobErrorMessage", c.*
FROM webhook_deliveries d
LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id
LEFT JOIN LATERAL (SELECT * FROM enrichment_jobs j WHERE d.payload IS NULL AND j.id = d.job_id LIMIT 1) j ON true
LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE j.status = 'completed' AND c.c_domain = j.domain LIMIT 1) c ON true
WHERE d.id = :id!;

/* A job event's job and its company, when the delivery's load did not read them. */
/* @name WebhookJob */
SELECT j.id AS "jobRowId", j.batch_id AS "jobBatchId", j.status AS "jobStatus", j.domain AS "jobDomain",
  j.created_at AS "jobCreatedAt", j.completed_at AS "jobCompletedAt", j.error_code AS "jobErrorCode",
  j.error_message AS "jobErrorMessage", c.*
FROM enrichment_jobs j
LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE j.status = 'completed' AND c.c_domain = j.domain LIMIT 1) c ON true
WHERE j.id = :jobId!;

/*
  batch.completed's batch, its items counted by state (batch_item_counts) and its last end
  (batch_last_end) as the poll reads them (apps/api/src/bulk/batch-reads.sql).
*/
/* @name WebhookBatch */
SELECT b.id, b.entries_received AS "entriesReceived", b.duplicate_entries AS "duplicateEntries", b.invalid_entries AS invalid,
  counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!",
  b.created_at AS "createdAt", b.completed_at AS "completedAt", ended.last_end AS "lastEnd"
FROM batches b, batch_item_counts(:batchId!) counts, batch_last_end(b.id, counts.pending, b.completed_at) ended
WHERE b.id = :batchId!;

/*
  company.changed's changes: those the job's refresh found that the team's monitor of the domain
  watches (monitor_watches; every change when the monitor is gone meanwhile), in the order kept.
*/
/* @name WebhookChanges */
SELECT ch.field, ch.old_value AS "oldValue", ch.new_value AS "newValue", ch.observed_at AS "observedAt", ch.sources
FROM company_changes ch
LEFT JOIN monitors m ON m.team_id = :teamId! AND m.domain = ch.domain
WHERE ch.job_id = :jobId!::uuid AND monitor_watches(coalesce(m.fields, '{}'), ARRAY[ch.field])
ORDER BY ch.id;
