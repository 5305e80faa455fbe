/*
  The rate-limit windows in PostgreSQL (window-counters.ts: postgresWindowCounters). A window
  starts at its first hit and its counter ends with it; the time is the database's, now() (the
  statement's start), so that every replica shares one clock and one statement one instant.
*/

/* @name IncrementWindow */
INSERT INTO rate_limit_windows AS w (key, hits, expires_at)
VALUES (:key!, :count!::integer, now() + :windowMs!::integer * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN w.expires_at > now() THEN w.hits + EXCLUDED.hits ELSE EXCLUDED.hits END,
  expires_at = CASE WHEN w.expires_at > now() THEN w.expires_at ELSE EXCLUDED.expires_at END
RETURNING hits AS "total!", ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS "msLeft!";

/* @name ReadWindow */
SELECT hits AS "hits!", ceil(extract(epoch FROM expires_at - now()) * 1000)::integer AS "msLeft!"
FROM rate_limit_windows
WHERE key = :key! AND expires_at > now();

/* @name DecrementWindow */
UPDATE rate_limit_windows SET hits = hits - 1 WHERE key = :key! AND expires_at > now();

/* @name ResetWindow */
DELETE FROM rate_limit_windows WHERE key = :key!;

/* @name SweepWindows */
DELETE FROM rate_limit_windows WHERE expires_at <= now();
