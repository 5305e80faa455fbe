/*
  A token bucket in PostgreSQL (token-bucket.ts: postgresTokenBucket): one call of
  token_bucket_take (migration 20261205000000_token_buckets), which locks the bucket's row for
  its own run only.
*/
/* @name TakeTokens */
SELECT token_bucket_take(:prefix!, :name!, :perMs!::float8, :burst!::float8, :at!::timestamptz, :want!::int, :back!::int) AS "granted!";
