// The benchmark's ideal: the shortest wall time any implementation of this pipeline could reach
// with the configured concurrency, if every step cost exactly its network waits and nothing else
// (no CPU, no database, no queue). Two kinds of bound, and the ideal is the larger of them:
//
//  1. Critical path of one domain: its steps in sequence, i.e. the sum of its stages' waits.
//     A site's scrape is its website round trips in a row, as the crawl itself counted them and
//     stored them with the website source (source_results data.crawl.roundTrips; for the
//     benchmark's static sites: homepage → robots.txt → sitemap.xml, read because the homepage
//     links fewer fact pages than the crawl has room for → about and contact together,
//     CRAWL_HOST_CONCURRENCY ≥ 2), then the LinkedIn page, then the model's answer, then
//     finalize (no network wait: 0).
//  2. Throughput of each stage s with c_s slots:  head_s + (Σ_domains work_s) / c_s + tail_s,
//     where work_s is one domain's time in stage s, head_s the shortest time before any domain
//     can reach s, and tail_s the shortest time after s to the end. With N equal domains that is
//     head + N × work / c + tail: c slots can do no better than all busy all the time.
//
// Chromium renders are a stage inside the scrape (RENDER_MAX_PAGES slots per process). A render
// is its round trips plus the renderer's designed wait for the network to be idle (Playwright's
// networkidle: 500 ms without requests). The LinkedIn gate allows LINKEDIN_REQUESTS_PER_MINUTE
// in any minute (set high enough not to bind).

export interface DomainWork {
  /** Sequential round trips of the website scrape, rendering excluded: the crawl's stored count. */
  scrapeTrips: number;
  /** Sequential round trips inside Chromium (the page and what its script fetches); 0 for static pages. */
  renderTrips: number;
  /** Fixed waits inside the render (network idle); 0 for static pages. */
  renderWaitMs: number;
  /** LinkedIn page fetches. */
  linkedinTrips: number;
}

export interface IdealInput {
  latencyMs: number;
  aiMs: number;
  domains: DomainWork[];
  scrapeConcurrency: number;
  renderSlots: number;
  aiSlots: number;
}

export interface Bound {
  name: string;
  ms: number;
  formula: string;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function idealBounds(input: IdealInput): { idealMs: number; bounds: Bound[] } {
  const { latencyMs: L, aiMs, domains } = input;
  const n = domains.length;
  const scrapeMs = domains.map((d) => (d.scrapeTrips + d.renderTrips + d.linkedinTrips) * L + d.renderWaitMs);
  const renderMs = domains.map((d) => d.renderTrips * L + d.renderWaitMs);
  const minScrape = Math.min(...scrapeMs);
  const bounds: Bound[] = [];

  const longest = domains[scrapeMs.indexOf(Math.max(...scrapeMs))]!;
  const trips = longest.scrapeTrips + longest.renderTrips + longest.linkedinTrips;
  bounds.push({
    name: 'critical path of one domain',
    ms: trips * L + longest.renderWaitMs + aiMs,
    formula: `${trips} round trips × ${L} ms${longest.renderWaitMs ? ` + ${longest.renderWaitMs} ms network idle` : ''} + ${aiMs} ms model + 0 finalize`,
  });
  bounds.push({
    name: `scrape stage, ${input.scrapeConcurrency} slots`,
    ms: sum(scrapeMs) / input.scrapeConcurrency + aiMs,
    formula: `Σ scrape ${s(sum(scrapeMs))} / ${input.scrapeConcurrency} + ${aiMs} ms model after the last`,
  });
  const shells = domains.filter((d) => d.renderTrips > 0);
  if (shells.length > 0) {
    const renderWork = sum(renderMs);
    // After a render: the rest of that domain's scrape (homepage already fetched), then the model.
    const after = Math.min(...shells.map((d) => (d.scrapeTrips - 1 + d.linkedinTrips) * L)) + aiMs;
    bounds.push({
      name: `Chromium renders, ${input.renderSlots} pages at once`,
      ms: L + renderWork / input.renderSlots + after,
      formula: `${L} ms homepage + Σ render ${s(renderWork)} / ${input.renderSlots} + ${after} ms rest of the scrape and model`,
    });
  }
  bounds.push({
    name: `AI stage, ${input.aiSlots} calls at once`,
    ms: minScrape + (n * aiMs) / input.aiSlots,
    formula: `${minScrape} ms first scrape + ${n} × ${aiMs} ms / ${input.aiSlots}`,
  });
  return { idealMs: Math.max(...bounds.map((b) => b.ms)), bounds };
}
