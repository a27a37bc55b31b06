import { Injectable } from '@nestjs/common';
import { IdPipe } from '../../common/id-pipe.js';
import { MatchNotFoundError } from '../model/match.errors.js';

/** A match id in a path: not a UUID names no match (404 `match-not-found`, as an unknown id). */
@Injectable()
export class MatchIdPipe extends IdPipe {
  constructor() {
    super((value) => new MatchNotFoundError(value));
  }
}
