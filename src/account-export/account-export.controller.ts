import { Readable } from 'node:stream';
import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiRoute } from '../common/api-route.decorator.js';
import { BearerAuthGuard, CurrentPrincipal, SignInTokenOnly, type Principal } from '../security/index.js';
import { ACCOUNT_EXPORTS_PER_DAY, AccountExportService } from './account-export.service.js';

/** The document's outline in the contract; its parts are described in docs/accounts.md, "Your data". */
const EXPORT_SCHEMA = {
  type: 'object',
  required: ['format', 'exportedAt', 'profile', 'settings', 'matches'],
  properties: {
    format: { type: 'string', example: 'nardy-account-export/1' },
    exportedAt: { type: 'string', format: 'date-time' },
    profile: { type: 'object', description: 'The account: name, dates, role, rating, record, standing.' },
    settings: { type: 'object', description: 'Play settings, language, notification preferences.' },
    email: { type: ['object', 'null'], description: 'The verified e-mail address.' },
    pushSubscriptions: { type: 'array', items: { type: 'object' }, description: 'Endpoints only, no keys.' },
    webhooks: { type: 'array', items: { type: 'object' }, description: 'No secrets.' },
    apiTokens: { type: 'array', items: { type: 'object' }, description: 'Names, scopes, dates; no values.' },
    messages: { type: 'array', items: { type: 'object' }, description: 'The match messages written.' },
    reports: { type: 'array', items: { type: 'object' }, description: 'The reports filed.' },
    moderationActions: {
      type: 'array',
      items: { type: 'object' },
      description: 'Moderators’ actions on the account, moderators unnamed.',
    },
    ratingAdjustments: { type: 'array', items: { type: 'object' } },
    matches: {
      type: 'array',
      items: { type: 'object', description: '`match` as the lists show it, `events` as GET /api/matches/{id}/events.' },
    },
  },
};

@ApiTags('users')
@Controller('api/users')
export class AccountExportController {
  constructor(private readonly exports: AccountExportService) {}

  @Get('me/export')
  @UseGuards(BearerAuthGuard)
  @SignInTokenOnly()
  @ApiBearerAuth()
  @ApiProduces('application/json')
  @ApiRoute({
    summary: 'Everything the service holds about the caller’s account, as a JSON download',
    operationId: 'exportAccount',
    description:
      'The right of access and to data portability (GDPR articles 15 and 20; docs/accounts.md, "Your data"): the ' +
      'profile, settings, e-mail address, push subscriptions (endpoints), webhooks (no secrets), personal API tokens ' +
      '(no values), every match with its events, the messages written, the reports filed, the moderators’ actions ' +
      `on the account and the rating adjustments. Needs a sign-in token. At most ${ACCOUNT_EXPORTS_PER_DAY} a day.`,
    ok: {
      description: 'The document, as an attachment named nardy-<username>-<date>.json.',
      content: { 'application/json': { schema: EXPORT_SCHEMA } },
      headers: {
        'Content-Disposition': {
          schema: { type: 'string' },
          description: 'attachment; filename="nardy-<username>-<yyyy-mm-dd>.json"',
        },
      },
    },
    problems: [
      401,
      [403, 'A personal API token (`insufficient-scope`): the export needs a sign-in token.'],
      [
        429,
        `Past ${ACCOUNT_EXPORTS_PER_DAY} exports in 24 hours (\`too-many-exports\`, with \`limit\`); see Retry-After.`,
      ],
    ],
  })
  async export(@CurrentPrincipal() principal: Principal, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.exports.export(principal.userId);
    await reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(Readable.from(file.parts));
  }
}
