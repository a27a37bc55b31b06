import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/index.js';
import { SecurityModule } from '../security/index.js';
import { MatchBoardController } from './match-board.controller.js';
import { PicturesService } from './pictures.service.js';
import { PositionBoardController } from './position-board.controller.js';

/** Board pictures (SVG) of a match after any event and of any position (docs/architecture.md). */
@Module({
  imports: [MatchesModule, SecurityModule],
  controllers: [MatchBoardController, PositionBoardController],
  providers: [PicturesService],
})
export class PicturesModule {}
