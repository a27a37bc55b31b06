/**
 * The house bots' face (docs/bots.md): which house bots there are and what each plays
 * (house-bots.ts), the policy that asks whether each can play now, and the contract of a house
 * bot played by a program outside the service (ExternalBotPlayer). Code outside src/house-bots
 * imports from here.
 */
export { HouseBotsModule } from './house-bots.module.js';
export { HouseBotPolicy } from './house-bot-policy.js';
export {
  HOUSE_BOTS,
  USER_KINDS,
  houseBotRefusal,
  houseBotVariants,
  isHouseBot,
  type HouseBot,
  type UserKind,
} from './house-bots.js';
export {
  ExternalBotNoAnswerError,
  ExternalBotPlayer,
  ExternalBotUnavailableError,
  type NoAnswerReason,
} from './external-bot-player.js';
