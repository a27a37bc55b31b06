/**
 * The code base's structural rules (docs/architecture.md, Layers), checked on
 * the source text: every domain module stands behind its face (its index.ts),
 * the kernel (common, config, database) imports no domain module, imports run
 * down the layers (LAYERS) with no circle between modules or files, each table
 * is written and read by its owner only (TABLE_OWNERS), only repositories touch
 * Prisma, files stay small, and nothing points at a machine's paths or at
 * documents outside the repository. The web
 * client (web/src/) stands on three faces only, the engine's, the board
 * drawing's and the API contract's, with no import circle of its own.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Files under a repository folder, as repository-relative POSIX paths. */
function filesUnder(folder: string, accept: (path: string) => boolean = () => true): string[] {
  return readdirSync(REPO + folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => posix.join(posix.relative(REPO, entry.parentPath), entry.name))
    .filter((path) => !path.startsWith('src/generated/') && accept(path))
    .sort();
}

const read = (path: string): string => readFileSync(REPO + path, 'utf8');

/** The shared kernel: folders of src/ that every module may use and that use no domain module. */
const KERNEL = ['common', 'config', 'database'];

/** The domain modules: every other folder of src/ (generated/ is Prisma's client, behind the repositories). */
const DOMAIN_MODULES = readdirSync(REPO + 'src', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !KERNEL.includes(entry.name) && entry.name !== 'generated')
  .map((entry) => entry.name)
  .sort();

/**
 * The layers of src/, lowest first (docs/architecture.md, Layers). A module imports only modules of
 * lower layers (the kernel's folders also each other); the composition root (src/*.ts) stands on top.
 */
const LAYERS: readonly (readonly string[])[] = [
  KERNEL,
  // The background runner's list and its node timer (docs/architecture.md, "The background runner").
  ['background'],
  ['engine', 'security', 'health', 'web-client'],
  ['board-drawing', 'house-bots', 'idempotency', 'positions'],
  ['users'],
  ['auth', 'matches'],
  ['bots', 'interchange', 'pictures', 'tournaments'],
  // Match messages and reports (docs/community.md), on the matches and the users' blocks; an account's
  // departure (a ban, a closing: its matches left, its entries withdrawn) and its closing (docs/accounts.md).
  ['accounts', 'community'],
  // The moderators' tools act on accounts, their matches, tournament entries and reports.
  ['moderation'],
  // Notifications consume the matches', tournaments', messages' and moderators' messages, and read their facts through their faces.
  ['analysis', 'notifications'],
  // The export of an account's data reaches every module that holds something of it (docs/accounts.md).
  ['account-export'],
];

/** A module's second faces, on purpose: the engine's test helpers and its training entry. */
const SUB_FACES = ['engine/testing/index.js', 'engine/training/index.js'];

/** The top-level folder of src/ a source file belongs to; `app` for the composition root (src/*.ts). */
function folderOf(srcPath: string): string {
  const parts = srcPath.split('/');
  return parts.length > 1 ? parts[0] : 'app';
}

interface Import {
  /** The importing file, relative to src/. */
  readonly from: string;
  /** A file of src/ (relative to it) for a relative import; the package name otherwise. */
  readonly target: string;
  readonly relative: boolean;
}

/** Every import, export-from and dynamic import of every source file of `folder` (comments and strings ignored), relative to it. */
function importsOf(folder: string, extension: RegExp): Import[] {
  return filesUnder(folder, (path) => extension.test(path)).flatMap((path) => {
    const from = path.slice(folder.length + 1);
    return ts.preProcessFile(read(path), true, true).importedFiles.map(({ fileName }) => {
      const relative = fileName.startsWith('.');
      const target = relative ? posix.normalize(posix.join(posix.dirname(from), fileName)) : fileName;
      return { from, target, relative };
    });
  });
}

/** Every import of every .ts file in src/, relative to src/. */
const importsOfSrc = (): Import[] => importsOf('src', /\.ts$/);

/**
 * The files of src/ (relative to it) a file of src/ loads when it runs: its relative imports and
 * export-froms, but those that import types only (elided from the JavaScript).
 */
