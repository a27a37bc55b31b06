export { serveWebAssets } from './serve-web-assets.js';
export { WebClientModule } from './web-client.module.js';
export { WEB_PAGE_PATHS } from './web-pages.js';
