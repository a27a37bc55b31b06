/** The rules of a new match (docs/rules.md M1-M4, N3, N7): only those that apply to it are shown. */
import { MAX_CUBE } from '../../../../src/engine/index.js';
import type { ApiProblem } from '../../api/problem.js';
import { activeLocale, t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { CheckboxField, SelectField, TextField } from '../../ui/form-field.js';
import { ruleApplies, type NewMatchForm, type RulesForm } from './new-match-request.js';

interface RulesFieldsProps {
  /** The match's game and kind, and its rules (a new match's, or a tournament's matches'). */
  readonly form: Pick<NewMatchForm, 'variant' | 'money' | 'rules'>;
  readonly problem: ApiProblem | null;
  readonly onChange: (rules: RulesForm) => void;
}

type Switch = 'cube' | 'crawford' | 'jacoby' | 'beavers' | 'koks';

/** Each rule that is on or off: its label and what it does; the cube's first, then long nardy's. */
type Switches = readonly (readonly [Switch, MessageKey, MessageKey | undefined])[];
const CUBE_SWITCHES: Switches = [
  ['cube', 'lobby.rules.cube', undefined],
  ['crawford', 'lobby.rules.crawford', 'lobby.rules.crawfordHint'],
  ['jacoby', 'lobby.rules.jacoby', 'lobby.rules.jacobyHint'],
  ['beavers', 'lobby.rules.beavers', 'lobby.rules.beaversHint'],
];
const NARDY_SWITCHES: Switches = [['koks', 'lobby.rules.koks', 'lobby.rules.koksHint']];

export function RulesFields({ form, problem, onChange }: RulesFieldsProps) {
  const { rules } = form;
  const set = <K extends keyof RulesForm>(rule: K, value: RulesForm[K]): void => onChange({ ...rules, [rule]: value });
  // The highest cube's value as the locale writes its digits (ungrouped, as a value is).
  const maxCube = new Intl.NumberFormat(activeLocale(), { useGrouping: false }).format(MAX_CUBE);
  const common = (rule: keyof RulesForm) => ({ field: `rules.${rule}`, problem });
  const switches = (list: Switches) =>
    list
      .filter(([rule]) => ruleApplies(rule, form))
      .map(([rule, label, hint]) => (
        <CheckboxField
          key={rule}
          id={`new-${rule}`}
          label={t(label)}
          {...common(rule)}
          checked={rules[rule]}
          onChange={(checked) => set(rule, checked)}
          hint={hint === undefined ? undefined : t(hint)}
        />
      ));
  return (
    <fieldset>
      <legend>{t('lobby.rules.legend')}</legend>
      {switches(CUBE_SWITCHES)}
      {ruleApplies('automaticDoubles', form) && (
        <TextField
          id="new-automatic-doubles"
          label={t('lobby.rules.automaticDoubles')}
          {...common('automaticDoubles')}
          hint={t('lobby.rules.automaticDoublesHint')}
          type="number"
          min={0}
          max={8}
          value={rules.automaticDoubles}
          onInput={(value) => set('automaticDoubles', value)}
        />
      )}
      {ruleApplies('cubeLimit', form) && (
        <TextField
          id="new-cube-limit"
          label={t('lobby.rules.cubeLimit')}
          {...common('cubeLimit')}
          hint={t('lobby.rules.cubeLimitHint', { max: maxCube })}
          type="number"
          min={1}
          max={MAX_CUBE}
          value={rules.cubeLimit}
          onInput={(value) => set('cubeLimit', value)}
        />
      )}
      {switches(NARDY_SWITCHES)}
      {ruleApplies('nextGameStarter', form) && (
        <SelectField
          id="new-next-starter"
          label={t('lobby.rules.nextGameStarter')}
          {...common('nextGameStarter')}
          value={rules.nextGameStarter}
          options={[
            ['winner', t('lobby.rules.starterWinner')],
            ['opening-roll', t('lobby.rules.starterOpeningRoll')],
          ]}
          onChange={(value) => set('nextGameStarter', value)}
        />
      )}
    </fieldset>
  );
}
