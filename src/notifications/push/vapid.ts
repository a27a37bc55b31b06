import { createECDH } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import webpush from 'web-push';
import { Clock } from '../../common/clock.js';
import type { Environment } from '../../config/environment.js';
import { VapidKeysRepository, type VapidKeyPair } from './vapid-keys.repository.js';

/** What signs a push (RFC 8292): the key pair, and who the push services may contact about this sender. */
export interface VapidDetails extends VapidKeyPair {
  readonly subject: string;
}

/** `mailto:` the address of a From such as `Nardy <nardy@example.com>` (or a bare address). */
export function mailtoOf(from: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
  return `mailto:${address}`;
}

/** Whether `pair` is one P-256 key pair: the private key's public key is the public key given. */
export function isVapidKeyPair(pair: VapidKeyPair): boolean {
  const privateKey = Buffer.from(pair.privateKey, 'base64url');
  if (privateKey.length !== 32) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    return ecdh.getPublicKey().equals(Buffer.from(pair.publicKey, 'base64url'));
  } catch {
    return false; // not a key of the curve
  }
}

/**
 * The VAPID details the service signs its pushes with (docs/web-push.md, "VAPID"): the configured
 * pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither, checked at boot), otherwise one made
 * at the first start and kept in the database, so that every node and every restart signs with the
 * key the browsers subscribed with (a new key would make every subscription useless).
 */
@Injectable()
export class Vapid implements OnModuleInit {
  private details: VapidDetails | null = null;

  constructor(
    private readonly config: ConfigService<Environment, true>,
    private readonly keys: VapidKeysRepository,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    const publicKey = this.config.get('VAPID_PUBLIC_KEY', { infer: true });
    const privateKey = this.config.get('VAPID_PRIVATE_KEY', { infer: true });
    const pair =
      publicKey && privateKey
        ? { publicKey, privateKey }
        : await this.keys.keepFirst(webpush.generateVAPIDKeys(), this.clock.now());
    // A pair that does not sign would fail every push: the service does not start with one.
    if (!isVapidKeyPair(pair))
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one P-256 key pair (docs/web-push.md, "VAPID")');
    const subject = this.config.get('VAPID_SUBJECT', { infer: true }) ?? mailtoOf(this.config.get('MAIL_FROM'));
    this.details = { ...pair, subject };
  }

  /** The key pair and subject; known once the module has started. */
  get current(): VapidDetails {
    if (this.details === null) throw new Error('the VAPID keys are read when the push module starts');
    return this.details;
  }
}
