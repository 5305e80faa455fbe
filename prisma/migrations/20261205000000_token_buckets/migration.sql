-- Token buckets the fleet shares (packages/pipeline/src/token-bucket.ts) when a deployment runs
-- without Redis, such as the monitor sweep's checks a second, fleet-wide. UNLOGGED like the rest
-- of the shared state (20261128000000_shared_state): a bucket lost in a crash starts full again,
-- as it does when Redis restarts. One row per (prefix, name); rows are never many.
CREATE UNLOGGED TABLE "token_buckets" (
    "prefix" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "refilled_at" TIMESTAMPTZ NOT NULL,

    CONSTRAINT "token_buckets_pkey" PRIMARY KEY ("prefix", "name")
);

-- Refills the bucket to `at` (per_ms tokens a millisecond, at most `burst`), adds the `back`
-- tokens a caller did not use, then takes up to `want` whole tokens and returns how many. The
-- time is the caller's, and it only moves forward: a caller whose clock is behind refills
-- nothing, so skewed clocks can pull tokens ahead by their skew once, never raise the rate.
-- Server-side, so the row's lock is held for this call only, as the Redis script runs at once.
CREATE FUNCTION token_bucket_take(bucket_prefix text, bucket_name text, per_ms double precision,
  burst double precision, at timestamptz, want integer, back integer)
RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  held double precision;
  since timestamptz;
  granted integer;
BEGIN
  INSERT INTO token_buckets (prefix, name, tokens, refilled_at) VALUES (bucket_prefix, bucket_name, burst, at)
  ON CONFLICT (prefix, name) DO NOTHING;
  SELECT b.tokens, b.refilled_at INTO held, since FROM token_buckets b
  WHERE b.prefix = bucket_prefix AND b.name = bucket_name FOR UPDATE;
  IF at > since THEN
    held := least(burst, held + extract(epoch FROM at - since) * 1000 * per_ms);
    since := at;
  END IF;
  held := least(burst, held + back);
  granted := greatest(0, least(want, floor(held)::integer));
  UPDATE token_buckets b SET tokens = held - granted, refilled_at = since
  WHERE b.prefix = bucket_prefix AND b.name = bucket_name;
  RETURN granted;
END $$;
