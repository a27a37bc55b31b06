/**
 * Form fields with their label, an optional hint and the server's messages for them: the input is
 * tied to the hint and the messages with aria-describedby, and marked invalid while it has messages.
 */
import type { ComponentChildren, VNode } from 'preact';
import type { ApiProblem } from '../api/problem.js';
import { FieldMessages } from './problem-message.js';
import './form-field.css';

/** What the control inside a field takes to be labelled and described. */
export interface FieldControl {
  readonly id: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: 'true';
}

interface FieldProps {
  readonly id: string;
  readonly label: ComponentChildren;
  /** The request's field name (`rules.cubeLimit`) whose messages show here. */
  readonly field: string;
  readonly problem: ApiProblem | null;
  readonly hint?: ComponentChildren;
  readonly class?: string;
  readonly children: (control: FieldControl) => VNode;
}

function describedBy(id: string, problem: ApiProblem | null, field: string, hint: boolean) {
  const invalid = (problem?.fieldMessages(field).length ?? 0) > 0;
  const ids = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter((s) => s !== '').join(' ');
  return {
    'aria-describedby': ids === '' ? undefined : ids,
    'aria-invalid': invalid ? ('true' as const) : undefined,
  };
}

/** A labelled text, number or select control: `children` renders it with the props given. */
export function Field({ id, label, field, problem, hint, children, ...rest }: FieldProps) {
  return (
    <div class={`field ${rest.class ?? ''}`}>
      <label for={id}>{label}</label>
      {hint !== undefined && (
        <p class="field-hint muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({ id, ...describedBy(id, problem, field, hint !== undefined) })}
      <FieldMessages problem={problem} field={field} id={`${id}-error`} />
    </div>
  );
}

interface TextFieldProps {
  readonly id: string;
  readonly label: ComponentChildren;
  readonly field: string;
  readonly problem: ApiProblem | null;
  readonly hint?: ComponentChildren;
  readonly value: string;
  readonly onInput: (value: string) => void;
  readonly type?: 'text' | 'password' | 'number' | 'datetime-local';
  readonly name?: string;
  readonly autocomplete?: string;
  /** A username: no capital letter or spelling correction forced on it. */
  readonly username?: boolean;
  readonly required?: boolean;
  readonly min?: number;
  readonly max?: number;
}

/** A labelled text, password, whole-number or local date-and-time input. */
export function TextField({
  value,
  onInput,
  type = 'text',
  name,
  autocomplete,
  username,
  required,
  min,
  max,
  ...field
}: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          // Preact's types tell each input type's attributes apart (tsc needs the assertion; the
          // linter's view of the types does not): these attributes suit all four.
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
          type={type as 'text'}
          name={name}
          autocomplete={autocomplete}
          autoCapitalize={username === true ? 'none' : undefined}
          spellcheck={username === true ? false : undefined}
          inputMode={type === 'number' ? 'numeric' : undefined}
          required={required}
          min={min}
          max={max}
          value={value}
          onInput={(event) => onInput(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

interface SelectFieldProps<V extends string> {
  readonly id: string;
  readonly label: ComponentChildren;
  readonly field: string;
  readonly problem: ApiProblem | null;
  readonly hint?: ComponentChildren;
  readonly value: V;
  /** Each option's value and what it says. */
  readonly options: readonly (readonly [V, string])[];
  readonly onChange: (value: V) => void;
}

/** A labelled choice of one of `options`. */
export function SelectField<V extends string>({ value, options, onChange, ...field }: SelectFieldProps<V>) {
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.currentTarget.value as V)}>
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface CheckboxProps {
  readonly id: string;
  readonly label: ComponentChildren;
  readonly field: string;
  readonly problem: ApiProblem | null;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly hint?: ComponentChildren;
}

/** A checkbox with its label beside it. */
export function CheckboxField({ id, label, field, problem, checked, onChange, hint }: CheckboxProps) {
  return (
    <div class="field checkbox-field">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        {...describedBy(id, problem, field, hint !== undefined)}
      />
      <label for={id}>{label}</label>
      {hint !== undefined && (
        <p class="field-hint muted" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldMessages problem={problem} field={field} id={`${id}-error`} />
    </div>
  );
}
