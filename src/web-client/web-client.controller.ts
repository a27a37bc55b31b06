import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { readIndexHtml } from './web-client-files.js';
import { WEB_PAGE_PATHS } from './web-pages.js';

/** The web client's pages: one index.html, whose router draws the page the path names. */
@ApiExcludeController()
@Controller()
export class WebClientController {
  /** Read on the first page asked for after the client was built (a build may come after the start). */
  private indexHtml: string | null = null;

  @Get([...WEB_PAGE_PATHS])
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  page(): string {
    this.indexHtml ??= readIndexHtml();
    if (this.indexHtml === null)
      throw new ServiceUnavailableException('The web client has not been built: run `npm run build`.');
    return this.indexHtml;
  }
}
