import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RequestDetails } from 'web-push';
import type { OutboundAgents } from '../core/outbound-agent.js';

/** How long a push service has to answer, in milliseconds, before the try fails (and is retried). */
export const PUSH_TIMEOUT_MS = 10_000;

/** The push service's answer to one push: its status only (its body says nothing the service uses). */
export interface PushAnswer {
  readonly status: number;
}

/**
 * Sends one push request as web-push made it (encrypted payload, VAPID Authorization, TTL,
 * Urgency) through the outbound agents, which refuse private addresses after DNS resolution
 * (docs/web-push.md, "Addresses"). web-push's own sender takes only an https.Agent and would fall
 * back to Node's default agent with any other, so the service sends the request itself. A
 * redirect is an answer like any other, never followed. Rejects on a network error or a timeout.
 */
export function sendPushRequest(details: RequestDetails, agents: OutboundAgents): Promise<PushAnswer> {
  const url = new URL(details.endpoint);
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: details.method, headers: details.headers, agent: agents.for(url) }, (res) => {
      res.resume(); // the body is drained and dropped
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.setTimeout(PUSH_TIMEOUT_MS, () =>
      req.destroy(new Error(`the push service did not answer in ${PUSH_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}
