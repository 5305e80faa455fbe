/**
 * Answers single reads in batches: a read waits up to `windowMs` (or until `maxBatch` are
 * waiting), then one call of `readMany` answers every read waiting. For reads off a job's path
 * that cost more as round trips than as reads (queue-wait's child ends, one per flow parent
 * taken). Nothing is kept once a batch is answered: a read is always answered by a call made
 * after it was asked. Built by the queue store that owns it; flush() sends what waits (close).
 */
export class BatchedReads<K, V> {
  private waiting: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly readMany: (keys: K[]) => Promise<V[]>,
    private readonly windowMs: number,
    private readonly maxBatch = 100,
  ) {}

  read(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      if (this.waiting.length >= this.maxBatch) this.flush();
      else if (!this.timer) {
        // A read waiting must not keep a process from exiting.
        this.timer = setTimeout(() => this.flush(), this.windowMs).unref();
      }
    });
  }

  /** Sends every read waiting now, in one call. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    this.readMany(batch.map((each) => each.key)).then(
      (values) => {
        for (const [i, each] of batch.entries()) {
          if (i < values.length) each.resolve(values[i] as V);
          else each.reject(new Error(`readMany answered ${values.length} of ${batch.length} reads`));
        }
      },
      (error: unknown) => {
        for (const each of batch) each.reject(error);
      },
    );
  }
}
