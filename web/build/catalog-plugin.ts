/**
 * Vite plugin: `import('virtual:catalog/<language>')` is that language's compiled catalog
 * (web/build/catalogs.ts), a chunk of its own, so a page loads the one language it shows.
 */
import type { Plugin } from 'vite';
import { CATALOG_LANGUAGES, compileCatalog, MESSAGES_DIR, type LoadableLanguage } from './catalogs.js';

const PREFIX = 'virtual:catalog/';
const RESOLVED = `\0${PREFIX}`;
const LOADABLE: readonly string[] = [...CATALOG_LANGUAGES, 'pseudo'];

export function catalogPlugin(): Plugin {
  return {
    name: 'nardy-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) && LOADABLE.includes(id.slice(PREFIX.length))
        ? RESOLVED + id.slice(PREFIX.length)
        : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      this.addWatchFile(MESSAGES_DIR);
      const messages = compileCatalog(id.slice(RESOLVED.length) as LoadableLanguage);
      return `export const messages = ${JSON.stringify(messages)};`;
    },
  };
}
