/**
 * The client's catalogs hold together (docs/architecture.md, "Languages"): every language has every
 * key of the English catalog and no other, each message is valid ICU MessageFormat with the same
 * arguments and the same element tags as the English one, a plural has every form the language's
 * plural rules give, and the key type lists every area. The browser test then shows every page in
 * every language and fails on a key a page asks for that the catalog lacks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { CATALOG_LANGUAGES, MESSAGES_DIR, pseudoLocalize, readAreas } from '../../build/catalogs.js';

function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    // By name only: a translation may need a plural where English has none ("a {length}-point match").
    const [name, , format] = token;
    into.add(name);
    if (format !== null && typeof format === 'object')
      for (const [key, branch] of Object.entries(format as Record<string, unknown>))
        if (key !== 'offset' && Array.isArray(branch)) argumentsOf(branch as CompiledMessage, into);
  }
  return into;
}

function pluralForms(message: CompiledMessage, into: string[][] = []): string[][] {
  for (const token of message)
    if (typeof token !== 'string' && (token[1] === 'plural' || token[1] === 'selectordinal')) {
      const branches = Object.entries(token[2] as Record<string, unknown>).filter(([key]) => key !== 'offset');
      into.push(branches.map(([key]) => key));
      for (const [, branch] of branches) if (Array.isArray(branch)) pluralForms(branch as CompiledMessage, into);
    }
  return into;
}

const tags = (message: string): string[] => [...message.matchAll(/<\/?\d+>/g)].map((m) => m[0]).sort();

const english = readAreas('en');

describe('the client’s catalogs', () => {
  it('list every English area in the key type', () => {
    const declared = readFileSync(fileURLToPath(new URL('./message-ids.ts', import.meta.url)), 'utf8');
    const areas = readdirSync(`${MESSAGES_DIR}/en`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
    for (const area of areas) expect(declared).toContain(`from './messages/en/${area}.json'`);
    for (const area of areas) expect(declared).toContain(`keyof typeof ${area}`);
  });

  it('keep each key in its area’s namespace', () => {
    for (const [area, messages] of english)
      for (const key of Object.keys(messages)) expect({ key, area: key.split('.')[0] }).toEqual({ key, area });
  });

  it.each(CATALOG_LANGUAGES)(
    'in %s: every English key and no other, valid ICU, same arguments and tags, every plural form',
    (language) => {
      const areas = readAreas(language);
      expect([...areas.keys()].sort()).toEqual([...english.keys()].sort());
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [area, source] of english) {
        const own = areas.get(area)!;
        expect({ area, keys: Object.keys(own).sort() }).toEqual({ area, keys: Object.keys(source).sort() });
        for (const [key, message] of Object.entries(own)) {
          const compiled = compileMessageOrThrow(message);
          const original = compileMessageOrThrow(source[key]);
          expect({ key, args: [...argumentsOf(compiled)].sort(), tags: tags(message) }).toEqual({
            key,
            args: [...argumentsOf(original)].sort(),
            tags: tags(source[key]),
          });
          for (const branches of pluralForms(compiled))
            for (const form of forms)
              expect({ key, form, present: branches.includes(form) }).toEqual({ key, form, present: true });
        }
      }
    },
  );

  it.each(CATALOG_LANGUAGES.filter((l) => l !== 'en'))('in %s: no message is left in English', (language) => {
    const areas = readAreas(language);
    const left: string[] = [];
    for (const [area, source] of english)
      for (const [key, message] of Object.entries(areas.get(area)!)) {
        // Words with Latin letters outside the arguments, the same as in English: not translated.
        const words = message.replace(/\{[^{}]*\}/g, '').replace(/<\/?\d+>/g, '');
        if (message === source[key] && /[A-Za-z]{3,}/.test(words) && !/^[A-Z0-9 ./:-]+$/.test(words)) left.push(key);
      }
    expect(left).toEqual([]);
  });

  it('pseudo-localise letters only, never the arguments', () => {
    expect(pseudoLocalize('Roll 6-5')).toBe('Ŕóĺĺ 6-5');
    expect(compileMessageOrThrow('{count, plural, one {# game} other {# games}}', pseudoLocalize)).toEqual([
      ['count', 'plural', { offset: undefined, one: ['#', ' ĝàɱé'], other: ['#', ' ĝàɱéš'] }],
    ]);
  });
});
