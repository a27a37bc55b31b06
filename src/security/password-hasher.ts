import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import argon2, { type HashOptions } from 'argon2';
import type { Environment } from '../config/environment.js';
import { PasswordWorkQueue } from './password-work-queue.js';

/**
 * argon2id password hashes (PHC strings), with PASSWORD_HASH_MEMORY_KIB and
 * PASSWORD_HASH_PASSES. At most PASSWORD_HASH_CONCURRENCY computations run at
 * once, logins ahead of registrations (PasswordWorkQueue).
 */
@Injectable()
export class PasswordHasher {
  private readonly queue: PasswordWorkQueue;
  private readonly options: HashOptions;
  /** Verified against when the user does not exist, so both answers take the same time (the same settings). */
  private readonly dummy: Promise<string>;

  constructor(config: ConfigService<Environment, true>) {
    this.queue = new PasswordWorkQueue(config.get('PASSWORD_HASH_CONCURRENCY', { infer: true }));
    this.options = {
      type: argon2.argon2id,
      memoryCost: config.get('PASSWORD_HASH_MEMORY_KIB', { infer: true }),
      timeCost: config.get('PASSWORD_HASH_PASSES', { infer: true }),
    };
    this.dummy = argon2.hash('not-a-real-password: timing equaliser', this.options);
  }

  hash(password: string): Promise<string> {
    return this.queue.run('hash', () => argon2.hash(password, this.options));
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      const against = hash ?? (await this.dummy);
      const ok = await this.queue.run('verify', () => argon2.verify(against, password));
      return ok && hash !== undefined;
    } catch {
      return false;
    }
  }
}
