import { useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { Loading } from '../../ui/loading.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { useRequest } from '../../ui/use-request.js';

type Preferences = Schemas['NotificationPreferencesDto'];
type Kind = keyof Preferences;
type EmailChoice = Preferences[Kind]['email'];

/** A kind of notification: its row's heading, and the names of its e-mail and push controls. */
interface KindWords {
  readonly label: MessageKey;
  readonly byEmail: MessageKey;
  readonly byPush: MessageKey;
}

const KINDS: ReadonlyArray<readonly [Kind, KindWords]> = [
  [
    'invitation',
    {
      label: 'account.notifications.invitation.label',
      byEmail: 'account.notifications.invitation.byEmail',
      byPush: 'account.notifications.invitation.byPush',
    },
  ],
  [
    'turn',
    {
      label: 'account.notifications.turn.label',
      byEmail: 'account.notifications.turn.byEmail',
      byPush: 'account.notifications.turn.byPush',
    },
  ],
  [
    'deadline',
    {
      label: 'account.notifications.deadline.label',
      byEmail: 'account.notifications.deadline.byEmail',
      byPush: 'account.notifications.deadline.byPush',
    },
  ],
  [
    'finished',
    {
      label: 'account.notifications.finished.label',
      byEmail: 'account.notifications.finished.byEmail',
      byPush: 'account.notifications.finished.byPush',
    },
  ],
  [
    'tournament',
    {
      label: 'account.notifications.tournament.label',
      byEmail: 'account.notifications.tournament.byEmail',
      byPush: 'account.notifications.tournament.byPush',
    },
  ],
];

const EMAIL_CHOICES: ReadonlyArray<readonly [EmailChoice, MessageKey]> = [
  ['immediately', 'account.notifications.email.immediately'],
  ['digest', 'account.notifications.email.digest'],
  ['off', 'account.notifications.email.off'],
];

/**
 * How each kind of notification reaches the account (docs/email.md, "Preferences"): e-mail at
 * once, in the daily digest or not at all, and push on or off. Each change is saved as it is made.
 */
export function NotificationPreferencesForm() {
  const loaded = useRequest(() => call(api.GET('/api/users/me/notifications')), []);
  const [saved, setSaved] = useState<Preferences | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  const change = async (kind: Kind, to: Partial<Preferences[Kind]>): Promise<void> => {
    setProblem(null);
    try {
      setSaved(await call(api.PUT('/api/users/me/notifications', { body: { [kind]: to } })));
    } catch (error) {
      setProblem(asProblem(error));
    }
  };

  const preferences = saved ?? loaded.data;
  if (preferences === null) return loaded.problem ? <ProblemMessage problem={loaded.problem} /> : <Loading />;
  return (
    <div>
      <p class="muted">{t('account.notifications.note')}</p>
      <ProblemMessage problem={problem} />
      <table>
        <thead>
          <tr>
            <th scope="col">{t('account.notifications.column.notification')}</th>
            <th scope="col">{t('account.notifications.column.email')}</th>
            <th scope="col">{t('account.notifications.column.push')}</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map(([kind, words]) => (
            <tr key={kind}>
              <th scope="row">{t(words.label)}</th>
              <td>
                <select
                  aria-label={t(words.byEmail)}
                  value={preferences[kind].email}
                  onChange={(event) => void change(kind, { email: event.currentTarget.value as EmailChoice })}
                >
                  {EMAIL_CHOICES.map(([value, text]) => (
                    <option key={value} value={value}>
                      {t(text)}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={t(words.byPush)}
                  checked={preferences[kind].push}
                  onChange={(event) => void change(kind, { push: event.currentTarget.checked })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
