/**
 * What a game's result is worth to a house bot (docs/bots.md "Cube"): points
 * in a money session, the chance of winning the match in a match, read from
 * the Kazaross-XG2 table (met-kazaross-xg2.ts). `ScoreValue(k)` is the worth
 * of the bot winning k points (losing when k < 0) from the score as it is.
 */
import { MET_POINTS, POST_CRAWFORD, PRE_CRAWFORD } from './met-kazaross-xg2.js';

/** The worth of winning k points (k < 0: losing -k). Money: k itself; match: the match-winning chance after it. */
export type ScoreValue = (k: number) => number;

export const moneyValue: ScoreValue = (k) => k;

/**
 * Match play: the bot needs `myAway` points, the opponent `oppAway`;
 * `postCrawford` once the Crawford game has been played.
 */
export function matchValue(myAway: number, oppAway: number, postCrawford: boolean): ScoreValue {
  return (k) => (k >= 0 ? winChance(myAway - k, oppAway, postCrawford) : winChance(myAway, oppAway + k, postCrawford));
}

/** The chance of winning the match needing `me` points against `opp` (0 or less: that side has won). */
export function winChance(me: number, opp: number, postCrawford: boolean): number {
  if (me <= 0) return 1;
  if (opp <= 0) return 0;
  if (me === 1 && opp === 1) return 0.5;
  if (postCrawford && me === 1) return 1 - post(opp);
  if (postCrawford && opp === 1) return post(me);
  return pre(me, opp);
}

function post(trailer: number): number {
  return POST_CRAWFORD[Math.min(trailer, MET_POINTS) - 1];
}

/** Beyond the table's 25 points both needs are scaled into it, keeping their ratio (a rough guide). */
function pre(me: number, opp: number): number {
  const most = Math.max(me, opp);
  if (most > MET_POINTS) {
    me = Math.max(1, Math.round((me * MET_POINTS) / most));
    opp = Math.max(1, Math.round((opp * MET_POINTS) / most));
  }
  return PRE_CRAWFORD[me - 1][opp - 1];
}
