/**
 * A form that creates something (a match, a tournament): its values, and a submit that sends the
 * request and goes to the page of what was created; a refusal is shown (`shown` may tie it to a
 * field) and the form may be sent again.
 */
import { useState } from 'preact/hooks';
import { asProblem, type ApiProblem } from '../api/problem.js';
import { navigate } from '../router.js';

export interface CreateForm<F> {
  readonly form: F;
  readonly change: (changes: Partial<F>) => void;
  readonly problem: ApiProblem | null;
  readonly busy: boolean;
  readonly onSubmit: (event: Event) => void;
}

/** `create` sends the form and answers the path of the page to go to. */
export function useCreateForm<F>(
  initial: F,
  create: (form: F) => Promise<string>,
  shown: (problem: ApiProblem) => ApiProblem = (problem) => problem,
): CreateForm<F> {
  const [form, setForm] = useState<F>(initial);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      navigate(await create(form));
    } catch (error) {
      setProblem(shown(asProblem(error)));
      setBusy(false);
    }
  };
  return {
    form,
    change: (changes) => setForm((before) => ({ ...before, ...changes })),
    problem,
    busy,
    onSubmit: (event) => void submit(event),
  };
}
