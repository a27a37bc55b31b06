import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import webpush from 'web-push';
import type { Environment } from '../../config/environment.js';
import { NotificationChannel, type RetryPolicy } from '../core/notification-channel.js';
import { ACCOUNT_KIND, type Notification } from '../core/notification.js';
import type { OpenTransaction } from '../core/notification-queue.js';
import { OutboundAgents } from '../core/outbound-agent.js';
import { NotificationPreferences } from '../preferences/notification-preferences.js';
import { pushPayloadOf, topicOf, urgencyOf } from './push-payload.js';
import { sendPushRequest } from './push-request.js';
import { PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import { Vapid } from './vapid.js';

/** How long a push service keeps a push for an offline browser, in seconds: a day (RFC 8030 TTL). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** The push service's answers that mean the subscription is gone for good (RFC 8030, "Subscription Expiration"). */
const GONE = new Set([404, 410]);

/**
 * Web push (docs/web-push.md): a notification goes to every browser the account has turned
 * notifications on in, when its preferences want the kind by push; never account mail. Each push is
 * encrypted to the browser's keys (aes128gcm, RFC 8291) and signed with the service's VAPID key
 * (RFC 8292) by web-push, and sent through the outbound agents.
 */
@Injectable()
export class PushChannel extends NotificationChannel {
  readonly name = 'push' as const;
  /** Retries after 1, 2, 4, ... minutes up to an hour apart: about five hours in all, then the dead letters. */
  readonly retry: RetryPolicy = { retries: 10, delaySeconds: 60, maxDelaySeconds: 3600 };
  private readonly logger = new Logger('PushChannel');
  private readonly publicUrl: string;

  constructor(
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly preferences: NotificationPreferences,
    private readonly vapid: Vapid,
    private readonly agents: OutboundAgents,
    config: ConfigService<Environment, true>,
  ) {
    super();
    this.publicUrl =
      config.get('PUBLIC_URL', { infer: true }) ?? `http://localhost:${config.get('PORT', { infer: true })}`;
  }

  async destinationsOf(
    notifications: readonly Notification[],
    sql?: OpenTransaction,
  ): Promise<ReadonlyArray<readonly string[]>> {
    const matchNotifications = notifications.filter((n) => n.kind !== ACCOUNT_KIND);
    const subscriptions = await this.subscriptions.idsOfUsers(
      matchNotifications.map((n) => n.userId),
      sql,
    );
    // Preferences only of the accounts with a browser subscribed.
    const preferences = await this.preferences.ofUsers(
      matchNotifications.filter((n) => subscriptions.has(n.userId)).map((n) => n.userId),
      sql,
    );
    return notifications.map((notification) => {
      if (notification.kind === ACCOUNT_KIND) return [];
      const wanted = preferences.get(notification.userId)?.[notification.kind].push ?? false;
      return wanted ? (subscriptions.get(notification.userId) ?? []) : [];
    });
  }

  async deliver(notification: Notification, destination: string): Promise<void> {
    const subscription = await this.subscriptions.find(destination);
    // Turned off since it was queued (or moved to another account): nothing to do.
    if (subscription === null || subscription.userId !== notification.userId) return;
    const { endpoint, p256dh, auth } = subscription;
    const { subject, publicKey, privateKey } = this.vapid.current;
    const request = webpush.generateRequestDetails(
      { endpoint, keys: { p256dh, auth } },
      JSON.stringify(pushPayloadOf(notification, this.publicUrl)),
      {
        vapidDetails: { subject, publicKey, privateKey },
        contentEncoding: 'aes128gcm',
        TTL: PUSH_TTL_SECONDS,
        urgency: urgencyOf(notification.kind),
        topic: topicOf(notification),
      },
    );
    const { status } = await sendPushRequest(request, this.agents);
    if (status >= 200 && status < 300) return;
    if (GONE.has(status)) {
      this.logger.log(`push subscription ${destination} is gone (${status}): removed`);
      await this.subscriptions.deleteGone(destination, endpoint);
      return;
    }
    throw new Error(`the push service answered ${status} for subscription ${destination}`);
  }
}
