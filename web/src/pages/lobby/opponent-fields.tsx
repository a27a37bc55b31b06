/**
 * Whom a new match is for: a person by username, a house bot, or anyone (an open challenge). Only the
 * house bots the server says are available are offered (GET /api/house-bots).
 */
import type { ApiProblem } from '../../api/problem.js';
import { SelectField, TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import type { HouseBot, NewMatchForm, OpponentKind } from './new-match-request.js';
import { useOfferedHouseBots } from './use-offered-house-bots.js';

const KINDS: readonly (readonly [OpponentKind, string])[] = [
  ['person', 'A person'],
  ['house-bot', 'A house bot'],
  ['open', 'Anyone (an open challenge)'],
];

const BOT_NAMES: Record<HouseBot, string> = {
  'bot-easy': 'bot-easy: an easy bot',
  bot: 'bot: the strong bot',
  gnubg: 'gnubg: GNU Backgammon (backgammon only)',
};

interface OpponentFieldsProps {
  readonly form: NewMatchForm;
  readonly problem: ApiProblem | null;
  readonly onChange: (changes: Partial<NewMatchForm>) => void;
}

export function OpponentFields({ form, problem, onChange }: OpponentFieldsProps) {
  const offered = useOfferedHouseBots();
  return (
    <fieldset>
      <legend>Opponent</legend>
      <div class="choices">
        {KINDS.map(([kind, label]) => (
          <label key={kind} class="choice">
            <input
              type="radio"
              name="opponent-kind"
              value={kind}
              checked={form.opponentKind === kind}
              onChange={() => onChange({ opponentKind: kind })}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {form.opponentKind === 'person' && (
        <TextField
          id="new-opponent"
          label="Their username"
          field="opponent"
          problem={problem}
          name="opponent"
          autocomplete="off"
          username
          value={form.username}
          onInput={(username) => onChange({ username })}
        />
      )}
      {form.opponentKind === 'house-bot' && <ProblemMessage problem={offered.problem} />}
      {form.opponentKind === 'house-bot' && offered.bots !== null && (
        <SelectField
          id="new-house-bot"
          label="House bot"
          field="opponent"
          problem={problem}
          value={form.houseBot}
          options={(offered.bots ?? []).map((bot) => [bot, BOT_NAMES[bot]] as const)}
          onChange={(houseBot) => onChange({ houseBot })}
        />
      )}
    </fieldset>
  );
}
