import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** How a receiver answers a request to one of its paths; the default answers 204. */
export type Answer = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/**
 * A webhook receiver, a real HTTP server on this machine (on `::` where there is IPv6, so both
 * 127.0.0.1 and ::1 reach it): it records every request, answers as told per path, and counts the answers cut
 * before they ended (the service closing the connection).
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Answers whose connection closed before they ended. */
  cutAnswers = 0;
  private readonly answers = new Map<string, Answer>();
  private readonly held = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const listen = (host: string): Promise<void> =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    // A machine without IPv6 has no `::`: 127.0.0.1 then (localhost resolves to it there).
    await listen('::').catch(() => listen('127.0.0.1'));
    const receiver = new WebhookReceiver(server, (server.address() as AddressInfo).port);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => receiver.handle(req, res));
    return receiver;
  }

  /** This receiver's URL for `path`, on `host` (127.0.0.1 unless told). */
  url(path: string, host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${path}`;
  }

  /** Answers requests to `path` with `answer` from now on. */
  on(path: string, answer: Answer): void {
    this.answers.set(path, answer);
  }

  /** Answers requests to `path` with `status` and `body`. */
  status(path: string, status: number, body = ''): void {
    this.on(path, (_req, res) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body));
  }

  /** Holds requests to `path` without answering, until closed. */
  hold(path: string): void {
    this.on(path, (_req, res) => {
      this.held.add(res);
    });
  }

  to(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      res.on('close', () => {
        if (!res.writableFinished) this.cutAnswers++;
      });
      (this.answers.get(path) ?? ((_q, r) => r.writeHead(204).end()))(req, res, body);
    });
  }
}

/** Polls `check` until it returns a value other than undefined, for up to `seconds` (a deadline, never a duration asserted). */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still not so after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
