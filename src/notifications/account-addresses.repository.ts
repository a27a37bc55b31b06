import { Injectable } from '@nestjs/common';
import { SqlClient } from '../database/sql-client.js';

/**
 * Where notifications reach an account, as its export shows it (docs/accounts.md, "Your data"): the
 * e-mail address, the push subscriptions' endpoints (no keys), the webhooks (no secrets), the
 * preferences by kind.
 */
export interface AccountAddresses {
  readonly email: { readonly address: string; readonly verifiedAt: string } | null;
  readonly pushSubscriptions: readonly { readonly endpoint: string; readonly createdAt: string }[];
  readonly webhooks: readonly {
    readonly id: string;
    readonly url: string;
    readonly label: string | null;
    readonly events: readonly string[];
    readonly createdAt: string;
    readonly disabledAt: string | null;
  }[];
  readonly preferences: readonly { readonly kind: string; readonly email: string; readonly push: boolean }[];
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** What notifications hold of an account, for the export of its data. */
@Injectable()
export class AccountAddressesRepository {
  constructor(private readonly sql: SqlClient) {}

  async of(userId: string): Promise<AccountAddresses> {
    const [emails, pushes, hooks, preferences] = await Promise.all([
      this.sql.query<{ address: string; verifiedAt: Date | string }>(
        `SELECT address, verified_at AS "verifiedAt" FROM email_addresses WHERE user_id = $1::uuid`,
        [userId],
      ),
      this.sql.query<{ endpoint: string; createdAt: Date | string }>(
        `SELECT endpoint, created_at AS "createdAt" FROM push_subscriptions WHERE user_id = $1::uuid
          ORDER BY created_at, id`,
        [userId],
      ),
      this.sql.query<{
        id: string;
        url: string;
        label: string | null;
        events: string[];
        createdAt: Date | string;
        disabledAt: Date | string | null;
      }>(
        `SELECT id, url, label, events, created_at AS "createdAt", disabled_at AS "disabledAt" FROM webhooks
          WHERE user_id = $1::uuid ORDER BY created_at, id`,
        [userId],
      ),
      this.sql.query<{ kind: string; email: string; push: boolean }>(
        `SELECT kind, email, push FROM notification_preferences WHERE user_id = $1::uuid ORDER BY kind`,
        [userId],
      ),
    ]);
    const [email] = emails;
    return {
      email: email === undefined ? null : { address: email.address, verifiedAt: iso(email.verifiedAt)! },
      pushSubscriptions: pushes.map((p) => ({ endpoint: p.endpoint, createdAt: iso(p.createdAt)! })),
      webhooks: hooks.map((h) => ({ ...h, createdAt: iso(h.createdAt)!, disabledAt: iso(h.disabledAt) })),
      preferences,
    };
  }
}
