import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  type ApiOperationOptions,
  type ApiResponseOptions,
} from '@nestjs/swagger';
import { ApiProblems } from './api-problems.decorator.js';

/** A route's answer: the class of its body, or the response's options (a description, a schema). */
type Answer = Type<unknown> | ApiResponseOptions;

/**
 * What a route tells OpenAPI, in one block: the operation (summary, operationId, description…),
 * the one answer it gives on success (`ok` 200, `created` 201, `accepted` 202 or `noContent` 204),
 * and the problems it documents, as ApiProblems takes them.
 */
export interface RouteDoc extends ApiOperationOptions {
  readonly ok?: Answer;
  readonly created?: Answer;
  readonly accepted?: Answer;
  readonly noContent?: ApiResponseOptions;
  readonly problems?: Array<number | [number, string]>;
}

/** The OpenAPI of a route: ApiOperation, its answer's ApiResponse and ApiProblems, as one decorator. */
export function ApiRoute(doc: RouteDoc): MethodDecorator {
  const { ok, created, accepted, noContent, problems, ...operation } = doc;
  const options = (answer: Answer): ApiResponseOptions => (typeof answer === 'function' ? { type: answer } : answer);
  const answers = [
    ...(ok === undefined ? [] : [ApiOkResponse(options(ok))]),
    ...(created === undefined ? [] : [ApiCreatedResponse(options(created))]),
    ...(accepted === undefined ? [] : [ApiAcceptedResponse(options(accepted))]),
    ...(noContent === undefined ? [] : [ApiNoContentResponse(noContent)]),
  ];
  // Applied in the order of decorators written one above the other (the last written first):
  // the operation, then its answer, then its problems, as every route wrote them by hand.
  return applyDecorators(
    ...(problems === undefined ? [] : [ApiProblems(...problems)]),
    ...answers.reverse(),
    ApiOperation(operation),
  );
}
