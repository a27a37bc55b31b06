import { readFileSync } from 'node:fs';
import { type Answer, ContractChecker, type OpenApiDocument, toOpenApiPath } from './contract-checker.js';

/** A small document in the shape @nestjs/swagger writes: one nullable reference, one that is not. */
const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': {
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
          },
        },
      },
    },
    '/api/things/{id}/picture': {
      get: { responses: { '200': { content: { 'image/svg+xml': { schema: { type: 'string' } } } } } },
    },
    '/api/things/{id}/delete': { post: { responses: { '204': { description: 'Gone.' } } } },
  },
  components: {
    schemas: {
      Owner: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      Thing: {
        type: 'object',
        properties: {
          owner: { $ref: '#/components/schemas/Owner' },
          previousOwner: { anyOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'null' }] },
          seats: { type: 'array', items: { type: ['string', 'null'] } },
          at: { type: 'string', format: 'date-time' },
        },
        required: ['owner', 'previousOwner', 'seats', 'at'],
      },
      ProblemDetails: {
        type: 'object',
        properties: { code: { type: 'string' }, status: { type: 'integer' } },
        required: ['code', 'status'],
      },
    },
  },
};

const THING = { owner: { name: 'ann' }, previousOwner: null, seats: ['ann', null], at: '2026-01-01T00:00:00Z' };

function answer(overrides: Partial<Answer> & { json?: unknown }): Answer {
  const { json = THING, ...rest } = overrides;
  return {
    method: 'GET',
    route: '/api/things/:id',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(json),
    ...rest,
  };
}

describe('ContractChecker', () => {
  const checker = new ContractChecker(DOCUMENT);

  it('passes an answer that is what the document says, nulls included where it allows them', () => {
    expect(checker.check(answer({}))).toEqual([]);
  });

  it('catches a null where the document forbids it, with the JSON pointer to it', () => {
    expect(checker.check(answer({ json: { ...THING, owner: null } }))).toEqual([
      {
        method: 'GET',
        route: '/api/things/{id}',
        status: 200,
        path: '/owner',
        message: expect.stringContaining('must be object') as string,
      },
    ]);
  });

  it('catches a missing field, a wrong item and a malformed format', () => {
    const found = checker.check(answer({ json: { owner: { name: 'ann' }, seats: [3], at: 'yesterday' } }));
    expect(found.map((v) => [v.path, v.message])).toEqual(
      expect.arrayContaining([
        ['', expect.stringContaining('previousOwner')],
        ['/seats/0', expect.stringContaining('must be string,null')],
        ['/at', expect.stringContaining('date-time')],
      ]),
    );
  });

  it('catches a status and a media type the operation does not declare', () => {
    expect(checker.check(answer({ status: 409 }))[0].message).toMatch(/status 409 is not declared/);
    expect(checker.check(answer({ contentType: 'text/plain' }))[0].message).toMatch(/text\/plain is not declared/);
    expect(checker.check(answer({ contentType: undefined }))[0].message).toMatch(/no Content-Type/);
  });

  it('lets a body the operation takes none of be refused with any problem, but a problem all the same', () => {
    const refused = { status: 415, contentType: 'application/problem+json', requestHadBody: true };
    expect(checker.check(answer({ ...refused, json: { code: 'unsupported-media-type', status: 415 } }))).toEqual([]);
    expect(checker.check(answer({ ...refused, json: { status: 415 } }))).toHaveLength(1);
    expect(checker.check(answer({ ...refused, contentType: 'text/plain' }))).toHaveLength(1);
    expect(checker.check(answer({ ...refused, requestHadBody: false, json: { code: 'x', status: 415 } }))).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/status 415 is not declared/) as string }),
    ]);
  });

  it('checks a problem against its schema', () => {
    const problem = { status: 404, contentType: 'application/problem+json' };
    expect(checker.check(answer({ ...problem, json: { code: 'thing-not-found', status: 404 } }))).toEqual([]);
    expect(checker.check(answer({ ...problem, json: { status: 404 } }))[0].message).toMatch(/code/);
  });

  it('judges a picture by its media type only, and an empty answer by its having no body', () => {
    const picture = { route: '/api/things/:id/picture', contentType: 'image/svg+xml', body: '<svg/>' };
    expect(checker.check(answer(picture))).toEqual([]);
    expect(checker.check(answer({ ...picture, contentType: 'image/png' }))).toHaveLength(1);
    const deleted = { method: 'POST', route: '/api/things/:id/delete', status: 204, contentType: undefined };
    expect(checker.check(answer({ ...deleted, body: '' }))).toEqual([]);
    expect(checker.check(answer({ ...deleted, body: '{}' }))).toHaveLength(1);
  });

  it('judges an event stream by its status and media type', () => {
    const stream = { route: '/api/things/:id', contentType: 'text/event-stream; charset=utf-8', body: undefined };
    expect(checker.check(answer(stream))[0].message).toMatch(/text\/event-stream is not declared/);
  });

  it('refuses an API route the document does not have; outside the API, checks only problems', () => {
    expect(checker.check(answer({ route: '/api/other' }))[0].message).toBe('the route is not in the document');
    expect(checker.check(answer({ route: '/matches/:id', contentType: 'text/html', body: '<p>' }))).toEqual([]);
    const notFound = { route: undefined, status: 404, contentType: 'application/problem+json' };
    expect(checker.check(answer({ ...notFound, json: { code: 'not-found', status: 404 } }))).toEqual([]);
    expect(checker.check(answer({ ...notFound, json: { status: 404 } }))).toHaveLength(1);
  });

  it('reads only OpenAPI 3.1, whose schemas are JSON Schema with null', () => {
    expect(() => new ContractChecker({ ...DOCUMENT, openapi: '3.0.0' })).toThrow(/3\.1/);
  });

  it('turns Fastify route patterns into the document’s paths', () => {
    expect(toOpenApiPath('/api/matches/:id/games/:n')).toBe('/api/matches/{id}/games/{n}');
    expect(toOpenApiPath('/api/users/:username/versus/:opponent')).toBe('/api/users/{username}/versus/{opponent}');
  });
});

