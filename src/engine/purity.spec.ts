import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The engine's boundaries, read from the import statements of the sources:
 * - the rules engine is pure: its modules import only each other, with one
 *   exception (dice.ts uses node:crypto for HMAC-SHA256 and SHA-256); its
 *   tests (*.spec.ts) and test helpers (testing/) may also import test
 *   libraries and read fixtures, but nothing else of the project;
 * - the rest of the code base sees the engine through its public API only:
 *   src/engine/index.ts, and src/engine/testing/index.ts and the training entry
 *   src/engine/training/index.ts from tests (test/, and the *.spec.ts beside the
 *   code in src/), benchmarks and tools (the trainer).
 */
const ENGINE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(ENGINE, '..', '..');
const ALLOWED_OUTSIDE: Record<string, readonly string[]> = { 'dice.ts': ['node:crypto'] };
/** Top-level folders of the code outside the engine, and whether they may use the engine's test helpers. */
const CLIENTS: Readonly<Record<string, boolean>> = { src: false, test: true, bench: true, tools: true, scripts: false };
const SOURCE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'fixtures']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sources(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/**
 * The module specifiers a source file imports or re-exports (static,
 * type-only, side-effect, dynamic, require); comments and strings ignored.
 */
function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/**
 * The engine modules that `file` (a path under ROOT) imports other than the
 * public entries it may use: src/engine/index.ts, and for tests and
 * benchmarks src/engine/testing/index.ts. Compiled paths (dist/engine/…)
 * count as their sources.
 */
function deepEngineImports(file: string, text: string): string[] {
  const folder = relative(ROOT, file).split(sep)[0];
  const mayUseTesting = CLIENTS[folder] || file.endsWith('.spec.ts');
  const allowed = new Set(['src/engine', ...(mayUseTesting ? ['src/engine/testing', 'src/engine/training'] : [])]);
  return importSpecifiers(text).filter((specifier) => {
    if (!specifier.startsWith('.')) return false;
    const target = relative(ROOT, resolve(dirname(file), specifier))
      .split(sep)
      .join('/')
      .replace(/^dist\//, 'src/')
      .replace(/\.(?:ts|mts|cts|js|mjs|cjs)$/, '')
      .replace(/\/index$/, '');
    return (target === 'src/engine' || target.startsWith('src/engine/')) && !allowed.has(target);
  });
}

describe('src/engine imports nothing outside src/engine', () => {
  const files = sources(ENGINE);

  it('finds the engine sources', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files.map((f) => [relative(ENGINE, f), f]))('%s', (name, path) => {
    const testCode = name.endsWith('.spec.ts') || name.startsWith(`testing${sep}`);
    const outside = importSpecifiers(readFileSync(path, 'utf8')).filter((specifier) => {
      if (specifier.startsWith('.')) return !resolve(path, '..', specifier).startsWith(ENGINE);
      return !testCode && !(ALLOWED_OUTSIDE[name] ?? []).includes(specifier);
    });
    expect(outside).toEqual([]);
  });
});

describe('code outside src/engine uses the engine through src/engine/index.ts only', () => {
  /** One import of every form, each from `engine` (src/engine as the importing file names it), and two non-imports. */
  const everyForm = (engine: string): string =>
    [
      `import { apply } from '${engine}/apply.js';`,
      `import type { Position } from "${engine}/types.js";`,
      `export { legalPlays } from '${engine}/legal-plays.js';`,
      `import '${engine}/dice.js';`,
      `const codec = await import('${engine}/notation/xgid.js');`,
      `import {\n  replay,\n  type MatchState,\n} from '${engine}/index.js';`,
      `import { newMatch } from '${engine}';`,
      `import { longSession } from '${engine}/testing/index.js';`,
      "import { Injectable } from '@nestjs/common';",
      // Not imports: a comment and a string that mention one.
      `// import { swapSides } from '${engine}/board.js';`,
      `const example = "import { double } from '${engine}/cube.js'";`,
    ].join('\n');

  it('finds deep imports of every form and accepts the public entry (a service in src/)', () => {
    expect(
      deepEngineImports(join(ROOT, 'src', 'matches', 'matches.service.ts'), everyForm('../engine')).sort(),
    ).toEqual([
      '../engine/apply.js',
      '../engine/dice.js',
      '../engine/legal-plays.js',
      '../engine/notation/xgid.js',
      '../engine/testing/index.js',
      '../engine/types.js',
    ]);
  });

  it('lets tests and benchmarks use the test helpers entry too, and counts compiled paths as their sources', () => {
    expect(deepEngineImports(join(ROOT, 'test', 'matches.e2e-spec.ts'), everyForm('../src/engine')).sort()).toEqual([
      '../src/engine/apply.js',
      '../src/engine/dice.js',
      '../src/engine/legal-plays.js',
      '../src/engine/notation/xgid.js',
      '../src/engine/types.js',
    ]);
    expect(deepEngineImports(join(ROOT, 'scripts', 'tool.mjs'), everyForm('../dist/engine')).sort()).toEqual([
      '../dist/engine/apply.js',
      '../dist/engine/dice.js',
      '../dist/engine/legal-plays.js',
      '../dist/engine/notation/xgid.js',
      '../dist/engine/testing/index.js',
      '../dist/engine/types.js',
    ]);
  });

  it('holds for src, test, bench and scripts', () => {
    const files = Object.keys(CLIENTS).flatMap((folder) =>
      sources(join(ROOT, folder)).filter((file) => !file.startsWith(ENGINE)),
    );
    expect(files.length).toBeGreaterThan(20);
    const deep = files.flatMap((file) =>
      deepEngineImports(file, readFileSync(file, 'utf8')).map((specifier) => `${relative(ROOT, file)}: ${specifier}`),
    );
    expect(deep).toEqual([]);
  });
});
