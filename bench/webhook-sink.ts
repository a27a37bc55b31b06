import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver for the benchmarks: a real HTTP server on 127.0.0.1 that answers every POST
 * with 204 once its body is read, counts what arrived (by `webhook-id`, so duplicates show), and
 * tells a waiting player that its turn's `match.turn` came.
 */
export class WebhookSink {
  received = 0;
  readonly ids = new Set<string>();
  /** The `match.turn` deliveries by match and version, and who waits for one. */
  private readonly turns = new Set<string>();
  private readonly waiting = new Map<string, () => void>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookSink> {
    const server = createServer();
    const sink = new WebhookSink(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        sink.received++;
        const id = req.headers['webhook-id'];
        if (typeof id === 'string') sink.ids.add(id);
        sink.heard(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return sink;
  }

  /**
   * Resolves true once the `match.turn` of `matchId` at `version` has arrived (at once if it has),
   * false after `ms` without it.
   */
  turnDelivered(matchId: string, version: number, ms: number): Promise<boolean> {
    const key = `${matchId}:${version}`;
    if (this.turns.has(key)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        resolve(false);
      }, ms);
      this.waiting.set(key, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private heard(body: string): void {
    try {
      const { type, data } = JSON.parse(body) as { type?: string; data?: { matchId?: string; version?: number } };
      if (type !== 'match.turn' || data?.matchId === undefined || data.version === undefined) return;
      const key = `${data.matchId}:${data.version}`;
      this.turns.add(key);
      this.waiting.get(key)?.();
      this.waiting.delete(key);
    } catch {
      // Not JSON: counted, nothing more.
    }
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
