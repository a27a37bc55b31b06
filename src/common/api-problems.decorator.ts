import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { PROBLEM_CONTENT_TYPE, ProblemDetails } from './problem-details.js';

const DEFAULT_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (`validation-failed`, `malformed-json`, `json-too-deep`, `invalid-utf8`, `invalid-parameter`).',
  401: 'Missing, malformed or expired bearer token (`unauthorized`).',
  403: 'Not allowed (`forbidden`).',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  410: 'Gone.',
  413: 'Request body too large (`payload-too-large`).',
  415: 'Request body is not JSON (`unsupported-media-type`).',
  422: 'Refused by the rules.',
  429: 'Rate limited (`too-many-requests`); see Retry-After.',
};

/** Documents error responses as application/problem+json. Pass statuses, or [status, description] pairs. */
export function ApiProblems(...responses: Array<number | [number, string]>): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ProblemDetails),
    ...responses.map((r) => {
      const [status, description] = Array.isArray(r) ? r : [r, DEFAULT_DESCRIPTIONS[r] ?? 'Error.'];
      return ApiResponse({
        status,
        description,
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: getSchemaPath(ProblemDetails) } } },
      });
    }),
  );
}

/** The errors any endpoint with a JSON body can answer. */
export const BODY_PROBLEMS: Array<number | [number, string]> = [400, 413, 415];
