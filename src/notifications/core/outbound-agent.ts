import type { Agent } from 'node:http';
import type { OnModuleDestroy } from '@nestjs/common';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** The instance-metadata services of the clouds (AWS, ECS, Alibaba, AWS over IPv6): never called. */
export const CLOUD_METADATA_ADDRESSES = [
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  'fd00:ec2::254',
] as const;

/**
 * The HTTP agents every outbound delivery (webhooks, web push) connects
 * through (docs/notifications.md, "Addresses the service calls"): after DNS
 * resolution, each connection's address is checked, and loopback, private,
 * link-local, unique-local and cloud-metadata addresses are refused unless
 * WEBHOOK_ALLOW_PRIVATE_ADDRESSES is true (metadata addresses stay refused even
 * then). request-filtering-agent does the check at connect time, so a name
 * that resolves to a public address when registered and to a private one
 * later is refused then. Redirects are never followed by the callers.
 */
export class OutboundAgents implements OnModuleDestroy {
  readonly http: Agent;
  readonly https: Agent;

  constructor(readonly allowPrivateAddresses: boolean) {
    const filter = {
      allowPrivateIPAddress: allowPrivateAddresses,
      allowMetaIPAddress: false,
      // The library's "meta" addresses are 0.0.0.0 and :: only; the clouds' metadata services are
      // refused by name here, even where private addresses are allowed.
      denyIPAddressList: [...CLOUD_METADATA_ADDRESSES],
      keepAlive: true,
    };
    this.http = new RequestFilteringHttpAgent(filter);
    this.https = new RequestFilteringHttpsAgent(filter);
  }

  /** The agent for `url`'s scheme. */
  for(url: URL | string): Agent {
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
