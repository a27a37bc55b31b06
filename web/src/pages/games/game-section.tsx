/** One game of a match: how it ended, then its turns (GET /api/matches/{id}/games/{n}) in a table. */
import { api, call, type Schemas, type Variant } from '../../api/client.js';
import { t, Trans } from '../../i18n/index.js';
import { Loading } from '../../ui/loading.js';
import { ProblemMessage } from '../../ui/problem-message.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { useRequest } from '../../ui/use-request.js';
import { cubeText, diceText, gameResultText, playText, resignationText, type Names } from './turn-text.js';
import './games.css';

type GameRecord = Schemas['GameRecordDto'];

interface GameSectionProps {
  readonly matchId: string;
  readonly game: GameRecord;
  readonly names: Names;
  readonly variant: Variant;
}

/** A turn's cube actions and resignation, in words. */
function notesOf(turn: Schemas['TurnRecordDto'], names: Names, variant: Variant): string {
  const resignation = turn.resignation === null ? '' : resignationText(turn.resignation, names, variant);
  return [cubeText(turn.cube, names), resignation].filter((text) => text !== '').join('; ');
}

export function GameSection({ matchId, game, names, variant }: GameSectionProps) {
  const headingId = `game-${game.number}`;
  const turns = useRequest(
    () => call(api.GET('/api/matches/{id}/games/{n}', { params: { path: { id: matchId, n: game.number } } })),
    [matchId, game.number],
  );
  // The cube column only for a game where the cube turned or someone resigned.
  const withNotes = turns.data?.turns.some((turn) => notesOf(turn, names, variant) !== '') ?? false;
  return (
    <section class="game" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('games.game.heading', { number: game.number })}</h2>
      <p>
        {t('games.game.result', { result: gameResultText(game, names) })}{' '}
        <span class="muted">
          {game.starter === null ? (
            t('games.game.notStarted', { cube: game.cubeValue, turns: game.turns })
          ) : (
            <Trans
              id="games.game.started"
              values={{ starter: names[game.starter], cube: game.cubeValue, turns: game.turns }}
              components={[<span translate={false} />]}
            />
          )}
        </span>
      </p>
      <ProblemMessage problem={turns.problem} />
      {turns.data === null ? (
        turns.loading && <Loading what={t('games.game.loading', { number: game.number })} />
      ) : turns.data.turns.length === 0 ? (
        <p class="muted">{t('games.game.noTurns')}</p>
      ) : (
        <TableScroll label={t('games.game.turns', { number: game.number })}>
          <table class="turns">
            <caption class="visually-hidden">{t('games.game.turns', { number: game.number })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('games.turns.turn')}</th>
                <th scope="col">{t('games.turns.player')}</th>
                <th scope="col">{t('games.turns.dice')}</th>
                <th scope="col">{t('games.turns.play')}</th>
                {withNotes && <th scope="col">{t('games.turns.notes')}</th>}
              </tr>
            </thead>
            <tbody>
              {turns.data.turns.map((turn) => (
                <tr key={turn.number}>
                  <th scope="row">{turn.number}</th>
                  <td translate={false}>{names[turn.player]}</td>
                  <td>{diceText(turn.dice)}</td>
                  {/* gnubg's notation is not translated; "No legal play" is. */}
                  <td class="play" translate={turn.play !== null && turn.play !== '' ? false : undefined}>
                    {playText(turn.play)}
                  </td>
                  {withNotes && <td class="wrap">{notesOf(turn, names, variant)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
