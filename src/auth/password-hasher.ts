import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id password hashes (PHC strings). */
@Injectable()
export class PasswordHasher {
  /** Verified against when the user does not exist, so both answers take the same time. */
  private readonly dummy = argon2.hash('not-a-real-password: timing equaliser', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    try {
      const ok = await argon2.verify(hash ?? (await this.dummy), password);
      return ok && hash !== undefined;
    } catch {
      return false;
    }
  }
}
