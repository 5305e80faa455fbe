import type { Db } from '@enrich/db';
import type { RecordedRequest } from '@enrich/testkit';

// Where each domain's time went, from what the pipeline itself recorded: the job row (created,
// scrape started, completed), the source results' save times (website, linkedin, ai) and the
// moment the fake Messages API received the domain's request. One clock: the same machine.

export interface DomainTimeline {
  domain: string;
  created: number;
  scrapeStarted: number;
  websiteSaved: number;
  linkedinSaved: number;
  aiRequested: number;
  aiSaved: number;
  completed: number;
}

export async function loadTimelines(db: Db, batchId: string, aiRequests: RecordedRequest[]): Promise<DomainTimeline[]> {
  const rows = await db.$queryRaw<
    {
      domain: string;
      created_at: Date;
      started_at: Date | null;
      completed_at: Date | null;
      website: Date | null;
      linkedin: Date | null;
      ai: Date | null;
    }[]
  >`
    SELECT j.domain, j.created_at, j.started_at, j.completed_at,
      max(s.fetched_at) FILTER (WHERE s.source = 'website') AS website,
      max(s.fetched_at) FILTER (WHERE s.source = 'linkedin') AS linkedin,
      max(s.fetched_at) FILTER (WHERE s.source = 'ai') AS ai
    FROM enrichment_jobs j LEFT JOIN source_results s ON s.job_id = j.id
    WHERE j.batch_id = ${batchId}
    GROUP BY j.id`;
  // The prompt names the domain; the first request for it is when its AI step reached the model.
  const asked = new Map<string, number>();
  for (const request of aiRequests) {
    const text = JSON.stringify(request.body?.messages ?? '');
    const domain = /bench-company-\d+\.com/.exec(text)?.[0];
    if (domain && !asked.has(domain)) asked.set(domain, request.at);
  }
  const t = (d: Date | null) => d?.getTime() ?? Number.NaN;
  return rows.map((r) => ({
    domain: r.domain,
    created: t(r.created_at),
    scrapeStarted: t(r.started_at),
    websiteSaved: t(r.website),
    linkedinSaved: t(r.linkedin),
    aiRequested: asked.get(r.domain) ?? Number.NaN,
    aiSaved: t(r.ai),
    completed: t(r.completed_at),
  }));
}

/**
 * Each domain's sequential round trips of the website scrape, as its crawl counted them and the
 * website source stored them (source_results, data.crawl.roundTrips); domains without one are absent.
 */
export async function loadScrapeTrips(db: Db, batchId: string): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ domain: string; trips: number | null }[]>`
    SELECT j.domain, (s.data -> 'crawl' ->> 'roundTrips')::int AS trips
    FROM enrichment_jobs j JOIN source_results s ON s.job_id = j.id AND s.source = 'website'
    WHERE j.batch_id = ${batchId}`;
  return new Map(rows.filter((r) => r.trips !== null).map((r) => [r.domain, r.trips!]));
}

export interface Segment {
  name: string;
  values: number[];
}

/** The consecutive segments of each domain's time, from job creation to completion. */
export function segments(timelines: DomainTimeline[]): Segment[] {
  const seg = (name: string, from: keyof DomainTimeline, to: keyof DomainTimeline): Segment => ({
    name,
    values: timelines.map((t) => (t[to] as number) - (t[from] as number)).filter(Number.isFinite),
  });
  return [
    seg('queued for scrape (created → scrape started)', 'created', 'scrapeStarted'),
    seg('website source (scrape started → website saved)', 'scrapeStarted', 'websiteSaved'),
    seg('LinkedIn source (website saved → linkedin saved)', 'websiteSaved', 'linkedinSaved'),
    seg('queued for AI (linkedin saved → model request)', 'linkedinSaved', 'aiRequested'),
    seg('AI step (model request → ai saved)', 'aiRequested', 'aiSaved'),
    seg('finalize (ai saved → completed)', 'aiSaved', 'completed'),
    seg('whole job (created → completed)', 'created', 'completed'),
  ];
}

/** Most domains inside [from, to) at the same moment. */
export function peakOverlap(timelines: DomainTimeline[], from: keyof DomainTimeline, to: keyof DomainTimeline): number {
  const events: [number, number][] = [];
  for (const t of timelines) {
    const a = t[from] as number;
    const b = t[to] as number;
    if (Number.isFinite(a) && Number.isFinite(b)) events.push([a, 1], [b, -1]);
  }
  events.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let now = 0;
  let peak = 0;
  for (const [, delta] of events) {
    now += delta;
    peak = Math.max(peak, now);
  }
  return peak;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
