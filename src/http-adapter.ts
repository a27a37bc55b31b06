import proxyAddr from '@fastify/proxy-addr';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { fastify, type FastifyReply, type FastifyServerOptions, type HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';
import { answerClientError } from './common/client-errors.js';
import { limitConnectionsPerAddress } from './common/connections-per-address.js';
import { BODY_LIMIT_BYTES, useJsonBodies } from './common/json-body.js';
import { requestIdOf } from './common/logging.js';
import { responseConventions } from './common/response-conventions.js';
import type { Environment } from './config/environment.js';
import type { TrustProxy } from './config/trust-proxy.js';

/**
 * The longest path segment routed; the router answers a longer one 414 before
 * the app sees it. Beyond any request line Node.js accepts (16 KiB of headers),
 * so that every path is the app's to answer (long ids are a 404 or a 400 problem).
 */
const MAX_PARAM_LENGTH = 64 * 1024;

/**
 * helmet's security headers, on every response. Swagger UI at /docs loads its
 * scripts and styles from this origin (helmet's defaults allow that); the
 * service speaks plain HTTP behind whatever terminates TLS, so its pages must
 * not demand https.
 */
const securityHeaders = helmet({ contentSecurityPolicy: { directives: { 'upgrade-insecure-requests': null } } });

/** The settings of the HTTP layer, read before the app exists. */
export type HttpSettings = Pick<
  Environment,
  | 'TRUST_PROXY'
  | 'MAX_CONNECTIONS'
  | 'MAX_CONNECTIONS_PER_ADDRESS'
  | 'HEADERS_TIMEOUT_SECONDS'
  | 'REQUEST_TIMEOUT_SECONDS'
>;

/**
 * How often Node.js looks for requests past their timeouts: a request is cut at most this long
 * after its time is up. A fraction of the headers timeout, within 0.25 s to 5 s.
 */
function timeoutCheckMs(headersTimeoutMs: number): number {
  return Math.min(5_000, Math.max(250, Math.floor(headersTimeoutMs / 4)));
}

/** Fastify's `trustProxy` for TRUST_PROXY: a hop count trusts that many hops, as Express (proxy-addr) does. */
function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Whether a socket's peer is a proxy TRUST_PROXY trusts (its connections carry other clients'
 * requests): with a hop count or `true` every peer is one; with a list, those it names, read by
 * proxy-addr as Fastify reads the setting.
 */
function trustedPeer(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  if (trust === true || typeof trust === 'number') return () => trust !== 0;
  const trusted = proxyAddr.compile(trust);
  return (address) => trusted(address, 0);
}

/**
 * The HTTP layer of the service, Fastify under Nest: what main.ts and the
 * e2e tests both create the app on. A request meets, in this order: the
 * security headers (first, so that every answer has them, CORS preflights
 * included), the Nest adapter's hooks (CORS, see app-setup.ts), the
 * X-Request-Id echo, Nest's middleware (the request log), the body parsing
 * (src/common/json-body.ts), then the route; every answer with a body goes
 * through responseConventions.
 *
 * Slow and greedy clients (docs/architecture.md, "HTTP"): a request's headers must arrive within
 * HEADERS_TIMEOUT_SECONDS of its first byte and the whole request within REQUEST_TIMEOUT_SECONDS,
 * else the connection is answered 408 and closed (src/common/client-errors.ts). Both are about the request only: a response
 * (a live stream) may last as long as it likes. Beyond MAX_CONNECTIONS open connections, or
 * MAX_CONNECTIONS_PER_ADDRESS of one client address (src/common/connections-per-address.ts), a new
 * one is closed as it comes.
 */
export function createHttpAdapter(env: HttpSettings): FastifyAdapter {
  const headersTimeout = env.HEADERS_TIMEOUT_SECONDS * 1000;
  const requestTimeout = env.REQUEST_TIMEOUT_SECONDS * 1000;
  const instance = fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdOf,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // Paths are matched as Express did: letter case and a trailing slash do not matter.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, caseSensitive: false, ignoreTrailingSlash: true },
    keepAliveTimeout: 5_000,
    requestTimeout,
    // Fastify sets the server's requestTimeout from its own option above.
    http: { headersTimeout, connectionsCheckingInterval: timeoutCheckMs(headersTimeout) },
    // A request cut by those timeouts, or that is not HTTP, is answered as a problem.
    clientErrorHandler: answerClientError,
    // Requests arriving on open connections while the app closes are served, as Node.js does.
    return503OnClosing: false,
    // A URL the router cannot decode is refused before any hook runs: it gets the security headers
    // and the request id here, and the app's error handler (Nest's: a problem) answers it.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      securityHeaders(request.raw, reply.raw, () => undefined);
      reply.header('X-Request-Id', request.id);
      void instance.errorHandler(error, request, reply);
    },
  });
  instance.server.maxConnections = env.MAX_CONNECTIONS;
  limitConnectionsPerAddress(instance.server, env.MAX_CONNECTIONS_PER_ADDRESS, trustedPeer(env.TRUST_PROXY));
  instance.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, done as (err?: unknown) => void),
  );
  useJsonBodies(instance);
  instance.addHook('onSend', responseConventions);
  const adapter = new FastifyAdapter(instance);
  instance.addHook('onRequest', (request, reply, done: HookHandlerDoneFunction) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  return adapter;
}
