// A few calls of the public HTTP API, as a client would make them (fetch, Bearer key).
import { setTimeout as sleep } from 'node:timers/promises';
import type { batchStatusSchema } from '@enrich/api';
import type { CompanyRecord } from '@enrich/record';
import type { z } from 'zod';

// The answers' types come from the API's own response schemas (and so from the record contract).
// Without `fields=` an item carries the whole record.
export type CompanyData = CompanyRecord;
export type BatchItem = Omit<z.infer<typeof batchStatusSchema>['items'][number], 'data'> & { data?: CompanyData };
export type BatchView = Omit<z.infer<typeof batchStatusSchema>, 'items'> & { items: BatchItem[] };

export class EnrichClient {
  constructor(
    readonly baseUrl: string,
    private readonly key: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, expected = 200): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }

  /** POST /api/enrich/bulk; `refresh` re-runs the pipeline even for companies enriched recently. */
  submitBulk(domains: string[], refresh: boolean): Promise<{ batchId: string; accepted: number; total: number; invalid: unknown[] }> {
    return this.call('POST', '/api/enrich/bulk', { domains, refresh }, 202);
  }

  job(jobId: string): Promise<{ status: string; domain: string; data?: CompanyData }> {
    return this.call('GET', `/api/enrich/${jobId}`);
  }

  batch(batchId: string, page = 1, limit = 100): Promise<BatchView> {
    return this.call('GET', `/api/enrich/bulk/${batchId}?page=${page}&limit=${limit}`);
  }

  /** Polls until every item has completed or failed; `onProgress` sees each answer. */
  async waitForBatch(
    batchId: string,
    options: { timeoutMs: number; pollMs: number; onProgress?: (view: BatchView) => void },
  ): Promise<BatchView> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const view = await this.batch(batchId, 1, 1);
      options.onProgress?.(view);
      if (view.status === 'completed') return view;
      if (Date.now() > deadline)
        throw new Error(
          `batch ${batchId} still processing after ${options.timeoutMs} ms (${view.completed + view.failed}/${view.total} done)`,
        );
      await sleep(options.pollMs);
    }
  }

  /** Every item of a batch, page by page (at most 100 per page). */
  async batchItems(batchId: string): Promise<BatchItem[]> {
    const items: BatchItem[] = [];
    for (let page = 1; ; page += 1) {
      const view = await this.batch(batchId, page, 100);
      items.push(...view.items);
      if (page >= view.pagination.totalPages) return items;
    }
  }
}

/** Waits for GET /readyz to answer 200 (PostgreSQL and Redis reachable from the API). */
export async function waitForApi(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`the API at ${baseUrl} was not ready within ${timeoutMs} ms (${last})`);
}
