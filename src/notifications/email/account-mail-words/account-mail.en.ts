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
};
