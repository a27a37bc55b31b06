import { ApiProperty } from '@nestjs/swagger';
import type { EmailPreference, Preferences } from '../notification-preferences.js';
import { OptionalChoice, OptionalFlag, OptionalPart } from '../../../common/optional-fields.js';

const EMAIL_PREFERENCES = ['immediately', 'digest', 'off'] as const;
const EMAIL_DESCRIPTION =
  '`immediately`: a mail for each; `digest`: gathered in one mail a day; `off`: none. Mail goes only to a verified address.';
const PUSH_DESCRIPTION = 'Whether web push notifies of it (on the subscribed browsers).';

/** How one kind reaches the account. */
export class KindPreferenceDto {
  @ApiProperty({ enum: EMAIL_PREFERENCES, description: EMAIL_DESCRIPTION })
  email!: EmailPreference;

  @ApiProperty({ description: PUSH_DESCRIPTION })
  push!: boolean;
}

/** A change to one kind: the channels given change, the others stay. */
export class KindChangeDto {
  @OptionalChoice(EMAIL_PREFERENCES, { description: EMAIL_DESCRIPTION })
  email?: EmailPreference;

  @OptionalFlag({ description: PUSH_DESCRIPTION })
  push?: boolean;
}

/** The account's notification preferences, per kind. */
export class NotificationPreferencesDto {
  @ApiProperty({ type: KindPreferenceDto, description: 'An invitation to a match.' })
  invitation!: KindPreferenceDto;

  @ApiProperty({ type: KindPreferenceDto, description: 'Your turn in a match.' })
  turn!: KindPreferenceDto;

  @ApiProperty({ type: KindPreferenceDto, description: 'A move deadline near, with no move made.' })
  deadline!: KindPreferenceDto;

  @ApiProperty({ type: KindPreferenceDto, description: 'A match finished.' })
  finished!: KindPreferenceDto;

  @ApiProperty({ type: KindPreferenceDto, description: 'News of a tournament you play in.' })
  tournament!: KindPreferenceDto;

  @ApiProperty({ type: KindPreferenceDto, description: 'A message from the other player of your match.' })
  message!: KindPreferenceDto;

  static of(preferences: Preferences): NotificationPreferencesDto {
    return {
      invitation: { ...preferences.invitation },
      turn: { ...preferences.turn },
      deadline: { ...preferences.deadline },
      finished: { ...preferences.finished },
      tournament: { ...preferences.tournament },
      message: { ...preferences.message },
    };
  }
}

/** A change to some kinds (PUT /api/users/me/notifications): only the kinds and channels given change. */
export class UpdateNotificationPreferencesDto {
  @OptionalPart(KindChangeDto)
  invitation?: KindChangeDto;

  @OptionalPart(KindChangeDto)
  turn?: KindChangeDto;

  @OptionalPart(KindChangeDto)
  deadline?: KindChangeDto;

  @OptionalPart(KindChangeDto)
  finished?: KindChangeDto;

  @OptionalPart(KindChangeDto)
  tournament?: KindChangeDto;

  @OptionalPart(KindChangeDto)
  message?: KindChangeDto;
}
