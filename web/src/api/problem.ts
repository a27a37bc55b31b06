/**
 * A failed request as the person sees it: the problem document the API answers with
 * (application/problem+json: title, detail, code, and the fields a validation refused), or a
 * network failure in the same shape.
 */
// From the contract itself, not from client.ts, which imports this file (no import circle).
import type { components } from '../../../contract/index.js';
import { t } from '../i18n/index.js';

type Schemas = components['schemas'];

export type ProblemDetails = Schemas['ProblemDetails'];
export type FieldError = Schemas['FieldError'];

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly code: string,
    readonly errors: readonly FieldError[] = [],
  ) {
    super(`${title}: ${detail}`);
    this.name = 'ApiProblem';
  }

  /** The messages of the validation errors of `field` (`rules.cubeLimit` and the like). */
  fieldMessages(field: string): string[] {
    return this.errors.filter((e) => e.field === field).map((e) => e.message);
  }

  static from(status: number, body: unknown): ApiProblem {
    if (typeof body === 'object' && body !== null && 'title' in body) {
      const p = body as Partial<ProblemDetails> & { readonly field?: unknown };
      const detail = String(p.detail ?? '');
      const code = String(p.code ?? 'unknown');
      let errors: readonly FieldError[] = Array.isArray(p.errors) ? p.errors : [];
      // A refusal of one field after validation (`invalid-match-terms` and the like) names it in
      // `field`, its detail being the message: shown next to that field like a validation error.
      if (errors.length === 0 && typeof p.field === 'string')
        errors = [{ field: p.field, message: detail, constraint: code }];
      return new ApiProblem(status, String(p.title ?? t('common.problem.requestFailed')), detail, code, errors);
    }
    return new ApiProblem(
      status,
      t('common.problem.requestFailed'),
      t('common.problem.serverAnswered', { status }),
      'unknown',
    );
  }

  static network(error: unknown): ApiProblem {
    const detail = error instanceof Error ? error.message : String(error);
    return new ApiProblem(0, t('common.problem.unreachable'), detail, 'network-error');
  }
}

/**
 * What a person is shown for a failure: the problem the server answered, a request that never
 * reached it (fetch throws a TypeError), or a failure of the page itself.
 */
export function asProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof TypeError) return ApiProblem.network(error);
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiProblem(0, t('common.problem.pageError'), detail, 'page-error');
}
