/**
 * The rule options a match or money session is created with
 * (docs/architecture.md "Match state JSON" `rules`; docs/rules.md M1-M4, N3,
 * N7), with their defaults.
 */

export type NextGameStarter = 'winner' | 'opening-roll';

export interface RulesOptions {
  /** Whether the doubling cube is used at all (M1). */
  readonly cube: boolean;
  /** Crawford rule in matches (M3). Ignored in money sessions. */
  readonly crawford: boolean;
  /** Jacoby rule (M4): money sessions only; gammons and backgammons count single while the cube is centred. */
  readonly jacoby: boolean;
  /** Beavers (M4): money sessions only. */
  readonly beavers: boolean;
  /** Maximum number of automatic doubles on opening-roll ties (M4, B2): money sessions only; 0 = none. */
  readonly automaticDoubles: number;
  /** Highest cube value allowed (a power of two), or null for no limit (M1). */
  readonly cubeLimit: number | null;
  /** Long nardy: score koks as 3 (N7); off scores it as mars. */
  readonly koks: boolean;
  /** Long nardy: who starts games after the first (N3). Backgammon always uses the opening roll (B2). */
  readonly nextGameStarter: NextGameStarter;
}

export const DEFAULT_RULES: RulesOptions = Object.freeze({
  cube: true,
  crawford: true,
  jacoby: false,
  beavers: false,
  automaticDoubles: 0,
  cubeLimit: null,
  koks: true,
  nextGameStarter: 'winner',
});

export type RulesProblem = { readonly field: keyof RulesOptions; readonly message: string };

/** The options with defaults filled in; `problems` lists values that make no sense. */
export function resolveRules(
  partial: Partial<RulesOptions> = {},
):
  | { readonly ok: true; readonly rules: RulesOptions }
  | { readonly ok: false; readonly problems: readonly RulesProblem[] } {
  const rules: RulesOptions = Object.freeze({ ...DEFAULT_RULES, ...definedOnly(partial) });
  const problems: RulesProblem[] = [];
  if (!Number.isInteger(rules.automaticDoubles) || rules.automaticDoubles < 0) {
    problems.push({ field: 'automaticDoubles', message: 'automaticDoubles must be a whole number of 0 or more' });
  }
  if (rules.cubeLimit !== null && !isPowerOfTwo(rules.cubeLimit)) {
    problems.push({ field: 'cubeLimit', message: 'cubeLimit must be a power of two (1, 2, 4, ...) or null' });
  }
  if (rules.nextGameStarter !== 'winner' && rules.nextGameStarter !== 'opening-roll') {
    problems.push({ field: 'nextGameStarter', message: "nextGameStarter must be 'winner' or 'opening-roll'" });
  }
  return problems.length === 0 ? { ok: true, rules } : { ok: false, problems };
}

/**
 * The options that actually apply to a match of `length` points (0 = money
 * session): Jacoby, beavers and automatic doubles apply to money sessions only
 * (M4), the Crawford rule to matches only (M3), and without the cube none of
 * the cube options apply.
 */
export function effectiveRules(length: number, rules: RulesOptions): RulesOptions {
  const money = length === 0;
  return Object.freeze({
    ...rules,
    crawford: !money && rules.cube && rules.crawford,
    jacoby: money && rules.cube && rules.jacoby,
    beavers: money && rules.cube && rules.beavers,
    automaticDoubles: money && rules.cube ? rules.automaticDoubles : 0,
  });
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0 && n <= 2 ** 30;
}

function definedOnly<T extends object>(partial: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)) as Partial<T>;
}
