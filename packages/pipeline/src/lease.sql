/*
  A lease in PostgreSQL (lease.ts: postgresLease): taken when it has no row or its row has
  expired, in one statement. Two takes at once: the second waits on the first's row and then
  sees it unexpired, so exactly one returns a row. The time is the database's.
*/
/* @name TakeLease */
INSERT INTO leases AS l (prefix, name, expires_at)
VALUES (:prefix!, :name!, clock_timestamp() + :ttlMs!::integer * interval '1 millisecond')
ON CONFLICT (prefix, name) DO UPDATE SET expires_at = EXCLUDED.expires_at
WHERE l.expires_at <= clock_timestamp()
RETURNING true AS "taken!";
