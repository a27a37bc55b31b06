/**
 * How many live streams each holder has open on this node (docs/architecture.md,
 * "Live streams"): a stream with a bearer token counts against its account
 * (STREAMS_PER_USER), an anonymous one against its client address
 * (STREAMS_PER_ADDRESS, the address the rate limits use: IPv6 by its /64). The counts are kept
 * in memory: each node holds its own.
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { addressBucket } from '../../common/address-bucket.js';
import type { Principal } from '../../security/index.js';
import { TooManyStreamsError } from '../model/match.errors.js';

/** Who holds a stream: the account of its token (the stream lives as long as the token), else the client address. */
export type StreamHolder = { readonly principal: Principal } | { readonly address: string };

/** The holder of a stream opened by `principal` (null: anonymous) from `address` (counted as addressBucket counts it). */
export function streamHolder(principal: Principal | null, address: string): StreamHolder {
  return principal === null ? { address: addressBucket(address) } : { principal };
}

/** The Retry-After of a refusal: a stream is freed when its client goes, which nothing here foresees. */
const RETRY_AFTER_SECONDS = 5;

@Injectable()
export class StreamSlots {
  private readonly open = new Map<string, number>();
  private readonly perUser: number;
  private readonly perAddress: number;

  constructor(config: ConfigService<Environment, true>) {
    this.perUser = config.get('STREAMS_PER_USER', { infer: true });
    this.perAddress = config.get('STREAMS_PER_ADDRESS', { infer: true });
  }

  /**
   * Counts a new stream of `holder`, or refuses it (TooManyStreamsError) when the holder has
   * its limit open; answers the function that frees the slot (the second call does nothing).
   */
  take(holder: StreamHolder): () => void {
    const byUser = 'principal' in holder;
    const key = byUser ? `user ${holder.principal.userId}` : `address ${holder.address}`;
    const limit = byUser ? this.perUser : this.perAddress;
    const count = this.open.get(key) ?? 0;
    if (count >= limit) {
      throw new TooManyStreamsError(byUser ? 'account' : 'client address', limit, RETRY_AFTER_SECONDS);
    }
    this.open.set(key, count + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }
}
