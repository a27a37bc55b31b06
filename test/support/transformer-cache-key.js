import { createHash } from 'node:crypto';

/**
 * A Jest transformer's getCacheKey covering the whole source, the file name and
 * the transformer's version (bump it when the transformer changes what it makes
 * of a source): an edited file is never served from a stale cache entry.
 */
export function wholeSourceCacheKey(transformVersion) {
  return (source, filename) =>
    createHash('sha256')
      .update(transformVersion)
      .update('\0')
      .update(filename)
      .update('\0')
      .update(source)
      .digest('hex');
}
