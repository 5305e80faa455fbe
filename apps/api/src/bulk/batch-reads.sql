/*
  The batch poll (batch-view.ts). A batch's version: its items' ends (counted on its row), its
  settling, and the newest of its page's companies (a newer enrichment of a domain changes the
  record an item shows); nothing else in its answer changes. An item's state changes only in the
  statement that counts its end, so while that count is the one a kept answer was made at, the
  page holds the same items in the same states, and the newest company is that of the kept
  answer's completed domains. A poll of an unchanged batch reads PollBatchVersions alone, shared
  by the polls that arrive together (coalesced-lookup.ts): PostgreSQL readies every node of a
  statement's plan each time it runs it, even those it skips, and readying the whole answer's
  cost a poll more than reading it. The statements spell the version with one function:
  batch_version(items_ended, completed_at, newest company_records.c_version).
*/
/* @name PollBatchVersions */
SELECT asked.n AS "n!", batch_version(b.items_ended, b.completed_at, (
    SELECT max(c.c_version) FROM jsonb_array_elements_text(asked.completed) AS done(domain)
    CROSS JOIN LATERAL (SELECT c_version FROM company_records c WHERE c.c_domain = done.domain LIMIT 1) c
  )) AS "version!"
FROM unnest(:ids!::text[], :teamIds!::text[], :completed!::jsonb[]) WITH ORDINALITY AS asked(id, team_id, completed, n)
CROSS JOIN LATERAL (SELECT * FROM batches b WHERE b.id = asked.id AND b.team_id = asked.team_id LIMIT 1) b;

/*
  The batch, its jobs counted by state (an index-only scan of batch_id, status) and one page of
  its items with their companies' records ("c_<field>"), with its version, in one statement: a
  row per item of the page, in order, each with the batch's columns; a page past the last item
  is the one row of the batch with null item columns. Its last end: batch_last_end.
  PollBatchOfStatus is the same of the items in :status only, written out by `npm run db:types`
  (scripts/support/db-types.ts: expandVariants). Each its own statement: an optional filter
  (":status IS NULL OR …") makes the planner's generic plan worse for both.
*/
/* @name PollBatch */
WITH b AS (
  SELECT id, created_at, completed_at, entries_received, duplicate_entries, invalid_entries, items_ended
  FROM batches WHERE id = :batchId! AND team_id = :teamId!
), counts AS (
  SELECT * FROM batch_item_counts((SELECT id FROM b))
), items AS (
  SELECT p.id AS "itemId", p.domain AS "itemDomain", p.status AS "itemStatus", p.error_code AS "errorCode",
    p.error_message AS "errorMessage", p.batch_position, c.*
  FROM (
    SELECT j.id, j.domain, j.status, j.error_code, j.error_message, j.batch_position
    FROM enrichment_jobs j WHERE j.batch_id = (SELECT id FROM b) -- @variant PollBatchOfStatus: AND j.status = :status!
    ORDER BY j.batch_position OFFSET :offset! LIMIT :limit!
  ) p
  LEFT JOIN LATERAL (SELECT * FROM company_records c WHERE p.status = 'completed' AND c.c_domain = p.domain LIMIT 1) c ON true
)
SELECT batch_version(b.items_ended, b.completed_at, (SELECT max(c_version) FROM items)) AS "version!",
  b.id AS "batchId!", b.entries_received AS "entriesReceived!", b.duplicate_entries AS "duplicateEntries!",
  b.invalid_entries AS "invalid!", b.created_at AS "createdAt!", b.completed_at AS "completedAt",
  counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!", ended.last_end AS "lastEnd",
  i.*
FROM b CROSS JOIN counts CROSS JOIN LATERAL batch_last_end(b.id, counts.pending, b.completed_at) ended
LEFT JOIN items i ON true
ORDER BY i.batch_position;

/*
  GET /enrich/bulk (batch-list.ts): one page of the team's batches (newest first, keyset on
  (created_at, id)), each with its state as its poll reads it: its items counted by state (an
  index-only scan per batch).
*/
/* @name ListBatches */
WITH page AS (
  SELECT id, created_at, completed_at FROM batches
  WHERE team_id = :teamId! AND (:beforeAt::timestamp IS NULL OR (created_at, id) < (:beforeAt::timestamp, :beforeId::text))
  ORDER BY created_at DESC, id DESC
  LIMIT :limit!
)
SELECT p.id, counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!",
  p.created_at AS "createdAt", p.completed_at AS "completedAt", ended.last_end AS "lastEnd"
FROM page p CROSS JOIN LATERAL batch_item_counts(p.id) counts
CROSS JOIN LATERAL batch_last_end(p.id, counts.pending, p.completed_at) ended
ORDER BY p.created_at DESC, p.id DESC;

/* GET /enrich/bulk/{batchId}/results.csv (batch-results.ts): the team's batch. */
/* @name ResultsBatch */
SELECT input_columns AS "inputColumns", invalid_entries AS invalid FROM batches WHERE id = :batchId! AND team_id = :teamId!;

/*
  One page of the batch's entries (keyset on the position), each with its job's state and, once
  completed, its company's record ("c_<field>").
*/
/* @name ResultsPage */
SELECT e.position, e.input, e.duplicate, e.job_id AS "jobId", j.status AS "status?",
  j.error_code AS "errorCode", j.error_message AS "errorMessage", c.*
FROM batch_entries e
LEFT JOIN enrichment_jobs j ON j.id = e.job_id
LEFT JOIN company_records c ON j.status = 'completed' AND c.c_domain = j.domain
WHERE e.batch_id = :batchId! AND e.position > :after!
ORDER BY e.position
LIMIT :limit!;

/*
  A batch's event stream (events/batch-events.ts): the batch (its team's), its items counted by
  state, and the items that ended after event :after with the counts as each left them: every
  item numbered up to it, and those ended unnumbered (at admission, from a fresh record) first.
  The same counts the job store published. A row per item ended after :after, in order; none
  (or :after null, the `progress` event of now) is the one row of the batch with null item
  columns.
*/
/* @name BatchEvents */
WITH b AS (
  SELECT id, items_ended FROM batches WHERE id = :batchId! AND team_id = :teamId!
), counts AS (
  SELECT * FROM batch_item_counts((SELECT id FROM b))
), ended AS (
  SELECT j.end_seq AS seq, j.id, j.domain, j.status, j.error_code, j.error_message,
    (count(*) FILTER (WHERE j.status = 'completed') OVER upto)::int AS completed,
    (count(*) FILTER (WHERE j.status = 'failed') OVER upto)::int AS failed
  FROM enrichment_jobs j
  -- Read only when something ended after :after (a heartbeat's look usually finds nothing).
  WHERE j.batch_id = (SELECT id FROM b) AND j.status <> 'processing' AND (SELECT items_ended FROM b) > :after::int
  WINDOW upto AS (ORDER BY j.end_seq NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
)
SELECT b.items_ended AS "itemsEnded!", counts.completed AS "completed!", counts.failed AS "failed!", counts.pending AS "pending!",
  e.seq AS "seq?", e.id AS "jobId?", e.domain AS "domain?", e.status AS "status?", e.error_code AS "errorCode",
  e.error_message AS "errorMessage", e.completed AS "completedThen?", e.failed AS "failedThen?"
FROM b CROSS JOIN counts LEFT JOIN ended e ON e.seq > :after::int
ORDER BY e.seq;
