/** The "New match" form: POST /api/matches, then the new match's page; the server's messages by each field. */
import { useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { navigate } from '../../router.js';
import { CheckboxField, SelectField, TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import {
  createMatchProblem,
  NEW_MATCH_FORM,
  newMatchRequest,
  withVariant,
  type NewMatchForm,
} from './new-match-request.js';
import { OpponentFields } from './opponent-fields.js';
import { RulesFields } from './rules-fields.js';
import '../../ui/common.css';
import './new-match-form.css';

export function CreateMatchForm() {
  const [form, setForm] = useState<NewMatchForm>(NEW_MATCH_FORM);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (changes: Partial<NewMatchForm>): void => setForm((before) => ({ ...before, ...changes }));

  const onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const match = await call(api.POST('/api/matches', { body: newMatchRequest(form) }));
      navigate(`/matches/${match.id}`);
    } catch (error) {
      setProblem(createMatchProblem(asProblem(error)));
      setBusy(false);
    }
  };

  return (
    <form class="new-match" onSubmit={(event) => void onSubmit(event)} noValidate>
      <ProblemMessage problem={problem} />
      <OpponentFields form={form} problem={problem} onChange={change} />
      <fieldset>
        <legend>Game</legend>
        <SelectField
          id="new-variant"
          label="Variant"
          field="variant"
          problem={problem}
          value={form.variant}
          options={[
            ['backgammon', 'Backgammon'],
            ['long-nardy', 'Long nardy'],
          ]}
          onChange={(variant) => change(withVariant(form, variant))}
        />
        <CheckboxField
          id="new-money"
          label="Money session"
          field="money"
          problem={null}
          checked={form.money}
          onChange={(money) => change({ money })}
          hint="Games scored one by one, with no match length; never rated."
        />
        {!form.money && (
          <TextField
            id="new-length"
            label="Points to win"
            field="length"
            problem={problem}
            type="number"
            min={1}
            max={64}
            value={form.length}
            onInput={(length) => change({ length })}
          />
        )}
        {!form.money && (
          <CheckboxField
            id="new-rated"
            label="Rated"
            field="rated"
            problem={problem}
            checked={form.rated}
            onChange={(rated) => change({ rated })}
            hint="The result moves both players’ ratings."
          />
        )}
        <SelectField
          id="new-colour"
          label="Your colour"
          field="colour"
          problem={problem}
          value={form.colour}
          options={[
            ['random', 'Random'],
            ['white', 'White'],
            ['black', 'Black'],
          ]}
          onChange={(colour) => change({ colour })}
        />
      </fieldset>
      <RulesFields form={form} problem={problem} onChange={(rules) => change({ rules })} />
      <fieldset>
        <legend>Clock</legend>
        <TextField
          id="new-days-per-turn"
          label="Days per turn"
          field="daysPerTurn"
          problem={problem}
          hint="1 to 14 days for each decision; empty for no clock."
          type="number"
          min={1}
          max={14}
          value={form.daysPerTurn}
          onInput={(daysPerTurn) => change({ daysPerTurn })}
        />
        <TextField
          id="new-bank-days"
          label="Time bank (days)"
          field="bankDays"
          problem={problem}
          hint="Extra days for the whole match, spent by slower decisions; needs days per turn."
          type="number"
          min={0}
          max={30}
          value={form.bankDays}
          onInput={(bankDays) => change({ bankDays })}
        />
      </fieldset>
      <p class="button-row">
        <button type="submit" disabled={busy}>
          Create match
        </button>
      </p>
    </form>
  );
}
