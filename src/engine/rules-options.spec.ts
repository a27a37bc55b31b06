import { readFileSync } from 'node:fs';
import { DEFAULT_RULES, effectiveRules, resolveRules } from './rules-options.js';

/** The defaults docs/rules.md gives each option (M1-M4, N3, N7), as data: rules-options.defaults.json. */
const DOCUMENTED_DEFAULTS: unknown = JSON.parse(
  readFileSync(new URL('./rules-options.defaults.json', import.meta.url), 'utf8'),
);

describe('rule options', () => {
  it('fills in the defaults: cube and Crawford on, money options off, koks on, the winner starts the next nardy game', () => {
    const resolved = resolveRules({ jacoby: true, cubeLimit: undefined });
    expect(resolved).toEqual({ ok: true, rules: { ...DEFAULT_RULES, jacoby: true } });
    expect(DEFAULT_RULES).toEqual(DOCUMENTED_DEFAULTS);
  });

  it('names the options that make no sense', () => {
    const resolved = resolveRules({ cubeLimit: 3, automaticDoubles: -1, nextGameStarter: 'loser' as never });
    expect(resolved.ok).toBe(false);
    if (resolved.ok) return;
    expect(resolved.problems.map((p) => p.field).sort()).toEqual(['automaticDoubles', 'cubeLimit', 'nextGameStarter']);
  });

  it('applies Jacoby, beavers and automatic doubles to money sessions only, and Crawford to matches only (M3, M4)', () => {
    const everything = { ...DEFAULT_RULES, jacoby: true, beavers: true, automaticDoubles: 2 };
    expect(effectiveRules(7, everything)).toMatchObject({
      crawford: true,
      jacoby: false,
      beavers: false,
      automaticDoubles: 0,
    });
    expect(effectiveRules(0, everything)).toMatchObject({
      crawford: false,
      jacoby: true,
      beavers: true,
      automaticDoubles: 2,
    });
    expect(effectiveRules(0, { ...everything, cube: false })).toMatchObject({
      jacoby: false,
      beavers: false,
      automaticDoubles: 0,
    });
  });
});
