import type { Player } from './match-client.js';
import { expectOnlyScriptedThrows, startScriptedMatch, type ScriptedApp } from './scripted-app.js';

/**
 * A rated backgammon match of `length` points, `white` inviting `black`, in which each player makes
 * `plays` checker plays with a choice (the opening 3-1, then 6-5s, the first legal play each time;
 * each rolls for itself, the cube being in play): the real decisions that make a match left or
 * timed out count (docs/rules.md "Ratings"). White is then on roll (on play when `plays` is 0).
 * The match id.
 */
export async function matchWithDecisions(
  s: ScriptedApp,
  white: Player,
  black: Player,
  length: number,
  plays: number,
  terms: Record<string, unknown> = {},
): Promise<string> {
  const throws = [[3, 1] as const, ...Array.from({ length: Math.max(0, 2 * plays - 1) }, () => [6, 5] as const)];
  const id = await startScriptedMatch(s, white, black, { variant: 'backgammon', length, ...terms }, throws);
  const playFirst = async (player: Player): Promise<void> => {
    const { plays: legal } = await s.client.legalPlays(id, player);
    await s.client.ok(player, id, 'plays', { moves: legal[0].moves });
  };
  for (let i = 0; i < plays; i++) {
    if (i > 0) await s.client.ok(white, id, 'roll');
    await playFirst(white);
    await s.client.ok(black, id, 'roll');
    await playFirst(black);
  }
  expectOnlyScriptedThrows(s);
  return id;
}
