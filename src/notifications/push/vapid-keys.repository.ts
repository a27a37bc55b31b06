import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';

/** A VAPID key pair, base64url (as web-push makes and takes them). */
export interface VapidKeyPair {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** The generated VAPID key pair (`vapid_keys`, one row with id 1). */
@Injectable()
export class VapidKeysRepository {
  constructor(private readonly sql: SqlClient) {}

  /**
   * The pair kept, storing `candidate` first if there is none: nodes starting at once each try
   * their own, the first insert wins (ON CONFLICT DO NOTHING) and every node reads that one back.
   */
  async keepFirst(candidate: VapidKeyPair, now: Date): Promise<VapidKeyPair> {
    await this.sql.query(
      `INSERT INTO vapid_keys (id, public_key, private_key, created_at) VALUES (1, $1, $2, $3::timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [candidate.publicKey, candidate.privateKey, now.toISOString()],
    );
    const [kept] = await this.sql.query<VapidKeyPair>(
      `SELECT public_key AS "publicKey", private_key AS "privateKey" FROM vapid_keys WHERE id = 1`,
    );
    return kept;
  }
}
