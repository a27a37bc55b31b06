/** The rules of a new match (docs/rules.md M1-M4, N3, N7): only those that apply to it are shown. */
import { MAX_CUBE } from '../../../../src/engine/index.js';
import type { ApiProblem } from '../../api/problem.js';
import { CheckboxField, SelectField, TextField } from '../../ui/form-field.js';
import { ruleApplies, type NewMatchForm, type RulesForm } from './new-match-request.js';

interface RulesFieldsProps {
  readonly form: NewMatchForm;
  readonly problem: ApiProblem | null;
  readonly onChange: (rules: RulesForm) => void;
}

type Switch = 'cube' | 'crawford' | 'jacoby' | 'beavers' | 'koks';

/** Each rule that is on or off: its label and what it does; the cube's first, then long nardy's. */
type Switches = readonly (readonly [Switch, string, string | undefined])[];
const CUBE_SWITCHES: Switches = [
  ['cube', 'Doubling cube', undefined],
  ['crawford', 'Crawford rule', 'No doubling in the one game after a player first comes within a point of winning.'],
  ['jacoby', 'Jacoby rule', 'Gammons count single until the cube is turned.'],
  ['beavers', 'Beavers', 'A doubled player may take and redouble at once.'],
];
const NARDY_SWITCHES: Switches = [['koks', 'Koks scores 3', 'Off, a koks scores as a mars.']];

export function RulesFields({ form, problem, onChange }: RulesFieldsProps) {
  const { rules } = form;
  const set = <K extends keyof RulesForm>(rule: K, value: RulesForm[K]): void => onChange({ ...rules, [rule]: value });
  const common = (rule: keyof RulesForm) => ({ field: `rules.${rule}`, problem });
  const switches = (list: Switches) =>
    list
      .filter(([rule]) => ruleApplies(rule, form))
      .map(([rule, label, hint]) => (
        <CheckboxField
          key={rule}
          id={`new-${rule}`}
          label={label}
          {...common(rule)}
          checked={rules[rule]}
          onChange={(checked) => set(rule, checked)}
          hint={hint}
        />
      ));
  return (
    <fieldset>
      <legend>Rules</legend>
      {switches(CUBE_SWITCHES)}
      {ruleApplies('automaticDoubles', form) && (
        <TextField
          id="new-automatic-doubles"
          label="Automatic doubles"
          {...common('automaticDoubles')}
          hint="On opening ties, at most this many; 0 for none."
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
          label="Cube limit"
          {...common('cubeLimit')}
          hint={`The highest cube value, a power of two up to ${MAX_CUBE}; empty for ${MAX_CUBE}, the highest cube.`}
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
          label="Next game’s starter"
          {...common('nextGameStarter')}
          value={rules.nextGameStarter}
          options={[
            ['winner', 'The winner of the game before'],
            ['opening-roll', 'An opening roll'],
          ]}
          onChange={(value) => set('nextGameStarter', value)}
        />
      )}
    </fieldset>
  );
}
