import { Injectable } from '@nestjs/common';
import { IdPipe } from '../../common/id-pipe.js';
import { TournamentNotFoundError } from '../model/tournament.errors.js';

/** A tournament id in a path: not a UUID names no tournament (404 `tournament-not-found`), as an unknown one. */
@Injectable()
export class TournamentIdPipe extends IdPipe {
  constructor() {
    super(() => new TournamentNotFoundError());
  }
}
