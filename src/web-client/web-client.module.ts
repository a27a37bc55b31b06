import { Module } from '@nestjs/common';
import { WebAppFilesController } from './web-app-files.controller.js';
import { WebClientController } from './web-client.controller.js';

/** The browser client at `/` (docs/architecture.md, "Web client"); its assets are served by serveWebAssets. */
@Module({ controllers: [WebClientController, WebAppFilesController] })
export class WebClientModule {}
