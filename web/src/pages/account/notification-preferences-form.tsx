import { useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { Loading } from '../../ui/loading.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { useRequest } from '../../ui/use-request.js';

type Preferences = Schemas['NotificationPreferencesDto'];
type Kind = keyof Preferences;
type EmailChoice = Preferences[Kind]['email'];

const KINDS: ReadonlyArray<readonly [Kind, string]> = [
  ['invitation', 'Invitations'],
  ['turn', 'Your turn'],
  ['deadline', 'A deadline near'],
  ['finished', 'Finished matches'],
  ['tournament', 'Tournament news'],
];

const EMAIL_CHOICES: ReadonlyArray<readonly [EmailChoice, string]> = [
  ['immediately', 'At once'],
  ['digest', 'Daily digest'],
  ['off', 'Off'],
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
      <p class="muted">Mail goes only to a confirmed address; push only to browsers where you turned it on.</p>
      <ProblemMessage problem={problem} />
      <table>
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col">E-mail</th>
            <th scope="col">Push</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map(([kind, label]) => (
            <tr key={kind}>
              <th scope="row">{label}</th>
              <td>
                <select
                  aria-label={`${label} by e-mail`}
                  value={preferences[kind].email}
                  onChange={(event) => void change(kind, { email: event.currentTarget.value as EmailChoice })}
                >
                  {EMAIL_CHOICES.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${label} by push`}
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
