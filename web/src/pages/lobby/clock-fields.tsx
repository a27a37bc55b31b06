/** A correspondence clock's fields, for a new match or a tournament's matches: days per turn and the time bank. */
import type { ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import { TextField } from '../../ui/form-field.js';

interface ClockFieldsProps {
  /** The inputs' ids start with it. */
  readonly idPrefix: string;
  readonly daysPerTurn: string;
  readonly bankDays: string;
  readonly problem: ApiProblem | null;
  readonly onChange: (changes: { daysPerTurn?: string; bankDays?: string }) => void;
}

export function ClockFields({ idPrefix, daysPerTurn, bankDays, problem, onChange }: ClockFieldsProps) {
  return (
    <fieldset>
      <legend>{t('lobby.newMatch.clock')}</legend>
      <TextField
        id={`${idPrefix}-days-per-turn`}
        label={t('lobby.newMatch.daysPerTurn')}
        field="daysPerTurn"
        problem={problem}
        hint={t('lobby.newMatch.daysPerTurnHint')}
        type="number"
        min={1}
        max={14}
        value={daysPerTurn}
        onInput={(value) => onChange({ daysPerTurn: value })}
      />
      <TextField
        id={`${idPrefix}-bank-days`}
        label={t('lobby.newMatch.bankDays')}
        field="bankDays"
        problem={problem}
        hint={t('lobby.newMatch.bankDaysHint')}
        type="number"
        min={0}
        max={30}
        value={bankDays}
        onInput={(value) => onChange({ bankDays: value })}
      />
    </fieldset>
  );
}
