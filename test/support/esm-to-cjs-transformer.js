/**
 * Jest transformer for ESM-only packages that a CommonJS dependency require()s
 * (today: content-disposition 3, required by @fastify/static, which serves
 * Swagger UI's files). Node 20 loads them natively (require(esm)), but Jest's
 * own module loader cannot before Node 24.9 (jestjs/jest#15275). Under Jest
 * only, such a package is compiled to CommonJS; it holds no state the app
 * shares with anything else, so a copy of its own is fine (unlike Nest's
 * packages: see require-esm-transformer.js).
 */
import { wholeSourceCacheKey } from './transformer-cache-key.js';
import ts from 'typescript';

/** Bump when `process` changes what it makes of a source. */
const TRANSFORM_VERSION = 'esm-to-cjs-v1';

export default {
  process(source, filename) {
    const { outputText } = ts.transpileModule(source, {
      fileName: filename,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, allowJs: true },
    });
    return { code: outputText };
  },
  getCacheKey: wholeSourceCacheKey(TRANSFORM_VERSION),
};
