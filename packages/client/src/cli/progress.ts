import { SingleBar } from 'cli-progress';

export interface Counts {
  done: number;
  total: number | null;
  completed: number;
  failed: number;
}

export interface Progress {
  update(counts: Counts): void;
  stop(): void;
}

const PLAIN_EVERY_MS = 5000;

/**
 * A bar with rate, ETA and counts on a terminal (cli-progress), plain lines every few seconds
 * otherwise (a CI log, a file). Written to stderr: stdout may be the output.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr, startedAt = Date.now()): Progress {
  const rate = (done: number) => done / Math.max(0.001, (Date.now() - startedAt) / 1000);
  if (stream.isTTY) {
    const bar = new SingleBar({
      stream,
      format: 'enrich {bar} {value}/{total} rows | {speed} rows/s | ETA {eta_formatted} | ok {completed} failed {failed}',
      hideCursor: true,
      etaBuffer: 50,
    });
    let started = false;
    return {
      update(counts) {
        const payload = { speed: rate(counts.done).toFixed(1), completed: counts.completed, failed: counts.failed };
        if (!started) {
          bar.start(counts.total ?? counts.done, counts.done, payload);
          started = true;
        } else {
          if (counts.total !== null) bar.setTotal(counts.total);
          bar.update(counts.done, payload);
        }
      },
      stop: () => bar.stop(),
    };
  }
  let lastAt = 0;
  let last: Counts | null = null;
  const line = (counts: Counts) => {
    const speed = rate(counts.done);
    const left = counts.total === null ? null : counts.total - counts.done;
    const eta = left === null || speed === 0 ? '' : `, ETA ${Math.round(left / speed)} s`;
    stream.write(
      `enrich: ${counts.done}${counts.total === null ? '' : `/${counts.total}`} rows (ok ${counts.completed}, failed ${counts.failed}), ${speed.toFixed(1)} rows/s${eta}\n`,
    );
  };
  return {
    update(counts) {
      last = counts;
      if (Date.now() - lastAt < PLAIN_EVERY_MS) return;
      lastAt = Date.now();
      line(counts);
    },
    stop() {
      if (last) line(last);
    },
  };
}
