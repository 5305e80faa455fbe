import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LocalServerOptions {
  /** Most connections at once (many workers' keep-alive pools in a benchmark). */
  maxConnections?: number;
  /** How long an idle keep-alive connection stays open (Node's default: 5 s). */
  keepAliveTimeoutMs?: number;
  /** Listen backlog (Node's default: 511). */
  backlog?: number;
}

/**
 * An HTTP server on 127.0.0.1 and a port the system picks, for the stand-ins tests and scripts
 * run (fixture websites, the fake Messages API). `stop()` also ends open keep-alive and held
 * connections, so it never waits on a client.
 */
export class LocalServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** Connections accepted since start. */
  connections = 0;

  constructor(
    private readonly handler: (req: IncomingMessage, res: ServerResponse) => void,
    private readonly options: LocalServerOptions = {},
  ) {}

  async start(): Promise<number> {
    const server = createServer(this.handler);
    if (this.options.maxConnections !== undefined) server.maxConnections = this.options.maxConnections;
    if (this.options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = this.options.keepAliveTimeoutMs;
    server.on('connection', (socket) => {
      this.connections++;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', this.options.backlog, resolve));
    return this.port;
  }

  get port(): number {
    if (!this.server) throw new Error('the server is not started');
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
