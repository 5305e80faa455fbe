/*
  Claims a team's Idempotency-Key for a request (idempotency.ts): a new key, a key past its
  day, or a claim of the same submission whose request died (locked_until passed without an
  answer) is taken; otherwise no row, and ReadIdempotencyKey says what holds the key.
*/
/* @name ClaimIdempotencyKey */
INSERT INTO idempotency_keys (team_id, key, fingerprint, locked_until, created_at)
VALUES (:teamId!, :key!, :fingerprint!, now() + make_interval(secs => :claimSeconds!::int), now())
ON CONFLICT (team_id, key) DO UPDATE
  SET fingerprint = EXCLUDED.fingerprint, status_code = NULL, answer = NULL,
      locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at
  WHERE idempotency_keys.created_at < now() - make_interval(secs => :keptSeconds!::int)
     OR (idempotency_keys.status_code IS NULL AND idempotency_keys.locked_until < now()
         AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
RETURNING true AS "claimed!";

/* @name ReadIdempotencyKey */
SELECT fingerprint, status_code, answer FROM idempotency_keys WHERE team_id = :teamId! AND key = :key!;

/* @name KeepIdempotentAnswer */
UPDATE idempotency_keys SET status_code = :statusCode!::int, answer = :answer!::jsonb
WHERE team_id = :teamId! AND key = :key! AND fingerprint = :fingerprint!;

/* The request failed: the key is free again, for a retry to run it. */
/* @name ReleaseIdempotencyKey */
DELETE FROM idempotency_keys WHERE team_id = :teamId! AND key = :key! AND fingerprint = :fingerprint! AND status_code IS NULL;

/* @name SweepIdempotencyKeys */
DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => :keptSeconds!::int);
