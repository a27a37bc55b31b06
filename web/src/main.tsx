import { render } from 'preact';
import { freshSession } from './api/session-renewal.js';
import { App } from './app.js';
import { activateLanguage, initialLanguage } from './i18n/index.js';
import { registerServiceWorker } from './push/service-worker.js';
import { applyTheme } from './theme.js';

applyTheme();

const root = document.getElementById('app');
// A session kept from an earlier visit may need its token renewed, and the language's catalog must
// be loaded: the pages are drawn once both are settled, so that they draw neither a signed-out page
// that turns signed-in, nor the reverse, nor a page without its words.
if (root !== null)
  void Promise.allSettled([freshSession(), activateLanguage(initialLanguage())]).then(() => render(<App />, root));
registerServiceWorker();
