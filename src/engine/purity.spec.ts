import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The rules engine is pure: its modules import only each other, with one
 * exception (dice.ts uses node:crypto for HMAC-SHA256 and SHA-256). Tests
 * (*.spec.ts) may import test libraries and read fixtures.
 */
const ENGINE = fileURLToPath(new URL('.', import.meta.url));
const ALLOWED_OUTSIDE: Record<string, readonly string[]> = { 'dice.ts': ['node:crypto'] };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.includes('test-helpers') ? [path] : [];
  });
}

describe('src/engine imports nothing outside src/engine', () => {
  const files = sources(ENGINE);

  it('finds the engine sources', () => {
    expect(files.length).toBeGreaterThan(15);
  });

  it.each(files.map((f) => [relative(ENGINE, f), f]))('%s', (name, path) => {
    const text = readFileSync(path, 'utf8');
    const specifiers = [
      ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g),
      ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => m[1]);
    const outside = specifiers.filter((s) => {
      if (s.startsWith('.')) return !resolve(path, '..', s).startsWith(ENGINE);
      return !(ALLOWED_OUTSIDE[name] ?? []).includes(s);
    });
    expect(outside).toEqual([]);
  });
});
