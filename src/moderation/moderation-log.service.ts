import { Injectable } from '@nestjs/common';
import type { PageRequest } from '../common/page-cursor.js';
import { UserNotFoundError, UsersRepository } from '../users/index.js';
import { ModerationLogEntryDto, type ModerationLogPageDto } from './http/dto/moderation-entry.dto.js';
import { ModerationLogRepository } from './moderation-log.repository.js';

/** Reading the moderation log (docs/moderation.md, "The log"): the moderators' view and the account's own. */
@Injectable()
export class ModerationLogService {
  constructor(
    private readonly log: ModerationLogRepository,
    private readonly users: UsersRepository,
  ) {}

  /** A page of the whole log, or of the entries on `username`, newest first. */
  async page(username: string | null, page: PageRequest): Promise<ModerationLogPageDto> {
    let targetId: string | null = null;
    if (username !== null) {
      const target = await this.users.findByUsername(username);
      if (target === null) throw new UserNotFoundError(username);
      targetId = target.id;
    }
    const found = await this.log.page(page, targetId);
    return { items: found.items.map((entry) => ModerationLogEntryDto.of(entry)), next: found.next };
  }

  /** A page of the actions on the caller's own account, newest first, the moderators not named. */
  async own(userId: string, page: PageRequest): Promise<ModerationLogPageDto> {
    const found = await this.log.page(page, userId);
    return { items: found.items.map((entry) => ModerationLogEntryDto.of(entry, false)), next: found.next };
  }
}
