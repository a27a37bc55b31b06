import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import * as validators from 'class-validator';
import { LANGUAGES } from '../languages.js';
import { FIELD_WORDS, fieldMessage } from './field-words.js';

function argumentsOf(message: CompiledMessage): string[] {
  return message.flatMap((token) => (typeof token === 'string' ? [] : [token[0]])).sort();
}

describe('the field errors’ words', () => {
  const english = FIELD_WORDS.messages('en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))('in %s: every rule, valid ICU, the same arguments', (language) => {
    const catalog = FIELD_WORDS.messages(language);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(catalog)) {
      expect({ key, args: argumentsOf(compileMessageOrThrow(message)) }).toEqual({
        key,
        args: argumentsOf(compileMessageOrThrow(english[key])),
      });
      expect({ key, message }).not.toEqual({ key, message: english[key] });
    }
  });

  it('know every rule the service’s request shapes use', () => {
    // The class-validator decorators imported anywhere in src/, by the name each gives its errors.
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const decorators = new Set<string>();
    const visit = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) visit(path);
        else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !path.includes('/config/')) {
          const imported = /import \{([^}]+)\} from 'class-validator'/.exec(readFileSync(path, 'utf8'));
          for (const item of imported?.[1]?.split(',') ?? []) decorators.add(item.trim().replace(/^type /, ''));
        }
      }
    };
    visit(root);
    const constants = validators as unknown as Record<string, unknown>;
    // IsInt → IS_INT → 'isInt'; Length → IS_LENGTH → 'isLength'. IsOptional and ValidateIf raise nothing.
    const rules = [...decorators]
      .filter((decorator) => decorator !== 'IsOptional' && decorator !== 'ValidateIf')
      .map((decorator) => {
        const constant = decorator.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
        return constants[constant] ?? constants[`IS_${constant}`];
      })
      .filter((rule): rule is string => typeof rule === 'string');
    expect(rules.length).toBeGreaterThan(10);
    expect(rules).toContain('isLength');
    expect(rules.filter((rule) => english[rule] === undefined)).toEqual([]);
  });

  it('keep the raised message in English, and for a rule no catalog knows', () => {
    const error = { field: 'length', constraint: 'min', message: 'length must not be less than 1', values: [1] };
    expect(fieldMessage('en', error)).toBe('length must not be less than 1');
    expect(fieldMessage('ru', { ...error, constraint: 'someNewRule' })).toBe('length must not be less than 1');
  });

  it('write the rule’s figures and the field’s path into the translation', () => {
    const russian = fieldMessage('ru', { field: 'password', constraint: 'isLength', message: '', values: [8, 128] });
    expect(russian).toMatch(/^password: .*8.*128/u);
    expect(russian).toMatch(/\p{Script=Cyrillic}/u);
    const allowed = fieldMessage('lt', {
      field: 'variant',
      constraint: 'isIn',
      message: '',
      values: [['backgammon', 'long-nardy']],
    });
    expect(allowed).toContain('backgammon, long-nardy');
    // A field's own rule before the general one.
    const username = fieldMessage('hy', { field: 'username', constraint: 'matches', message: '', values: [] });
    expect(username).toContain('a-z');
  });
});
