import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '../languages.js';
import { problemLanguage } from './problem-language.js';
import { PROBLEM_WORDS, problemTitle, problemWords } from './problem-texts.js';
import { messageArguments } from '../message-arguments.js';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/** Every code the service's source raises: error classes, match limits, request problems, statuses. */
function codesInSource(): Set<string> {
  const codes = new Set<string>();
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) {
        // The engine's and the migrations' own codes never reach a problem document.
        if (path.includes('/engine/') || path.includes('/database/')) continue;
        const text = readFileSync(path, 'utf8');
        const patterns = [
          /readonly code = '([a-z0-9-]+)'/g,
          /\bcode: '([a-z0-9-]+)'/g,
          /new RequestProblem\([^,]+,\s*'([a-z0-9-]+)'/g,
          /^\s+'(too-many-[a-z-]+)': \(limit\)/gm,
          /^\s+\d{3}: '([a-z-]+)',$/gm,
        ];
        for (const pattern of patterns) for (const match of text.matchAll(pattern)) codes.add(match[1]);
      }
    }
  };
  visit(SRC);
  return codes;
}

/** The plural categories a message's plural arguments give. */
function pluralCategories(message: CompiledMessage): Set<string> {
  const categories = new Set<string>();
  for (const token of message)
    if (typeof token !== 'string' && token[1] === 'plural')
      for (const key of Object.keys(token[2] as object)) if (key !== 'offset') categories.add(key);
  return categories;
}

describe('the problems’ words', () => {
  const english = PROBLEM_WORDS.messages('en');

  it('have an English title and detail for every code the service raises', () => {
    const codes = codesInSource();
    expect(codes.size).toBeGreaterThan(50);
    expect(
      [...codes].filter((code) => english[`${code}.title`] === undefined || english[`${code}.detail`] === undefined),
    ).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'in %s: every code, valid ICU, the same arguments, every plural form',
    (language) => {
      const catalog = PROBLEM_WORDS.messages(language);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, message] of Object.entries(catalog)) {
        const own = compileMessageOrThrow(message);
        const source = compileMessageOrThrow(english[key]);
        expect({ key, args: [...messageArguments(own)].sort() }).toEqual({
          key,
          args: [...messageArguments(source)].sort(),
        });
        const plural = pluralCategories(own);
        if (plural.size > 0)
          for (const category of needed)
            expect({ key, category, has: plural.has(category) }).toEqual({ key, category, has: true });
        expect(message).not.toBe(english[key]);
      }
    },
  );

  it('follow the best language of Accept-Language the service speaks, else English', () => {
    expect(problemLanguage(undefined)).toBe('en');
    expect(problemLanguage('')).toBe('en');
    expect(problemLanguage('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(problemLanguage('fr, lt;q=0.3, en;q=0.2')).toBe('lt');
    expect(problemLanguage('HY')).toBe('hy');
    expect(problemLanguage('fr, de')).toBe('en');
    expect(problemLanguage('*')).toBe('en');
  });

  it('keep the detail the error was raised with in English, and the code’s title', () => {
    expect(problemWords('match-not-found', 'There is no match x.', 'en', {})).toEqual({
      title: 'Match not found',
      detail: 'There is no match x.',
      language: 'en',
    });
    expect(problemTitle('some-new-code')).toBe('Some new code');
    expect(problemWords('some-new-code', 'Detail.', 'ru', {})).toEqual({
      title: 'Some new code',
      detail: 'Detail.',
      language: 'en',
    });
  });

  it('count fields by each language’s plural rules, with the figures the problem carries', () => {
    const russian = (count: number) => problemWords('validation-failed', '', 'ru', { count, fields: 'a, b' }).detail;
    // One, few and many differ in Russian: 1, 3 and 5 fields read three ways.
    expect(new Set([russian(1), russian(3), russian(5)].map((d) => d.replace(/\d+/, '#'))).size).toBe(3);
    expect(russian(21).replace(/\d+/, '#')).toBe(russian(1).replace(/\d+/, '#'));
    expect(problemWords('too-many-webhooks', '', 'lt', { limit: 7 }).detail).toContain('7');
  });
});
