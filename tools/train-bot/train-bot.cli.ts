/**
 * `npm run train:bot`: trains a house bot's network by self-play, TD(λ)
 * (docs/bots.md "Training"). Seeded and resumable: game n's dice come from
 * the seed and n alone, and the network is written, with how many games it
 * has learnt from, to src/engine/bot/weights/<variant>.ts every
 * --checkpoint games; a later run goes on from there (--fresh starts over).
 * Progress goes to stdout: games, games per second, and now and then the
 * net's win rate against a yardstick (pubeval in backgammon, a pip-maximizer
 * in long nardy) over --measure games.
 *
 *   npm run train:bot -- --variant backgammon --games 300000 [--hidden 80]
 *     [--alpha 0.1] [--lambda 0.7] [--seed 1] [--checkpoint 5000] [--measure 400] [--fresh]
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { VARIANTS, pubevalPlay, type Variant } from '../../src/engine/index.js';
import {
  Evaluator,
  INPUTS,
  Network,
  TdTrainer,
  choosePlay,
  decodeNetwork,
  encodeNetwork,
  pipMaximizer,
  playGame,
  type PlayPicker,
} from '../../src/engine/training/index.js';
import { mulberry32, seedOf } from './seeds.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'backgammon' },
    games: { type: 'string', default: '100000' },
    hidden: { type: 'string', default: '80' },
    alpha: { type: 'string', default: '0.1' },
    lambda: { type: 'string', default: '0.7' },
    seed: { type: 'string', default: '1' },
    checkpoint: { type: 'string', default: '5000' },
    measure: { type: 'string', default: '400' },
    fresh: { type: 'boolean', default: false },
  },
});

const variant = values.variant as Variant;
if (!(VARIANTS as readonly string[]).includes(variant))
  throw new Error(`--variant must be one of ${VARIANTS.join(', ')}`);
const games = positive('games');
const hidden = positive('hidden');
const alpha = Number(values.alpha);
const lambda = Number(values.lambda);
const seed = positive('seed');
const checkpointEvery = positive('checkpoint');
const measureGames = positive('measure');

/**
 * src/engine/bot/weights/<variant>.ts of the checkout, found upwards from the trainer (its source or its
 * build): the first folder holding the TypeScript weights (a build beside it holds only their .js).
 */
const WEIGHTS = join('src', 'engine', 'bot', 'weights');
let root = dirname(fileURLToPath(import.meta.url));
while (!existsSync(join(root, WEIGHTS, `${variant}.ts`)) && dirname(root) !== root) root = dirname(root);
const weightsFile = join(root, WEIGHTS, `${variant}.ts`);

const { net, done } = load();
const trainer = new TdTrainer(variant, net);
console.log(
  `training ${variant}: ${net.inputs}-${net.hidden}-5 network, ${done} games learnt, to ${games}; ` +
    `alpha ${alpha}, lambda ${lambda}, seed ${seed}`,
);
let last = Date.now();
let lastGames = done;
let turns = 0;
for (let n = done + 1; n <= games; n++) {
  turns += trainer.game(mulberry32(seedOf(seed, n)), { alpha, lambda }).turns;
  if (n % 1000 === 0) {
    const now = Date.now();
    const rate = ((n - lastGames) * 1000) / (now - last);
    console.log(`${n} games, ${rate.toFixed(0)} games/s, ${(turns / (n - lastGames)).toFixed(1)} turns a game`);
    last = now;
    lastGames = n;
    turns = 0;
  }
  if (n % checkpointEvery === 0 || n === games) {
    save(n);
    console.log(`${n} games: ${measure()}`);
  }
}

function positive(name: keyof typeof values): number {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
}

function load(): { net: Network; done: number } {
  if (!values.fresh && existsSync(weightsFile)) {
    const text = readFileSync(weightsFile, 'utf8');
    const learnt = /games learnt: (\d+)/.exec(text);
    const network = /NETWORK = '([^']*)'/.exec(text);
    if (learnt !== null && network !== null) {
      return { net: decodeNetwork(network[1].replace(/\\n/g, '\n')), done: Number(learnt[1]) };
    }
  }
  return { net: Network.random({ inputs: INPUTS[variant], hidden }, mulberry32(seed)), done: 0 };
}

function save(learnt: number): void {
  const name = variant === 'backgammon' ? 'BACKGAMMON' : 'LONG_NARDY';
  const text =
    `/**\n * The ${variant} house bots' network, written by \`npm run train:bot\` (docs/bots.md "Training").\n` +
    ` * ${net.inputs}-${net.hidden}-5; games learnt: ${learnt}; seed ${seed}; last run alpha ${alpha}, lambda ${lambda}.\n */\n` +
    `// prettier-ignore\nexport const ${name}_NETWORK = '${encodeNetwork(net).replace('\n', '\\n')}';\n`;
  writeFileSync(`${weightsFile}.tmp`, text);
  renameSync(`${weightsFile}.tmp`, weightsFile);
}

/** The net (0-ply) against the variant's yardstick, each side half the games first. */
function measure(): string {
  const evaluator = new Evaluator(variant, net);
  const bot: PlayPicker = (_position, _dice, plays) => choosePlay(evaluator, plays);
  const yardstick: PlayPicker =
    variant === 'backgammon' ? (position, dice, plays) => pubevalPlay(position, dice) ?? plays[0] : pipMaximizer;
  const random = mulberry32(seedOf(seed, 0));
  let wins = 0;
  let points = 0;
  for (let g = 0; g < measureGames; g++) {
    const game = playGame(variant, [bot, yardstick], random, (g % 2) as 0 | 1);
    if (game.winner === 0) wins++;
    points += game.winner === 0 ? game.multiplier : -game.multiplier;
  }
  const against = variant === 'backgammon' ? 'pubeval' : 'pip-maximizer';
  return `${((100 * wins) / measureGames).toFixed(1)}% of ${measureGames} games won against ${against}, ${(points / measureGames).toFixed(3)} points a game`;
}
