import { Module } from '@nestjs/common';
import { BlocksController } from './blocks/blocks.controller.js';
import { BlocksRepository } from './blocks/blocks.repository.js';
import { BlocksService } from './blocks/blocks.service.js';
import { AccountClosingRepository } from './account-closing.repository.js';
import { SecurityModule } from '../security/index.js';
import { ApiTokensController } from './api-tokens.controller.js';
import { ApiTokensService } from './api-tokens.service.js';
import { UsersController } from './users.controller.js';
import { AccountModerationController } from './account-moderation.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import { AccountWarnings } from './account-warnings.js';
import { HouseBotsModule } from '../house-bots/index.js';
import { HouseBotsController } from './house-bots.controller.js';
import { HouseBotsService } from './house-bots.service.js';

/** Registration, accounts (players' and bots') and their personal API tokens, blocks, public profiles, and which house bot plays what. */
@Module({
  imports: [SecurityModule, HouseBotsModule],
  controllers: [
    AccountModerationController,
    UsersController,
    HouseBotsController,
    ApiTokensController,
    BlocksController,
  ],
  providers: [
    ApiTokensService,
    UsersService,
    UsersRepository,
    BlocksRepository,
    BlocksService,
    AccountClosingRepository,
    HouseBotsService,
    AccountWarnings,
  ],
  exports: [UsersRepository, BlocksRepository, BlocksService, AccountClosingRepository, AccountWarnings],
})
export class UsersModule {}
