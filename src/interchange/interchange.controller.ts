import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiProblems } from '../common/api-problems.decorator.js';
import { AcceptsBodies } from '../common/json-body.js';
import { IdempotencyInterceptor } from '../idempotency/index.js';
import { MatchIdPipe, MatchStateDto, type MatchView } from '../matches/index.js';
import {
  NEEDS_PLAY_SCOPE,
  RequiresScope,
  BearerAuthGuard,
  CurrentPrincipal,
  type Principal,
} from '../security/index.js';
import { MatchLogDto } from './dto/match-log.dto.js';
import { InterchangeService } from './interchange.service.js';
import { MatchFilePipe, type MatchFile } from './match-file.pipe.js';
import type { MatchLog } from './match-log.js';
import { MAT_EXAMPLE } from './mat-example.js';
import { ApiPublic } from '../common/api-public.decorator.js';
import { ApiRoute } from '../common/api-route.decorator.js';

/** The largest file an import takes: a long match's JSON log (every play with its board) runs to a few hundred KB. */
export const IMPORT_LIMIT_BYTES = 1024 * 1024;

const NOT_FOUND: [number, string] = [404, 'No such match (`match-not-found`).'];

/** `attachment; filename="…"` (the names are ASCII: match-<uuid>.mat). */
function attachment(filename: string): string {
  return `attachment; filename="${filename}"`;
}

/**
 * Matches in and out of the service as files (docs/architecture.md,
 * "Interchange"): anyone may export a match, as anyone may read it; an import
 * needs a bearer token, and its caller becomes the new match's creator.
 */
@ApiTags('interchange')
@ApiPublic()
@Controller('api/matches')
export class InterchangeController {
  constructor(private readonly interchange: InterchangeService) {}

  @Get(':id/export.mat')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOperation({
    summary: 'The match as a Jellyfish .mat file, laid out as GNU Backgammon reads it',
    description:
      'The games played so far (a game under way ends where it stands): the players and the match length, each ' +
      'game with its score line and numbered turns, the dice and each checker step in gnubg’s notation (25 the ' +
      'bar, 0 off, * a hit), doubles, takes, drops and each game’s `Wins N points`. Long nardy is written in the ' +
      'same layout with a `; Variant: long-nardy` header line. Player 1 (the left column) is white.',
    operationId: 'exportMatchMat',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'The .mat text, as an attachment named match-<id>.mat.',
    content: { 'text/plain': { schema: { type: 'string' }, example: MAT_EXAMPLE } },
    headers: {
      'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="match-<id>.mat"' },
    },
  })
  @ApiProblems(NOT_FOUND)
  async exportMat(
    @Param('id', MatchIdPipe) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.interchange.exportMat(id);
    void reply.header('Content-Disposition', attachment(file.filename));
    return file.content;
  }

  @Get(':id/export.json')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiRoute({
    summary: 'The match as a JSON document: its terms, players and whole event log (both variants)',
    description: 'POST /api/matches/import takes the document back as it is.',
    operationId: 'exportMatchJson',
    ok: {
      type: MatchLogDto,
      description: 'The document, as an attachment named match-<id>.json.',
      headers: {
        'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="match-<id>.json"' },
      },
    },
    problems: [NOT_FOUND],
  })
  async exportJson(
    @Param('id', MatchIdPipe) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MatchLog> {
    const file = await this.interchange.exportLog(id);
    void reply.header('Content-Disposition', attachment(file.filename));
    return file.content;
  }

  @Post('import')
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(BearerAuthGuard)
  @RequiresScope('play')
  @UseInterceptors(IdempotencyInterceptor)
  @AcceptsBodies({ text: ['text/plain'], limitBytes: IMPORT_LIMIT_BYTES })
  @ApiBearerAuth()
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Makes a retry return the first answer.' })
  @ApiExtraModels(MatchLogDto)
  @ApiRoute({
    summary: 'Import a finished match from a .mat file (text/plain) or an export.json document (application/json)',
    description:
      'A .mat file (Jellyfish, as GNU Backgammon and others write it; `; Variant: long-nardy` for long nardy) is ' +
      'sent as text/plain, UTF-8; a JSON document as export.json gives it, as application/json. Every roll, play, ' +
      'cube action and result is replayed by the engine; the file must end with the match won. The new match is ' +
      'finished and read-only, unrated, with nobody seated: its players are named as the file names them ' +
      '(`source: "imported"`), and the caller is its creator. A file refused stores nothing. At most ' +
      `${IMPORT_LIMIT_BYTES} bytes.`,
    operationId: 'importMatch',
    requestBody: {
      required: true,
      content: {
        'text/plain': { schema: { type: 'string' }, example: MAT_EXAMPLE },
        'application/json': { schema: { $ref: getSchemaPath(MatchLogDto) } },
      },
    },
    created: { type: MatchStateDto, description: 'The imported match: finished, `source` "imported".' },
    problems: [
      [
        400,
        'The file does not read into a finished match (`invalid-match-file`, with `reason` and where: `game`, and ' +
          '`turn` and `line` for .mat, `event` for JSON), a JSON document of the wrong shape (`validation-failed`), ' +
          'or a malformed body (`malformed-json`, `json-too-deep`, `invalid-utf8`, `unstorable-text`: a NUL in the text).',
      ],
      401,
      NEEDS_PLAY_SCOPE,
      [404, 'The account of the token is gone (`user-not-found`).'],
      [409, 'The same Idempotency-Key is still in use by a request under way (`idempotency-key-in-use`).'],
      [413, `Request body too large (\`payload-too-large\`): at most ${IMPORT_LIMIT_BYTES} bytes.`],
      [415, 'The body is neither application/json nor text/plain, or not UTF-8 (`unsupported-media-type`).'],
      [422, 'An Idempotency-Key was reused with another body (`idempotency-key-reused`).'],
      [
        429,
        'The account asked for IMPORT_HOURLY_LIMIT imports in the last hour, refused ones included (`too-many-imports`), ' +
          'or the service is reading as many files as it can queue (`import-queue-full`); nothing stored. See Retry-After.',
      ],
    ],
  })
  importMatch(@CurrentPrincipal() principal: Principal, @Body(MatchFilePipe) file: MatchFile): Promise<MatchView> {
    return this.interchange.importMatch(principal.userId, file);
  }
}
