import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import argon2 from 'argon2';
import type { Environment } from '../config/environment.js';
import { PasswordWorkQueue } from './password-work-queue.js';

/**
 * argon2id password hashes (PHC strings). At most PASSWORD_HASH_CONCURRENCY
 * computations run at once, logins ahead of registrations (PasswordWorkQueue).
 */
@Injectable()
export class PasswordHasher {
  private readonly queue: PasswordWorkQueue;
  /** Verified against when the user does not exist, so both answers take the same time. */
  private readonly dummy = argon2.hash('not-a-real-password: timing equaliser', { type: argon2.argon2id });

  constructor(config: ConfigService<Environment, true>) {
    this.queue = new PasswordWorkQueue(config.get('PASSWORD_HASH_CONCURRENCY', { infer: true }));
  }

  hash(password: string): Promise<string> {
    return this.queue.run('hash', () => argon2.hash(password, { type: argon2.argon2id }));
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
