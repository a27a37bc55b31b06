import { ChangePasswordForm } from './account/change-password-form.js';
import { PushNotificationsSwitch } from './account/push-notifications-switch.js';
import { SignOutButtons } from './account/sign-out-buttons.js';
import { useSession } from '../session.js';
import { Link } from '../ui/link.js';
import { SignInRequired } from '../ui/sign-in-required.js';
import { useTitle } from '../ui/use-title.js';
import { EmailAddressForm } from './account/email-address-form.js';
import { NotificationPreferencesForm } from './account/notification-preferences-form.js';
import { AppearanceForm } from './account/appearance-form.js';
import { PlaySettingsForm } from './account/play-settings-form.js';

export function AccountPage(_: { readonly params: Record<string, string> }) {
  useTitle('Account');
  const session = useSession();
  if (session === null) {
    return (
      <section>
        <h1>Account</h1>
        <SignInRequired toDo="manage your account" />
      </section>
    );
  }
  return (
    <section>
      <h1>Account</h1>
      <p>
        Signed in as <strong>{session.username}</strong>.{' '}
        <Link href={`/users/${encodeURIComponent(session.username)}`}>Your profile</Link>
      </p>
      <h2>Playing</h2>
      <PlaySettingsForm />
      <h2>Look and sound</h2>
      <AppearanceForm />
      <h2>Notifications</h2>
      <PushNotificationsSwitch />
      <h2>Sign out</h2>
      <SignOutButtons />
      <h2>Change password</h2>
      <ChangePasswordForm username={session.username} />
      <h2>E-mail address</h2>
      <EmailAddressForm />
      <h2>What reaches you</h2>
      <NotificationPreferencesForm />
    </section>
  );
}
