/** Creating a tournament: the form of its terms, for a signed-in person, who becomes its organiser. */
import { t } from '../i18n/index.js';
import { useSession } from '../session.js';
import { SignInRequired } from '../ui/sign-in-required.js';
import { useTitle } from '../ui/use-title.js';
import { CreateTournamentForm } from './tournaments/new-tournament-form.js';

export function NewTournamentPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('tournaments.new.title'));
  const session = useSession();
  return (
    <section>
      <h1>{t('tournaments.new.heading')}</h1>
      {session === null ? (
        <SignInRequired toDo={t('tournaments.new.signInToDo')} />
      ) : (
        <>
          <p class="muted">{t('tournaments.new.intro')}</p>
          <CreateTournamentForm />
        </>
      )}
    </section>
  );
}
