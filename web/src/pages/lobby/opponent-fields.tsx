/**
 * Whom a new match is for: a person by username, a house bot, or anyone (an open challenge). Only the
 * house bots the server says are available are offered (GET /api/house-bots).
 */
import type { ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { SelectField, TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import type { HouseBot, NewMatchForm, OpponentKind } from './new-match-request.js';
import { useOfferedHouseBots } from './use-offered-house-bots.js';

const KINDS: readonly (readonly [OpponentKind, MessageKey])[] = [
  ['person', 'lobby.opponent.person'],
  ['house-bot', 'lobby.opponent.houseBot'],
  ['open', 'lobby.opponent.open'],
];

/** Each bot by its username (`{bot}`, not translated) and what it is. */
const BOT_NAMES: Record<HouseBot, MessageKey> = {
  'bot-easy': 'lobby.opponent.botEasy',
  bot: 'lobby.opponent.botStrong',
  gnubg: 'lobby.opponent.botGnubg',
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
      <legend>{t('lobby.opponent.legend')}</legend>
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
            {t(label)}
          </label>
        ))}
      </div>
      {form.opponentKind === 'person' && (
        <TextField
          id="new-opponent"
          label={t('lobby.opponent.username')}
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
          label={t('lobby.opponent.houseBotLabel')}
          field="opponent"
          problem={problem}
          value={form.houseBot}
          options={(offered.bots ?? []).map((bot) => [bot, t(BOT_NAMES[bot], { bot })] as const)}
          onChange={(houseBot) => onChange({ houseBot })}
        />
      )}
    </fieldset>
  );
}
