import type { ApiProblem } from '../api/problem.js';

/** A failed request, as the server explained it: the problem's title and detail, read out when it appears. */
export function ProblemMessage({ problem }: { readonly problem: ApiProblem | null }) {
  if (problem === null) return null;
  return (
    <div class="problem" role="alert" data-code={problem.code}>
      <strong class="problem-title">{problem.title}</strong>
      {problem.detail !== '' && <p class="problem-detail">{problem.detail}</p>}
    </div>
  );
}

/** The validation messages the server gave for one field, shown under it. */
export function FieldMessages({
  problem,
  field,
  id,
}: {
  readonly problem: ApiProblem | null;
  readonly field: string;
  readonly id: string;
}) {
  const messages = problem?.fieldMessages(field) ?? [];
  if (messages.length === 0) return null;
  return (
    <p class="field-error" id={id}>
      {messages.join(' ')}
    </p>
  );
}
