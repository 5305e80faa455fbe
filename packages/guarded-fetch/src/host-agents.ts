import http from 'node:http';
import https from 'node:https';
import type { MappedHost } from '@enrich/net-guard';
import { createGuardedLookup, type Resolver } from '@enrich/net-guard';

export interface HostAgentsOptions {
  /** Sockets per host, busy and idle together; further requests queue. Default 6. */
  maxSockets?: number;
  /** An idle kept-alive socket is closed after this long. Default 4 s, below common server keep-alive timeouts. */
  idleTimeoutMs?: number;
}

/**
 * Keep-alive connection pools, one per host, so a crawl's requests to one site reuse a few TCP
 * (and TLS) connections instead of opening one each. Create one per crawl and destroy() it at
 * the end: the agents own their sockets.
 *
 * The address guard runs when a socket is created, not per request, so every agent for a
 * guarded host is built with a guarded lookup of its own and pools only connections to that
 * hostname: a pooled socket was vetted when it connected and stays on that address.
 */
export class HostAgents {
  private readonly agents = new Map<string, http.Agent>();
  private readonly maxSockets: number;
  private readonly idleTimeoutMs: number;
  private destroyed = false;

  constructor(options: HostAgentsOptions = {}) {
    this.maxSockets = options.maxSockets ?? 6;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 4_000;
  }

  /**
   * The pool for a guarded host (the public internet). Its sockets resolve `hostname` through
   * the address guard with `resolve` (tests) or DNS; the first caller's resolver stays with it.
   */
  guarded(protocol: 'http:' | 'https:', hostname: string, port: number, resolve?: Resolver): http.Agent {
    return this.agent(`${protocol}//${hostname.toLowerCase()}:${port}`, () => {
      const options: http.AgentOptions = { ...this.poolOptions(), lookup: createGuardedLookup(resolve) };
      return protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    });
  }

  /**
   * The pool for a host-mapped site: plain HTTP to the operator's target, unguarded like the
   * mapping itself. Keyed by the site's origin too, so mapped hosts pool like real ones would.
   */
  mapped(protocol: 'http:' | 'https:', hostname: string, port: number, target: MappedHost): http.Agent {
    const key = `mapped ${protocol}//${hostname.toLowerCase()}:${port} via ${target.host}:${target.port}`;
    return this.agent(key, () => new http.Agent(this.poolOptions()));
  }

  /** Number of pools created so far. */
  get size(): number {
    return this.agents.size;
  }

  /** Closes every socket, busy or idle; any later request for an agent throws. */
  destroy(): void {
    this.destroyed = true;
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private agent(key: string, create: () => http.Agent): http.Agent {
    if (this.destroyed) throw new Error('HostAgents used after destroy()');
    let agent = this.agents.get(key);
    if (!agent) {
      agent = create();
      this.agents.set(key, agent);
    }
    return agent;
  }

  private poolOptions(): http.AgentOptions {
    return {
      keepAlive: true,
      maxSockets: this.maxSockets,
      maxFreeSockets: this.maxSockets,
      // Applies to idle sockets (the agent closes them); a busy request only gets a 'timeout'
      // event, which nobody listens to: fetchPage's own deadline governs requests.
      timeout: this.idleTimeoutMs,
      // Reuse the most recently used socket, so surplus ones go idle and time out.
      scheduling: 'lifo',
    };
  }
}
