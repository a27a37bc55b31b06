import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readWebClientFile } from './web-client-files.js';

/** How a file of the installable client is answered: its type and how long a browser may keep it. */
interface WebAppFile {
  readonly type: string;
  readonly cacheControl: string;
}

/** Checked again at each use: a new service worker or manifest reaches browsers at their next visit. */
const FRESH = 'no-cache';
const A_DAY = 'public, max-age=86400';

/**
 * The files web/public holds, at the fixed paths browsers look for them (docs/web-push.md,
 * "Installing the client"): the service worker at /sw.js (its path is its scope, /), the web app
 * manifest, and the icons. Unlike /assets/, their names carry no hash, so they are not kept for good.
 */
const FILES: Readonly<Record<string, WebAppFile>> = {
  'sw.js': { type: 'text/javascript; charset=utf-8', cacheControl: FRESH },
  'manifest.webmanifest': { type: 'application/manifest+json; charset=utf-8', cacheControl: FRESH },
  'icons/icon.svg': { type: 'image/svg+xml', cacheControl: A_DAY },
  'icons/icon-192.png': { type: 'image/png', cacheControl: A_DAY },
  'icons/icon-512.png': { type: 'image/png', cacheControl: A_DAY },
};

/** The installable web client's service worker, manifest and icons. */
@ApiExcludeController()
@Controller()
export class WebAppFilesController {
  private readonly read = new Map<string, Buffer>();

  @Get('sw.js')
  serviceWorker(@Res({ passthrough: true }) reply: FastifyReply): Buffer {
    return this.answer('sw.js', reply);
  }

  @Get('manifest.webmanifest')
  manifest(@Res({ passthrough: true }) reply: FastifyReply): Buffer {
    return this.answer('manifest.webmanifest', reply);
  }

  @Get('icons/:name')
  icon(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): Buffer {
    return this.answer(`icons/${name}`, reply);
  }

  private answer(name: string, reply: FastifyReply): Buffer {
    const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
    const body = file && (this.read.get(name) ?? readWebClientFile(name));
    if (!file || !body) throw new NotFoundException(`There is no /${name}.`);
    this.read.set(name, body);
    void reply.header('Content-Type', file.type).header('Cache-Control', file.cacheControl);
    return body;
  }
}
