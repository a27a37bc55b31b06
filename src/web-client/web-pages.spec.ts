import { readFileSync } from 'node:fs';
import { WEB_PAGE_PATHS } from './web-pages.js';

describe('the web pages the server answers', () => {
  it('are exactly the paths of the web client router (web/src/routes.tsx)', () => {
    const routes = readFileSync(new URL('../../web/src/routes.tsx', import.meta.url), 'utf8');
    const patterns = [...routes.matchAll(/pattern: '([^']+)'/g)].map((m) => m[1]);
    expect(patterns.length).toBeGreaterThan(5);
    expect([...WEB_PAGE_PATHS].sort()).toEqual([...patterns].sort());
  });
});
