import { render } from 'preact';
import { App } from './app.js';
import { registerServiceWorker } from './push/service-worker.js';

const root = document.getElementById('app');
if (root !== null) render(<App />, root);
registerServiceWorker();
