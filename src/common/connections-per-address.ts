import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressBucket } from './address-bucket.js';

/**
 * Holds each client address to `limit` open connections on this node (docs/architecture.md,
 * "HTTP"; MAX_CONNECTIONS_PER_ADDRESS): a connection beyond is closed as it is accepted, before a
 * byte of it is read and without an answer, as one beyond MAX_CONNECTIONS is. Addresses count as
 * every per-address limit counts them (addressBucket: IPv6 by its /64, IPv4-mapped as IPv4). The
 * address is the socket's peer, the only one known when a connection comes; a peer `exempt` names
 * (a proxy TRUST_PROXY trusts, which carries many clients' requests) is not held to it. A
 * connection counts until it closes, however it does.
 */
export function limitConnectionsPerAddress(server: Server, limit: number, exempt: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    const bucket = addressBucket(address);
    const count = open.get(bucket) ?? 0;
    if (count >= limit) {
      socket.destroy();
      return;
    }
    open.set(bucket, count + 1);
    socket.once('close', () => {
      const left = (open.get(bucket) ?? 1) - 1;
      if (left > 0) open.set(bucket, left);
      else open.delete(bucket);
    });
  });
}
