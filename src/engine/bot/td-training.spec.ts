/**
 * TD training as `npm run train:bot` runs it: game n's dice from the seed and
 * n alone, so a run is reproducible and one resumed from its written network
 * ends where an unbroken one does; and the games teach: a small network
 * trained briefly beats the same network untrained.
 */
import { mulberry32 } from '../prng.js';
import { playGame, randomPicker, type PlayPicker } from './engine-games.js';
import { Evaluator } from './evaluator.js';
import { INPUTS } from './features.js';
import { Network, decodeNetwork, encodeNetwork } from './network.js';
import { choosePlay } from './play-choice.js';
import { TdTrainer } from './td-training.js';

const SHAPE = { inputs: INPUTS.backgammon, hidden: 8 };
const OPTIONS = { alpha: 0.1, lambda: 0 };

function train(net: Network, from: number, to: number, options = OPTIONS): Network {
  const trainer = new TdTrainer('backgammon', net);
  for (let n = from; n <= to; n++) trainer.game(mulberry32(1000 + n), options);
  return net;
}

function winsAgainstRandom(net: Network, games: number): number {
  const evaluator = new Evaluator('backgammon', net);
  const bot: PlayPicker = (_position, _dice, plays) => choosePlay(evaluator, plays);
  const random = mulberry32(5);
  const opponent = randomPicker(mulberry32(6));
  let wins = 0;
  for (let g = 0; g < games; g++)
    if (playGame('backgammon', [bot, opponent], random, (g % 2) as 0 | 1).winner === 0) wins++;
  return wins;
}

describe('TD self-play training', () => {
  it('is reproducible, and a run resumed from its written network ends where an unbroken run does', () => {
    const unbroken = train(Network.random(SHAPE, mulberry32(1)), 1, 40);
    const half = train(Network.random(SHAPE, mulberry32(1)), 1, 20);
    const resumed = train(decodeNetwork(encodeNetwork(half)), 21, 40);
    expect(encodeNetwork(resumed)).toBe(encodeNetwork(unbroken));
    expect(encodeNetwork(unbroken)).not.toBe(encodeNetwork(Network.random(SHAPE, mulberry32(1))));
  });

  it('with eligibility traces (λ = 0.7) is reproducible too and changes every layer', () => {
    const options = { alpha: 0.1, lambda: 0.7 };
    const a = train(Network.random(SHAPE, mulberry32(2)), 1, 10, options);
    const b = train(Network.random(SHAPE, mulberry32(2)), 1, 10, options);
    const untrained = Network.random(SHAPE, mulberry32(2));
    expect(encodeNetwork(a)).toBe(encodeNetwork(b));
    for (const part of ['w1', 'b1', 'w2', 'b2'] as const) expect(a[part]).not.toEqual(untrained[part]);
  });

  it('teaches: 900 games lift a small network from chance to beating random play', () => {
    const untrained = winsAgainstRandom(Network.random(SHAPE, mulberry32(3)), 100);
    const trained = winsAgainstRandom(
      train(Network.random(SHAPE, mulberry32(3)), 1, 900, { alpha: 0.3, lambda: 0 }),
      100,
    );
    expect(trained).toBeGreaterThanOrEqual(90);
    expect(trained).toBeGreaterThan(untrained + 20);
  });
});