function valueImportsOf(path: string): string[] {
  const from = path.slice('src/'.length);
  const source = ts.createSourceFile(path, read(path), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return source.statements.flatMap((node) => {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || node.moduleSpecifier === undefined)
      return [];
    if (!ts.isStringLiteral(node.moduleSpecifier) || !node.moduleSpecifier.text.startsWith('.')) return [];
    const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
    const typesOnly = ts.isImportDeclaration(node)
      ? clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)))
      : node.isTypeOnly;
    return typesOnly ? [] : [posix.normalize(posix.join(posix.dirname(from), node.moduleSpecifier.text))];
  });
}

type Graph = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * One cycle (as a path that ends where it starts) through each group of nodes
 * that reach each other, i.e. each strongly connected component of two or more
 * nodes (Tarjan's algorithm). Empty when the graph is acyclic.
 */
function findCycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const successors = (node: string) => [...(graph.get(node) ?? [])].sort();
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of successors(node)) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = stack.splice(stack.indexOf(node));
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cycleThrough(component[0], new Set(component), successors));
}

/** The shortest path from `start` back to itself inside `within` (breadth-first). */
function cycleThrough(start: string, within: ReadonlySet<string>, successors: (node: string) => string[]): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of successors(node).filter((n) => within.has(n))) {
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(parent.get(path[0])!);
        return [...path, start];
      }
      if (!parent.has(next)) {
        parent.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

function graphOf(edges: Record<string, string[]>): Graph {
  return new Map(Object.entries(edges).map(([node, targets]) => [node, new Set(targets)]));
}

describe('the cycle finder', () => {
  it('finds no cycle in a graph that has none', () => {
    expect(findCycles(graphOf({ auth: ['users', 'security'], users: ['security'], security: [] }))).toEqual([]);
  });

  it('finds a cycle, and one per group of folders that reach each other', () => {
    const graph = graphOf({ auth: ['users'], users: ['security', 'auth'], security: [], a: ['b'], b: ['c'], c: ['a'] });
    expect(findCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['auth', 'users', 'auth'],
    ]);
  });
});

