import { render } from 'preact';
import { freshSession } from './api/session-renewal.js';
import { App } from './app.js';
import { registerServiceWorker } from './push/service-worker.js';
import { applyTheme } from './theme.js';

applyTheme();

const root = document.getElementById('app');
// A session kept from an earlier visit may need its token renewed: the pages are drawn once that is
// settled, so that they draw neither a signed-out page that turns signed-in, nor the reverse.
if (root !== null) void freshSession().finally(() => render(<App />, root));
registerServiceWorker();
