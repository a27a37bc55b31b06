/**
 * "Play a bot", at the top of the lobby: one click starts a match against a house bot (docs/bots.md)
 * on correspondence terms, so the person may take their time over each move. The variant is chosen
 * beside the buttons; gnubg plays backgammon only. Long nardy is played without the cube, as the
 * game is traditionally played (the new-match form below offers every term).
 */
import { useState } from 'preact/hooks';
import { api, call, type Variant } from '../../api/client.js';
import { asProblem, type ApiProblem } from '../../api/problem.js';
import { t, Trans } from '../../i18n/index.js';
import type { MessageKey } from '../../i18n/message-ids.js';
import { navigate } from '../../router.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import type { CreateMatchBody, HouseBot } from './new-match-request.js';
import { useOfferedHouseBots } from './use-offered-house-bots.js';

/** A match against a bot: 5 points, 3 days a move. */
export const BOT_MATCH_LENGTH = 5;
export const BOT_MATCH_DAYS_PER_TURN = 3;

const VARIANTS: readonly (readonly [Variant, MessageKey])[] = [
  ['backgammon', 'lobby.variant.backgammon'],
  ['long-nardy', 'lobby.variant.longNardy'],
];

/** The request of a one-click match against `bot`. */
export function botMatchRequest(bot: HouseBot, variant: Variant): CreateMatchBody {
  return {
    variant,
    length: BOT_MATCH_LENGTH,
    opponent: bot,
    daysPerTurn: BOT_MATCH_DAYS_PER_TURN,
    ...(variant === 'long-nardy' ? { rules: { cube: false } } : {}),
  };
}

export function PlayBot() {
  const offered = useOfferedHouseBots();
  const [variant, setVariant] = useState<Variant>('backgammon');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const bots = (offered.bots ?? []).filter((bot) => bot !== 'gnubg' || variant === 'backgammon');
  const play = async (bot: HouseBot): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      const match = await call(api.POST('/api/matches', { body: botMatchRequest(bot, variant) }));
      navigate(`/matches/${match.id}`);
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
    }
  };
  return (
    <section class="play-bot" aria-labelledby="play-bot-heading">
      <h2 id="play-bot-heading">{t('lobby.playBot.heading')}</h2>
      <p class="muted">{t('lobby.playBot.terms', { length: BOT_MATCH_LENGTH, days: BOT_MATCH_DAYS_PER_TURN })}</p>
      <div class="choices" role="radiogroup" aria-label={t('lobby.playBot.variant')}>
        {VARIANTS.map(([value, label]) => (
          <label key={value} class="choice">
            <input
              type="radio"
              name="play-bot-variant"
              value={value}
              checked={variant === value}
              onChange={() => setVariant(value)}
            />{' '}
            {t(label)}
          </label>
        ))}
      </div>
      <ProblemMessage problem={problem ?? offered.problem} />
      <div class="button-row">
        {bots.map((bot) => (
          <button key={bot} type="button" disabled={busy} onClick={() => void play(bot)}>
            <Trans id="lobby.playBot.play" values={{ bot }} components={[<span translate={false} />]} />
          </button>
        ))}
      </div>
    </section>
  );
}
