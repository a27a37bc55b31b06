/** The "New match" form: POST /api/matches, then the new match's page; the server's messages by each field. */
import { api, call } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { CheckboxField, SelectField, TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { useCreateForm } from '../../ui/use-create-form.js';
import { ClockFields } from './clock-fields.js';
import { createMatchProblem, NEW_MATCH_FORM, newMatchRequest, withVariant } from './new-match-request.js';
import { OpponentFields } from './opponent-fields.js';
import { RulesFields } from './rules-fields.js';
import '../../ui/common.css';
import './new-match-form.css';

export function CreateMatchForm() {
  const { form, change, problem, busy, onSubmit } = useCreateForm(
    NEW_MATCH_FORM,
    async (sent) => `/matches/${(await call(api.POST('/api/matches', { body: newMatchRequest(sent) }))).id}`,
    createMatchProblem,
  );

  return (
    <form class="new-match" onSubmit={onSubmit} noValidate>
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
      <ClockFields
        idPrefix="new"
        daysPerTurn={form.daysPerTurn}
        bankDays={form.bankDays}
        problem={problem}
        onChange={change}
      />
      <p class="button-row">
        <button type="submit" disabled={busy}>
          {t('lobby.newMatch.create')}
        </button>
      </p>
    </form>
  );
}
