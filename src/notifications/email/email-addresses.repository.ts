import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SqlClient } from '../../database/sql-client.js';
import type { OpenTransaction } from '../core/notification-queue.js';
import { addressKey } from './address-key.js';

/** An account's verified address. */
export interface VerifiedAddress {
  readonly userId: string;
  readonly address: string;
  /** Signs the one-click unsubscribe links of the account's mail. */
  readonly unsubscribeKey: Buffer;
}

interface Row {
  userId: string;
  address: string;
  unsubscribeKey: Buffer | Uint8Array;
}

const COLUMNS = `user_id::text AS "userId", address, unsubscribe_key AS "unsubscribeKey"`;

const toAddress = (row: Row): VerifiedAddress => ({ ...row, unsubscribeKey: Buffer.from(row.unsubscribeKey) });

/** The accounts' verified addresses (`email_addresses`): one account per address. */
@Injectable()
export class EmailAddressesRepository {
  constructor(private readonly sql: SqlClient) {}

  async of(userId: string): Promise<VerifiedAddress | null> {
    const [row] = await this.sql.query<Row>(`SELECT ${COLUMNS} FROM email_addresses WHERE user_id = $1::uuid`, [
      userId,
    ]);
    return row ? toAddress(row) : null;
  }

  /** The verified addresses of the accounts `userIds`, by account; on `sql` when given. */
  async ofUsers(userIds: readonly string[], sql: OpenTransaction = this.sql): Promise<Map<string, VerifiedAddress>> {
    if (userIds.length === 0) return new Map();
    const rows = await sql.query<Row>(`SELECT ${COLUMNS} FROM email_addresses WHERE user_id = ANY($1::uuid[])`, [
      [...new Set(userIds)],
    ]);
    return new Map(rows.map((row) => [row.userId, toAddress(row)]));
  }

  /** The account that verified `address` (whatever its case); null when none did. */
  async holderOf(address: string): Promise<VerifiedAddress | null> {
    const [row] = await this.sql.query<Row>(`SELECT ${COLUMNS} FROM email_addresses WHERE address_key = $1`, [
      addressKey(address),
    ]);
    return row ? toAddress(row) : null;
  }

  /**
   * Makes `address` the account's verified address, in one transaction: another account that held
   * it loses it (whoever proved control of the mailbox last has it; docs/email.md, "One account
   * per address"). Answers the account's address before, null when it had none. The account's
   * unsubscribe key stays while the address stays (verified again, in another letter case); another
   * address gets a new key, so the one-click links of the mail sent to the old one stop working
   * (docs/email.md, "Unsubscribing"): whoever reads that mailbox no longer decides this one's mail.
   * Accounts taking one address at the same moment take it in turn (a transaction lock on the
   * address's key, taken first), so the last removes the row of the one before, and none meets
   * another's uncommitted row in the unique index.
   */
  async take(userId: string, address: string, now: Date): Promise<string | null> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SELECT true AS locked FROM pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        addressKey(address),
      ]);
      const [before] = await tx.query<{ address: string }>(
        `SELECT address FROM email_addresses WHERE user_id = $1::uuid FOR UPDATE`,
        [userId],
      );
      await tx.query(`DELETE FROM email_addresses WHERE address_key = $1 AND user_id <> $2::uuid`, [
        addressKey(address),
        userId,
      ]);
      await tx.query(
        `INSERT INTO email_addresses (user_id, address, address_key, verified_at, unsubscribe_key)
         VALUES ($1::uuid, $2, $3, $4::timestamptz, decode($5, 'hex'))
         ON CONFLICT (user_id) DO UPDATE
           SET address = EXCLUDED.address, address_key = EXCLUDED.address_key, verified_at = EXCLUDED.verified_at,
               unsubscribe_key = CASE WHEN email_addresses.address_key = EXCLUDED.address_key
                                      THEN email_addresses.unsubscribe_key ELSE EXCLUDED.unsubscribe_key END`,
        [userId, address.trim(), addressKey(address), now.toISOString(), randomBytes(32).toString('hex')],
      );
      return before?.address ?? null;
    });
  }

  /** Removes the account's address; false when it had none. */
  async remove(userId: string): Promise<boolean> {
    const rows = await this.sql.query(`DELETE FROM email_addresses WHERE user_id = $1::uuid RETURNING user_id`, [
      userId,
    ]);
    return rows.length > 0;
  }
}
