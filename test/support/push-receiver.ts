/**
 * A push service and a browser for the web push tests (docs/web-push.md, "Testing"): the subscriber
 * makes a P-256 key pair and an authentication secret as a browser does, and decrypts what was
 * pushed to it (aes128gcm, RFC 8291) with http_ece, the library web-push encrypts with; the receiver
 * is a local HTTP or HTTPS server standing in for the push service, keeping each request and
 * answering the status the test sets. verifyVapid checks a request's VAPID Authorization (RFC 8292).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

interface Ece {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
// http_ece has no types of its own; this is the one call the tests make.
const ece = createRequire(import.meta.url)('http_ece') as Ece;

/** A browser's side of a subscription: its keys, and its PushSubscription JSON for an endpoint. */
export class BrowserKeys {
  readonly ecdh = createECDH('prime256v1');
  readonly auth = randomBytes(16).toString('base64url');
  readonly p256dh: string;

  constructor() {
    this.p256dh = this.ecdh.generateKeys().toString('base64url');
  }

  subscription(endpoint: string): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } } {
    return { endpoint, expirationTime: null, keys: { p256dh: this.p256dh, auth: this.auth } };
  }

  /** The pushed body decrypted, as the browser would, and parsed as JSON. */
  decrypt(body: Buffer): unknown {
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.auth });
    return JSON.parse(plain.toString('utf8'));
  }
}

/** One request the receiver got. */
export interface ReceivedPush {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

export interface PushReceiver {
  /** http(s)://127.0.0.1:<port> */
  readonly origin: string;
  readonly received: ReceivedPush[];
  /** The status the next requests are answered with (201 at first, as push services answer). */
  answer: number;
  close(): Promise<void>;
}

/** Starts a receiver on a free port of 127.0.0.1: plain HTTP, or HTTPS with `tls` (a key and certificate, PEM). */
export async function startPushReceiver(tls?: { key: string; cert: string }): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const receiver = { answer: 201 };
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(receiver.answer).end();
    });
  };
  const server = tls ? createHttpsServer(tls, handle) : createHttpServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The claims of a VAPID JWT. */
export interface VapidClaims {
  readonly aud: string;
  readonly exp: number;
  readonly sub: string;
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292): `k` is `publicKey`,
 * the JWT is ES256 and its signature verifies against that key. Returns its claims; throws otherwise.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error(`signed with the key ${k}, not ${publicKey}`);
  const [header, claims, signature] = jwt.split('.');
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`alg ${alg}, not ES256`);
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const valid = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the VAPID signature does not verify against the public key');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}

/** Resolves with `check`'s first truthy answer, polling; rejects after `deadlineMs` naming what it waited for. */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  deadlineMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`gave up after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
