/**
 * The moderators' page (docs/moderation.md, "The report queue"): the queue of open reports (or the
 * closed ones), the log of every action, and for admins the moderators. Shown in the header to
 * moderators and admins; anyone else who opens it is told the server's refusal.
 */
import { useState } from 'preact/hooks';
import { moderation, type ReportCase as Case } from '../api/community.js';
import { useStanding } from '../community/standing.js';
import { t } from '../i18n/index.js';
import { useSession } from '../session.js';
import { Loading } from '../ui/loading.js';
import { ProblemMessage } from '../ui/problem-message.js';
import { SignInRequired } from '../ui/sign-in-required.js';
import { usePagedList } from '../ui/use-paged-list.js';
import { useTitle } from '../ui/use-title.js';
import { ModerationLog } from './moderation/moderation-log.js';
import { ModeratorsAdmin } from './moderation/moderators-admin.js';
import { ReportCase } from './moderation/report-case.js';
import '../community/community.css';

type Tab = 'open' | 'closed' | 'log' | 'moderators';

function Queue({ status }: { readonly status: 'open' | 'closed' }) {
  const list = usePagedList<Case>((cursor) => moderation.reports(status, cursor), [status]);
  const [replaced, setReplaced] = useState<ReadonlyMap<string, Case>>(new Map());
  if (list.problem !== null) return <ProblemMessage problem={list.problem} />;
  if (list.items === null) return <Loading />;
  const cases = list.items
    .map((c) => replaced.get(c.id) ?? c)
    // A case closed here leaves the open queue.
    .filter((c) => c.status === status);
  return (
    <>
      {cases.length === 0 && (
        <p class="muted">{status === 'open' ? t('moderation.queue.empty') : t('moderation.queue.noneClosed')}</p>
      )}
      {cases.map((c) => (
        <ReportCase key={c.id} report={c} onChange={(next) => setReplaced(new Map([...replaced, [c.id, next]]))} />
      ))}
      {list.next !== null && (
        <button type="button" class="secondary" disabled={list.loading} onClick={list.more}>
          {t('moderation.queue.more')}
        </button>
      )}
    </>
  );
}

export function ModerationPage(_: { readonly params: Record<string, string> }) {
  useTitle(t('moderation.title'));
  const session = useSession();
  const standing = useStanding();
  const [tab, setTab] = useState<Tab>('open');
  if (session === null)
    return (
      <section>
        <h1>{t('moderation.title')}</h1>
        <SignInRequired toDo={t('moderation.signInRequired.toDo')} />
      </section>
    );
  const tabs: readonly (readonly [Tab, string])[] = [
    ['open', t('moderation.tab.open')],
    ['closed', t('moderation.tab.closed')],
    ['log', t('moderation.tab.log')],
    ...(standing.role === 'admin' ? [['moderators', t('moderation.tab.moderators')] as const] : []),
  ];
  return (
    <section class="moderation-page">
      <h1>{t('moderation.title')}</h1>
      <nav class="tabs button-row" aria-label={t('moderation.tabsLabel')}>
        {tabs.map(([value, label]) => (
          <button
            key={value}
            type="button"
            class={tab === value ? '' : 'secondary'}
            aria-pressed={tab === value}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </nav>
      {(tab === 'open' || tab === 'closed') && <Queue key={tab} status={tab} />}
      {tab === 'log' && <ModerationLog />}
      {tab === 'moderators' && <ModeratorsAdmin />}
    </section>
  );
}
