import { ApiProblem } from './problem.js';

describe('ApiProblem.from', () => {
  it('keeps the messages of a validation failure by field', () => {
    const problem = ApiProblem.from(400, {
      title: 'Validation failed',
      detail: 'The request has 2 invalid fields.',
      code: 'validation-failed',
      errors: [
        { field: 'rules.cubeLimit', message: 'cubeLimit must not be less than 1', constraint: 'min' },
        { field: 'daysPerTurn', message: 'daysPerTurn must not be greater than 14', constraint: 'max' },
      ],
    });
    expect(problem.fieldMessages('rules.cubeLimit')).toEqual(['cubeLimit must not be less than 1']);
    expect(problem.fieldMessages('daysPerTurn')).toEqual(['daysPerTurn must not be greater than 14']);
    expect(problem.fieldMessages('length')).toEqual([]);
  });

  it('shows a refusal naming one field (invalid-match-terms) as that field’s message', () => {
    const problem = ApiProblem.from(400, {
      title: 'Invalid match terms',
      detail: 'A time bank needs a clock (daysPerTurn).',
      code: 'invalid-match-terms',
      field: 'bankDays',
    });
    expect(problem.fieldMessages('bankDays')).toEqual(['A time bank needs a clock (daysPerTurn).']);
    expect(problem.detail).toBe('A time bank needs a clock (daysPerTurn).');
  });

  it('has no field messages for a problem about no field, nor for a body that is no problem', () => {
    expect(ApiProblem.from(401, { title: 'Unauthorized', detail: 'Wrong password.', code: 'x' }).errors).toEqual([]);
    const plain = ApiProblem.from(502, 'Bad gateway');
    expect(plain.title).toBe('Request failed');
    expect(plain.detail).toBe('The server answered 502.');
  });
});
