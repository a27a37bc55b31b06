import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, type MediaTypeObject, type ReferenceObject } from '@nestjs/swagger';
import { eventSchemaRef } from './dto/match-event.dto.js';

/**
 * Documents a server-sent event stream (docs/architecture.md, "Live streams"):
 * `text/event-stream` whose every `data:` is one JSON event of the named
 * schema. OpenAPI 3.0 cannot say so in a schema (3.2's `itemSchema` can):
 * the body is a string, and `x-itemSchema` refers to the messages' schema, so
 * that generated clients have its type.
 */
export function ApiEventStream(description: string, data: 'MatchEvent' | 'PlayerStreamEvent'): MethodDecorator {
  const stream: MediaTypeObject & { 'x-itemSchema': ReferenceObject } = {
    schema: {
      type: 'string',
      description: `Messages of \`id:\`, \`event:\` (the event's type) and \`data:\` (one ${data}, JSON), and keep-alive comments.`,
    },
    'x-itemSchema': eventSchemaRef(data),
  };
  return applyDecorators(ApiOkResponse({ description, content: { 'text/event-stream': stream } }));
}
