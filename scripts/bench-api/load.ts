import autocannon from 'autocannon';

// One measurement with autocannon: `connections` keep-alive connections spread over the given
// base URLs (one autocannon instance per URL, all at once), for `durationS` seconds. Every
// response's latency and status is collected here, so that several instances merge exactly and
// only 2xx answers count as throughput.

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A new body for every request (unique domains), or none. */
  body?: () => string;
}

export interface LoadResult {
  /** 2xx answers per second, summed over the instances. */
  rps: number;
  ok: number;
  /** Every answer that was not 2xx, by status. */
  failures: Map<number, number>;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Latency in ms of every answer (any status), sorted. */
  latencies: Float64Array;
  durationS: number;
  /** The first non-2xx answer, for the report. */
  failureSample?: string;
}

interface InstanceResult {
  ok: number;
  durationS: number;
  errors: number;
  timeouts: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function runLoad(urls: string[], connections: number, durationS: number, request: LoadRequest): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures = new Map<number, number>();
  let failureSample: string | undefined;

  const instance = (url: string, share: number) =>
    new Promise<InstanceResult>((resolve, reject) => {
      let ok = 0;
      const template: autocannon.Request = {
        method: request.method,
        path: request.path,
        headers: { ...request.headers, ...(request.body ? { 'content-type': 'application/json' } : {}) },
        ...(request.body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: request.body!() }) } : {}),
        onResponse: (status: number, body: string) => {
          if (status >= 200 && status < 300) return;
          failureSample ??= `${request.method} ${request.path} → ${status}: ${body.slice(0, 300)}`;
        },
      };
      const tracker = autocannon(
        {
          url,
          connections: share,
          duration: durationS,
          // Each connection gets its own request object: autocannon builds the first request of
          // every connection up front on the object it is given, so a shared one would send the
          // same body on every connection's first request.
          setupClient: (client) => client.setRequests([{ ...template }]),
        },
        (error, result) => {
          if (error) reject(error);
          else resolve({ ok, durationS: result.duration, errors: result.errors, timeouts: result.timeouts });
        },
      );
      tracker.on('response', (_client, status, _bytes, ms) => {
        latencies.push(ms);
        if (status >= 200 && status < 300) ok += 1;
        else failures.set(status, (failures.get(status) ?? 0) + 1);
      });
    });

  const shares = urls.map((_, i) => Math.floor(connections / urls.length) + (i < connections % urls.length ? 1 : 0));
  const results = await Promise.all(urls.map((url, i) => instance(url, shares[i]!)));
  return {
    rps: results.reduce((sum, r) => sum + r.ok / r.durationS, 0),
    ok: results.reduce((sum, r) => sum + r.ok, 0),
    failures,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    latencies: Float64Array.from(latencies).sort(),
    durationS: Math.max(...results.map((r) => r.durationS)),
    ...(failureSample ? { failureSample } : {}),
  };
}
