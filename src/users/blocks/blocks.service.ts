import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import type { Page, PageRequest } from '../../common/page-cursor.js';
import { UserNotFoundError } from '../user.errors.js';
import { UsersRepository } from '../users.repository.js';
import { BlockedError, CannotBlockSelfError, TooManyBlocksError } from './blocks.errors.js';
import { BlocksRepository, type Block } from './blocks.repository.js';

/** How many players an account may block (docs/community.md, "Blocks"). */
export const BLOCKS_PER_ACCOUNT = 500;

/**
 * Blocking and unblocking players, the blocker's list, and the one check the use cases that a block
 * refuses make (docs/community.md, "Blocks"): an invitation, a join of an open challenge, an entry to
 * a tournament, a message.
 */
@Injectable()
export class BlocksService {
  constructor(
    private readonly blocks: BlocksRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  /** `blockerId` blocks `username`: again is nothing (the first time is kept); past the cap, TooManyBlocksError. */
  async block(blockerId: string, username: string): Promise<void> {
    const blockedId = await this.other(blockerId, username);
    const outcome = await this.blocks.block(blockerId, blockedId, this.clock.now(), BLOCKS_PER_ACCOUNT);
    if (outcome === 'too-many') throw new TooManyBlocksError(BLOCKS_PER_ACCOUNT);
  }

  /** `blockerId` unblocks `username`; nothing when there was no block. */
  async unblock(blockerId: string, username: string): Promise<void> {
    await this.blocks.unblock(blockerId, await this.other(blockerId, username));
  }

  async list(blockerId: string, page: PageRequest): Promise<Page<Block>> {
    return this.blocks.listOf(blockerId, page);
  }

  /**
   * Refuses (BlockedError) what `actorId` asks of `partyId` when `partyId` has blocked them: the
   * refusal names nobody, as any refused request reads.
   */
  async refuseIfBlocked(partyId: string, actorId: string): Promise<void> {
    if (await this.blocks.blocks(partyId, actorId)) throw new BlockedError();
  }

  /** The account named `username`, not the blocker's own. */
  private async other(blockerId: string, username: string): Promise<string> {
    const other = await this.users.findByUsername(username);
    if (other === null) throw new UserNotFoundError(username);
    if (other.id === blockerId) throw new CannotBlockSelfError();
    return other.id;
  }
}
