import type { ClientRateLimitInfo, IncrementResponse } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';

// A remembered promise that may reject before anyone awaits it must not count as unhandled.
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * rate-limit-redis keeps the promise of its script load from start-up; when Redis was down
 * then, every later call fails even after Redis is back. This store loads the scripts again
 * whenever the remembered load failed, so the limiter recovers with Redis.
 */
export class SharedRedisStore extends RedisStore {
  constructor(redis: Redis, prefix: string) {
    super({ prefix, sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<never> });
  }

  private async ensureScripts(): Promise<void> {
    await this.incrementScriptSha?.catch(() => {
      this.incrementScriptSha = settled(this.loadIncrementScript());
    });
    await this.getScriptSha?.catch(() => {
      this.getScriptSha = settled(this.loadGetScript());
    });
  }

  override async increment(key: string): Promise<IncrementResponse> {
    await this.ensureScripts();
    return super.increment(key);
  }

  override async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    await this.ensureScripts();
    return super.get(key);
  }
}
