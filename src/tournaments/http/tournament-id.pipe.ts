import { Injectable, type PipeTransform } from '@nestjs/common';
import { isUuid } from '../../common/uuid.js';
import { TournamentNotFoundError } from '../model/tournament.errors.js';

/** A tournament id in a path: not a UUID names no tournament (404 `tournament-not-found`), as an unknown one. */
@Injectable()
export class TournamentIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw new TournamentNotFoundError();
    return value;
  }
}
