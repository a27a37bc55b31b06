import { get } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { SseClient } from '../bench/sse-client.js';
import { MatchClient } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The HTTP layer against slow and greedy clients (docs/architecture.md, "HTTP"),
 * spoken to over raw sockets: headers and bodies that trickle in are cut after
 * their timeouts (shortened here) while a live stream outlasts them, a
 * Content-Length over the body limit is answered before the body is read, and
 * a node holds at most MAX_CONNECTIONS connections.
 */
const HEADERS_TIMEOUT_SECONDS = 1;
const REQUEST_TIMEOUT_SECONDS = 2;
/** How long a trickling client keeps on: far beyond the timeouts, far below the defaults that applied before. */
const TRICKLE_FOR_MS = 20_000;
const TRICKLE_EVERY_MS = 100;

/** A raw connection: what it received, and whether the server closed it. */
interface RawConnection {
  readonly socket: Socket;
  received(): string;
  readonly closed: Promise<void>;
  isClosed(): boolean;
}

function rawConnection(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    const whenClosed = new Promise<void>((done) =>
      socket.on('close', () => {
        closed = true;
        done();
      }),
    );
    socket.once('connect', () => resolve({ socket, received: () => text, closed: whenClosed, isClosed: () => closed }));
    socket.once('error', reject);
  });
}

/** Writes `piece` every TRICKLE_EVERY_MS until the server closes the connection or TRICKLE_FOR_MS pass. */
async function trickle(connection: RawConnection, piece: string): Promise<void> {
  for (let sent = 0; sent < TRICKLE_FOR_MS / TRICKLE_EVERY_MS && !connection.isClosed(); sent++) {
    connection.socket.write(piece);
    await Promise.race([connection.closed, new Promise((resolve) => setTimeout(resolve, TRICKLE_EVERY_MS))]);
  }
}

const statusLine = (text: string): string => text.split('\r\n')[0];

/** A 408 written on the socket: a problem, and the connection closed. */
function expectTimedOut(connection: RawConnection): void {
  expect(connection.isClosed()).toBe(true);
  const answer = connection.received();
  expect(statusLine(answer)).toBe('HTTP/1.1 408 Request Timeout');
  expect(answer).toMatch(/\r\ncontent-type: application\/problem\+json/i);
  expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
    status: 408,
    code: 'request-timeout',
  });
}

describe('with short request timeouts', () => {
  let t: TestApp;
  let port: number;
  const open: Array<RawConnection | SseClient> = [];
  beforeAll(async () => {
    t = await startTestApp({
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
    });
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
  });
  afterEach(() => {
    for (const connection of open.splice(0)) {
      if (connection instanceof SseClient) connection.close();
      else connection.socket.destroy();
    }
  });
  afterAll(() => t.close());

  async function raw(): Promise<RawConnection> {
    const connection = await rawConnection(port);
    open.push(connection);
    return connection;
  }

  it('cuts a client trickling its headers with a 408 problem once the headers timeout has passed', async () => {
    const connection = await raw();
    connection.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n');
    await trickle(connection, 'X-Slow: a\r\n');
    expectTimedOut(connection);
  });

  it('cuts a connection that sends nothing with a 408 problem once the headers timeout has passed', async () => {
    const connection = await raw();
    await Promise.race([connection.closed, new Promise((resolve) => setTimeout(resolve, TRICKLE_FOR_MS))]);
    expectTimedOut(connection);
  });

  it('cuts a client trickling its body with a 408 problem once the request timeout has passed', async () => {
    const connection = await raw();
    connection.socket.write(
      'POST /api/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    await trickle(connection, ' ');
    expectTimedOut(connection);
  });

  it.each([
    ['bytes that are not HTTP', 'HELLO\r\n\r\n', 400, 'bad-request'],
    ['headers over 16 KiB', `GET /health HTTP/1.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 431, 'headers-too-large'],
  ])('answers %s, refused before the app sees them, with a problem, and closes', async (_what, bytes, status, code) => {
    const connection = await raw();
    connection.socket.write(bytes);
    await connection.closed;
    const answer = connection.received();
    expect(statusLine(answer)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status, code });
  });

  it.each([
    ['a JSON body', '/api/users', 'application/json', 209_715_200],
    ['an import', '/api/matches/import', 'text/plain', 1024 * 1024 + 1],
  ])(
    'answers a Content-Length over the limit (%s) with 413 before reading the body, and closes the connection',
    async (_what, path, contentType, length) => {
      const connection = await raw();
      connection.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n{"a`,
      );
      // The rest of the body never comes: the answer cannot wait for it (nor for the request timeout, 408).
      await connection.closed;
      const answer = connection.received();
      expect(statusLine(answer)).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toMatch(/\r\ncontent-type: application\/problem\+json/i);
      expect(answer).toContain('"code":"payload-too-large"');
    },
  );

  it.each([
    ['JSON, found over the limit while it is read', 'application/json', 'HTTP/1.1 413 Payload Too Large'],
    ['of a media type refused, read off only up to the limit', 'text/html', 'HTTP/1.1 415 Unsupported Media Type'],
  ])('answers a chunked body (%s) reading no further, and closes the connection', async (_what, type, status) => {
    const connection = await raw();
    const chunk = 'x'.repeat(16 * 1024);
    connection.socket.write(
      `POST /api/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    // 80 KiB of the body, over the 64 KiB limit; the rest never comes.
    for (let i = 0; i < 5; i++) connection.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    await connection.closed;
    expect(statusLine(connection.received())).toBe(status);
  });

  it('keeps a live stream open past both timeouts, and sends it what comes', async () => {
    const client = new MatchClient(t.http);
    const [alice, bob] = [await client.register('alice'), await client.register('bob')];
    const stream = await SseClient.open(port, '/api/users/me/stream', { authorization: `Bearer ${bob.token}` });
    open.push(stream);
    expect(stream.status).toBe(200);
    // Past the request timeout and Node.js's next look at the connections.
    await new Promise((resolve) => setTimeout(resolve, (REQUEST_TIMEOUT_SECONDS + 2) * 1000));
    const match = await client.create(alice, { opponent: 'bob', variant: 'backgammon', length: 1 });
    await stream.waitFor((c) => c.events.some((e) => e.id?.startsWith(match.id) === true));
    expect(stream.ended).toBe(false);
  });
});

describe('with MAX_CONNECTIONS', () => {
  const MAX = 3;
  let t: TestApp;
  let port: number;
  const held: RawConnection[] = [];
  beforeAll(async () => {
    t = await startTestApp({ MAX_CONNECTIONS: String(MAX) });
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const connection of held) connection.socket.destroy();
    await t.close();
  });

  /** GET /health on a connection of its own: the status, or 0 when the connection is closed unanswered. */
  const health = (): Promise<number> =>
    new Promise((resolve) => {
      const req = get({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
    });

  it('closes a connection beyond the limit unanswered, and serves again once one closes', async () => {
    expect(await health()).toBe(200);
    for (let i = 0; i < MAX; i++) held.push(await rawConnection(port));
    // The server counts a connection once it has taken it: until then a health check may pass.
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) refused = (await health()) === 0;
    expect(refused).toBe(true);
    held.shift()!.socket.destroy();
    let served = 0;
    for (let i = 0; i < 100 && served !== 200; i++) {
      served = await health();
      if (served !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(served).toBe(200);
  });
});
