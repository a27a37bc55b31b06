import { Clock } from '../../src/common/clock.js';
import { DiceRoller } from '../../src/matches/core/dice-roller.js';
import { ManualClock } from './manual-clock.js';
import { MatchClient, type Player } from './match-client.js';
import { ScriptedDice, type ScriptedThrow } from './scripted-dice.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The real app with the test seams in place: dice the test scripts and a clock it moves. */
export interface ScriptedApp {
  readonly t: TestApp;
  readonly client: MatchClient;
  readonly dice: ScriptedDice;
  readonly clock: ManualClock;
}

/** `env`: settings over the test defaults (small limits, say). */
export async function startScriptedApp(env: Record<string, string> = {}): Promise<ScriptedApp> {
  const dice = new ScriptedDice();
  const clock = new ManualClock();
  const t = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000', ...env }, undefined, {
    overrides: [
      { provide: DiceRoller, useValue: dice },
      { provide: Clock, useValue: clock },
    ],
  });
  return { t, client: new MatchClient(t.http), dice, clock };
}

/**
 * `creator` (white) invites `invited` (black) with `terms`; the match's throws are queued; `invited`
 * joins. The match id.
 */
export async function startScriptedMatch(
  s: ScriptedApp,
  creator: Player,
  invited: Player,
  terms: Record<string, unknown>,
  throws: readonly ScriptedThrow[],
): Promise<string> {
  const created = await s.client.create(creator, { opponent: invited.username, colour: 'white', ...terms });
  s.dice.script(created.id, ...throws);
  await s.client.ok(invited, created.id, 'join');
  return created.id;
}

/** After each scenario: a throw it did not script is its failure, whatever its assertions said. */
export function expectOnlyScriptedThrows(s: ScriptedApp): void {
  expect(s.dice.failures).toEqual([]);
  s.dice.reset();
}
