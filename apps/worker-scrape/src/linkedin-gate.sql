/*
  The LinkedIn fleet throttle in PostgreSQL (linkedin-gate.ts: createPostgresLinkedInGate), on
  the database's clock (clock_timestamp()) so that workers with skewed clocks share one window.
*/

/* @name AcquireSlot */
SELECT state AS "state!", wait_ms AS "waitMs!" FROM linkedin_gate_acquire(:prefix!, :windowMs!, :limit!);

/*
  A cooldown of :ms, unless a longer one is in force. A refusal during a cooldown (a request
  already in flight) is the same incident and does not count again; the count is remembered
  for :memoryMs after the cooldown ends.
*/
/* @name Penalize */
WITH c AS (SELECT clock_timestamp() AS t)
INSERT INTO linkedin_gates AS g (prefix, cooldown_until, penalties, penalties_until)
SELECT :prefix!, c.t + :ms!::integer * interval '1 millisecond', 1,
  c.t + (:ms!::integer + :memoryMs!::integer) * interval '1 millisecond'
FROM c
ON CONFLICT (prefix) DO UPDATE SET
  cooldown_until = greatest(g.cooldown_until, EXCLUDED.cooldown_until),
  penalties = CASE WHEN g.penalties_until > (SELECT t FROM c) THEN g.penalties ELSE 0 END
    + CASE WHEN g.cooldown_until > (SELECT t FROM c) THEN 0 ELSE 1 END,
  penalties_until = greatest(g.cooldown_until, EXCLUDED.cooldown_until) + :memoryMs!::integer * interval '1 millisecond';

/* The refusals remembered, less the incident in force: none when the deployment has no row. */
/* @name RecentPenalties */
SELECT greatest(
    CASE WHEN g.penalties_until > c.t THEN g.penalties ELSE 0 END - CASE WHEN g.cooldown_until > c.t THEN 1 ELSE 0 END,
    0
  ) AS "count!"
FROM linkedin_gates g, (SELECT clock_timestamp() AS t) c
WHERE g.prefix = :prefix!;
