/**
 * What the match page costs to load (docs/architecture.md, "Tests in a real browser"): the
 * JavaScript a browser fetches to draw /matches/:id, gzipped, stays under a budget. It is read
 * from the build's manifest (dist/web/.vite/manifest.json), whatever the chunks are named: the
 * entry chunk and everything it imports statically, transitively; and, if the client splits the
 * match page into a chunk of its own (a dynamic import), that chunk, its static imports and its
 * own dynamic imports (what it may load to draw itself), transitively; and the largest of the
 * languages' message catalogs, of which a page loads one (docs/architecture.md, "Languages").
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { requireBuiltClient, WEB_DIST } from './support/index.js';

/** The budget: 150 kB (1 kB = 1,000 bytes) of gzipped JavaScript. */
const BUDGET_BYTES = 150_000;
/** The match page's module, by its path in web/ (the house layout: web/src/pages/*-page.tsx). */
const MATCH_PAGE_SOURCE = 'src/pages/match-page.tsx';

/** A chunk as Vite's manifest describes it, under the key of its source (or of a shared chunk). */
interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

function readManifest(): Manifest {
  requireBuiltClient();
  const path = `${WEB_DIST}.vite/manifest.json`;
  if (!existsSync(path)) throw new Error(`${path} is missing: web/vite.config.ts must keep build.manifest: true`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The keys of the chunks `roots` load: their static imports, transitively, and with `dynamic` their dynamic ones too. */
function closure(manifest: Manifest, roots: readonly string[], dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`the manifest names ${key}, which it does not describe`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
    if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** The sources a chunk was built from, by its source map (none when the build has no maps). */
function sourcesOf(file: string): readonly string[] | null {
  const map = `${WEB_DIST}${file}.map`;
  if (!existsSync(map)) return null;
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

describe('the weight of the match page', () => {
  it(`the JavaScript /matches/:id loads is under ${BUDGET_BYTES / 1000} kB gzipped (level 9)`, () => {
    const manifest = readManifest();
    const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry === true);
    expect(entries).toEqual(['index.html']);
    const split = Object.keys(manifest).filter((key) => manifest[key].src === MATCH_PAGE_SOURCE);
    const keys = new Set([...closure(manifest, entries, false), ...closure(manifest, split, true)]);
    // Each language's catalog is a chunk the entry imports dynamically: the page loads one, the largest counts.
    const catalogs = Object.keys(manifest).filter((key) => key.includes('virtual:catalog/'));
    expect(catalogs.map((key) => key.split('/').pop()).sort()).toEqual(['en', 'hy', 'lt', 'pseudo', 'ru']);
    const catalogBytes = (key: string): number =>
      gzipSync(readFileSync(`${WEB_DIST}${manifest[key].file}`), { level: 9 }).length;
    const largest = catalogs.reduce((a, b) => (catalogBytes(b) > catalogBytes(a) ? b : a));
    for (const key of catalogs) keys.delete(key);
    keys.add(largest);
    const files = [...new Set([...keys].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));

    // The chunks counted hold the match page itself (read from their source maps, when there are some).
    const maps = files.map(sourcesOf);
    if (maps.every((sources) => sources === null))
      console.warn('page weight: the build has no source maps; not checked that the match page is among the chunks');
    else expect(maps.some((sources) => sources?.some((s) => s.endsWith(`web/${MATCH_PAGE_SOURCE}`)))).toBe(true);

    const sizes = files.map((file) => {
      const code = readFileSync(`${WEB_DIST}${file}`);
      return { file, bytes: code.length, gzipped: gzipSync(code, { level: 9 }).length };
    });
    const total = sizes.reduce((sum, s) => sum + s.gzipped, 0);
    const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
    console.log(
      [
        `match page JavaScript: ${kB(total)} gzipped (budget ${kB(BUDGET_BYTES)})` +
          (split.length > 0 ? ', the page split into a chunk of its own' : ', the page in the entry chunk'),
        ...sizes.map((s) => `  ${s.file}: ${kB(s.bytes)}, ${kB(s.gzipped)} gzipped`),
      ].join('\n'),
    );
    expect(total).toBeLessThan(BUDGET_BYTES);
  });
});
