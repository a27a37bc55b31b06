/**
 * Judges one HTTP answer against the OpenAPI 3.1 document (docs/architecture.md, "API contract",
 * "Checked by every e2e test"): the operation (method and route template), the status it declares,
 * the media type it declares for that status, and a JSON body against that media type's schema
 * with a JSON Schema 2020-12 validator (Ajv), formats included. Other bodies (event streams, SVG,
 * PNG, text) are judged by their media type only.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';

/** What the checker reads of an OpenAPI 3.1 document. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components?: { readonly schemas?: Record<string, unknown> };
}

interface OperationObject {
  readonly requestBody?: unknown;
  readonly responses?: Record<string, ResponseObject>;
}

interface ResponseObject {
  readonly content?: Record<string, unknown>;
}

/** One answer as the server sent it. */
export interface Answer {
  readonly method: string;
  /** The route's path as the server registered it (Fastify's `/api/matches/:id`), or none for an unknown path. */
  readonly route: string | undefined;
  readonly status: number;
  /** The Content-Type header, parameters included; none without a body. */
  readonly contentType: string | undefined;
  /** The body as sent, or none for a stream or an empty body. */
  readonly body: string | undefined;
  /** Whether the request carried a body (Content-Length above 0, or chunks). */
  readonly requestHadBody?: boolean;
}

/** Where an answer departs from the document: `path` is the JSON pointer into its body, or '' for the answer as a whole. */
export interface Violation {
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly path: string;
  readonly message: string;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);
/** The schema of a problem answered on a path outside the document (Fastify's not-found, a malformed URL). */
const PROBLEM_SCHEMA = '#/components/schemas/ProblemDetails';
/** A problem, in the words of RFC 9457 (src/common/problem-details.ts). */
const PROBLEM_MEDIA_TYPE = 'application/problem+json';
/** The id under which the document is known to Ajv; every `$ref` in it resolves against it. */
const DOCUMENT_ID = 'https://contract.nardy.invalid/openapi.json';
/** Enough to see what is wrong without drowning the report. */
const MAX_ERRORS_PER_BODY = 10;

/** `/api/matches/:id/games/:n` (Fastify) as `/api/matches/{id}/games/{n}` (OpenAPI). */
export function toOpenApiPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');
}

