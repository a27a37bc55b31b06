import { Module } from '@nestjs/common';
import { WebClientController } from './web-client.controller.js';

/** The browser client at `/` (docs/architecture.md, "Web client"); its assets are served by serveWebAssets. */
@Module({ controllers: [WebClientController] })
export class WebClientModule {}
