import { Transform } from 'class-transformer';
import { IsString, ValidateBy } from 'class-validator';

/**
 * Control characters: Unicode's Cc (C0 and C1, with CR, LF and TAB) and the line and paragraph
 * separators U+2028/U+2029, which break a line as LF does (in a mail header or subject, a log line).
 */
export const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
/** Characters that reorder the text around them: U+202A-U+202E, U+2066-U+2069, U+200E/U+200F, U+061C. */
export const BIDI_CONTROL = /\p{Bidi_Control}/u;
/**
 * Characters that show as nothing on their own: white space, Unicode's Default_Ignorable_Code_Point
 * (zero-width space and joiners, U+2060, U+FEFF, the Hangul fillers U+115F/U+1160/U+3164/U+FFA0,
 * variation selectors, soft hyphen…) and the blank Braille pattern U+2800, a favourite "empty" name.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** Space at either end: Unicode's space separators (space, no-break space, ideographic space…). */
const EDGE_SPACE = /^\p{Zs}+|\p{Zs}+$/gu;

/** The policy in a sentence, for the API's documentation of each field it holds. */
export const PERSON_TEXT_RULE =
  "Stored in Unicode NFC, without spaces at either end; refused (400, the field error's constraint) with " +
  'control characters such as line breaks and tabs (control-character), bidirectional controls (bidi-control), ' +
  'nothing (blank) or nothing visible (invisible-only), or over its length (maxLength).';

/** The rules a person's text can break, as its field error's `constraint`, in the order they are judged. */
export type PersonTextConstraint = 'control-character' | 'bidi-control' | 'blank' | 'invisible-only' | 'maxLength';

export interface PersonTextRefusal {
  readonly constraint: PersonTextConstraint;
  readonly message: string;
}

export interface PersonTextOptions {
  /** The most characters (code points) the text may hold, once normalised. */
  readonly max: number;
}

/**
 * A person's text as it is stored and judged (docs/architecture.md, "Text people type"): in
 * Unicode's composed form (NFC: `e` and a combining acute accent are one `é`), without space
 * separators at either end. Control characters at the ends are kept, for the rule to refuse.
 */
export function normalisedPersonText(text: string): string {
  return text.normalize('NFC').replace(EDGE_SPACE, '');
}

/**
 * Why `value`, once normalised (normalisedPersonText), may not be stored as a name a person typed
 * (a tournament's, a token's; docs/architecture.md, "Text people type"), or null when it may.
 * The first rule broken is the answer: control characters (CR/LF would let it write a line of its
 * own into a mail header or a log), bidirectional controls (which make it show as other text),
 * nothing at all, nothing visible (only spaces and invisible characters), more than `max`
 * characters. `field` names it in the message.
 */
export function personTextRefusal(value: unknown, field: string, { max }: PersonTextOptions): PersonTextRefusal | null {
  if (typeof value !== 'string') return null; // refused as isString
  if (CONTROL_CHARACTER.test(value)) {
    return {
      constraint: 'control-character',
      message: `${field} must not contain control characters (line breaks, tabs and the like)`,
    };
  }
  if (BIDI_CONTROL.test(value)) {
    return {
      constraint: 'bidi-control',
      message: `${field} must not contain bidirectional control characters: they make a name show as another`,
    };
  }
  if (value === '') return { constraint: 'blank', message: `${field} must not be empty or only spaces` };
  if (value.replace(INVISIBLE, '') === '') {
    return {
      constraint: 'invisible-only',
      message: `${field} must show something: it holds only spaces and invisible characters`,
    };
  }
  if ([...value].length > max)
    return { constraint: 'maxLength', message: `${field} must be at most ${max} characters` };
  return null;
}

const CONSTRAINTS: readonly PersonTextConstraint[] = [
  'control-character',
  'bidi-control',
  'blank',
  'invisible-only',
  'maxLength',
];

/**
 * The text policy for a name a person types, on a request's field (docs/architecture.md, "Text
 * people type"): a string, normalised (normalisedPersonText: the DTO, and so what is stored, holds
 * the NFC form, trimmed), then judged by personTextRefusal, each rule its own validator failing only
 * when it is the first one broken, so a refused text gets one field error, the right one
 * (`maxLength` carries `max` as its figure).
 */
export function PersonText(options: PersonTextOptions): PropertyDecorator {
  const decorators = [
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalisedPersonText(value) : value)),
    IsString(),
    ...CONSTRAINTS.map((name) =>
      ValidateBy({
        name,
        constraints: name === 'maxLength' ? [options.max] : [],
        validator: {
          validate: (value: unknown, args) =>
            personTextRefusal(value, args?.property ?? '', options)?.constraint !== name,
          defaultMessage: (args) => personTextRefusal(args?.value, args?.property ?? '', options)?.message ?? '',
        },
      }),
    ),
  ];
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}
