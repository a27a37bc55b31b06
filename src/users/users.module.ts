import { Module } from '@nestjs/common';
import { SecurityModule } from '../security/security.module.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import { HouseBotPolicy } from './house-bot-policy.js';
import { HouseBotsController } from './house-bots.controller.js';
import { HouseBotsService } from './house-bots.service.js';

/** Registration, accounts (players' and bots'), public profiles, and which house bot plays what. */
@Module({
  imports: [SecurityModule],
  controllers: [UsersController, HouseBotsController],
  providers: [UsersService, UsersRepository, HouseBotPolicy, HouseBotsService],
  exports: [UsersRepository, HouseBotPolicy],
})
export class UsersModule {}
