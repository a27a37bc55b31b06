/** The account mails' words in English (ICU MessageFormat by key: `<template>.title` and `<template>.body`; docs/email.md, "Languages"). */
import type { CatalogMessages } from '../../../common/message-catalog.js';

export const MESSAGES: CatalogMessages = {
  'email-verification.title': 'Confirm your e-mail address for Nardy',
  'email-verification.body': 'Follow this link to confirm that this address is yours; it works once, for 24 hours.',
  'email-changed.title': 'Your Nardy e-mail address was changed',
  'email-changed.body':
    'Your Nardy account’s e-mail address is no longer this one: another address was verified for it. If you did not do this, reset your password and change the address back.',
  'password-reset.title': 'Reset your Nardy password',
  'password-reset.body':
    'Someone, we hope you, asked to reset the password of your Nardy account. Follow this link to choose a new one; it works once, for an hour. If you did not ask, ignore this mail: your password stays.',
  'password-changed.title': 'Your Nardy password was changed',
  'password-changed.body':
    'The password of your Nardy account was reset by a link mailed to this address, and every sign-in before it ended. If you did not do this, reset it again at once.',
  'webhook-disabled.title': 'A webhook of yours was disabled',
  'webhook-disabled.body':
    'Deliveries to your webhook {webhook} have failed for 3 days, so it is disabled: nothing more is sent to it. Register it again once it answers.',
  'moderation-warn.title': 'A moderator has warned you on Nardy',
  'moderation-warn.body':
    'A moderator of Nardy has warned you: {reason}. Please keep to the rules; further breaches may lead to a mute or a ban.',
  'moderation-mute.title': 'Your Nardy account has been muted',
  'moderation-mute.body':
    'A moderator of Nardy has muted your account: you cannot send messages in matches until the mute is lifted. Reason: {reason}',
  'moderation-mute-timed.title': 'Your Nardy account has been muted',
  'moderation-mute-timed.body':
    'A moderator of Nardy has muted your account: you cannot send messages in matches until {until}. Reason: {reason}',
  'moderation-ban.title': 'Your Nardy account has been banned',
  'moderation-ban.body':
    'A moderator of Nardy has banned your account until further notice: you cannot sign in, your open challenges were withdrawn and your matches under way forfeited. Reason: {reason}',
  'moderation-ban-timed.title': 'Your Nardy account has been banned',
  'moderation-ban-timed.body':
    'A moderator of Nardy has banned your account until {until}: you cannot sign in until then, your open challenges were withdrawn and your matches under way forfeited. Reason: {reason}',
  'moderation-rename.title': 'Your Nardy username must change',
  'moderation-rename.body':
    'A moderator of Nardy has taken the name {from} from your account: it stays reserved. Sign in with it as before and choose a new name. Reason: {reason}',
};
