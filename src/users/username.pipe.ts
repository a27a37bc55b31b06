import { Injectable, type PipeTransform } from '@nestjs/common';
import { InvalidParameter } from '../common/http-problems.js';
import { USERNAME_PATTERN, USERNAME_RULE } from './username.js';

/** Validates a `{username}` path parameter. */
@Injectable()
export class UsernameParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!USERNAME_PATTERN.test(value)) throw new InvalidParameter('username', USERNAME_RULE);
    return value;
  }
}
