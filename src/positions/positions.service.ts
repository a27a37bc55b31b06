import { Injectable } from '@nestjs/common';
import { encodePositionId, legalPlays, swapSides, type Dice } from '../engine/index.js';
import type { LegalPlaysRequestDto } from './dto/legal-plays-request.dto.js';
import type { LegalPlaysResponseDto } from './dto/legal-plays-response.dto.js';
import { readPositionInput } from './position-input.js';

/** Stateless analysis on the rules engine. */
@Injectable()
export class PositionsService {
  legalPlays(request: LegalPlaysRequestDto): LegalPlaysResponseDto {
    const position = readPositionInput(request.variant, request.position);
    const plays = legalPlays(request.variant, position, request.dice as unknown as Dice, {
      firstTurn: request.firstTurn ?? false,
    });
    return {
      plays: plays.map((play) => ({
        moves: play.moves.map((m) => ({ from: m.from, to: m.to })),
        text: play.text,
        position: play.position as LegalPlaysResponseDto['plays'][number]['position'],
        ...(request.variant === 'backgammon' ? { positionId: encodePositionId(swapSides(play.position)) } : {}),
      })),
    };
  }
}
