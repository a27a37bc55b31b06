import { Injectable } from '@nestjs/common';
import type { HouseBotListDto } from './dto/house-bot.dto.js';
import { HouseBotPolicy } from '../house-bots/index.js';
import { houseBotVariants } from '../house-bots/index.js';
import { UsersRepository } from './users.repository.js';

/** Which house bots there are and which play now (docs/bots.md, "Who plays what"). */
@Injectable()
export class HouseBotsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly policy: HouseBotPolicy,
  ) {}

  async list(): Promise<HouseBotListDto> {
    const items = (await this.users.houseBots()).flatMap(({ username, houseBot, rating }) => {
      if (houseBot === null) return [];
      const unavailableReason = this.policy.unavailable(houseBot);
      const variants = [...houseBotVariants(houseBot)];
      return [{ username, houseBot, variants, available: unavailableReason === null, unavailableReason, rating }];
    });
    return { items };
  }
}
