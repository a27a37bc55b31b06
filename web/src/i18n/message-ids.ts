/**
 * The message keys, from the English catalog's areas: `t('…')` with a key no area has does not
 * compile. Each area of web/src/i18n/messages/en/ is listed here (a test holds the list to the folder).
 */
import type common from './messages/en/common.json';
import type waiting from './messages/en/waiting.json';
import type lobby from './messages/en/lobby.json';
import type match from './messages/en/match.json';
import type games from './messages/en/games.json';
import type board from './messages/en/board.json';
import type moves from './messages/en/moves.json';
import type account from './messages/en/account.json';
import type auth from './messages/en/auth.json';
import type players from './messages/en/players.json';
import type home from './messages/en/home.json';
import type ui from './messages/en/ui.json';
import type tournaments from './messages/en/tournaments.json';
import type community from './messages/en/community.json';
import type moderation from './messages/en/moderation.json';

export type MessageKey =
  | keyof typeof common
  | keyof typeof waiting
  | keyof typeof lobby
  | keyof typeof match
  | keyof typeof games
  | keyof typeof board
  | keyof typeof moves
  | keyof typeof account
  | keyof typeof auth
  | keyof typeof players
  | keyof typeof home
  | keyof typeof ui
  | keyof typeof tournaments
  | keyof typeof community
  | keyof typeof moderation;

declare module '@lingui/core' {
  interface Register {
    messageIds: MessageKey;
  }
}
