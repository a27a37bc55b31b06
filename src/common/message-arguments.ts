/**
 * The argument names a compiled ICU message uses, its plural and select branches included: what the
 * catalogs' tests compare across languages (every translation names the arguments English does).
 */
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

export function messageArguments(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    into.add(name);
    if (format !== null && typeof format === 'object')
      for (const [key, branch] of Object.entries(format as Record<string, unknown>))
        if (key !== 'offset' && Array.isArray(branch)) messageArguments(branch as CompiledMessage, into);
  }
  return into;
}
