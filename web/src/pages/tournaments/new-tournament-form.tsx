/** The "New tournament" form: POST /api/tournaments, then the new tournament's page; the server's messages by each field. */
import {
  KNOCKOUT_MAX_PLAYERS,
  MIN_ENTRANTS,
  ROUND_ROBIN_MAX_PLAYERS,
  type TournamentFormat,
} from '../../../../src/engine/index.js';
import { api, call } from '../../api/client.js';
import { t } from '../../i18n/index.js';
import { CheckboxField, SelectField, TextField } from '../../ui/form-field.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { useCreateForm } from '../../ui/use-create-form.js';
import { ClockFields } from '../lobby/clock-fields.js';
import { RulesFields } from '../lobby/rules-fields.js';
import { LengthFields } from './length-fields.js';
import { NEW_TOURNAMENT_FORM, newTournamentRequest, withTournamentVariant } from './new-tournament-request.js';
import '../../ui/common.css';
import '../lobby/new-match-form.css';

const MOST_PLAYERS: Readonly<Record<TournamentFormat, number>> = {
  knockout: KNOCKOUT_MAX_PLAYERS,
  'round-robin': ROUND_ROBIN_MAX_PLAYERS,
};

export function CreateTournamentForm() {
  const { form, change, problem, busy, onSubmit } = useCreateForm(
    NEW_TOURNAMENT_FORM,
    async (sent) =>
      `/tournaments/${(await call(api.POST('/api/tournaments', { body: newTournamentRequest(sent) }))).id}`,
  );
  const field = (name: string) => ({ field: name, problem });

  return (
    <form class="new-match new-tournament" onSubmit={onSubmit} noValidate>
      <ProblemMessage problem={problem} />
      <fieldset>
        <legend>{t('tournaments.new.tournament')}</legend>
        <TextField
          id="tournament-name"
          label={t('tournaments.new.name')}
          {...field('name')}
          value={form.name}
          onInput={(name) => change({ name })}
        />
        <SelectField
          id="tournament-variant"
          label={t('lobby.newMatch.variant')}
          {...field('variant')}
          value={form.variant}
          options={[
            ['backgammon', t('lobby.variant.backgammon')],
            ['long-nardy', t('lobby.variant.longNardy')],
          ]}
          onChange={(variant) => change(withTournamentVariant(form, variant))}
        />
        <SelectField
          id="tournament-format"
          label={t('tournaments.new.format')}
          {...field('format')}
          hint={form.format === 'knockout' ? t('tournaments.new.knockoutHint') : t('tournaments.new.roundRobinHint')}
          value={form.format}
          options={[
            ['knockout', t('tournaments.new.knockout')],
            ['round-robin', t('tournaments.new.roundRobin')],
          ]}
          onChange={(format) => change({ format })}
        />
        <TextField
          id="tournament-max-players"
          label={t('tournaments.new.maxPlayers')}
          {...field('maxPlayers')}
          hint={t('tournaments.new.maxPlayersHint', {
            min: MIN_ENTRANTS[form.format],
            max: MOST_PLAYERS[form.format],
          })}
          type="number"
          min={MIN_ENTRANTS[form.format]}
          max={MOST_PLAYERS[form.format]}
          value={form.maxPlayers}
          onInput={(maxPlayers) => change({ maxPlayers })}
        />
        <LengthFields form={form} problem={problem} onChange={change} />
        <CheckboxField
          id="tournament-rated"
          label={t('lobby.newMatch.rated')}
          {...field('rated')}
          checked={form.rated}
          onChange={(rated) => change({ rated })}
          hint={t('tournaments.new.ratedHint')}
        />
      </fieldset>
      <RulesFields
        form={{ variant: form.variant, money: false, rules: form.rules }}
        problem={problem}
        onChange={(rules) => change({ rules })}
      />
      <ClockFields
        idPrefix="tournament"
        daysPerTurn={form.daysPerTurn}
        bankDays={form.bankDays}
        problem={problem}
        onChange={change}
      />
      <fieldset>
        <legend>{t('tournaments.new.entry')}</legend>
        <TextField
          id="tournament-min-rating"
          label={t('tournaments.new.minRating')}
          {...field('minRating')}
          hint={t('tournaments.new.ratingHint')}
          type="number"
          min={0}
          value={form.minRating}
          onInput={(minRating) => change({ minRating })}
        />
        <TextField
          id="tournament-max-rating"
          label={t('tournaments.new.maxRating')}
          {...field('maxRating')}
          hint={t('tournaments.new.ratingHint')}
          type="number"
          min={0}
          value={form.maxRating}
          onInput={(maxRating) => change({ maxRating })}
        />
        <CheckboxField
          id="tournament-bots-allowed"
          label={t('tournaments.new.botsAllowed')}
          {...field('botsAllowed')}
          checked={form.botsAllowed}
          onChange={(botsAllowed) => change({ botsAllowed })}
          hint={t('tournaments.new.botsAllowedHint')}
        />
        <TextField
          id="tournament-entries-close"
          label={t('tournaments.new.entriesCloseAt')}
          {...field('entriesCloseAt')}
          hint={t('tournaments.new.entriesCloseAtHint')}
          type="datetime-local"
          value={form.entriesCloseAt}
          onInput={(entriesCloseAt) => change({ entriesCloseAt })}
        />
        <TextField
          id="tournament-starts"
          label={t('tournaments.new.startsAt')}
          {...field('startsAt')}
          hint={t('tournaments.new.startsAtHint')}
          type="datetime-local"
          value={form.startsAt}
          onInput={(startsAt) => change({ startsAt })}
        />
      </fieldset>
      <p class="button-row">
        <button type="submit" disabled={busy}>
          {t('tournaments.new.create')}
        </button>
      </p>
    </form>
  );
}
