// A client's steady traffic through the public API, timed, for the benchmarks that run the
// whole service (bench:rolling, bench:soak): single submissions polled until they end, bulk
// batches, and a batch's event stream followed across reconnects. Every failure is kept.
import { setTimeout as sleep } from 'node:timers/promises';
import { SseClient } from '@enrich/testkit';

export interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  what: string;
}

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export class ClientLoad {
  readonly samples: Sample[] = [];
  readonly failures: string[] = [];
  readonly singleJobs: { jobId: string; domain: string }[] = [];
  private readonly open = new Set<string>();

  constructor(
    readonly baseUrl: string,
    private readonly key: string,
  ) {}

  /** One request; a 4xx or 5xx answer or no answer at all is a failure. */
  async request(what: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown } | null> {
    const started = performance.now();
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const ok = res.status < 400;
      this.samples.push({ at: Date.now(), ms: performance.now() - started, ok, what });
      if (!ok) this.failures.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
      return { status: res.status, json: text ? JSON.parse(text) : null };
    } catch (error) {
      this.samples.push({ at: Date.now(), ms: performance.now() - started, ok: false, what });
      this.failures.push(`${what}: ${(error as Error).message}`);
      return null;
    }
  }

  async submitSingle(domain: string, refresh = false): Promise<void> {
    const answer = await this.request('submit', 'POST', '/api/enrich', { domain, refresh });
    if (answer?.status !== 202) return;
    const { jobId } = answer.json as { jobId: string };
    this.singleJobs.push({ jobId, domain });
    this.open.add(jobId);
  }

  async submitBatch(domains: string[], refresh = false): Promise<string | null> {
    const answer = await this.request('bulk', 'POST', '/api/enrich/bulk', { domains, refresh });
    return answer?.status === 202 ? (answer.json as { batchId: string }).batchId : null;
  }

  /** Polls every open single job once; ended ones leave the set. */
  async pollOpen(): Promise<void> {
    await Promise.all(
      [...this.open].map(async (jobId) => {
        const answer = await this.request('poll', 'GET', `/api/enrich/${jobId}`);
        const status = (answer?.json as { status?: string } | null)?.status;
        if (status === 'completed' || status === 'failed') this.open.delete(jobId);
      }),
    );
  }

  get openJobs(): number {
    return this.open.size;
  }

  async batchStatus(batchId: string): Promise<string | undefined> {
    const view = await this.request('batch poll', 'GET', `/api/enrich/bulk/${batchId}?limit=1`);
    return (view?.json as { status?: string } | null)?.status;
  }

  /**
   * Follows a batch's event stream, reconnecting with Last-Event-ID whenever the server ends it
   * (a restarting API ends its streams), until the batch's last event or `until()`; returns how
   * many times it reconnected.
   */
  async followBatch(batchId: string, until: () => boolean): Promise<number> {
    let lastId: string | undefined;
    let reconnects = 0;
    while (!until()) {
      const url = new URL(`/api/enrich/bulk/${batchId}/events`, this.baseUrl);
      const client = await SseClient.open(url.toString(), {
        authorization: `Bearer ${this.key}`,
        ...(lastId ? { 'last-event-id': lastId } : {}),
      }).catch((error: unknown) => {
        this.failures.push(`stream: ${(error as Error).message}`);
        return null;
      });
      if (!client) {
        await sleep(200);
        continue;
      }
      // 204: the stream after the batch's last event has nothing more to send.
      if (client.status === 204) break;
      if (client.status !== 200) this.failures.push(`stream: ${client.status}`);
      await client.ended;
      for (const event of client.events) if (event.id) lastId = event.id;
      reconnects += 1;
      await sleep(100);
    }
    return reconnects;
  }
}
