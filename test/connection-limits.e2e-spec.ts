import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * A node holds each client address to MAX_CONNECTIONS_PER_ADDRESS open connections
 * (docs/architecture.md, "HTTP"): one beyond is closed as it is accepted, unanswered, while other
 * addresses are served, and a slot is free again once a connection closes. A proxy TRUST_PROXY
 * trusts is not held to it. Real sockets against the app listening on 127.0.0.1, from two
 * loopback addresses (Linux answers all of 127.0.0.0/8). How IPv6 counts (by /64) is
 * src/common/address-bucket.spec.ts's; the machine has one IPv6 loopback address only.
 */
const PER_ADDRESS = 3;

/** A connection from `from` to the app; `closed` resolves once the server has closed it. */
interface Connection {
  readonly socket: Socket;
  readonly closed: Promise<void>;
  received(): string;
}

function connection(port: number, from: string): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.once('connect', () => resolve({ socket, closed, received: () => text }));
    socket.once('error', reject);
  });
}

/** Asks for /health on `c` and resolves with the status line once it comes. */
async function health(c: Connection): Promise<string> {
  c.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  for (let i = 0; i < 200 && !c.received().includes('\r\n'); i++) await new Promise((r) => setTimeout(r, 25));
  return c.received().split('\r\n')[0];
}

/** What became of a request for /health on `c`: its status line, or `closed` when the server closed `c` unanswered. */
const answer = (c: Connection): Promise<string> => Promise.race([health(c), c.closed.then(() => 'closed')]);

const opened: Connection[] = [];
async function open(port: number, from: string): Promise<Connection> {
  const c = await connection(port, from);
  opened.push(c);
  return c;
}
afterEach(() => {
  for (const c of opened.splice(0)) c.socket.destroy();
});

async function listening(env: Record<string, string>): Promise<{ app: TestApp; port: number }> {
  const app = await startTestApp(env);
  await new Promise<void>((resolve) => app.http.listen(0, '127.0.0.1', resolve));
  return { app, port: (app.http.address() as AddressInfo).port };
}

describe('MAX_CONNECTIONS_PER_ADDRESS', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ app, port } = await listening({ MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) }));
  });
  afterAll(() => app.close());

  it('closes an address’s connection beyond the limit unanswered, serves other addresses, and frees a slot on close', async () => {
    const held: Connection[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) held.push(await open(port, '127.0.0.1'));
    const beyond = await open(port, '127.0.0.1');
    expect(await answer(beyond)).toBe('closed');
    expect(beyond.received()).toBe('');
    expect(await health(held[0])).toBe('HTTP/1.1 200 OK');
    expect(await health(await open(port, '127.0.0.2'))).toBe('HTTP/1.1 200 OK');

    held[1].socket.destroy();
    let again = '';
    for (let i = 0; i < 100 && again !== 'HTTP/1.1 200 OK'; i++) {
      const next = await open(port, '127.0.0.1');
      again = await answer(next);
    }
    expect(again).toBe('HTTP/1.1 200 OK');
  });
});

describe('MAX_CONNECTIONS_PER_ADDRESS behind a trusted proxy', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ app, port } = await listening({ MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS), TRUST_PROXY: '127.0.0.1' }));
  });
  afterAll(() => app.close());

  it('does not hold the trusted proxy to it, and holds any other peer', async () => {
    const fromProxy: Connection[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) fromProxy.push(await open(port, '127.0.0.1'));
    for (const c of fromProxy) expect(await health(c)).toBe('HTTP/1.1 200 OK');
    for (let i = 0; i < PER_ADDRESS; i++) await open(port, '127.0.0.3');
    expect(await answer(await open(port, '127.0.0.3'))).toBe('closed');
  });
});
