/**
 * The bytes of board.svg stay what they were when the drawing became a scene
 * tree shared with the web client (board-scene.ts, docs/architecture.md "Board
 * pictures"): a handful of varied pictures, each with the SHA-256 of the
 * document the renderer wrote before that change. A picture that moves one
 * coordinate, reorders one attribute or escapes one character differently
 * fails here; a deliberate change to the drawing updates these digests.
 */
import { createHash } from 'node:crypto';
import { initialPosition, makePosition, sideFromCounts } from '../engine/index.js';
import { playRandomMatch } from '../engine/testing/index.js';
import { matchPicture, positionPicture, type BoardPicture } from './board-picture.js';
import { renderBoardSvg } from './board-svg.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const start = positionPicture('backgammon', initialPosition('backgammon'));
const awkward = { white: '<script>alert("x")</script>', black: 'bob & "co" \u0007 \'q\'' };

/** The state of a random match (the engine's seeded driver) after `events` events. */
function randomState(variant: 'backgammon' | 'long-nardy', length: number, seed: number, events: number) {
  return playRandomMatch({ variant, length }, seed, { maxEvents: events }).states[events];
}

const PICTURES: readonly (readonly [string, () => BoardPicture])[] = [
  ['the backgammon start, from the side to move', () => start],
  [
    'the backgammon start, from the other side',
    () => positionPicture('backgammon', initialPosition('backgammon'), 'opponent'),
  ],
  ['the long-nardy start', () => positionPicture('long-nardy', initialPosition('long-nardy'))],
  [
    'checkers on the bar and borne off, stacks over five',
    () => positionPicture('backgammon', makePosition(sideFromCounts({ 6: 10 }, 2), sideFromCounts({ 12: 11 }, 1))),
  ],
  [
    'a 5-point match in the middle, seen by black, with names to escape',
    () => matchPicture(randomState('backgammon', 5, 105, 40), 'black', awkward),
  ],
  [
    'a long-nardy money session in the middle',
    () =>
      matchPicture(randomState('long-nardy', 0, 300, 60), 'white', {
        white: 'Ünïcødé 🎲 name that is very long',
        black: '  bob  ',
      }),
  ],
  [
    'a double offered in the Crawford score, with dice, seen by black',
    () => ({
      ...start,
      perspective: 'black',
      cube: { value: 256, owner: 'white', offer: { by: 'white', value: 512 } },
      dice: { values: [6, 3], player: 'white' },
      score: { white: 4, black: 1 },
      matchLength: 5,
      crawford: true,
      onTurn: 'black',
      names: awkward,
    }),
  ],
  [
    'a four-digit cube owned by white, doublets thrown by black',
    () => ({
      ...start,
      cube: { value: 1024, owner: 'white', offer: null },
      dice: { values: [5, 5], player: 'black' },
      score: { white: 0, black: 1 },
      matchLength: 0,
      onTurn: 'black',
    }),
  ],
];

/** SHA-256 of each picture's document as the renderer wrote it before the scene tree. */
const EXPECTED: Readonly<Record<string, string>> = {
  'the backgammon start, from the side to move': '4b6a68c2cffb11938ffee5578092cf3e09e014768db39fa5ec7bf893d0b5b5d3',
  'the backgammon start, from the other side': '9585413fe1cddd004d0f30ffaf61bddbcadc27eeb486cde1a200c08550cbdb61',
  'the long-nardy start': '6becc73b5f3f51e810aececf8ef6930b7c5d1a62c57ff81f13c95c056ad44d25',
  'checkers on the bar and borne off, stacks over five':
    '40438ab5a52f1099adae9d5315d8c423cfeadca5f0d5353018562f66f4fae474',
  'a 5-point match in the middle, seen by black, with names to escape':
    '7895574b9ea071a90f4628be3a66c73a29d76880ff71af4d864a2c39efffe183',
  'a long-nardy money session in the middle': '9e5709ce13077dd96464bb3c648932d99088f38db48cb4f7b94995b4b9be6c2e',
  'a double offered in the Crawford score, with dice, seen by black':
    'a2d88b5aff735819977bae90c382eba17613ce7125fbc7f5c42c0eb8acd2830a',
  'a four-digit cube owned by white, doublets thrown by black':
    '3fb5256453fc324cc1262f1bbfa2ae1bdc128a0eac2f511ff86948e50d32cc73',
};

describe('board.svg bytes', () => {
  it.each(PICTURES)('are unchanged for %s', (name, picture) => {
    expect(sha256(renderBoardSvg(picture()))).toBe(EXPECTED[name]);
  });
});
