import { Injectable, type PipeTransform } from '@nestjs/common';
import { isUuid } from '../../common/uuid.js';
import { MatchNotFoundError } from '../model/match.errors.js';

/**
 * Checks an `{id}` path parameter that names a match, once, where the request
 * comes in: every match id is a UUID, so a string that is not one names no
 * match (404 `match-not-found`, as an unknown id), and what lies behind the
 * controllers is only ever given UUIDs.
 */
@Injectable()
export class MatchIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw new MatchNotFoundError(value);
    return value;
  }
}
