import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { readMigrations, runMigrations } from '../src/database/migration-runner.js';
import { MIGRATIONS_DIR } from '../src/database/migrations-dir.js';
import { connectPostgres } from '../src/database/pg-connection.js';
import { pgliteConnection } from '../src/database/pglite-connection.js';
import type { SqlConnection } from '../src/database/sql-connection.js';
import { onPostgres } from './support/database-mode.js';
import { createTestDatabase } from './support/test-database.js';

/**
 * The hand-written migrations must build exactly the database schema.prisma
 * describes. schema.prisma is read through Prisma's own schema parser (the
 * prisma-schema-wasm DMMF, no native engine), the database through
 * information_schema and pg_indexes.
 */
interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: string;
  type: string;
  isRequired: boolean;
  isList: boolean;
  isUnique: boolean;
  isId: boolean;
  nativeType?: [string, string[]] | null;
}
interface DmmfModel {
  name: string;
  dbName?: string | null;
  fields: DmmfField[];
  primaryKey?: { fields: string[] } | null;
  uniqueFields: string[][];
  uniqueIndexes: { name?: string | null; fields: string[] }[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  dbName?: string | null;
  fields: { name: string }[];
}

const wasm = createRequire(import.meta.url)('@prisma/prisma-schema-wasm') as { get_dmmf(params: string): string };
const schema = readFileSync(new URL('../prisma/schema.prisma', import.meta.url), 'utf8');
const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schema]] }))) as {
  datamodel: {
    models: DmmfModel[];
    indexes: DmmfIndex[];
    enums: { name: string; dbName?: string | null; values: { name: string; dbName?: string | null }[] }[];
  };
};

/** Postgres type (format_type) that Prisma gives a scalar field. */
function expectedType(f: DmmfField, enums: Map<string, string>): string {
  if (f.kind === 'enum') return `"${enums.get(f.type)}"`.replace(/^"([a-z_][a-z0-9_]*)"$/, '$1');
  const [native, args] = f.nativeType ?? [undefined, []];
  const a = args.length ? `(${args.join(',')})` : '';
  const byNative: Record<string, string> = {
    Uuid: 'uuid',
    VarChar: `character varying${a}`,
    Char: `character${a}`,
    Text: 'text',
    Timestamptz: `timestamp${a} with time zone`,
    Timestamp: `timestamp${a} without time zone`,
    Date: 'date',
    Integer: 'integer',
    SmallInt: 'smallint',
    BigInt: 'bigint',
    DoublePrecision: 'double precision',
    Real: 'real',
    JsonB: 'jsonb',
    Json: 'json',
    Boolean: 'boolean',
    ByteA: 'bytea',
    Decimal: `numeric${a}`,
  };
  const byScalar: Record<string, string> = {
    String: 'text',
    Int: 'integer',
    BigInt: 'bigint',
    Float: 'double precision',
    Boolean: 'boolean',
    DateTime: 'timestamp(3) without time zone',
    Json: 'jsonb',
    Bytes: 'bytea',
    Decimal: 'numeric(65,30)',
  };
  const t = native ? byNative[native] : byScalar[f.type];
  if (!t) throw new Error(`schema-drift test does not know the type of ${f.name} (${f.type} ${native ?? ''})`);
  return f.isList ? `${t}[]` : t;
}

let conn: SqlConnection;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  if (onPostgres) {
    const db = await createTestDatabase({ migrated: false });
    conn = await connectPostgres(db.url!);
    cleanup = async () => {
      await conn.close();
      await db.drop();
    };
  } else {
    const lite = await PGlite.create();
    conn = pgliteConnection(lite);
    cleanup = () => lite.close();
  }
  await runMigrations(conn, readMigrations(MIGRATIONS_DIR));
});
afterAll(() => cleanup());

describe('migrated database matches prisma/schema.prisma', () => {
  const models = dmmf.datamodel.models;
  const table = (m: DmmfModel) => m.dbName ?? m.name;
  const column = (f: DmmfField) => f.dbName ?? f.name;
  const enums = new Map(dmmf.datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));

  it('has exactly the tables of the schema (plus _prisma_migrations)', async () => {
    const rows = await conn.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([...models.map(table), '_prisma_migrations'].sort());
  });

  it.each(models.map((m) => [m.name, m] as const))(
    'model %s: same columns, types and nullability',
    async (_name, model) => {
      const rows = await conn.query<{ attname: string; type: string; notnull: boolean }>(
        `SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attname`,
        [table(model)],
      );
      const actual = rows.map((r) => `${r.attname}: ${r.type}${r.notnull ? ' NOT NULL' : ''}`);
      const expected = model.fields
        .filter((f) => f.kind === 'scalar' || f.kind === 'enum')
        .map((f) => `${column(f)}: ${expectedType(f, enums)}${f.isRequired || f.isList ? ' NOT NULL' : ''}`)
        .sort();
      expect(actual).toEqual(expected);
    },
  );

  it('has exactly the primary keys and unique indexes of the schema', async () => {
    const rows = await conn.query<{ tablename: string; indexname: string; indexdef: string }>(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY indexname`,
    );
    const byModel = new Map(models.map((m) => [m.name, m]));
    const expected = dmmf.datamodel.indexes
      .filter((i) => i.type === 'id' || i.type === 'unique' || i.type === 'normal')
      .map((i) => {
        const m = byModel.get(i.model)!;
        const cols = i.fields.map((f) => column(m.fields.find((x) => x.name === f.name)!));
        const name =
          i.dbName ??
          (i.type === 'id'
            ? `${table(m)}_pkey`
            : `${table(m)}_${cols.join('_')}_${i.type === 'unique' ? 'key' : 'idx'}`);
        return `${name} ${i.type === 'normal' ? 'INDEX' : 'UNIQUE'} ${table(m)}(${cols.join(', ')})`;
      })
      .sort();
    const actual = rows
      .map((r) => {
        const cols = r.indexdef.match(/\((.*)\)$/)![1].replace(/"/g, '');
        return `${r.indexname} ${/CREATE UNIQUE INDEX/.test(r.indexdef) ? 'UNIQUE' : 'INDEX'} ${r.tablename}(${cols})`;
      })
      .sort();
    expect(actual).toEqual(expected);
  });
});
