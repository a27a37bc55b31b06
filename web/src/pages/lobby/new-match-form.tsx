/** The "New match" form: POST /api/matches, then the new match's page; the server's messages by each field. */
import { useState } from 'preact/hooks';
import { api, call } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
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
        <legend>{t('lobby.newMatch.game')}</legend>
        <SelectField
          id="new-variant"
          label={t('lobby.newMatch.variant')}
          field="variant"
          problem={problem}
          value={form.variant}
          options={[
            ['backgammon', t('lobby.variant.backgammon')],
            ['long-nardy', t('lobby.variant.longNardy')],
          ]}
          onChange={(variant) => change(withVariant(form, variant))}
        />
        <CheckboxField
          id="new-money"
          label={t('lobby.newMatch.money')}
          field="money"
          problem={null}
          checked={form.money}
          onChange={(money) => change({ money })}
          hint={t('lobby.newMatch.moneyHint')}
        />
        {!form.money && (
          <TextField
            id="new-length"
            label={t('lobby.newMatch.length')}
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
            label={t('lobby.newMatch.rated')}
            field="rated"
            problem={problem}
            checked={form.rated}
            onChange={(rated) => change({ rated })}
            hint={t('lobby.newMatch.ratedHint')}
          />
        )}
        <SelectField
          id="new-colour"
          label={t('lobby.newMatch.colour')}
          field="colour"
          problem={problem}
          value={form.colour}
          options={[
            ['random', t('lobby.newMatch.colourRandom')],
            ['white', t('lobby.newMatch.colourWhite')],
            ['black', t('lobby.newMatch.colourBlack')],
          ]}
          onChange={(colour) => change({ colour })}
        />
      </fieldset>
      <RulesFields form={form} problem={problem} onChange={(rules) => change({ rules })} />
      <fieldset>
        <legend>{t('lobby.newMatch.clock')}</legend>
        <TextField
          id="new-days-per-turn"
          label={t('lobby.newMatch.daysPerTurn')}
          field="daysPerTurn"
          problem={problem}
          hint={t('lobby.newMatch.daysPerTurnHint')}
          type="number"
          min={1}
          max={14}
          value={form.daysPerTurn}
          onInput={(daysPerTurn) => change({ daysPerTurn })}
        />
        <TextField
          id="new-bank-days"
          label={t('lobby.newMatch.bankDays')}
          field="bankDays"
          problem={problem}
          hint={t('lobby.newMatch.bankDaysHint')}
          type="number"
          min={0}
          max={30}
          value={form.bankDays}
          onInput={(bankDays) => change({ bankDays })}
        />
      </fieldset>
      <p class="button-row">
        <button type="submit" disabled={busy}>
          {t('lobby.newMatch.create')}
        </button>
      </p>
    </form>
  );
}
