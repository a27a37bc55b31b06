import {
  applyDecorators,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  UseGuards,
  type Type,
} from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags, type ApiOperationOptions } from '@nestjs/swagger';
import { ApiRoute } from '../common/api-route.decorator.js';
import type { DomainError } from '../common/domain-error.js';
import { IdPipe } from '../common/id-pipe.js';
import { RequiresScope, SignInTokenOnly, type RouteScope } from './api-token-scopes.js';
import { BearerAuthGuard } from './bearer-auth.guard.js';

/** A problem a route documents: its status, with what it means on this route. */
type Problem = [number, string];

/** The `id` of a route of one thing, documented as a UUID. */
const ID = ApiParam({ name: 'id', format: 'uuid' });

/** What the routes of one kind of the caller's own things share. */
export interface AccountThings {
  /** Below `api/users/me/`. */
  readonly path: string;
  /** The OpenAPI tag. */
  readonly tag: string;
  /** The scope a personal API token needs; null: sign-in tokens only (docs/architecture.md, "Personal API tokens"). */
  readonly scope: RouteScope;
  /** The 403 a personal token is refused with. */
  readonly refused: Problem;
  /** For things with ids: the 404 of an id the account has no thing under, and its error (a non-UUID too). */
  readonly unknown?: { readonly problem: Problem; readonly error: () => DomainError };
}

/**
 * The one shape of the controllers of the caller's own things under `api/users/me/` (webhooks,
 * personal API tokens, push subscriptions, the e-mail address): the bearer guard and the token's
 * scope on the class; create (201, capped per account: 409), read or list (200), and remove (204)
 * or read by id (404 for an id the account has no thing under, a non-UUID included, refused at the
 * edge by IdPipe). Every route documents 401 and the personal token's 403.
 */
export class AccountRoutes {
  constructor(private readonly things: AccountThings) {}

  /** The 403 of a personal token, for the routes declared by hand. */
  get refused(): Problem {
    return this.things.refused;
  }

  /** The class decorator: `api/users/me/<path>`, bearer-guarded, with the token's scope. */
  controller(): ClassDecorator {
    const { path, tag, scope } = this.things;
    return applyDecorators(
      ApiTags(tag),
      UseGuards(BearerAuthGuard),
      scope === null ? SignInTokenOnly() : RequiresScope(scope),
      ApiBearerAuth(),
      Controller(`api/users/me/${path}`),
    );
  }

  /** `POST`: a new thing (201 with `created`), refused as `invalid` (400) or past the account's cap (409 `tooMany`). */
  create(
    operation: ApiOperationOptions,
    created: { type: Type<unknown>; description: string },
    invalid: string,
    tooMany: string,
  ): MethodDecorator {
    return applyDecorators(
      Post(),
      HttpCode(HttpStatus.CREATED),
      ApiRoute({
        ...operation,
        created,
        problems: [[400, invalid], 413, 415, 401, this.things.refused, [409, tooMany]],
      }),
    );
  }

  /** `GET` of the collection (or of the one thing), answered as `type`. */
  read(operation: ApiOperationOptions, type: Type<unknown>): MethodDecorator {
    return applyDecorators(Get(), ApiRoute({ ...operation, ok: type, problems: [401, this.things.refused] }));
  }

  /** `GET :id/<path>`: of one thing, answered as `type`. */
  readOne(path: string, operation: ApiOperationOptions, type: Type<unknown>): MethodDecorator {
    return applyDecorators(Get(`:id/${path}`), ApiRoute({ ...operation, ok: type, problems: this.ofOne() }), ID);
  }

  /** `DELETE :id` (of the one thing when they have no ids: `DELETE`): 204 with `description`. */
  remove(operation: ApiOperationOptions, description: string): MethodDecorator {
    const withIds = this.things.unknown !== undefined;
    return applyDecorators(
      withIds ? Delete(':id') : Delete(),
      HttpCode(HttpStatus.NO_CONTENT),
      ApiRoute({
        ...operation,
        noContent: { description },
        problems: withIds ? this.ofOne() : [401, this.things.refused],
      }),
      ...(withIds ? [ID] : []),
    );
  }

  /** The `id` path parameter, refused at the edge as an unknown id when it is not a UUID. */
  id(): ParameterDecorator {
    return Param('id', new IdPipe(this.unknown().error));
  }

  /** The problems of a route of one thing: 401, the personal token's 403, and the 404 of an unknown id. */
  private ofOne(): Array<number | Problem> {
    return [401, this.things.refused, this.unknown().problem];
  }

  private unknown(): NonNullable<AccountThings['unknown']> {
    if (this.things.unknown === undefined) throw new Error(`api/users/me/${this.things.path} has no ids`);
    return this.things.unknown;
  }
}
