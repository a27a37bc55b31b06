import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PROBLEM_CONTENT_TYPE, ProblemDetails } from './common/problem-details.js';
import { MATCH_EVENT_MODELS, MATCH_EVENT_SCHEMAS } from './matches/index.js';

/** The tags operations are grouped by, in the order a reader meets them. */
const TAGS: ReadonlyArray<readonly [string, string]> = [
  ['auth', 'Bearer tokens: POST a username and password, send the token as `Authorization: Bearer …`.'],
  ['users', 'Registration, accounts and settings, public profiles, ratings and head-to-head records.'],
  ['notifications', 'Reaching players away from the board: web push subscriptions and the key they use.'],
  [
    'matches',
    'Matches and money sessions: create, join, the state and what the caller may do (`actions`), the actions, ' +
      'the event log and its streams, history, games, positions, dice fairness and board pictures.',
  ],
  ['community', 'What players say to each other: the messages between a match’s two players.'],
  ['interchange', 'Matches in and out: export as JSON or a gnubg .mat file, import either.'],
  ['positions', 'The stateless engine: every legal play of any position, and its picture.'],
  ['health', 'Liveness and readiness probes for orchestrators and load balancers.'],
];

/** The OpenAPI document of the running app. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Nardy service')
    .setDescription(
      'Backgammon (short nardy) and long nardy over HTTP: users, matches, moves, cube and match scoring. ' +
        'Every error is application/problem+json (RFC 9457) with a stable `code`.',
    )
    .setVersion('0.1.0')
    // OpenAPI 3.1, whose schemas are JSON Schema 2020-12: @nestjs/swagger writes each `nullable: true` as
    // JSON Schema says null (`type: ['string', 'null']`, `anyOf: [{ $ref }, { type: 'null' }]`), which every
    // validator and generated client reads alike (docs/architecture.md, "API contract").
    .setOpenAPIVersion('3.1.0')
    .setLicense('MIT', 'https://opensource.org/license/mit')
    // A relative server: Swagger UI's "Try it out" and generated clients call the origin the document
    // was read from, whatever host, port or scheme that is (OpenAPI 3.1, "Server Object").
    .addServer('/', 'This service: the origin this document was served from.')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'From POST /api/auth/token.' });
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (_c, method) => method,
    extraModels: MATCH_EVENT_MODELS,
  });
  // The event unions (oneOf with a discriminator) have no class of their own.
  Object.assign((document.components ??= {}), { schemas: { ...document.components.schemas, ...MATCH_EVENT_SCHEMAS } });
  declareNotModified(document);
  declareInsufficientScope(document);
  return document;
}

/** What a GET answers when the validators its request sent still hold (src/common/response-conventions.ts). */
const NOT_MODIFIED = {
  description: 'Not modified: the `If-None-Match` (or `If-Modified-Since`) sent still holds; no body.',
};

/**
 * Every GET that answers a body answers 304 to a conditional request whose validators hold: an
 * HTTP layer convention of every route (src/common/response-conventions.ts), so declared here once
 * rather than on each route. A stream has no validator, so no 304.
 */
function declareNotModified(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    const responses = item.get?.responses;
    if (responses === undefined) continue;
    const streams = Object.values(responses).some(
      (response) => response !== undefined && 'content' in response && 'text/event-stream' in (response.content ?? {}),
    );
    if (!streams) responses['304'] ??= NOT_MODIFIED;
  }
}

/** Keys in a stable order, so the committed openapi.json diffs cleanly. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeysDeep((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** What a personal API token gets where its scopes do not reach (src/security/bearer-auth.guard.ts). */
const INSUFFICIENT_SCOPE = {
  description:
    'A personal API token without the scope this needs (`insufficient-scope`, with `scope`; null: for sign-in tokens only).',
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: getSchemaPath(ProblemDetails) } } },
};

/**
 * Every operation that takes a bearer token answers 403 `insufficient-scope` to a personal API token
 * without the scope it needs (a GET needs `read`, a change `play` or `webhooks`, managing the account
 * a sign-in token): the bearer guard's rule for every route (docs/architecture.md, "Personal API
 * tokens"), so declared here once where a route does not declare a 403 of its own.
 */
function declareInsufficientScope(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      if (operation?.security?.some((requirement) => 'bearer' in requirement) !== true) continue;
      operation.responses['403'] ??= INSUFFICIENT_SCOPE;
    }
  }
}
