import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundAgents } from './outbound-agent.js';

/**
 * The agents judge each connection's address as registration does (docs/notifications.md,
 * "Addresses the service calls"): an IP host before connecting, a name once resolved, an IPv6
 * address carrying an IPv4 one as that.
 */
let server: Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(agents: OutboundAgents, host: string): Promise<number | string> {
  const url = `http://${host}:${port}/`;
  return new Promise((resolve) => {
    const req = request(url, { agent: agents.for(url) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(5000, () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve(error.message));
    req.end();
  });
}

describe('the outbound agents', () => {
  const strict = new OutboundAgents(false);
  const lenient = new OutboundAgents(true);
  afterAll(() => {
    strict.destroy();
    lenient.destroy();
  });

  it('refuse a loopback address in any form, and a name resolving to one, when private addresses are not allowed', async () => {
    const before = hits;
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '[::127.0.0.1]', '[2002:7f00:1::]', 'localhost']) {
      expect([host, await get(strict, host)]).toEqual([host, expect.stringContaining('is not allowed')]);
    }
    expect(hits).toBe(before);
  });

  it('reach this machine where private addresses are allowed, but never a metadata service in any form', async () => {
    expect(await get(lenient, '127.0.0.1')).toBe(200);
    expect(await get(lenient, '[::ffff:127.0.0.1]')).toBe(200);
    expect(await get(lenient, 'localhost')).toBe(200);
    for (const host of [
      '169.254.169.254',
      '[::169.254.169.254]',
      '[64:ff9b::a9fe:a9fe]',
      '[64:ff9b::100.100.100.200]',
      '[::ffff:0:a9fe:a9fe]',
      '[2002:a9fe:a9fe::1]',
      '[fd00:ec2::254]',
      '0.0.0.0',
    ]) {
      expect([host, await get(lenient, host)]).toEqual([host, expect.stringContaining('is not allowed')]);
    }
  });
});