describe('architecture', () => {
  const imports = importsOfSrc();

  it('has no import cycle between the top-level folders of src/', () => {
    const graph = new Map<string, Set<string>>();
    const example = new Map<string, string>();
    for (const { from, target, relative } of imports) {
      if (!relative || target.startsWith('..')) continue;
      const [a, b] = [folderOf(from), folderOf(target)];
      if (a === b) continue;
      graph.set(a, (graph.get(a) ?? new Set()).add(b));
      if (!example.has(`${a}>${b}`)) example.set(`${a}>${b}`, `${from} imports ${target}`);
    }
    const described = findCycles(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} -> ${to} (${example.get(`${cycle[i]}>${to}`)})`)
        .join('; '),
    );
    expect(described).toEqual([]);
    expect([...(graph.get('auth') ?? [])]).toEqual(expect.arrayContaining(['users', 'security']));
  });

  it('gives every domain module of src/ a face, its index.ts', () => {
    expect(DOMAIN_MODULES.filter((module) => !existsSync(`${REPO}src/${module}/index.ts`))).toEqual([]);
    expect(DOMAIN_MODULES).toEqual(expect.arrayContaining(['engine', 'matches', 'security', 'users']));
  });

  it('lets code outside a domain module use it through its face only (the composition root aside)', () => {
    const reachingIn = imports
      .filter((i) => i.relative && folderOf(i.from) !== 'app' && DOMAIN_MODULES.includes(folderOf(i.target)))
      .filter((i) => folderOf(i.from) !== folderOf(i.target))
      .filter((i) => i.target !== `${folderOf(i.target)}/index.js` && !SUB_FACES.includes(i.target))
      .map((i) => `${i.from} imports ${i.target}`);
    expect(reachingIn).toEqual([]);
    expect(imports.some((i) => i.from.startsWith('matches/') && i.target === 'security/index.js')).toBe(true);
  });

  it('keeps the kernel (common, config, database) free of domain modules', () => {
    const offenders = imports
      .filter((i) => i.relative && KERNEL.includes(folderOf(i.from)) && !i.target.startsWith('..'))
      .filter((i) => ![...KERNEL, 'generated'].includes(folderOf(i.target)))
      .map((i) => `${i.from} imports ${i.target}`);
    expect(offenders).toEqual([]);
    expect(imports.some((i) => i.from.startsWith('database/') && folderOf(i.target) === 'common')).toBe(true);
  });

  it('places every domain module in one layer, and keeps the imports between modules running down the layers', () => {
    const layered = LAYERS.flat();
    expect([...layered].sort()).toEqual([...KERNEL, ...DOMAIN_MODULES].sort());
    expect(new Set(layered).size).toBe(layered.length);
    const layerOf = (folder: string): number => LAYERS.findIndex((layer) => layer.includes(folder));
    const upward = imports
      .filter((i) => i.relative && !i.target.startsWith('..') && folderOf(i.from) !== 'app')
      .filter((i) => folderOf(i.target) !== 'generated' && folderOf(i.from) !== folderOf(i.target))
      .filter((i) => {
        const [from, to] = [layerOf(folderOf(i.from)), layerOf(folderOf(i.target))];
        return !(to < from || (from === 0 && to === 0));
      })
      .map((i) => `${i.from} imports ${i.target}`);
    expect(upward).toEqual([]);
  });

  it('has no import circle between the files of src/ (type-only imports aside: they load nothing)', () => {
    const graph = new Map<string, Set<string>>();
    for (const path of filesUnder('src', (p) => p.endsWith('.ts'))) {
      const from = path.slice('src/'.length);
      graph.set(from, new Set(valueImportsOf(path).map((target) => target.replace(/\.js$/, '.ts'))));
    }
    expect(findCycles(graph)).toEqual([]);
  });

  it.each([
    ['matches', 'interchange/'],
    ['tournaments', 'app.module.ts'],
  ])('lets code outside src/%s/ use the module through its face, its index.ts, only', (module, user) => {
    const reachingIn = imports
      .filter((i) => i.relative && !i.from.startsWith(`${module}/`) && i.target.startsWith(`${module}/`))
      .filter((i) => i.target !== `${module}/index.js`)
      .map((i) => `${i.from} imports ${i.target}`);
    expect(reachingIn).toEqual([]);
    expect(imports.some((i) => i.from.startsWith(user) && i.target === `${module}/index.js`)).toBe(true);
  });

  it.each([
    [
      'matches',
      'http -> read, live -> core -> view -> model',
      { model: 0, view: 1, core: 2, read: 3, live: 3, http: 4 },
    ],
    ['tournaments', 'http -> live -> core -> view -> model', { model: 0, view: 1, core: 2, live: 3, http: 4 }],
  ] as const)(
    'keeps the imports between the folders of src/%s/ one way: %s',
    (module, _order, layer: Readonly<Record<string, number>>) => {
      const folderIn = (path: string): string | null => {
        const parts = path.split('/');
        return parts[0] === module && parts.length > 2 ? parts[1] : null;
      };
      const upward = imports
        .filter((i) => i.relative && folderIn(i.from) !== null && folderIn(i.target) !== null)
        .filter((i) => {
          const [from, to] = [folderIn(i.from)!, folderIn(i.target)!];
          return from !== to && !(layer[to] < layer[from]);
        })
        .map((i) => `${i.from} imports ${i.target}`);
      expect(upward).toEqual([]);
      expect(Object.keys(layer).every((f) => imports.some((i) => folderIn(i.from) === f))).toBe(true);
    },
  );

  it('keeps the database behind the repositories: only *.repository.ts and src/database/ import Prisma, the SqlClient or pg', () => {
    const touchesPrisma = ({ target, relative }: Import) =>
      relative
        ? target.startsWith('generated/') ||
          target === 'database/prisma.service.js' ||
          target === 'database/sql-client.js'
        : target.startsWith('@prisma/') || target === 'pg';
    const offenders = imports
      .filter((i) => touchesPrisma(i) && !i.from.endsWith('.repository.ts') && !i.from.startsWith('database/'))
      .map((i) => `${i.from} imports ${i.target}`);
    expect(offenders).toEqual([]);
    expect(imports.some((i) => i.from === 'users/users.repository.ts' && touchesPrisma(i))).toBe(true);
  });

  it('has no file in src/ over 600 lines', () => {
    const long = filesUnder('src', (path) => !path.endsWith('.json'))
      .map((path) => [path, (read(path).match(/\n/g) ?? []).length] as const)
      .filter(([, lines]) => lines > 600);
    expect(long).toEqual([]);
  });

  it('names no absolute path of a machine in src/, scripts/ or bench/', () => {
    const machinePath = new RegExp(['work', 'farm', 'home', 'tmp'].map((dir) => `/${dir}/`).join('|'));
    const found = ['src', 'scripts', 'bench']
      .flatMap((folder) => filesUnder(folder))
      .filter((path) => machinePath.test(read(path)));
    expect(found).toEqual([]);
  });

  it('cites no document from outside the repository in src/, scripts/, bench/ or test/', () => {
    const outside = new RegExp(['RULES', 'DESIGN'].map((name) => `\\b${name}\\.md`).join('|') + '|\\.\\./shared\\b');
    const found = ['src', 'scripts', 'bench', 'test']
      .flatMap((folder) => filesUnder(folder))
      .filter((path) => outside.test(read(path)));
    expect(found).toEqual([]);
  });
});

describe('the board drawing and the web client', () => {
  const srcImports = importsOfSrc();
  const webImports = importsOf('web/src', /\.tsx?$/);
  /** What a web file may import outside web/src: the three faces (paths relative to web/src). */
  const FACES = ['../../src/engine/index.js', '../../src/board-drawing/index.js', '../../contract/index.js'];
  /** What a web spec (or a spec helper under testing/) may import besides: the engine's test helpers, and the service's own presenter to compare with. */
  const SPEC_ONLY = ['../../src/engine/testing/index.js', '../../src/matches/view/', '../../src/matches/model/'];
  const PACKAGES = ['preact', 'preact/hooks', 'openapi-fetch', '@lingui/core'];
  /** What the build provides: each language's compiled catalog (web/build/catalog-plugin.ts). */
  const BUILT = /^virtual:catalog\/[a-z]+$/;
  /** What the specs may use to read the catalogs as the build does (web/build/, Node's files, Lingui's compiler). */
  const SPEC_PACKAGES = ['node:fs', 'node:url', '@lingui/message-utils/compileMessage'];
  const SPEC_BUILD = '../build/catalogs.js';

  it('keeps the drawing pure, on the engine: src/board-drawing/ imports only its own files and the engine’s face', () => {
    const offenders = srcImports
      .filter((i) => i.from.startsWith('board-drawing/') && !i.from.endsWith('.spec.ts'))
      .filter((i) => !i.relative || !(i.target.startsWith('board-drawing/') || i.target === 'engine/index.js'))
      .map((i) => `${i.from} imports ${i.target}`);
    expect(offenders).toEqual([]);
  });

  it('lets code outside src/board-drawing/ use it through its face, src/board-drawing/index.ts, only', () => {
    const reachingIn = srcImports
      .filter((i) => i.relative && !i.from.startsWith('board-drawing/') && i.target.startsWith('board-drawing/'))
      .filter((i) => i.target !== 'board-drawing/index.js')
      .map((i) => `${i.from} imports ${i.target}`);
    expect(reachingIn).toEqual([]);
    expect(srcImports.some((i) => i.from.startsWith('pictures/') && i.target === 'board-drawing/index.js')).toBe(true);
  });

  it('lets web/src/ import only the engine’s, the drawing’s and the contract’s faces (and its packages)', () => {
    const offenders = webImports
      .filter(({ from, target, relative }) => {
        const forSpecs = from.endsWith('.spec.ts') || from.includes('/testing/');
        if (!relative)
          return (
            !PACKAGES.includes(target) &&
            !target.endsWith('.css') &&
            !BUILT.test(target) &&
            !(forSpecs && SPEC_PACKAGES.includes(target))
          );
        if (!target.startsWith('..')) return false;
        if (FACES.includes(target)) return false;
        if (forSpecs && target === SPEC_BUILD) return false;
        return !(forSpecs && SPEC_ONLY.some((allowed) => target.startsWith(allowed)));
      })
      .map((i) => `web/src/${i.from} imports ${i.target}`);
    expect(offenders).toEqual([]);
    for (const face of FACES) expect(webImports.some((i) => i.target === face)).toBe(true);
  });

  it('has no import circle between the files of web/src/', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, target, relative } of webImports) {
      if (!relative || target.startsWith('..')) continue;
      const to = target.replace(/\.js$/, '');
      graph.set(from.replace(/\.tsx?$/, ''), (graph.get(from.replace(/\.tsx?$/, '')) ?? new Set()).add(to));
    }
    expect(findCycles(graph)).toEqual([]);
  });
});

describe('table ownership', () => {
  /**
   * Each table of prisma/schema.prisma and the one module whose SQL writes and reads it
   * (docs/architecture.md, Layers). Another module gets its facts through the owner's face, or
   * runs the owner's own statements in its transaction (as the matches' write runs idempotency's).
   */
  const TABLE_OWNERS: Readonly<Record<string, string>> = {
    users: 'users',
    matches: 'matches',
    match_events: 'matches',
    match_logs: 'matches',
    idempotency_keys: 'idempotency',
    import_attempts: 'interchange',
    // Held by security's repositories: the personal API tokens, and the revoked refresh families the
    // bearer check refuses (auth ends a family with security's statements, REVOKE_GONE_FAMILIES_SQL).
    api_tokens: 'security',
    revoked_refresh_families: 'security',
    refresh_families: 'auth',
    refresh_tokens: 'auth',
    notification_decisions: 'notifications',
    deadline_reminders: 'notifications',
    webhooks: 'notifications',
    webhook_deliveries: 'notifications',
    push_subscriptions: 'notifications',
    vapid_keys: 'notifications',
    email_addresses: 'notifications',
    email_tokens: 'notifications',
    notification_preferences: 'notifications',
    email_digest_items: 'notifications',
    tournament_notification_decisions: 'notifications',
    tournament_announcement_receipts: 'notifications',
    match_analyses: 'analysis',
    tournaments: 'tournaments',
    tournament_events: 'tournaments',
    tournament_players: 'tournaments',
    tournament_matches: 'tournaments',
    user_blocks: 'users',
    reserved_usernames: 'users',
    rating_adjustments: 'users',
    match_messages: 'community',
    reports: 'community',
    report_filings: 'community',
    moderation_actions: 'moderation',
    account_exports: 'account-export',
    // The outbox is the kernel's (docs/architecture.md, "The outbox"): producers publish with its SQL
    // function outbox_publish in their transaction, consumers take their messages through its consumer.
    outbox: 'database',
    outbox_subscriptions: 'database',
  };

  /** The columns of `users` any module may read: a display name (and whether the account is a bot). */
  const DISPLAY_COLUMNS = ['id', 'username', 'kind', 'bot_level'];

  /**
   * Today's crossings: a file's SQL that reads or writes another module's table. The list may only
   * shrink (the test fails on a crossing not listed, and on a listed one that is gone); issue 36
   * removes them, by facts through the owner's face or the message, or by the owner's statements.
   */
  const KNOWN_CROSSINGS: readonly string[] = [
    // The bearer checks read the account's token version (users.token_version, which users raises on a
    // password change and a logout everywhere): security stands below users and cannot ask its face, so
    // this goes when the version becomes security's (its own table, raised through security's face).
    // The API token lookup also takes the username, and a creation locks the account (a per-account
    // cap; the caps of modules above users run users' lockAccountSql); a refresh reads the account's
    // username and token version in its lookup.
    'security/token-versions.repository.ts reads users',
    'security/api-tokens.repository.ts reads users',
    'auth/refresh-tokens.repository.ts reads users',
    // An account becomes a bot only if it sits in no match, checked under the account's lock in the
    // statement that upgrades it; users stands below matches and cannot ask its face (not a record or a
    // rating: the check belongs to whoever seats players, or becomes a fact matches hands to users).
    'users/users.repository.ts reads matches',
  ];

  /** The tables of prisma/schema.prisma (`@@map`), and each model's table by its Prisma client name. */
  const schema = read('prisma/schema.prisma');
  const tables = [...schema.matchAll(/@@map\("([a-z_]+)"\)/g)].map((m) => m[1]);
  const modelTables = new Map(
    [...schema.matchAll(/^model (\w+) \{[^}]*@@map\("([a-z_]+)"\)/gm)].map((m) => [
      m[1][0].toLowerCase() + m[1].slice(1),
      m[2],
    ]),
  );

  /**
   * What a file's SQL (and Prisma calls) does to each table: `<file> reads|writes <table>`. A read
   * of `users` that takes nothing but display columns through its aliases is none (an unaliased
   * read, or an alias built into the text, `${alias}.column`, counts as a read).
   */
  function accessesIn(file: string, text: string): string[] {
    const found = new Set<string>();
    const keywords = /^(WHERE|ON|ORDER|GROUP|LIMIT|FOR|UNION|JOIN|LEFT|INNER|RETURNING|SET)$/i;
    const sql = new RegExp(
      `\\b(DELETE\\s+FROM|FROM|JOIN|INTO|UPDATE)\\s+"?(${tables.join('|')})"?\\b(?:\\s+(?:AS\\s+)?(\\w+))?`,
      'g',
    );
    const userAliases: string[] = [];
    let wholeRowRead = /\$\{\w+\}\.\w+/.test(text);
    for (const [, verb, table, alias] of text.matchAll(sql)) {
      const reads = verb === 'FROM' || verb === 'JOIN';
      found.add(`${file} ${reads ? 'reads' : 'writes'} ${table}`);
      if (reads && table === 'users') {
        if (alias === undefined || keywords.test(alias)) wholeRowRead = true;
        else userAliases.push(alias);
      }
    }
    const models = [...modelTables.keys()].join('|');
    const prisma = new RegExp(
      `\\.(${models})\\.(find\\w*|count|aggregate|groupBy|create\\w*|update\\w*|upsert|delete\\w*)\\(`,
      'g',
    );
    for (const [, model, call] of text.matchAll(prisma)) {
      const reads = /^(find|count|aggregate|groupBy)/.test(call);
      found.add(`${file} ${reads ? 'reads' : 'writes'} ${modelTables.get(model)}`);
      if (reads && modelTables.get(model) === 'users') wholeRowRead = true;
    }
    const displayOnly = userAliases.every((alias) =>
      [...text.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))].every(([, column]) =>
        DISPLAY_COLUMNS.includes(column),
      ),
    );
    if (!wholeRowRead && displayOnly) found.delete(`${file} reads users`);
    return [...found];
  }

  /** accessesIn for a file of src/ (its path relative to the repository). */
  const accessesOf = (path: string): string[] => accessesIn(path.slice('src/'.length), read(path));

  const crossings = filesUnder('src', (path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))
    .flatMap(accessesOf)
    .filter((access) => {
      const [file, , table] = access.split(' ');
      return TABLE_OWNERS[table] !== folderOf(file);
    });

  it('names the one owner of every table of prisma/schema.prisma', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tables].sort());
    // A domain module, or the kernel's database/ (the outbox).
    expect(
      Object.values(TABLE_OWNERS).filter((owner) => !DOMAIN_MODULES.includes(owner) && owner !== 'database'),
    ).toEqual([]);
  });

  it('finds what SQL reads and writes, and lets a read of users for display names pass', () => {
    expect(accessesOf('src/users/users.repository.ts')).toEqual(
      expect.arrayContaining(['users/users.repository.ts writes users', 'users/users.repository.ts reads users']),
    );
    const names = "SELECT m.id, w.username, w.kind = 'bot' AS bot FROM matches m JOIN users w ON w.id = m.white_id";
    expect(accessesIn('x/names.ts', names)).toEqual(['x/names.ts reads matches']);
    expect(accessesIn('x/rating.ts', names.replace('w.kind', 'w.rating'))).toContain('x/rating.ts reads users');
    expect(accessesIn('x/lock.ts', 'SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE')).toEqual([
      'x/lock.ts reads users',
    ]);
    expect(accessesIn('x/purge.ts', 'DELETE FROM match_logs WHERE')).toEqual(['x/purge.ts writes match_logs']);
    expect(accessesIn('x/p.ts', 'this.prisma.user.findUnique({')).toEqual(['x/p.ts reads users']);
  });

  it('lets no module read or write another module’s table, but for the known crossings, which only shrink', () => {
    expect(crossings.filter((crossing) => !KNOWN_CROSSINGS.includes(crossing))).toEqual([]);
    expect(KNOWN_CROSSINGS.filter((crossing) => !crossings.includes(crossing))).toEqual([]);
  });
});
