import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';

/** The service's address as its users reach it (PUBLIC_URL), for the links in mail. */
@Injectable()
export class PublicLinks {
  /** Without a trailing slash. */
  readonly base: string;
  /** The host of PUBLIC_URL: the right-hand side of the mail's Message-ID. */
  readonly host: string;

  constructor(config: ConfigService<Environment, true>) {
    const configured =
      config.get('PUBLIC_URL', { infer: true }) ?? `http://localhost:${config.get('PORT', { infer: true })}`;
    this.base = configured.replace(/\/+$/, '');
    this.host = new URL(this.base).hostname;
  }

  /** The absolute URL of a path of the service (`/matches/…`, `/api/…`). */
  to(path: string): string {
    return this.base + (path.startsWith('/') ? path : `/${path}`);
  }
}
