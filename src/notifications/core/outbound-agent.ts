import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import type { OnModuleDestroy } from '@nestjs/common';
import { refusalOfAddress } from './target-address.js';

export { CLOUD_METADATA_ADDRESSES } from './target-address.js';

type ConnectionCallback = (error: Error | null, stream: Duplex) => void;

/** The error of a connection refused for its address: what a delivery attempt records. */
function refusedError(address: string, host: string, allowPrivate: boolean): Error | null {
  const refusal = refusalOfAddress(address, allowPrivate);
  if (refusal === null) return null;
  const judged = refusal.judged === address ? address : `${address}, carrying ${refusal.judged}`;
  const why =
    refusal.reason === 'never' ? 'a metadata service or the unspecified address' : `a ${refusal.range} address`;
  return new Error(`Connecting to ${judged} (${host}) is not allowed: it is ${why}.`);
}

/**
 * dns.lookup, refusing a name whose addresses include one refusalOfAddress refuses: every address
 * is judged when all are asked for (Happy Eyeballs tries them in turn), so no answer can slip one in.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, options, (error, address: string | LookupAddress[], family?: number) => {
      if (error) return callback(error, address, family);
      for (const found of Array.isArray(address) ? address : [{ address }]) {
        const refused = refusedError(found.address, hostname, allowPrivate);
        if (refused !== null) return callback(refused, address, family);
      }
      callback(null, address, family);
    });
  };
}

/**
 * A connection's options checked before it is made: an IP address given as the host is connected
 * to without a lookup, so it is judged here; a name is judged once resolved (guardedLookup).
 * Returns the error to fail the connection with, or null.
 */
/**
 * A connection's options checked before it is made: an IP address given as the host is connected
 * to without a lookup, so it is judged here (a name is judged once resolved, by guardedLookup).
 * A refused one fails through `callback` (or is thrown when there is none); else `connect` makes it.
 */
function guardedConnection(
  options: ClientRequestArgs,
  callback: ConnectionCallback | undefined,
  allowPrivate: boolean,
  connect: () => Duplex | null | undefined,
): Duplex | null | undefined {
  const host = options.host ?? options.hostname ?? '';
  const refused = isIP(host) === 0 ? null : refusedError(host, host, allowPrivate);
  if (refused === null) return connect();
  if (callback === undefined) throw refused;
  (callback as (error: Error) => void)(refused);
  return undefined;
}

class GuardedHttpAgent extends HttpAgent {
  constructor(private readonly allowPrivate: boolean) {
    super({ keepAlive: true, lookup: guardedLookup(allowPrivate) });
  }

  override createConnection(options: ClientRequestArgs, callback?: ConnectionCallback): Duplex | null | undefined {
    return guardedConnection(options, callback, this.allowPrivate, () => super.createConnection(options, callback));
  }
}

class GuardedHttpsAgent extends HttpsAgent {
  constructor(private readonly allowPrivate: boolean) {
    super({ keepAlive: true, lookup: guardedLookup(allowPrivate) });
  }

  override createConnection(options: ClientRequestArgs, callback?: ConnectionCallback): Duplex | null | undefined {
    return guardedConnection(options, callback, this.allowPrivate, () => super.createConnection(options, callback));
  }
}

/**
 * The HTTP agents every outbound delivery (webhooks, web push) connects through
 * (docs/notifications.md, "Addresses the service calls"). Each connection's address is judged by
 * refusalOfAddress, as registration judges an IP address in a URL: an IP host before connecting,
 * a name once resolved (every address it resolves to), so a name that resolves to a public
 * address when registered and to a private one later is refused then. An IPv6 address carrying
 * an IPv4 one (`::ffff:a.b.c.d`, `64:ff9b::a.b.c.d`, 6to4, Teredo…) is judged as that IPv4
 * address. Loopback, private, link-local and unique-local addresses are refused unless
 * WEBHOOK_ALLOW_PRIVATE_ADDRESSES is true; cloud metadata services and the unspecified address
 * always. Redirects are never followed by the callers.
 */
export class OutboundAgents implements OnModuleDestroy {
  readonly http: HttpAgent;
  readonly https: HttpsAgent;

  constructor(readonly allowPrivateAddresses: boolean) {
    this.http = new GuardedHttpAgent(allowPrivateAddresses);
    this.https = new GuardedHttpsAgent(allowPrivateAddresses);
  }

  /** The agent for `url`'s scheme. */
  for(url: URL | string): HttpAgent {
    return new URL(url).protocol === 'http:' ? this.http : this.https;
  }

  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }

  /** Closes the kept-alive connections when the service stops. */
  onModuleDestroy(): void {
    this.destroy();
  }
}
