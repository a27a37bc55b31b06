import { Injectable } from '@nestjs/common';

/** A moderator's warning as the warned player sees it (docs/moderation.md, "Warnings"). */
export interface AccountWarning {
  readonly id: string;
  readonly reason: string;
  readonly createdAt: Date;
}

/** Reads the warnings given to `userId` after `after` (null: all), oldest first. */
export type WarningsSource = (userId: string, after: Date | null) => Promise<AccountWarning[]>;

/**
 * Where the account's own view finds its unseen warnings (docs/moderation.md, "Warnings"). The
 * moderators' log is moderation's, a module above users: it hands its reader in when it starts
 * (readFrom), so users never imports it. Without moderation there are no warnings.
 */
@Injectable()
export class AccountWarnings {
  private source: WarningsSource = () => Promise.resolve([]);

  readFrom(source: WarningsSource): void {
    this.source = source;
  }

  /** The warnings of `userId` given after `seenAt` (null: never seen), oldest first. */
  unseen(userId: string, seenAt: Date | null): Promise<AccountWarning[]> {
    return this.source(userId, seenAt);
  }
}