/** `application/problem+json; charset=utf-8` as `application/problem+json`. */
function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** `~` and `/` escaped for a JSON pointer (RFC 6901). */
function pointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    if (!/^3\.1\.\d+$/.test(document.openapi)) {
      throw new Error(`the contract checker reads OpenAPI 3.1 documents; this one is ${document.openapi}`);
    }
    // `discriminator`: a oneOf of events is judged by the branch its `type` names, so that an error
    // names the field at fault rather than every branch it does not match. Strict about keywords, not
    // about types: the unions leave `type: object` to their branches.
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, discriminator: true });
    // A CommonJS module whose export is also its `default` (the types see only the latter).
    ajvFormats.default(this.ajv);
    // OpenAPI's other schema keywords (OpenAPI 3.1, "Schema Object"), annotations to a validator, and
    // the document's top-level fields, which hold the schemas that `$ref`s point into.
    this.ajv.addVocabulary(['example', 'xml', 'externalDocs', 'components', 'paths']);
    for (const keyword of extensionKeywords(document)) this.ajv.addKeyword(keyword);
    const { components = {}, paths } = withoutDiscriminatorMappings(document);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components, paths });
  }

  /** The answer's departures from the document; none if it is what the document says. */
  check(answer: Answer): Violation[] {
    const method = answer.method.toLowerCase();
    // HEAD answers a GET without its body; OPTIONS is CORS's preflight (src/app-setup.ts).
    if (method === 'head' || method === 'options') return [];
    const route = answer.route === undefined ? undefined : toOpenApiPath(answer.route);
    const violation = (path: string, message: string): Violation => ({
      method: answer.method,
      route: route ?? '(no route)',
      status: answer.status,
      path,
      message,
    });
    const operation = route === undefined ? undefined : this.operation(route, method);
    if (operation === undefined) {
      // Outside the document (the web client's pages, Swagger UI, an unknown path): only a problem
      // must still be one (the not-found answer, a malformed URL's 400).
      if (route?.startsWith('/api/')) return [violation('', 'the route is not in the document')];
      return this.problemOrNothing(answer).map((e) => violation(e.path, e.message));
    }
    const responses = operation.responses ?? {};
    const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => k in responses);
    if (statusKey === undefined) {
      // A body where the operation takes none is a request the document does not describe: the HTTP
      // layer's refusal of it (400 malformed-json, 413, 415) must be a problem, but need not be declared.
      if (answer.requestHadBody === true && operation.requestBody === undefined && answer.status < 500) {
        return this.problem(answer).map((e) => violation(e.path, e.message));
      }
      return [
        violation('', `status ${answer.status} is not declared (declared: ${Object.keys(responses).join(', ')})`),
      ];
    }
    const content = responses[statusKey].content;
    if (content === undefined || Object.keys(content).length === 0) {
      return answer.body === undefined || answer.body === ''
        ? []
        : [violation('', `a body of ${answer.contentType ?? 'no type'} where the document declares none`)];
    }
    if (answer.contentType === undefined) {
      return [violation('', `no Content-Type (declared: ${Object.keys(content).join(', ')})`)];
    }
    const mediaType = mediaTypeOf(answer.contentType);
    if (!(mediaType in content)) {
      return [
        violation('', `Content-Type ${mediaType} is not declared (declared: ${Object.keys(content).join(', ')})`),
      ];
    }
    if (!isJson(mediaType) || answer.body === undefined) return [];
    // A schema that only names a component is validated as that component: one compiled validator for
    // the many answers that share it (ProblemDetails above all).
    const schema = (content[mediaType] as { schema?: { $ref?: unknown } } | undefined)?.schema;
    const named = schema !== undefined && Object.keys(schema).length === 1 ? schema.$ref : undefined;
    const pointer = ['paths', route!, method, 'responses', statusKey, 'content', mediaType, 'schema']
      .map(pointerToken)
      .join('/');
    const schemaRef = typeof named === 'string' && named.startsWith('#/') ? named : `#/${pointer}`;
    return this.validate(answer.body, `${DOCUMENT_ID}${schemaRef}`).map((e) => violation(e.path, e.message));
  }

  /** Outside the document: a problem is a ProblemDetails; anything else is not judged. */
  private problemOrNothing(answer: Answer): Array<{ path: string; message: string }> {
    const mediaType = answer.contentType === undefined ? undefined : mediaTypeOf(answer.contentType);
    return mediaType === PROBLEM_MEDIA_TYPE ? this.problem(answer) : [];
  }

  /** The answer is a problem (RFC 9457) of the document's ProblemDetails. */
  private problem(answer: Answer): Array<{ path: string; message: string }> {
    const mediaType = answer.contentType === undefined ? undefined : mediaTypeOf(answer.contentType);
    if (mediaType !== PROBLEM_MEDIA_TYPE) {
      return [{ path: '', message: `status ${answer.status} as ${mediaType ?? 'no type'}, not a problem` }];
    }
    return this.validate(answer.body ?? '', `${DOCUMENT_ID}${PROBLEM_SCHEMA}`);
  }

  private operation(route: string, method: string): OperationObject | undefined {
    const item = this.document.paths[route];
    return item !== undefined && HTTP_METHODS.has(method) ? (item[method] as OperationObject | undefined) : undefined;
  }

  private validate(body: string, schemaRef: string): Array<{ path: string; message: string }> {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [{ path: '', message: 'the body is not JSON' }];
    }
    let validate = this.validators.get(schemaRef);
    if (validate === undefined) {
      validate = this.ajv.getSchema(schemaRef);
      if (validate === undefined) return [{ path: '', message: `no schema at ${schemaRef}` }];
      this.validators.set(schemaRef, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, MAX_ERRORS_PER_BODY).map(describe);
  }
}

/** One of Ajv's errors as a pointer into the body and what is wrong there, with the value found. */
function describe(error: ErrorObject): { path: string; message: string } {
  const params = Object.entries(error.params)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(', ');
  return { path: error.instancePath, message: `${error.message ?? error.keyword}${params ? ` (${params})` : ''}` };
}

/** The document's `x-…` extensions that sit inside schemas, made known to Ajv as annotations. */
function extensionKeywords(document: OpenApiDocument): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) found.add(key);
        walk(value);
      }
    }
  };
  walk(document.components);
  walk(document.paths);
  return found;
}

/**
 * A copy of the document without its discriminators' `mapping`, which Ajv does not read: each branch
 * of this document's unions names its own tag (`type`, a single-value enum), the same as the mapping.
 */
function withoutDiscriminatorMappings(document: OpenApiDocument): OpenApiDocument {
  return JSON.parse(JSON.stringify(document), (key, value: unknown) => {
    if (key !== 'discriminator' || value === null || typeof value !== 'object') return value;
    const { mapping: _mapping, ...rest } = value as Record<string, unknown>;
    return rest;
  }) as OpenApiDocument;
}
