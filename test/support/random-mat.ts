import { writeMat } from '../../src/engine/index.js';
import { playRandomMatch } from '../../src/engine/testing/index.js';

/** A finished cubeless match to `length` points between random players (ann and ben), as .mat text. */
export function randomMatText(length: number, seed: number): { text: string; games: number; events: number } {
  const rules = { cube: false };
  const played = playRandomMatch({ variant: 'backgammon', length, rules }, seed, {
    maxEvents: 100_000,
    maxGames: 1000,
    timeouts: false,
    keepStates: false,
  });
  const text = writeMat({
    variant: 'backgammon',
    length,
    rules,
    players: { white: 'ann', black: 'ben' },
    events: played.events,
  });
  const games = played.events.filter((event) => event.type === 'game-end').length;
  return { text, games, events: played.events.length };
}
