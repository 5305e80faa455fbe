/*
  Registering an endpoint (endpoint-store.ts: createEndpoint), in one transaction: the team
  row's lock, then its endpoints counted under it (a statement of its own, whose snapshot sees
  every registration that held the lock before), then the new row.
*/
/* @name LockTeam */
SELECT 1 AS "locked!" FROM teams WHERE id = :teamId! FOR UPDATE;

/* @name CountTeamEndpoints */
SELECT count(*)::int AS "count!" FROM webhook_endpoints WHERE team_id = :teamId!;

/* @name InsertEndpoint */
INSERT INTO webhook_endpoints (id, team_id, url, events, description, fields, enabled, disabled_reason, disabled_at, secret,
  created_at, updated_at)
VALUES (:id!, :teamId!, :url!, :events!::text[], :description!, :fields, :enabled!, :disabledReason, :disabledAt::timestamp, :secret!,
  :now!::timestamp, :now!::timestamp)
RETURNING id, team_id AS "teamId", url, events, description, fields, enabled, disabled_reason AS "disabledReason",
  disabled_at AS "disabledAt", secret, previous_secret AS "previousSecret", previous_secret_expires_at AS "previousSecretExpiresAt",
  failure_streak AS "failureStreak", failing_since AS "failingSince", created_at AS "createdAt", updated_at AS "updatedAt";
