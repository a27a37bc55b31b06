/**
 * The points per match of a new tournament: a round-robin's one length; a knock-out's round by
 * round from the final back (the final, the semi-finals, …), as many rounds as its largest field
 * plays (new-tournament-request.ts). The server's messages for `lengths` show under them.
 */
import { TOURNAMENT_MAX_LENGTH } from '../../../../src/engine/index.js';
import type { ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { TextField } from '../../ui/form-field.js';
import { FieldMessages } from '../../ui/problem-message.js';
import { shownKnockoutLengths, type NewTournamentForm } from './new-tournament-request.js';
import { knockoutRoundName } from './tournament-words.js';

interface LengthFieldsProps {
  readonly form: NewTournamentForm;
  readonly problem: ApiProblem | null;
  readonly onChange: (changes: Partial<NewTournamentForm>) => void;
}

export function LengthFields({ form, problem, onChange }: LengthFieldsProps) {
  const number = { type: 'number' as const, min: 1, max: TOURNAMENT_MAX_LENGTH, field: 'lengths', problem: null };
  if (form.format === 'round-robin')
    return (
      <TextField
        id="tournament-length"
        label={t('tournaments.new.length')}
        hint={t('tournaments.new.lengthHint', { max: TOURNAMENT_MAX_LENGTH })}
        {...number}
        problem={problem}
        value={form.roundRobinLength}
        onInput={(roundRobinLength) => onChange({ roundRobinLength })}
      />
    );
  const lengths = shownKnockoutLengths(form);
  const refused = (problem?.fieldMessages('lengths').length ?? 0) > 0;
  const set = (toFinal: number, value: string): void =>
    onChange({ knockoutLengths: lengths.map((length, i) => (i === toFinal ? value : length)) });
  return (
    <fieldset
      class="length-fields"
      aria-describedby={refused ? 'tournament-lengths-hint tournament-lengths-error' : 'tournament-lengths-hint'}
    >
      <legend>{t('tournaments.new.lengths')}</legend>
      <p class="field-hint muted" id="tournament-lengths-hint">
        {t('tournaments.new.lengthsHint', { max: TOURNAMENT_MAX_LENGTH })}
      </p>
      {lengths.map((length, toFinal) => (
        <TextField
          key={toFinal}
          id={`tournament-length-${toFinal}`}
          label={knockoutRoundName(toFinal)}
          {...number}
          value={length}
          onInput={(value) => set(toFinal, value)}
        />
      ))}
      <FieldMessages problem={problem} field="lengths" id="tournament-lengths-error" />
    </fieldset>
  );
}
