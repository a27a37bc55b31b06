import { existsSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { WEB_CLIENT_DIR } from './web-client-files.js';

/**
 * The client's scripts and styles at /assets/: file names carry a hash of their content, so they are
 * cached for a year and never revalidated. Nothing is served when the client has not been built.
 */
export function serveWebAssets(app: NestFastifyApplication, dir: string = WEB_CLIENT_DIR): void {
  const assets = `${dir}assets`;
  if (!existsSync(assets)) return;
  app.useStaticAssets({
    root: assets,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    wildcard: true,
    immutable: true,
    maxAge: '365d',
  });
}
