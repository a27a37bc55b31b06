/**
 * How a board picture goes out over HTTP: its media type, how long it may be
 * kept, and that any page or mail may show it. Shared by both picture routes.
 */
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

export const SVG_MEDIA_TYPE = 'image/svg+xml';

/**
 * `immutable`: what the URL names never changes (a position given in full, or a match's
 * position after a given event: events are never changed or removed). `revalidate`: the
 * picture follows the match; a cache must ask again each time (the ETag makes that cheap).
 */
export type SvgCaching = 'immutable' | 'revalidate';

const CACHE_CONTROL: Readonly<Record<SvgCaching, string>> = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
};

export interface SvgResponseOptions {
  readonly caching: SvgCaching;
  /** The picture depends on who asks (the default perspective is the caller's colour). */
  readonly variesByCaller?: boolean;
}

/** Sets the headers of an SVG answer on `reply` (the body is the handler's return value). */
export function setSvgHeaders(reply: FastifyReply, options: SvgResponseOptions): void {
  reply.header('content-type', `${SVG_MEDIA_TYPE}; charset=utf-8`);
  reply.header('cache-control', CACHE_CONTROL[options.caching]);
  // helmet answers `same-origin`; a picture is made to be shown on other sites and in mail.
  reply.header('cross-origin-resource-policy', 'cross-origin');
  if (options.variesByCaller) {
    const vary = reply.getHeader('vary');
    const given = typeof vary === 'string' && vary.trim() !== '' ? `${vary}, ` : '';
    reply.header('vary', `${given}Authorization`);
  }
}

/** OpenAPI: a 200 answered with an SVG document, and its caching headers. */
export function ApiSvgResponse(description: string): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiProduces(SVG_MEDIA_TYPE),
    ApiOkResponse({
      description,
      content: { [SVG_MEDIA_TYPE]: { schema: { type: 'string', description: 'An SVG 1.1 document (UTF-8).' } } },
      headers: {
        'Cache-Control': {
          description: `\`${CACHE_CONTROL.immutable}\` for what never changes, \`${CACHE_CONTROL.revalidate}\` otherwise.`,
          schema: { type: 'string' },
        },
        ETag: {
          description: 'A weak validator of the picture (If-None-Match answers 304).',
          schema: { type: 'string' },
        },
      },
    }),
  );
}
