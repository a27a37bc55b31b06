import { DECORATORS } from '@nestjs/swagger';

/**
 * Marks operations that need no authentication: OpenAPI `security: []`
 * (docs/architecture.md, "API contract"), so that every operation says how it
 * is called: `@ApiBearerAuth()` with a token, `security: [{ bearer: [] }, {}]`
 * in `@ApiOperation` with an optional one, this without. On a controller it
 * marks each of its routes that declares no security of its own.
 */
export function ApiPublic(): MethodDecorator & ClassDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      markPublic(descriptor.value as object);
      return;
    }
    const prototype = (target as { prototype: Record<string, unknown> }).prototype;
    if (Reflect.getMetadata(DECORATORS.API_SECURITY, target) !== undefined) return;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = prototype[name];
      if (name === 'constructor' || typeof method !== 'function') continue;
      if (Reflect.getMetadata(DECORATORS.API_SECURITY, method) === undefined) markPublic(method);
    }
  };
}

function markPublic(method: object): void {
  const operation = (Reflect.getMetadata(DECORATORS.API_OPERATION, method) ?? {}) as { security?: unknown };
  if (operation.security !== undefined) return;
  Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, security: [] }, method);
}
