-- The state the replicas share beside the queues when a deployment runs without Redis
-- (QUEUE_STORE=postgres; packages/queue/src/shared-state.ts): the rate-limit windows, the
-- LinkedIn fleet throttle and the reconciler's lease. Rows carry the deployment's QUEUE_PREFIX.
-- All UNLOGGED: what they hold lasts a day at most (windows, cooldowns, leases), and losing it
-- in a crash (PostgreSQL empties unlogged tables then, and a failover finds them empty) only
-- reopens a window or a lease early, as a restart of the memory-only Redis does; in exchange,
-- the writes (one or more per API request) skip the WAL.

-- express-rate-limit's counters (apps/api/src/limits/window-counters.ts): a window starts at
-- its first hit and the counter ends with it. The key begins with the braced prefix
-- ({enrich}:rl:minute:team_…), as the Redis key does. Expired rows are swept now and then.
CREATE UNLOGGED TABLE "rate_limit_windows" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ NOT NULL,

    CONSTRAINT "rate_limit_windows_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "rate_limit_windows_expires_at_idx" ON "rate_limit_windows" ("expires_at");

-- The LinkedIn fleet throttle (apps/worker-scrape/src/linkedin-gate.ts), one row per deployment:
-- the cooldown any worker can start, and the refusals remembered for the exponential backoff.
-- Locking this row serialises the deployment's grants.
CREATE UNLOGGED TABLE "linkedin_gates" (
    "prefix" TEXT NOT NULL,
    "cooldown_until" TIMESTAMPTZ,
    "penalties" INTEGER NOT NULL DEFAULT 0,
    "penalties_until" TIMESTAMPTZ,

    CONSTRAINT "linkedin_gates_pkey" PRIMARY KEY ("prefix")
);

-- The sliding log of the requests granted in the rolling window; older ones are deleted by the
-- next acquire, so a deployment keeps at most its limit of rows.
CREATE UNLOGGED TABLE "linkedin_grants" (
    "prefix" TEXT NOT NULL,
    "granted_at" TIMESTAMPTZ NOT NULL
);
CREATE INDEX "linkedin_grants_prefix_granted_at_idx" ON "linkedin_grants" ("prefix", "granted_at");

-- One try for a LinkedIn request slot: (1, 0) granted, (0, ms) full with a slot freeing in ms,
-- (-1, ms) cooling down for ms. Server-side, so that the gate row's lock is held for this
-- function's run only, never across round trips to a worker (a worker that stalls must not
-- stop the fleet), and in one call as the Redis script is. VOLATILE PL/pgSQL: each query takes
-- its own snapshot, so the log read after the lock includes the grant of whoever held it before.
-- The time is the database's, read after the lock: workers with skewed clocks share one window.
CREATE FUNCTION linkedin_gate_acquire(gate_prefix text, window_ms integer, request_limit integer)
RETURNS TABLE (state integer, wait_ms integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  cooling_until timestamptz;
  t timestamptz;
  live integer;
  oldest timestamptz;
BEGIN
  INSERT INTO linkedin_gates (prefix) VALUES (gate_prefix) ON CONFLICT (prefix) DO NOTHING;
  SELECT g.cooldown_until INTO cooling_until FROM linkedin_gates g WHERE g.prefix = gate_prefix FOR UPDATE;
  t := clock_timestamp();
  IF cooling_until > t THEN
    RETURN QUERY SELECT -1, ceil(extract(epoch FROM cooling_until - t) * 1000)::integer;
    RETURN;
  END IF;
  DELETE FROM linkedin_grants l WHERE l.prefix = gate_prefix AND l.granted_at <= t - window_ms * interval '1 millisecond';
  SELECT count(*), min(l.granted_at) INTO live, oldest FROM linkedin_grants l WHERE l.prefix = gate_prefix;
  IF live < request_limit THEN
    INSERT INTO linkedin_grants (prefix, granted_at) VALUES (gate_prefix, t);
    RETURN QUERY SELECT 1, 0;
    RETURN;
  END IF;
  RETURN QUERY SELECT 0, greatest(1, ceil(extract(epoch FROM oldest + window_ms * interval '1 millisecond' - t) * 1000)::integer);
END $$;

-- Leases (packages/pipeline/src/lease.ts): one holder per (prefix, name) until expires_at, such
-- as the reconciler's, so that one worker of the fleet runs each pass.
CREATE UNLOGGED TABLE "leases" (
    "prefix" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ NOT NULL,

    CONSTRAINT "leases_pkey" PRIMARY KEY ("prefix", "name")
);
