/*
  A team's monitors and the changes of the companies it may see (monitor-store.ts). Every
  statement is scoped by the team: another team's monitor answers as one that does not exist.
*/

/* The next :count numbers of monitor_phase_seq, whose golden-ratio fractions are the new monitors' phases. */
/* @name NextPhaseNumbers */
SELECT nextval('monitor_phase_seq')::float8 AS "n!" FROM generate_series(1, :count!::int);

/*
  The team's monitors made, one per domain it did not watch yet (in the order given), within the
  plan's :maxMonitors counted under the team row's lock, so two requests at once cannot pass it
  together. Returns the new rows; a domain already watched returns nothing, and nothing is written
  when they would not all fit (:fit false).
*/
/* @name CreateMonitors */
WITH team AS (
  SELECT id FROM teams WHERE id = :teamId! FOR UPDATE
), existing AS (
  SELECT count(*)::int AS n FROM monitors m, team WHERE m.team_id = team.id
), wanted AS (
  SELECT s.* FROM unnest(:ids!::text[], :domains!::text[], :phases!::float8[], :nextChecks!::timestamp[])
    WITH ORDINALITY AS s(id, domain, phase, next_check_at, position)
  WHERE NOT EXISTS (SELECT 1 FROM monitors m WHERE m.team_id = :teamId! AND m.domain = s.domain)
), fits AS (
  SELECT (SELECT n FROM existing) + (SELECT count(*) FROM wanted) <= :maxMonitors!::int AS ok
)
INSERT INTO monitors (id, team_id, domain, interval, fields, phase, next_check_at, created_at, updated_at)
SELECT w.id, :teamId!, w.domain, :interval!::"MonitorInterval", :fields!::text[], w.phase, w.next_check_at, :now!::timestamp, :now!::timestamp
FROM wanted w WHERE (SELECT ok FROM fits)
ORDER BY w.position
ON CONFLICT (team_id, domain) DO NOTHING
RETURNING *;

/* How many monitors the team has. */
/* @name CountTeamMonitors */
SELECT count(*)::int AS "n!" FROM monitors WHERE team_id = :teamId!;

/* The team's monitors of these domains. */
/* @name MonitorsOfDomains */
SELECT id, domain FROM monitors WHERE team_id = :teamId! AND domain = ANY(:domains!::text[]);

/*
  One page of the team's monitors, newest first (cursor: the last one's creation time and id),
  optionally of one domain or in one state.
*/
/* @name ListMonitors */
SELECT * FROM monitors
WHERE team_id = :teamId!
  AND (:domain::text IS NULL OR domain = :domain::text)
  AND (:state::text IS NULL OR state::text = :state::text)
  AND (:cursorAt::timestamp IS NULL OR (created_at, id) < (:cursorAt::timestamp, :cursorId::text))
ORDER BY created_at DESC, id DESC
LIMIT :limit!;

/* @name GetMonitor */
SELECT * FROM monitors WHERE team_id = :teamId! AND id = :id!;

/*
  A monitor changed: its interval (and so its next check, :nextCheckAt), its fields, paused by
  its team or resumed (a resumed monitor is due at its next point; a monitor the quota paused may
  be resumed too, and pauses again if the quota still refuses).
*/
/* @name UpdateMonitor */
UPDATE monitors SET
  interval = coalesce(:interval::"MonitorInterval", interval),
  next_check_at = coalesce(:nextCheckAt::timestamp, next_check_at),
  fields = coalesce(:fields::text[], fields),
  state = (CASE WHEN :paused::boolean IS NULL THEN state::text
    WHEN :paused::boolean THEN 'paused'
    WHEN state = 'paused' THEN 'active' ELSE state::text END)::"MonitorState",
  paused_reason = CASE WHEN :paused::boolean IS NULL THEN paused_reason WHEN :paused::boolean THEN 'user' ELSE NULL END,
  paused_at = CASE WHEN :paused::boolean IS NULL THEN paused_at WHEN :paused::boolean THEN :now!::timestamp ELSE NULL END,
  updated_at = :now!::timestamp
WHERE team_id = :teamId! AND id = :id!
RETURNING *;

/* @name DeleteMonitor */
DELETE FROM monitors WHERE team_id = :teamId! AND id = :id! RETURNING id;

/* Whether the team may read the domain's changes: it enriched the domain or watches it. */
/* @name MaySeeChanges */
SELECT EXISTS (SELECT 1 FROM team_companies WHERE team_id = :teamId! AND domain = :domain!)
  OR EXISTS (SELECT 1 FROM monitors WHERE team_id = :teamId! AND domain = :domain!) AS "allowed!";

/* One page of the domain's changes, newest first (cursor: the last one's time and id). */
/* @name ListChanges */
SELECT id, field, old_value AS "oldValue", new_value AS "newValue", observed_at AS "observedAt", sources
FROM company_changes
WHERE domain = :domain!
  AND (:cursorAt::timestamp IS NULL OR (observed_at, id) < (:cursorAt::timestamp, :cursorId::text))
ORDER BY observed_at DESC, id DESC
LIMIT :limit!;

/*
  One page of the changes of every domain the team watches or has enriched, newest first (cursor:
  the last one's time and id): the team's change feed.
*/
/* @name ListTeamChanges */
SELECT c.id, c.domain, c.field, c.old_value AS "oldValue", c.new_value AS "newValue", c.observed_at AS "observedAt", c.sources
FROM company_changes c
WHERE c.domain IN (
    SELECT domain FROM monitors WHERE team_id = :teamId!
    UNION SELECT domain FROM team_companies WHERE team_id = :teamId!
  )
  AND (:cursorAt::timestamp IS NULL OR (c.observed_at, c.id) < (:cursorAt::timestamp, :cursorId::text))
ORDER BY c.observed_at DESC, c.id DESC
LIMIT :limit!;
