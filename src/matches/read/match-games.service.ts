/**
 * A match's games and their turns (docs/architecture.md, "Games and turns"),
 * read back from the whole event log; readable by anyone, as the match is.
 */
import { Injectable } from '@nestjs/common';
import { newMatch } from '../../engine/index.js';
import { GameNotFoundError } from '../model/match.errors.js';
import { gamesOf, type GameRecordView, type GameWithTurns } from '../view/match-games.js';
import { MatchStore } from '../core/match-store.js';

/** Events read per query. */

@Injectable()
export class MatchGamesService {
  constructor(private readonly store: MatchStore) {}

  async games(id: string): Promise<{ games: GameRecordView[] }> {
    return { games: (await this.all(id)).map(({ game }) => game) };
  }

  async game(id: string, gameNumber: number): Promise<GameWithTurns> {
    const found = (await this.all(id)).find(({ game }) => game.number === gameNumber);
    if (found === undefined) throw new GameNotFoundError(id, gameNumber);
    return found;
  }

  private async all(id: string): Promise<GameWithTurns[]> {
    const record = await this.store.record(id);
    const events = (await this.store.events(record)).map((stored) => stored.event);
    return gamesOf(newMatch({ variant: record.variant, length: record.length, rules: record.rules }), events);
  }
}
