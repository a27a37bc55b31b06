import { Module } from '@nestjs/common';
import { HouseBotPolicy } from './house-bot-policy.js';

/**
 * The house bots' catalogue and policy (docs/bots.md, "Who plays what"): a low module that the
 * users, matches and bots modules all build on. The external player it asks about is provided to
 * the whole application by GNU Backgammon's module (src/bots/gnubg), when the service has it.
 */
@Module({ providers: [HouseBotPolicy], exports: [HouseBotPolicy] })
export class HouseBotsModule {}
