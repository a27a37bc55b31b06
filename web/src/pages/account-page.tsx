import { ChangePasswordForm } from './account/change-password-form.js';
import { PushNotificationsSwitch } from './account/push-notifications-switch.js';
import { SignOutButtons } from './account/sign-out-buttons.js';
import { t, Trans } from '../i18n/index.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { SignInRequired } from '../ui/sign-in-required.js';
import { useTitle } from '../ui/use-title.js';
import { EmailAddressForm } from './account/email-address-form.js';
import { NotificationPreferencesForm } from './account/notification-preferences-form.js';
import { AppearanceForm } from './account/appearance-form.js';
import { PlaySettingsForm } from './account/play-settings-form.js';
import { BlockedPlayers } from './account/blocked-players.js';
import { CloseAccountForm } from './account/close-account-form.js';
import { DownloadData, MyModeration } from './account/your-data.js';

export function AccountPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('account.title'));
  const session = useSession();
  if (session === null) {
    return (
      <section>
        <h1>{t('account.title')}</h1>
        <SignInRequired toDo={t('account.signInRequired.toDo')} />
      </section>
    );
  }
  return (
    <section>
      <h1>{t('account.title')}</h1>
      <p>
        <Trans
          id="account.signedInAs"
          values={{ username: session.username }}
          components={[<strong translate={false} />]}
        />{' '}
        <Link href={`/users/${encodeURIComponent(session.username)}`}>{t('account.profileLink')}</Link>
      </p>
      <h2>{t('account.section.playing')}</h2>
      <PlaySettingsForm />
      <h2>{t('account.section.lookAndSound')}</h2>
      <AppearanceForm />
      <h2>{t('account.section.notifications')}</h2>
      <PushNotificationsSwitch />
      <h2>{t('account.section.signOut')}</h2>
      <SignOutButtons />
      <h2>{t('account.section.changePassword')}</h2>
      <ChangePasswordForm username={session.username} />
      <h2>{t('account.section.emailAddress')}</h2>
      <EmailAddressForm />
      <h2>{t('account.section.whatReachesYou')}</h2>
      <NotificationPreferencesForm />
      <h2>{t('community.blocks.heading')}</h2>
      <BlockedPlayers />
      <h2>{t('community.myModeration.heading')}</h2>
      <MyModeration />
      <h2>{t('community.export.heading')}</h2>
      <DownloadData username={session.username} />
      <h2>{t('community.close.heading')}</h2>
      <CloseAccountForm username={session.username} />
    </section>
  );
}
