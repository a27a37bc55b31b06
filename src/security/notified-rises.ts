import type { Logger } from '@nestjs/common';
import type { Notifications } from '../database/notifications.js';

/** Where a node keeps its values: a Map, or a cache that also forgets. */
export interface RisingValues {
  get(key: string): number | undefined;
  set(key: string, value: number): unknown;
}

/**
 * A number per key that only rises (a value lower than or equal to the one known changes nothing),
 * held in memory by every node: the node that raises one takes it at once and tells the others by
 * NOTIFY on `channel` (payload `<key> <value>`), which take it a notification later. The token
 * versions of accounts and the revoked refresh families (docs/architecture.md, "Refresh tokens")
 * are kept so; `raised` hears of each value taken, with the one it replaced.
 */
export class NotifiedRises {
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly channel: string,
    private readonly values: RisingValues,
    private readonly raised: (key: string, value: number, before: number | undefined) => void,
    private readonly notifications: Notifications,
    private readonly logger: Logger,
  ) {}

  /** Listens for the other nodes' raises; when it cannot, logs `notListening` (what this node may miss). */
  async listen(notListening: string): Promise<void> {
    try {
      this.stopListening = await this.notifications.listen(this.channel, (payload) => this.heard(payload));
    } catch (err) {
      this.logger.error({ err }, notListening);
    }
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  /** A raise made on this node: taken at once, and told to the others (a failed NOTIFY is logged with `notTold`). */
  async raise(key: string, value: number, notTold: string): Promise<void> {
    this.take(key, value);
    await this.notifications.notify(this.channel, `${key} ${value}`).catch((err: unknown) => {
      this.logger.error({ err }, notTold);
    });
  }

  /** Keeps the higher of the value known for `key` and `value`. */
  take(key: string, value: number): void {
    const known = this.values.get(key);
    if (known !== undefined && known >= value) return;
    this.values.set(key, value);
    this.raised(key, value, known);
  }

  private heard(payload: string): void {
    const [key, text] = payload.split(' ');
    const value = Number(text);
    if (key && Number.isSafeInteger(value)) this.take(key, value);
  }
}
