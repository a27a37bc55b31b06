import { request, type ClientRequest, type IncomingMessage } from 'node:http';

/** A server-sent event as received. */
export interface ReceivedEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
  /** When it arrived (performance.now()). */
  readonly at: number;
}

/**
 * A minimal text/event-stream client for tests and benches (what EventSource
 * does, without reconnecting): it keeps every event and comment received, in
 * order, with the time each arrived.
 */
export class SseClient {
  readonly events: ReceivedEvent[] = [];
  readonly comments: string[] = [];
  status = 0;
  headers: IncomingMessage['headers'] = {};
  /** Everything received, as text (a refusal's problem document, say). */
  text = '';
  /** Whether the server ended the response. */
  ended = false;
  private buffer = '';
  private waiters: Array<() => void> = [];
  private req: ClientRequest | null = null;

  /** Opens `path` on the server at `port`; resolves once the response has started (any status). */
  static async open(port: number, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    await new Promise<void>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } },
        (res) => {
          client.status = res.statusCode ?? 0;
          client.headers = res.headers;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => client.feed(chunk));
          res.on('end', () => {
            client.ended = true;
            client.wake();
          });
          res.on('error', () => undefined);
          resolve();
        },
      );
      req.on('error', reject);
      req.end();
      client.req = req;
    });
    return client;
  }

  /** Waits until `done` holds of what was received (checked on every message), or fails after `ms`. */
  async waitFor(done: (client: SseClient) => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.req?.destroy();
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  private feed(chunk: string): void {
    this.text += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) this.events.push({ id, event, data: data.join('\n'), at: performance.now() });
    }
    this.wake();
  }
}
