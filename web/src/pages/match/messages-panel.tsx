/**
 * The two players' messages beside the board (docs/community.md, "Match messages"): the newest at
 * the bottom, earlier pages on request, a box to write one (1-500 characters), and new ones live
 * from the match stream and the player stream (after the match's end the match stream is over).
 * On a phone it folds under the board, saying how many came while it was folded. A refusal (muted,
 * blocked, too many messages, closed) shows under the box; a message of the other player can be
 * reported to the moderators.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { community, type MatchMessage } from '../../api/community.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { subscribePlayerStream, type StreamNotice } from '../../api/stream.js';
import { oneLine } from '../../community/one-line.js';
import { ReportForm } from '../../community/report-form.js';
import { t } from '../../i18n/index.js';
import { sameUsername } from '../../ui/match-labels.js';
import { FieldMessages, ProblemMessage } from '../../ui/problem-message.js';
import { TimeText } from '../../ui/time-text.js';
import '../../community/community.css';

const LONGEST = 500;
/** As wide as match.css folds the match's side under the board. */
const NARROW = '(max-width: 760px)';

/** The listeners of the match stream's notices, fed by the match page (use-match.ts). */
export type NoticeHub = Set<(notice: StreamNotice) => void>;

interface MessagesPanelProps {
  readonly matchId: string;
  /** The signed-in player (one of the match's two). */
  readonly you: string;
  readonly hub: NoticeHub;
}

/** Oldest first, each once. */
function merged(before: readonly MatchMessage[], more: readonly MatchMessage[]): MatchMessage[] {
  const byId = new Map<string, MatchMessage>();
  for (const message of [...before, ...more]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export function MessagesPanel({ matchId, you, hub }: MessagesPanelProps) {
  const [messages, setMessages] = useState<readonly MatchMessage[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadProblem, setLoadProblem] = useState<ApiProblem | null>(null);
  const [text, setText] = useState('');
  const [sendProblem, setSendProblem] = useState<ApiProblem | null>(null);
  const [sending, setSending] = useState(false);
  const [open, setOpen] = useState(() => !window.matchMedia(NARROW).matches);
  const [unread, setUnread] = useState(0);
  const [reporting, setReporting] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const openRef = useRef(open);
  openRef.current = open;
  /** Whether the list should stay scrolled to its newest message after the next change. */
  const stick = useRef(true);

  const load = (cursor?: string): void => {
    setLoading(true);
    community.messages(matchId, cursor).then(
      (page) => {
        stick.current = cursor === undefined;
        setMessages((before) => merged(before, page.items));
        setNext(page.next);
        setLoadProblem(null);
        setLoading(false);
      },
      (error: unknown) => {
        setLoadProblem(asProblem(error));
        setLoading(false);
      },
    );
  };

  useEffect(() => load(), [matchId]);

  useEffect(() => {
    const heard = (notice: StreamNotice): void => {
      if (notice.kind !== 'message' || notice.message.matchId !== matchId) return;
      const message = notice.message;
      stick.current = true;
      setMessages((before) => {
        if (before.some((m) => m.id === message.id)) return before;
        if (!openRef.current && !sameUsername(message.author, you)) setUnread((n) => n + 1);
        return merged(before, [message]);
      });
    };
    hub.add(heard);
    const stop = subscribePlayerStream(() => undefined, undefined, heard);
    return () => {
      hub.delete(heard);
      stop();
    };
  }, [matchId, you, hub]);

  useEffect(() => {
    const element = list.current;
    if (element !== null && stick.current) element.scrollTop = element.scrollHeight;
  }, [messages, open]);

  const send = async (event: Event): Promise<void> => {
    event.preventDefault();
    const body = oneLine(text);
    if (body === '') return;
    setSending(true);
    setSendProblem(null);
    try {
      const message = await community.sendMessage(matchId, body);
      stick.current = true;
      setMessages((before) => merged(before, [message]));
      setText('');
    } catch (error) {
      setSendProblem(asProblem(error));
    }
    setSending(false);
  };

  const toggle = (): void => {
    setOpen(!open);
    setUnread(0);
  };

  const length = [...oneLine(text)].length;
  const textRefused = (sendProblem?.fieldMessages('text').length ?? 0) > 0;
  return (
    <section class="messages-panel" aria-labelledby="messages-heading" data-testid="messages-panel">
      <h2 id="messages-heading" class="messages-heading">
        <button
          type="button"
          class="messages-toggle"
          aria-expanded={open}
          aria-controls="messages-body"
          onClick={toggle}
        >
          {t('match.messages.heading')}
          {unread > 0 && (
            <span class="unread-badge" data-testid="unread-badge">
              <span aria-hidden="true">{unread}</span>
              <span class="visually-hidden">{t('match.messages.unread', { count: unread })}</span>
            </span>
          )}
        </button>
      </h2>
      <div id="messages-body" hidden={!open}>
        {next !== null && (
          <button type="button" class="secondary small" disabled={loading} onClick={() => load(next)}>
            {t('match.messages.earlier')}
          </button>
        )}
        <ProblemMessage problem={loadProblem} />
        {messages.length === 0 && !loading && loadProblem === null && <p class="muted">{t('match.messages.none')}</p>}
        <ol class="message-list" ref={list} aria-live="polite" aria-relevant="additions">
          {messages.map((message) => {
            const mine = sameUsername(message.author, you);
            return (
              <li key={message.id} class={mine ? 'mine' : 'theirs'} data-message-id={message.id}>
                <p class="message-meta">
                  <strong translate={false}>{mine ? t('match.messages.you') : message.author}</strong>{' '}
                  <TimeText at={message.createdAt} />
                  {!mine && (
                    <button
                      type="button"
                      class="link-button"
                      aria-expanded={reporting === message.id}
                      onClick={() => setReporting(reporting === message.id ? null : message.id)}
                    >
                      {t('match.messages.report')}
                    </button>
                  )}
                </p>
                <p class="message-text user-text" translate={false}>
                  {message.text}
                </p>
                {reporting === message.id && (
                  <ReportForm
                    username={message.author}
                    matchId={matchId}
                    messageId={message.id}
                    quote={message.text}
                    onDone={() => setReporting(null)}
                  />
                )}
              </li>
            );
          })}
        </ol>
        <form class="message-form" onSubmit={(event) => void send(event)} noValidate>
          <label for="message-text">{t('match.messages.write')}</label>
          <textarea
            id="message-text"
            rows={2}
            maxLength={LONGEST}
            value={text}
            aria-describedby={textRefused ? 'message-count message-text-error' : 'message-count'}
            aria-invalid={textRefused ? 'true' : undefined}
            onInput={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              // A message is one line (the text policy refuses line breaks): Enter sends it.
              if (event.key === 'Enter' && !event.isComposing) void send(event);
            }}
          />
          <p class="message-form-row">
            <span id="message-count" class={`muted ${length > LONGEST ? 'over' : ''}`}>
              {t('match.messages.count', { count: length, limit: LONGEST })}
            </span>
            <button type="submit" disabled={sending || length === 0 || length > LONGEST}>
              {t('match.messages.send')}
            </button>
          </p>
          <ProblemMessage problem={sendProblem} />
          <FieldMessages problem={sendProblem} field="text" id="message-text-error" />
        </form>
      </div>
    </section>
  );
}
