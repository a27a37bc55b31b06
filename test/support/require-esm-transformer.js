/**
 * Jest transformer for CommonJS packages that require() Nest 12's ESM-only
 * packages (today: @nestjs/throttler). Node 20 loads them natively
 * (require(esm)), but Jest's own module loader cannot before Node 24.9
 * (jestjs/jest#15275), and on Node 26 it still refuses the require() cycle between
 * @nestjs/throttler and @nestjs/common. So, under Jest only, such a require() is replaced by
 * the ESM namespace that esm-interop.setup.ts imported into the same test
 * context: the very same module instances the app under test uses.
 */
import { wholeSourceCacheKey } from './transformer-cache-key.js';

const ESM_ONLY = ['@nestjs/common', '@nestjs/core'];
/** Bump when `process` changes what it makes of a source. */
const TRANSFORM_VERSION = 'require-esm-v2';

export default {
  process(source) {
    let code = source;
    for (const name of ESM_ONLY) {
      code = code.replaceAll(`require("${name}")`, `globalThis.__nardyEsmInterop[${JSON.stringify(name)}]`);
    }
    return { code };
  },
  getCacheKey: wholeSourceCacheKey(TRANSFORM_VERSION),
};
