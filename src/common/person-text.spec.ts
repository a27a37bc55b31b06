import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import fc from 'fast-check';
import { normalisedPersonText, PersonText, personTextRefusal } from './person-text.js';
import { toFieldErrors } from './validation.js';

/** The text policy for names people type (docs/architecture.md, "Text people type"). */

class NamedDto {
  @PersonText({ max: 10 })
  name!: string;
}

const judge = (raw: string) => personTextRefusal(normalisedPersonText(raw), 'name', { max: 10 })?.constraint ?? null;

function fieldErrors(name: unknown): { value: unknown; errors: Array<{ field: string; constraint: string }> } {
  const dto = plainToInstance(NamedDto, { name });
  return {
    value: dto.name,
    errors: toFieldErrors(validateSync(dto)).map(({ field, constraint }) => ({ field, constraint })),
  };
}

const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), 0x7f, 0x85, 0x9f, 0x2028, 0x2029].map((c) =>
  String.fromCodePoint(c),
);
const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x61c].map((c) =>
  String.fromCodePoint(c),
);
const INVISIBLE = [
  0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x3164, 0x115f, 0x1160, 0xffa0, 0xfe0f, 0xe0100, 0x180e, 0xad, 0x2800,
].map((c) => String.fromCodePoint(c));
const SPACES = [' ', '\u00a0', '\u3000', '\u2003', '\u202f'];

describe('the text policy for names people type', () => {
  it.each([
    ['\u202EevilCup', 'bidi-control'],
    ['\u200B', 'invisible-only'],
    ['Cup\r\nBcc: victim@example.com', 'control-character'],
    ['Cup\n', 'control-character'],
    ['\tCup', 'control-character'],
    ['Cup\u2028Cc', 'control-character'],
    ['   ', 'blank'],
    ['', 'blank'],
    ['\u3164\u3164', 'invisible-only'],
    [' \u200B\uFEFF\u2060 ', 'invisible-only'],
    ['elevenchars', 'maxLength'],
  ])('refuses %j (%s)', (raw, constraint) => {
    expect(judge(raw)).toBe(constraint);
  });

  it.each([
    ['Autumn Cup', 'Autumn Cup'],
    ['  Café  ', 'Café'],
    ['Cafe\u0301', 'Caf\u00e9'],
    ['\u00a0Ёлка\u3000', 'Ёлка'],
    ['👩‍💻 bot', '👩‍💻 bot'],
    ['Кубок ❤️', 'Кубок ❤️'],
    ['نرد', 'نرد'],
    ['a\u200Db', 'a\u200Db'],
  ])('takes %j, stored as %j', (raw, stored) => {
    expect(fieldErrors(raw)).toEqual({ value: stored, errors: [] });
  });

  it('counts characters, not UTF-16 units, once composed', () => {
    expect(judge('😀'.repeat(10))).toBeNull();
    expect(judge('e\u0301'.repeat(10))).toBeNull();
    expect(judge('😀'.repeat(11))).toBe('maxLength');
  });

  it('answers one field error, the first rule broken, and isString for what is no text', () => {
    expect(fieldErrors('\u202E\r\n')).toEqual({
      value: '\u202E\r\n',
      errors: [{ field: 'name', constraint: 'control-character' }],
    });
    expect(toFieldErrors(validateSync(plainToInstance(NamedDto, { name: ' elevenchars ' })))).toEqual([
      { field: 'name', constraint: 'maxLength', message: 'name must be at most 10 characters', values: [10] },
    ]);
    expect(fieldErrors(42).errors).toEqual([{ field: 'name', constraint: 'isString' }]);
    expect(fieldErrors(undefined).errors).toEqual([{ field: 'name', constraint: 'isString' }]);
  });

  it('refuses any text holding a control character or a bidirectional control, wherever it is', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...CONTROLS, ...BIDI), fc.string(), (before, bad, after) => {
        const constraint = judge(before + bad + after);
        expect(['control-character', 'bidi-control']).toContain(constraint);
      }),
    );
  });

  it('refuses any text of only spaces and invisible characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SPACES, ...INVISIBLE), { minLength: 1, maxLength: 8 }), (parts) => {
        expect(['blank', 'invisible-only']).toContain(judge(parts.join('')));
      }),
    );
  });

  it('stores what it takes in NFC without spaces at the ends, and judges a text and its NFC form alike', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 12 }), (raw) => {
        const stored = normalisedPersonText(raw);
        expect(stored.normalize('NFC')).toBe(stored);
        expect(stored).toBe(stored.replace(/^\p{Zs}+|\p{Zs}+$/gu, ''));
        expect(judge(raw.normalize('NFD'))).toBe(judge(raw));
        if (judge(raw) === null) expect(fieldErrors(raw)).toEqual({ value: stored, errors: [] });
      }),
      { numRuns: 500 },
    );
  });

  it('takes any text of visible letters, digits and punctuation within its length', () => {
    const visible = fc.constantFrom(...'abcXYZ019-_.!é€Жжنש中😀'.split(/(?:)/u));
    fc.assert(
      fc.property(
        fc.array(visible, { minLength: 1, maxLength: 10 }),
        fc.constantFrom('', ' ', '\u00a0'),
        (chars, pad) => {
          expect(judge(pad + chars.join('') + pad)).toBeNull();
        },
      ),
    );
  });
});
