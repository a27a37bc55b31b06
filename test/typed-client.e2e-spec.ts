/**
 * The contract as a generated client meets it (docs/architecture.md, "API
 * contract"): clients/typed-match is typed by the contract (contract/, whose
 * api.d.ts openapi-typescript generates from the committed openapi.json) and
 * calls the API with openapi-fetch. Its types must
 * be current, it must compile under strict tsc without `any` or casts, and it
 * must play a whole match over HTTP through those types.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { playMatch } from '../clients/typed-match/src/play-match.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = join(REPO, 'clients/typed-match');
const CONTRACT = join(REPO, 'contract');
const GENERATED = join(CONTRACT, 'api.d.ts');

/** The client's and the contract's own source files (not the generated types). */
const clientSources = (): string[] =>
  [join(CLIENT, 'src'), CONTRACT].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
      .map((name) => join(dir, name)),
  );

/** Where a source file escapes the type system: `any`, `as`/`<T>` assertions, `!` non-null assertions, @ts- directives. */
function escapes(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const what =
      node.kind === ts.SyntaxKind.AnyKeyword
        ? 'any'
        : ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.getText() === 'const')
          ? 'as'
          : ts.isTypeAssertionExpression(node)
            ? 'type assertion'
            : ts.isNonNullExpression(node)
              ? 'non-null assertion'
              : null;
    if (what) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const match of text.matchAll(/@ts-(?:ignore|expect-error|nocheck)/g)) found.push(`${file} ${match[0]}`);
  return found;
}

describe('a client generated from openapi.json', () => {
  it('has types equal to what openapi-typescript makes of the committed openapi.json (`npm run openapi` writes both)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'typed-client-'));
    try {
      const fresh = join(dir, 'api.d.ts');
      await run(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi.json', '-o', fresh], {
        cwd: REPO,
      });
      expect(readFileSync(GENERATED, 'utf8')).toBe(readFileSync(fresh, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compiles under strict tsc (strict, noImplicitAny, exactOptionalPropertyTypes, noUncheckedIndexedAccess)', async () => {
    const compiled = await run(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', join(CLIENT, 'tsconfig.json')],
      { cwd: REPO },
    ).catch((error: { stdout?: string; message?: string }) => ({
      stdout: error.stdout ?? error.message ?? 'tsc failed',
    }));
    expect(compiled.stdout).toBe('');
  });

  it('has no any, no type or non-null assertion and no @ts- directive in its source', () => {
    expect(clientSources().length).toBeGreaterThan(0);
    expect(clientSources().flatMap(escapes)).toEqual([]);
  });
});

describe('the typed client against the real app', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp();
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('plays a 3-point match to the end, and reads the same events from the log, the stream and export.json', async () => {
    const report = await playMatch(baseUrl, 'typed');

    expect(report.final.status).toBe('finished');
    const { winner } = report;
    expect(winner).not.toBeNull();
    if (winner === null) return;
    expect(report.final.result?.winner).toBe(winner);
    expect(report.final.score[winner]).toBeGreaterThanOrEqual(3);
    // Each game-end's points, read through the narrowed type, add up to the final score.
    expect(report.gamePoints).toEqual(report.final.score);
    expect(report.rolls.length).toBeGreaterThan(0);
    expect(report.rolls.every((dice) => dice.length === 2)).toBe(true);

    const seqs = report.events.map((event) => event.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(seqs.length).toBe(report.final.version);
    expect(report.streamed.map((event) => event.seq)).toEqual(seqs);
    expect(report.streamed.at(-1)?.type).toBe('match-end');
    expect(report.exported.map((event) => event.type)).toEqual(report.events.map((event) => event.type));
    // The player stream's messages are the log's events with the match's id, from the first: the
    // match was created once the stream was open.
    expect(report.playerStream.map((event) => event.seq)).toEqual([1, 2, 3]);
    for (const { matchId, ...event } of report.playerStream) {
      expect(matchId).toBe(report.matchId);
      expect(event).toEqual(report.events[event.seq - 1]);
    }
  });
});
