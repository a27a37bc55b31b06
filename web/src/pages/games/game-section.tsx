/** One game of a match: how it ended, then its turns (GET /api/matches/{id}/games/{n}) in a table. */
import { api, call, type Schemas, type Variant } from '../../api/client.js';
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
      <h2 id={headingId}>Game {game.number}</h2>
      <p>
        {gameResultText(game, names)}.{' '}
        <span class="muted">
          {game.starter === null ? 'Not started' : `${names[game.starter]} started`}; cube {game.cubeValue};{' '}
          {game.turns === 1 ? '1 turn' : `${game.turns} turns`}.
        </span>
      </p>
      <ProblemMessage problem={turns.problem} />
      {turns.data === null ? (
        turns.loading && <Loading what={`Loading the turns of game ${game.number}…`} />
      ) : turns.data.turns.length === 0 ? (
        <p class="muted">No turns yet.</p>
      ) : (
        <TableScroll label={`Turns of game ${game.number}`}>
          <table class="turns">
            <caption class="visually-hidden">Turns of game {game.number}</caption>
            <thead>
              <tr>
                <th scope="col">Turn</th>
                <th scope="col">Player</th>
                <th scope="col">Dice</th>
                <th scope="col">Play</th>
                {withNotes && <th scope="col">Cube and resignation</th>}
              </tr>
            </thead>
            <tbody>
              {turns.data.turns.map((turn) => (
                <tr key={turn.number}>
                  <th scope="row">{turn.number}</th>
                  <td>{names[turn.player]}</td>
                  <td>{diceText(turn.dice)}</td>
                  <td class="play">{playText(turn.play)}</td>
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
