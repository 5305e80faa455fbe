/*
  The monitor sweep's statements (monitor-sweep.ts). Due monitors are claimed in the sweep's
  transaction with FOR UPDATE SKIP LOCKED, so sweeps on several replicas take disjoint rows, and
  the claim lives in PostgreSQL whichever queue store the deployment runs.
*/

/* Monitors the monthly quota paused in an earlier month are active again (due as they were). */
/* @name ResumeQuotaPaused */
UPDATE monitors SET state = 'active', paused_reason = NULL, paused_at = NULL, updated_at = :now!::timestamp
WHERE paused_reason = 'quota' AND paused_at < :monthStart!::timestamp
RETURNING id;

/* How many monitors are due now (enrich_monitors_due). */
/* @name CountDueMonitors */
SELECT count(*)::int AS "due!" FROM monitors WHERE state <> 'paused' AND next_check_at <= :now!::timestamp;

/* Up to :limit due monitors, the longest due first, with what admitting their checks needs of their team. */
/* @name ClaimDueMonitors */
SELECT m.id, m.team_id AS "teamId", m.domain, m.interval, m.phase, m.next_check_at AS "nextCheckAt",
  t.plan, t.monthly_quota AS "monthlyQuota"
FROM monitors m JOIN teams t ON t.id = m.team_id
WHERE m.state <> 'paused' AND m.next_check_at <= :now!::timestamp
ORDER BY m.next_check_at
LIMIT :limit!
FOR UPDATE OF m SKIP LOCKED;

/*
  The checks submitted: each monitor's job and its next due time; a check answered at once
  from a fresh record (another refresh of the domain within the window) has been made.
*/
/* @name ScheduleChecks */
UPDATE monitors m SET
  check_job_id = s.job_id,
  next_check_at = s.next_check_at,
  last_checked_at = CASE WHEN s.fresh THEN :now!::timestamp ELSE m.last_checked_at END,
  state = (CASE WHEN s.fresh THEN 'active' ELSE m.state::text END)::"MonitorState",
  last_error_code = CASE WHEN s.fresh THEN NULL ELSE m.last_error_code END,
  last_error_message = CASE WHEN s.fresh THEN NULL ELSE m.last_error_message END,
  updated_at = :now!::timestamp
FROM unnest(:ids!::text[], :jobIds!::uuid[], :nextChecks!::timestamp[], :fresh!::bool[]) AS s(id, job_id, next_check_at, fresh)
WHERE m.id = s.id;

/* Checks the month's quota refused: their monitors pause, to resume next month. */
/* @name PauseForQuota */
UPDATE monitors SET state = 'paused', paused_reason = 'quota', paused_at = :now!::timestamp,
  last_error_code = 'QUOTA_EXCEEDED', last_error_message = :message!, updated_at = :now!::timestamp
WHERE id = ANY(:ids!::text[]);
