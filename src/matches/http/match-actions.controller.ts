import { Body, Controller, HttpCode, HttpStatus, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiProblems, BODY_PROBLEMS } from '../../common/api-problems.decorator.js';
import { IdempotencyInterceptor } from '../../idempotency/index.js';
import { RequiresScope, BearerAuthGuard, CurrentPrincipal, type Principal } from '../../security/index.js';
import { ActionDto } from './dto/action.dto.js';
import { MatchStateDto } from './dto/match-state.dto.js';
import { IfMatchVersion } from './if-match.decorator.js';
import { ACTION_ROUTES, type ActionBody, type ActionRoute } from './match-action-routes.js';
import { MatchIdPipe } from './match-id.pipe.js';
import { MatchActionsService } from '../core/match-actions.service.js';
import type { MatchView } from '../view/match-view.js';

const ACTION_PROBLEMS: Array<number | [number, string]> = [
  ...BODY_PROBLEMS,
  401,
  [
    403,
    'The caller is not a player of this match (`not-a-player`), joins an open challenge whose creator has blocked them (`blocked`), or sent a personal API token without the `play` scope (`insufficient-scope`).',
  ],
  [404, 'No such match (`match-not-found`).'],
  [
    409,
    'Someone else must act (`not-your-turn`), the rules do not allow it now (`action-not-allowed`, with the engine’s `reason`), ' +
      'the match moved on (`version-conflict`, with `currentVersion`), or the same Idempotency-Key is still in use by a request under way (`idempotency-key-in-use`).',
  ],
  [422, 'The play breaks a rule (`illegal-play`, with the validator’s `reason`), or an Idempotency-Key was reused.'],
];

/** What every action's description ends with. */
const ACTION_NOTE =
  ' The answer is the match state for the caller, after the action and whatever the server did at once ' +
  '(the dice it throws when nobody has a choice, a roll with no legal play passing, the records of a finished game).';

/**
 * The actions on a match (docs/architecture.md, "Match state JSON": a client
 * POSTs what `actions` lists). Every answer is the match state for the caller.
 * One route per row of ACTION_ROUTES, made below: each runs `act` with its row.
 */
@ApiTags('matches')
@ApiBearerAuth()
@ApiHeader({ name: 'If-Match', required: false, description: 'The version acted on, e.g. "17" (or expectedVersion).' })
@ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Makes a retry return the first answer.' })
@UseGuards(BearerAuthGuard)
@RequiresScope('play')
@UseInterceptors(IdempotencyInterceptor)
@Controller('api/matches/:id')
export class MatchActionsController {
  constructor(private readonly actions: MatchActionsService) {}

  /** An action route's work: the action its checked body asks for, on the version named by the body or If-Match. */
  act(body: ActionBody, id: string, principal: Principal, dto: ActionDto, ifMatch: number | null): Promise<MatchView> {
    return this.actions.act(id, principal.userId, body.action(dto), dto.expectedVersion ?? ifMatch);
  }
}

/** An action route's handler: what Nest calls with the parameters ActionParameters declares. */
type ActionHandler = (
  this: MatchActionsController,
  id: string,
  principal: Principal,
  dto: ActionDto,
  ifMatch: number | null,
) => Promise<MatchView>;

/**
 * The parameters of every action route, in the handler's order: the match id,
 * the caller, the body (the global ValidationPipe checks it against the
 * route's body class), the If-Match version. Applied as the parameter
 * decorators of a declared method are (last first), with the parameter types
 * emitDecoratorMetadata would write, which Nest's pipes and the OpenAPI
 * explorer read. The id is documented here: a class-level ApiParam reaches
 * only the methods declared in the class body.
 */
function ActionParameters(body: ActionBody): MethodDecorator {
  return (target, key, descriptor) => {
    IfMatchVersion()(target, key, 3);
    Body()(target, key, 2);
    CurrentPrincipal()(target, key, 1);
    Param('id', MatchIdPipe)(target, key, 0);
    ApiParam({ name: 'id', format: 'uuid', description: 'The match.' })(target, key, descriptor);
    Reflect.defineMetadata('design:paramtypes', [String, Object, body.type, Object], target, key);
  };
}

/**
 * An action route's operation: 200 with the match state, bearer auth,
 * Idempotency-Key and If-Match (the controller's), and the problems an action
 * may answer. A body that may be left out is documented as not required.
 */
function ActionOperation(route: ActionRoute): MethodDecorator {
  const { summary, operationId, description, body } = route;
  return (target, key, descriptor) => {
    HttpCode(HttpStatus.OK)(target, key, descriptor);
    ApiOperation({ summary, operationId, description: description + ACTION_NOTE })(target, key, descriptor);
    if (body.optional) ApiBody({ type: body.type, required: false })(target, key, descriptor);
    ApiOkResponse({ type: MatchStateDto, description: 'The match state after the action and what followed it.' })(
      target,
      key,
      descriptor,
    );
    ApiProblems(...ACTION_PROBLEMS)(target, key, descriptor);
  };
}

/** Adds the route POST /api/matches/{id}/`path` to the controller, as method `operationId`. */
function addActionRoute(path: string, route: ActionRoute): void {
  const key = route.operationId;
  const handler: ActionHandler = function (id, principal, dto, ifMatch) {
    return this.act(route.body, id, principal, dto, ifMatch);
  };
  // Named as its key, as a declared method is: the OpenAPI explorer looks its parameters up by the function's name.
  Object.defineProperty(handler, 'name', { value: key });
  const prototype = MatchActionsController.prototype;
  const declared: PropertyDescriptor = { value: handler, writable: true, enumerable: false, configurable: true };
  const decorators = [Post(path), ActionParameters(route.body), ActionOperation(route)];
  Object.defineProperty(prototype, key, Reflect.decorate(decorators, prototype, key, declared) ?? declared);
}

for (const [path, route] of Object.entries(ACTION_ROUTES)) addActionRoute(path, route);
