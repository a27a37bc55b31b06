import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { UsersModule } from '../users/index.js';
import { MatchMessagesController } from './messages/match-messages.controller.js';
import { MatchMessagesRepository } from './messages/match-messages.repository.js';
import { MatchMessagesService } from './messages/match-messages.service.js';

/** What players say to and of each other (docs/community.md): match messages, reports. */
@Module({
  imports: [SecurityModule, MatchesModule, UsersModule],
  controllers: [MatchMessagesController],
  providers: [MatchMessagesService, MatchMessagesRepository],
})
export class CommunityModule {}
