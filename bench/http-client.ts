import { Agent, request } from 'node:http';

/** An answer: status, parsed JSON body (null when empty or not JSON), and the time it took (ms). */
export interface JsonAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly ms: number;
}

/**
 * A small JSON client of one server over keep-alive HTTP/1.1 (node:http,
 * cheaper per request than fetch on the machine the server shares). A
 * request that gets no answer (connection refused or reset: the server is
 * gone) rejects.
 */
export class JsonClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });
  /** Requests sent so far. */
  requests = 0;
  private readonly host: string;
  private readonly port: number;

  constructor(base: string) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  send(
    method: 'GET' | 'POST',
    path: string,
    token: string | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    this.requests++;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(token === null ? {} : { authorization: `Bearer ${token}` }),
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: parseJson(text), ms: performance.now() - started });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** Registers a user and gets a bearer token; throws on any other answer than 201 and 200. */
export async function registerPlayer(client: JsonClient, username: string, password: string): Promise<string> {
  const created = await client.send('POST', '/api/users', null, { username, password });
  if (created.status !== 201)
    throw new Error(`POST /api/users ${username}: ${created.status} ${JSON.stringify(created.body)}`);
  const issued = await client.send('POST', '/api/auth/token', null, { username, password });
  const token = (issued.body as { accessToken?: unknown } | null)?.accessToken;
  if (issued.status !== 200 || typeof token !== 'string') {
    throw new Error(`POST /api/auth/token ${username}: ${issued.status} ${JSON.stringify(issued.body)}`);
  }
  return token;
}
