/**
 * The "New match" form's values and the request they make (POST /api/matches, CreateMatchDto).
 * The form starts at the server's defaults (MatchRulesDto in openapi.json) and the request carries
 * only what differs from them, so the server's defaults and validation decide the rest. A rule
 * that does not apply to the match asked for (docs/rules.md M1-M4, N3, N7) is neither shown nor
 * sent: Crawford to matches only; Jacoby, beavers and automatic doubles to money sessions only;
 * every cube option to games with the cube; koks and the next game's starter to long nardy only.
 */
import type { Colour, Schemas, Variant } from '../../api/client.js';
import { ApiProblem } from '../../api/problem.js';

export type CreateMatchBody = Schemas['CreateMatchDto'];
type Rules = NonNullable<CreateMatchBody['rules']>;

/** The house bots one may invite (docs/bots.md); gnubg plays backgammon only. */
export const HOUSE_BOTS = ['bot-easy', 'bot', 'gnubg'] as const;
export type HouseBot = (typeof HOUSE_BOTS)[number];
export type HouseBotListing = Schemas['HouseBotDto'];

/**
 * The house bots the form offers, in HOUSE_BOTS's order: those the server lists as available now
 * (GET /api/house-bots; gnubg only where GNU Backgammon is installed).
 */
export function offeredHouseBots(listed: readonly HouseBotListing[]): HouseBot[] {
  const available = new Set(listed.filter((bot) => bot.available).map((bot) => bot.houseBot));
  return HOUSE_BOTS.filter((bot) => available.has(bot));
}

export type OpponentKind = 'person' | 'house-bot' | 'open';

/** The rules as the form holds them: numbers as the text of their inputs ("" for no cube limit). */
export interface RulesForm {
  readonly cube: boolean;
  readonly crawford: boolean;
  readonly jacoby: boolean;
  readonly beavers: boolean;
  readonly automaticDoubles: string;
  readonly cubeLimit: string;
  readonly koks: boolean;
  readonly nextGameStarter: 'winner' | 'opening-roll';
}

export type RuleName = keyof RulesForm;

export interface NewMatchForm {
  readonly opponentKind: OpponentKind;
  /** The person invited, when `opponentKind` is 'person'. */
  readonly username: string;
  readonly houseBot: HouseBot;
  readonly variant: Variant;
  /** A money session (length 0) instead of a match to `length` points. */
  readonly money: boolean;
  readonly length: string;
  readonly rules: RulesForm;
  /** Days per decision; "" for no clock. */
  readonly daysPerTurn: string;
  readonly bankDays: string;
  readonly rated: boolean;
  readonly colour: Colour | 'random';
}

/** The server's defaults (MatchRulesDto: "Default: …"). */
export const DEFAULT_RULES: RulesForm = {
  cube: true,
  crawford: true,
  jacoby: false,
  beavers: false,
  automaticDoubles: '0',
  cubeLimit: '',
  koks: true,
  nextGameStarter: 'winner',
};

/** The form as it opens: a 5-point backgammon match on correspondence terms (3 days a move), the rest at the server's defaults. */
export const NEW_MATCH_FORM: NewMatchForm = {
  opponentKind: 'person',
  username: '',
  houseBot: 'bot',
  variant: 'backgammon',
  money: false,
  length: '5',
  rules: DEFAULT_RULES,
  daysPerTurn: '3',
  bankDays: '0',
  rated: true,
  colour: 'random',
};

/**
 * The form with `variant` chosen. Long nardy is traditionally played without the doubling cube (the
 * seed texts know none), so choosing it turns the cube off, and choosing backgammon turns it back on;
 * the person may still change it. (The API's own default keeps the cube for both variants, as the
 * rules give it.)
 */
export function withVariant(form: NewMatchForm, variant: Variant): Partial<NewMatchForm> {
  if (variant === form.variant) return {};
  return { variant, rules: { ...form.rules, cube: variant === 'backgammon' } };
}

/** Whether `rule` applies to the match the form asks for (docs/rules.md M1-M4, N3, N7). */
export function ruleApplies(rule: RuleName, form: Pick<NewMatchForm, 'variant' | 'money' | 'rules'>): boolean {
  switch (rule) {
    case 'cube':
      return true;
    case 'crawford':
      return !form.money && form.rules.cube;
    case 'jacoby':
    case 'beavers':
    case 'automaticDoubles':
      return form.money && form.rules.cube;
    case 'cubeLimit':
      return form.rules.cube;
    case 'koks':
    case 'nextGameStarter':
      return form.variant === 'long-nardy';
  }
}

/** A number input's text as a number; "" as `empty`. Text that is no number goes as NaN (null in JSON), for the server to refuse. */
export function numberOf<E>(text: string, empty: E): number | E {
  return text.trim() === '' ? empty : Number(text);
}

/** The rules that differ from the server's defaults among those that apply; undefined when none does. */
export function rulesRequest(form: Pick<NewMatchForm, 'variant' | 'money' | 'rules'>): Rules | undefined {
  const rules: Record<string, unknown> = {};
  for (const rule of Object.keys(DEFAULT_RULES) as RuleName[]) {
    if (!ruleApplies(rule, form) || form.rules[rule] === DEFAULT_RULES[rule]) continue;
    if (rule === 'automaticDoubles') rules[rule] = numberOf(form.rules[rule], 0);
    else if (rule === 'cubeLimit') rules[rule] = numberOf(form.rules[rule], null);
    else rules[rule] = form.rules[rule];
  }
  return Object.keys(rules).length === 0 ? undefined : rules;
}

/** The body of POST /api/matches for the form: what the person chose, and nothing the server would assume anyway. */
export function newMatchRequest(form: NewMatchForm): CreateMatchBody {
  const body: { -readonly [K in keyof CreateMatchBody]: CreateMatchBody[K] } = {
    variant: form.variant,
    length: form.money ? 0 : numberOf(form.length, Number.NaN),
  };
  if (form.opponentKind === 'person') body.opponent = form.username.trim();
  else if (form.opponentKind === 'house-bot') body.opponent = form.houseBot;
  if (form.colour !== 'random') body.colour = form.colour;
  const rules = rulesRequest(form);
  if (rules !== undefined) body.rules = rules;
  const daysPerTurn = numberOf(form.daysPerTurn, null);
  if (daysPerTurn !== null) body.daysPerTurn = daysPerTurn;
  const bankDays = numberOf(form.bankDays, 0);
  if (bankDays !== 0) body.bankDays = bankDays;
  if (!form.money && !form.rated) body.rated = false;
  return body;
}

/** Refusals that are about the opponent though they name no field: shown by the opponent's field too. */
const OPPONENT_CODES: readonly string[] = ['user-not-found', 'bot-cannot-play'];

/** The problem of a refused POST /api/matches, with a refusal of the opponent tied to the `opponent` field. */
export function createMatchProblem(problem: ApiProblem): ApiProblem {
  if (problem.errors.length > 0 || !OPPONENT_CODES.includes(problem.code)) return problem;
  const errors = [{ field: 'opponent', message: problem.detail, constraint: problem.code }];
  return new ApiProblem(problem.status, problem.title, problem.detail, problem.code, errors);
}
