import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver for the benchmarks: a real HTTP server on 127.0.0.1 that answers every POST
 * with 204 once its body is read, and counts what arrived (by `webhook-id`, so duplicates show).
 */
export class WebhookSink {
  received = 0;
  readonly ids = new Set<string>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookSink> {
    const server = createServer();
    const sink = new WebhookSink(server);
    server.on('request', (req, res) => {
      req.resume();
      req.on('end', () => {
        sink.received++;
        const id = req.headers['webhook-id'];
        if (typeof id === 'string') sink.ids.add(id);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return sink;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
