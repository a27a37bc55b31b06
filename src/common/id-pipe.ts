import type { PipeTransform } from '@nestjs/common';
import type { DomainError } from './domain-error.js';
import { isUuid } from './uuid.js';

/**
 * Checks an `{id}` path parameter, once, where the request comes in (docs/architecture.md, "API
 * conventions"): every stored thing's id is a UUID, so a string that is not one names nothing and
 * is refused as an unknown id is (`unknown`, the thing's own 404). What lies behind the controllers,
 * repositories included, is only ever given UUIDs.
 */
export class IdPipe implements PipeTransform<string, string> {
  constructor(private readonly unknown: (value: string) => DomainError) {}

  transform(value: string): string {
    if (!isUuid(value)) throw this.unknown(value);
    return value;
  }
}
