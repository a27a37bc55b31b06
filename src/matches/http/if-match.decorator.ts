import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { InvalidParameter } from '../../common/http-problems.js';

/** `"17"`, `17` or `W/"17"`: a match version as an entity tag. */
const VERSION_TAG = /^(?:W\/)?"?(\d{1,9})"?$/;

/**
 * The version named by the If-Match header (RFC 9110 §13.1.1; the match
 * state's `version` as an entity tag), null when the header is absent or
 * `*` (any current version); a
 * header that names no version is refused with 400.
 */
export const IfMatchVersion = createParamDecorator((_: unknown, ctx: ExecutionContext): number | null => {
  const header = ctx.switchToHttp().getRequest<FastifyRequest>().headers['if-match'];
  if (header === undefined || header.trim() === '*') return null;
  const match = VERSION_TAG.exec(header.trim());
  if (match === null) throw new InvalidParameter('If-Match', 'If-Match must name a match version, e.g. "17".');
  return Number(match[1]);
});