describe('the committed openapi.json', () => {
  const document = JSON.parse(
    readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'),
  ) as OpenApiDocument & { components: { schemas: Record<string, unknown> } };
  const checker = new ContractChecker(document);

  it('compiles in strict mode: every JSON answer of every operation has a schema the checker can apply', () => {
    let compiled = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const responses = (operation as { responses: Record<string, { content?: Record<string, unknown> }> }).responses;
        for (const [status, response] of Object.entries(responses)) {
          for (const mediaType of Object.keys(response.content ?? {}).filter((m) => m.endsWith('json'))) {
            const found = checker.check({
              method,
              route: path.replace(/\{(\w+)\}/g, ':$1'),
              status: Number(status),
              contentType: mediaType,
              body: 'null',
            });
            // Null is no answer of this service's: each schema refuses it, and says so from its root.
            expect(found.map((v) => v.path)).toContain('');
            expect(found.map((v) => v.message).join()).not.toMatch(/no schema at/);
            compiled += 1;
          }
        }
      }
    }
    expect(compiled).toBeGreaterThan(300);
  });

  it('catches a null where the contract forbids it: a problem without its code', () => {
    const problem = { type: 'about:blank', title: 'Not found', status: 404, code: null };
    expect(
      checker.check({
        method: 'GET',
        route: '/api/matches/:id',
        status: 404,
        contentType: 'application/problem+json',
        body: JSON.stringify(problem),
      }),
    ).toContainEqual(
      expect.objectContaining({ path: '/code', message: expect.stringContaining('must be string') as string }),
    );
  });

  it('judges an event by the schema its `type` names, and says which of its fields is wrong', () => {
    const openingRoll = { type: 'opening-roll', seq: 1, at: '2026-01-01T00:00:00Z', by: 'white', white: 3 };
    const found = checker.check({
      method: 'GET',
      route: '/api/matches/:id/events',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ events: [openingRoll], next: null }),
    });
    expect(found.map((v) => [v.path, v.message])).toEqual([['/events/0', expect.stringContaining('black') as string]]);
  });
});
