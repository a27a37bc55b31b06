/**
 * Hand scanners for the two .mat lines whose layout no regular expression
 * reads in linear time: the score line (`alice : 0   bob : 3`, names may hold
 * blanks and colons) and the header tag (`[Event "Club night"]`). The patterns
 * they replace had adjacent lazy and greedy runs over the same characters
 * (`\s*(\S.*?)\s*:`), which backtrack: a 3 KB line held the process for
 * seconds. Each scanner here visits every character a bounded number of times
 * and counts its visits in a `ReadingWork`, so a test can bound the work of a
 * whole file by its size (docs/architecture.md, "Interchange").
 */

/** The characters a reader visited: its work, to compare with the size of what it read. */
export interface ReadingWork {
  visited: number;
}

/** A work counter that nobody reads. */
export const UNCOUNTED = (): ReadingWork => ({ visited: 0 });

/** What `\s` matches (and `trim` removes): tab to carriage return, space, and Unicode's spaces. */
const isBlankChar = (code: number): boolean =>
  code === 0x20 ||
  (code >= 0x09 && code <= 0x0d) ||
  (code > 0x7f &&
    (code === 0xa0 ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200a) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000 ||
      code === 0xfeff));
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/**
 * A player's name as a file writes it: no control characters (C0, DEL, C1),
 * which no program writes into a name and the database refuses in text (NUL).
 */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** `start..end` of `line` without the blanks at either end. */
function trimmed(line: string, start: number, end: number, work: ReadingWork): [number, number] {
  while (start < end && isBlankChar(line.charCodeAt(start))) {
    start++;
    work.visited++;
  }
  while (end > start && isBlankChar(line.charCodeAt(end - 1))) {
    end--;
    work.visited++;
  }
  return [start, end];
}

/**
 * The most digits a score has: a money session's score may be any whole
 * number a JavaScript number holds exactly (up to 2^53 - 1, 16 digits;
 * docs/rules.md M4), and gnubg reads a score line's numbers whatever their
 * length. A match's score has at most two (MAX_MATCH_LENGTH).
 */
const MAX_SCORE_DIGITS = 16;

/**
 * Reads a score: 1 to MAX_SCORE_DIGITS digits from `at` (after blanks). Answers
 * the index past the digits, or -1 when there are none or too many.
 */
function scoreAt(line: string, at: number, end: number, work: ReadingWork): number {
  while (at < end && isBlankChar(line.charCodeAt(at))) {
    at++;
    work.visited++;
  }
  const first = at;
  while (at < end && at - first <= MAX_SCORE_DIGITS && isDigit(line.charCodeAt(at))) {
    at++;
    work.visited++;
  }
  const digits = at - first;
  return digits >= 1 && digits <= MAX_SCORE_DIGITS && Number.isSafeInteger(Number(line.slice(first, at))) ? at : -1;
}

export interface ScoreLine {
  readonly players: readonly [string, string];
  readonly score: readonly [number, number];
}

/**
 * `name : score   name : score`, read as the pattern
 * `^\s*(\S.*?)\s*:\s*(\d{1,16})\s+(\S.*?)\s*:\s*(\d{1,16})\s*$` reads it (each
 * score a safe integer, MAX_SCORE_DIGITS): the right score is the digits at the end after the last colon; the left name
 * ends at the first colon that a score and blanks follow, with a name after
 * them. Null when the line is not a score line.
 */
export function readScoreLine(line: string, work: ReadingWork): ScoreLine | null {
  const [start, end] = trimmed(line, 0, line.length, work);
  // The right score: digits at the end, blanks, the last colon.
  let at = end;
  while (at > start && end - at <= MAX_SCORE_DIGITS && isDigit(line.charCodeAt(at - 1))) {
    at--;
    work.visited++;
  }
  if (end - at < 1 || end - at > MAX_SCORE_DIGITS) return null;
  const rightScore = Number(line.slice(at, end));
  if (!Number.isSafeInteger(rightScore)) return null;
  while (at > start && isBlankChar(line.charCodeAt(at - 1))) {
    at--;
    work.visited++;
  }
  if (at <= start || line.charCodeAt(at - 1) !== 0x3a) return null;
  const lastColon = at - 1;
  // The left name ends at the first colon followed by a score, blanks and a name before `lastColon`.
  for (
    let colon = line.indexOf(':', start + 1);
    colon >= 0 && colon < lastColon;
    colon = line.indexOf(':', colon + 1)
  ) {
    work.visited += 1;
    const afterScore = scoreAt(line, colon + 1, lastColon, work);
    if (afterScore < 0 || !isBlankChar(line.charCodeAt(afterScore))) continue;
    const [nameStart, nameEnd] = trimmed(line, afterScore, lastColon, work);
    if (nameStart >= nameEnd) continue;
    const [leftStart, leftEnd] = trimmed(line, start, colon, work);
    if (leftStart >= leftEnd) continue;
    work.visited += nameEnd - nameStart + (leftEnd - leftStart);
    return {
      players: [line.slice(leftStart, leftEnd), line.slice(nameStart, nameEnd)],
      score: [Number(line.slice(trimmed(line, colon + 1, afterScore, work)[0], afterScore)), rightScore],
    };
  }
  return null;
}

/**
 * A header tag `[Key "Value"]` (the comment's text without its `;`), as the
 * pattern `^\[\s*([^"\]]+?)\s+"([^"]*)"\s*\]$` reads it: the key runs to the
 * first quote and must end in blanks; the value runs to the next quote, and
 * only blanks stand between it and the closing bracket. Null when it is none.
 */
export function readTag(body: string, work: ReadingWork): { key: string; value: string } | null {
  if (body.charCodeAt(0) !== 0x5b /* [ */) return null;
  const open = body.indexOf('"', 1);
  if (open < 0) return null;
  work.visited += open;
  const keyText = body.slice(1, open);
  if (keyText.includes(']') || !isBlankChar(body.charCodeAt(open - 1))) return null;
  const key = keyText.trim();
  if (key === '') return null;
  const close = body.indexOf('"', open + 1);
  if (close < 0) return null;
  work.visited += close - open;
  const [restStart, restEnd] = trimmed(body, close + 1, body.length, work);
  if (restEnd - restStart !== 1 || body.charCodeAt(restStart) !== 0x5d /* ] */) return null;
  return { key, value: body.slice(open + 1, close) };
}
