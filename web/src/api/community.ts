/**
 * The API of community and moderation (docs/community.md): blocks, match messages, reports, the
 * account's standing (role, warnings, a forced rename), closing the account and its data, and the
 * moderators' queue, actions and log, through the typed client (client.ts): a refusal is the
 * ApiProblem a page shows.
 */
import type { operations } from '../../../contract/index.js';
import { api, call, type Schemas } from './client.js';

export interface Page<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

export type BlockedPlayer = Schemas['BlockDto'];

export type MatchMessage = Schemas['MatchMessageDto'];

export type ReportRequest = Schemas['FileReportDto'];
export type ReportReason = ReportRequest['reason'];
/** Every reason, kept complete by the compiler: a reason the contract adds is an error here. */
const REASONS: Record<ReportReason, true> = {
  cheating: true,
  abuse: true,
  'offensive-username': true,
  stalling: true,
  other: true,
};
export const REPORT_REASONS = Object.keys(REASONS) as readonly ReportReason[];

export type Role = Schemas['MeDto']['role'];
export type Warning = Schemas['WarningDto'];

/** What the pages need of GET /api/users/me beyond what they already read. */
export interface Standing {
  readonly username: string;
  readonly role: Role;
  readonly warnings: readonly Warning[];
  readonly renameRequired: boolean;
}

export type ModerationAction = NonNullable<operations['moderateUser']['parameters']['path']>['action'];
/** Every action, kept complete by the compiler: an action the contract adds is an error here. */
const ACTIONS: Record<ModerationAction, true> = {
  warn: true,
  mute: true,
  ban: true,
  rename: true,
  lift: true,
  'mark-cheater': true,
};
export const MODERATION_ACTIONS = Object.keys(ACTIONS) as readonly ModerationAction[];

export type ModerationLogEntry = Schemas['ModerationLogEntryDto'];

export type ReportCase = Schemas['ReportCaseDto'];
export type ReportFiling = Schemas['ReportFilingDto'];
export type CaseMatch = Schemas['RecentMatchDto'];
export type CaseMessage = Schemas['RecentMessageDto'];

export type Moderator = Schemas['StaffMemberDto'];

export const community = {
  blocks: (cursor?: string, limit?: number): Promise<Page<BlockedPlayer>> =>
    call(api.GET('/api/users/me/blocks', { params: { query: { cursor, limit } } })),
  block: (username: string): Promise<void> =>
    call(api.PUT('/api/users/me/blocks/{username}', { params: { path: { username } } })),
  unblock: (username: string): Promise<void> =>
    call(api.DELETE('/api/users/me/blocks/{username}', { params: { path: { username } } })),
  messages: (matchId: string, cursor?: string): Promise<Page<MatchMessage>> =>
    call(api.GET('/api/matches/{id}/messages', { params: { path: { id: matchId }, query: { cursor } } })),
  sendMessage: (matchId: string, text: string): Promise<MatchMessage> =>
    call(api.POST('/api/matches/{id}/messages', { params: { path: { id: matchId } }, body: { text } })),
  report: (report: ReportRequest) => call(api.POST('/api/reports', { body: report })),
  standing: async (): Promise<Standing> => {
    const { username, role, warnings, renameRequired } = await call(api.GET('/api/users/me'));
    return { username, role, warnings, renameRequired };
  },
  warningsSeen: (): Promise<void> => call(api.POST('/api/users/me/warnings/seen')),
  rename: (username: string) => call(api.PUT('/api/users/me/username', { body: { username } })),
  myModeration: (cursor?: string): Promise<Page<ModerationLogEntry>> =>
    call(api.GET('/api/users/me/moderation', { params: { query: { cursor } } })),
  closeAccount: (password: string): Promise<void> => call(api.DELETE('/api/users/me', { body: { password } })),
  /** The account's data as a file, and the file name the server gives it (Content-Disposition), if any. */
  exportData: async (): Promise<{ readonly file: Blob; readonly name: string | null }> => {
    let disposition = '';
    const file = await call(
      api.GET('/api/users/me/export', { parseAs: 'blob' }).then((answer) => {
        disposition = answer.response.headers.get('Content-Disposition') ?? '';
        return answer;
      }),
    );
    const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
    return { file, name };
  },
};

export const moderation = {
  reports: (status: ReportCase['status'], cursor?: string): Promise<Page<ReportCase>> =>
    call(api.GET('/api/moderation/reports', { params: { query: { status, cursor } } })),
  close: (id: string, resolution: string): Promise<ReportCase> =>
    call(api.POST('/api/moderation/reports/{id}/close', { params: { path: { id } }, body: { resolution } })),
  act: (username: string, action: ModerationAction, reason: string, days?: number): Promise<ModerationLogEntry> =>
    call(
      api.POST('/api/moderation/users/{username}/{action}', {
        params: { path: { username, action } },
        body: { reason, ...(days === undefined ? {} : { days }) },
      }),
    ),
  log: (username?: string, cursor?: string): Promise<Page<ModerationLogEntry>> =>
    call(api.GET('/api/moderation/log', { params: { query: { username, cursor } } })),
  moderators: async (): Promise<readonly Moderator[]> => (await call(api.GET('/api/moderation/moderators'))).items,
  grant: (username: string): Promise<void> =>
    call(api.PUT('/api/moderation/moderators/{username}', { params: { path: { username } } })),
  revoke: (username: string): Promise<void> =>
    call(api.DELETE('/api/moderation/moderators/{username}', { params: { path: { username } } })),
};
