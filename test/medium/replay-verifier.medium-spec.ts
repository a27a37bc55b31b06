import { SqlClient } from '../../src/database/sql-client.js';
import { apply, type MatchEvent } from '../../src/engine/index.js';
import { mulberry32 } from '../../src/engine/testing/index.js';
import type { MatchAction } from '../../src/matches/core/match-action.js';
import { MatchActionsService } from '../../src/matches/core/match-actions.service.js';
import { projectionOf } from '../../src/matches/core/match-projection.js';
import { MatchStore } from '../../src/matches/core/match-store.js';
import type { MatchView } from '../../src/matches/view/match-view.js';
import { MatchesModule } from '../../src/matches/matches.module.js';
import { MatchesService, type MatchTerms } from '../../src/matches/core/matches.service.js';
import { MatchReadsService } from '../../src/matches/read/match-reads.service.js';
import { MatchesRepository } from '../../src/matches/core/matches.repository.js';
import { ReplayVerifier, type ReplayReport } from '../../src/matches/core/replay-verifier.js';
import type { User } from '../../src/users/user.js';
import { stored } from './match-fixtures.js';
import { useMediumApp } from './medium-app.js';

/**
 * The replay check (docs/architecture.md "Persistence") on matches played
 * through the services with the real dice: a database the service wrote
 * replays to its projections exactly; a projection changed behind the
 * service's back, or a log the engine refuses, is reported with the match and
 * the field, and left as it is.
 */
const m = useMediumApp([MatchesModule]);
const sql = m.provider(SqlClient);
const verifier = m.provider(ReplayVerifier);
let ann: User;
let ben: User;
/** Matches played here, by what they show. */
const played: Record<'finished' | 'session' | 'clocked' | 'invited' | 'aborted' | 'declined', MatchView | null> = {
  finished: null,
  session: null,
  clocked: null,
  invited: null,
  aborted: null,
  declined: null,
};

beforeAll(async () => {
  [ann, ben] = await m.driver.newUsers('ann', 'ben');
  const random = mulberry32(11);
  played.finished = await playOut(await start({ variant: 'backgammon', length: 3 }), random, () => false);
  played.session = await playOut(
    await start({ variant: 'long-nardy', length: 0 }),
    random,
    (view) => view.game.number >= 3,
  );
  played.clocked = await playOut(
    await start({ variant: 'backgammon', length: 5, daysPerTurn: 2, bankDays: 3 }),
    random,
    (view) => view.version >= 40,
  );
  played.invited = await m.get(MatchesService).create(ann.id, { variant: 'backgammon', length: 1, opponent: 'ben' });
  const aborted = await m.get(MatchesService).create(ann.id, { variant: 'backgammon', length: 1 });
  played.aborted = await act(aborted.id, ann, { name: 'abort' });
  const declined = await m.get(MatchesService).create(ann.id, { variant: 'long-nardy', length: 1, opponent: 'ben' });
  played.declined = await act(declined.id, ben, { name: 'decline' });
}, 120_000);

function act(id: string, user: User, action: MatchAction, expectedVersion: number | null = null): Promise<MatchView> {
  return m.get(MatchActionsService).act(id, user.id, action, expectedVersion);
}

/** ann invites ben, ben joins. */
async function start(terms: MatchTerms): Promise<MatchView> {
  const created = await m.get(MatchesService).create(ann.id, { opponent: 'ben', ...terms });
  return act(created.id, ben, { name: 'join' });
}

/**
 * Plays on through the services as a client that knows no rules: whoever has
 * actions takes one (a play from the legal plays; a double now and then, taken),
 * until the match is over or `stop`.
 */
async function playOut(view: MatchView, random: () => number, stop: (view: MatchView) => boolean): Promise<MatchView> {
  const service = m.get(MatchReadsService);
  let current = view;
  for (let n = 0; current.status === 'playing' && !stop(current); n++) {
    if (n > 5000) throw new Error(`match ${current.id} not over after 5000 actions`);
    const [user, mine] = await whoActs(current);
    const has = (a: string): boolean => mine.actions.includes(a as never);
    let action: MatchAction;
    if (has('plays')) {
      const { plays } = await service.legalPlays(current.id);
      action = { name: 'plays', moves: plays[Math.floor(random() * plays.length)].moves };
    } else if (has('take')) action = { name: 'take' };
    else if (has('double') && random() < 0.05) action = { name: 'double' };
    else if (has('roll')) action = { name: 'roll' };
    else throw new Error(`no action moves ${current.id} on: ${JSON.stringify(mine.actions)}`);
    current = await act(current.id, user, action, mine.version);
  }
  return current;
}

/** The player on turn, or (between the games of a session) whoever may act, and the state as they see it. */
async function whoActs(view: MatchView): Promise<[User, MatchView]> {
  const seated = (colour: 'white' | 'black'): User => (view.players[colour]?.username === 'ann' ? ann : ben);
  const candidates = view.turn.player !== null ? [seated(view.turn.player)] : [ann, ben];
  for (const user of candidates) {
    const mine = await m.get(MatchReadsService).view(view.id, user.id);
    if (mine.actions.length > 0) return [user, mine];
  }
  throw new Error(`nobody may act on ${view.id}`);
}

const id = (which: keyof typeof played): string => played[which]!.id;

/**
 * Runs `body` with columns of a match's row set to SQL expressions (`changes`,
 * by column), behind the service's back; the row's values are put back afterwards.
 */
async function tampered(match: string, changes: Record<string, string>, body: () => Promise<void>): Promise<void> {
  const columns = Object.keys(changes);
  const [saved] = await sql.query<Record<string, unknown>>(
    `SELECT ${columns.join(', ')} FROM matches WHERE id = $1::uuid`,
    [match],
  );
  const set = columns.map((c) => `${c} = ${changes[c]}`).join(', ');
  await sql.query(`UPDATE matches SET ${set} WHERE id = $1::uuid`, [match]);
  try {
    await body();
  } finally {
    const restore = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
    await sql.query(`UPDATE matches SET ${restore} WHERE id = $1::uuid`, [match, ...columns.map((c) => saved[c])]);
  }
}

describe('ReplayVerifier on matches the service played', () => {
  it('finds no difference: every projection is what the replay of its events gives', async () => {
    const report = await verifier.verifyAll();
    const versions = Object.values(played).map((v) => v!.version);
    expect(report).toEqual<ReplayReport>({
      matches: 6,
      events: versions.reduce((a, b) => a + b, 0),
      differences: [],
    });
    expect(played.finished!.status).toBe('finished');
    expect(played.session!.game.number).toBe(3);
    expect(played.clocked!.turn.deadline).not.toBeNull();
    expect([played.invited!.status, played.aborted!.status, played.declined!.status]).toEqual([
      'invited',
      'aborted',
      'declined',
    ]);
  });

  it('reports a score changed behind the service with the match and the field, and repairs nothing', async () => {
    const match = id('finished');
    const score = played.finished!.score.white;
    await tampered(match, { score_white: '99' }, async () => {
      const report = await verifier.verifyAll();
      expect(report.differences).toEqual([{ matchId: match, field: 'scoreWhite', stored: 99, replayed: score }]);
      expect((await verifier.verifyAll()).differences).toEqual(report.differences);
      const [row] = await sql.query<{ score_white: number }>(
        'SELECT score_white::float8 AS score_white FROM matches WHERE id = $1::uuid',
        [match],
      );
      expect(row.score_white).toBe(99);
    });
    expect((await verifier.verifyAll()).differences).toEqual([]);
  });

  it('reports a turn, a seat, a cube and a status that the events do not give, each by its field', async () => {
    const match = id('clocked');
    const other = played.clocked!.turn.player === 'white' ? "'black'" : "'white'";
    const changes = { turn_colour: other, black_id: 'white_id', cube_value: '64', status: "'aborted'" };
    await tampered(match, changes, async () => {
      const fields = (await verifier.verify(match)).differences.map((d) => d.field);
      expect(fields.sort()).toEqual(['blackId', 'cubeValue', 'status', 'turnColour']);
    });
    expect((await verifier.verify(match)).differences).toEqual([]);
  });

  it('reports a version the log does not reach, and time columns set or empty against what the events say', async () => {
    const match = id('finished');
    const version = played.finished!.version;
    await tampered(match, { version: 'version + 1', finished_at: 'NULL' }, async () => {
      expect((await verifier.verify(match)).differences).toEqual([
        { matchId: match, field: 'version', stored: version + 1, replayed: version },
        { matchId: match, field: 'finishedAt', stored: 'null', replayed: 'set' },
      ]);
    });
    const invited = id('invited');
    await tampered(invited, { deadline: 'now()', bank_white_ms: '-5' }, async () => {
      expect((await verifier.verify(invited)).differences).toEqual([
        { matchId: invited, field: 'deadline', stored: 'set', replayed: 'null' },
        { matchId: invited, field: 'bankMs.white', stored: -5, replayed: '0..0' },
      ]);
    });
    const clocked = id('clocked');
    await tampered(clocked, { turn_started_at: 'NULL' }, async () => {
      expect((await verifier.verify(clocked)).differences).toEqual([
        { matchId: clocked, field: 'turnStartedAt', stored: 'null', replayed: 'set' },
      ]);
    });
    expect((await verifier.verifyAll()).differences).toEqual([]);
  });

  it('reports a finished match whose log row does not hold its event rows, from the first seq they differ at', async () => {
    const match = id('finished');
    const version = played.finished!.version;
    const [saved] = await sql.query<{ events: string }>(
      'SELECT events::text AS events FROM match_logs WHERE match_id = $1::uuid',
      [match],
    );
    // The log is write-once; this test changes it behind that trigger's back, and puts it back.
    await sql.query('ALTER TABLE match_logs DISABLE TRIGGER match_logs_no_update_or_delete');
    try {
      await sql.query(
        `UPDATE match_logs SET version = version - 1,
                events = (SELECT json_agg(e.value ORDER BY e.n) FROM json_array_elements(events) WITH ORDINALITY AS e(value, n)
                           WHERE e.n < json_array_length(events))
          WHERE match_id = $1::uuid`,
        [match],
      );
      expect((await verifier.verify(match)).differences).toEqual([
        { matchId: match, field: 'log', stored: `differs from seq ${version}`, replayed: 'the event rows' },
      ]);
      await sql.query(`UPDATE match_logs SET version = version + 1, events = $2::json WHERE match_id = $1::uuid`, [
        match,
        saved.events.replace(/"[0-9a-f]{8}-[0-9a-f-]{27}"/, '"00000000-0000-0000-0000-000000000000"'),
      ]);
      const changed = (await verifier.verify(match)).differences;
      expect(changed).toEqual([
        { matchId: match, field: 'log', stored: 'differs from seq 1', replayed: 'the event rows' },
      ]);
      await sql.query('UPDATE match_logs SET events = $2::json WHERE match_id = $1::uuid', [match, saved.events]);
    } finally {
      await sql.query('ALTER TABLE match_logs ENABLE TRIGGER match_logs_no_update_or_delete');
    }
    expect((await verifier.verifyAll()).differences).toEqual([]);
  });

  it('reports an event the engine refuses (appended behind the service) by its seq and the engine’s reason', async () => {
    const match = id('declined');
    const version = played.declined!.version;
    // match_events is append-only (no UPDATE or DELETE): the extra event stays, so this test comes last.
    await sql.query(
      `INSERT INTO match_events (match_id, seq, type, by_colour, data, created_at)
       VALUES ($1::uuid, $2::int, 'roll', 'white', '{"type":"roll","by":"white","dice":[3,1]}'::jsonb, now())`,
      [match, version + 1],
    );
    await sql.query('UPDATE matches SET version = version + 1 WHERE id = $1::uuid', [match]);
    const report = await verifier.verifyAll();
    expect(report.differences).toEqual([
      { matchId: match, field: 'events', stored: `seq ${version + 1} (roll)`, replayed: 'match-over' },
    ]);
    expect(report.matches).toBe(6);
  });

  it('answers no difference for a match id that is not there', async () => {
    expect(await verifier.verify('00000000-0000-4000-8000-000000000000')).toEqual({ events: 0, differences: [] });
  });
});

describe('ReplayVerifier on a log stored under an earlier rule', () => {
  it('replays an abort made after the opening throw (allowed before docs/rules.md M6), which a new command may not make', async () => {
    const view = await start({ variant: 'backgammon', length: 3 });
    expect(view.actions).not.toContain('abort');
    await expect(act(view.id, ben, { name: 'abort' })).rejects.toMatchObject({
      extensions: { reason: 'abort-too-late' },
    });
    // The abort as the service stored it before M6: appended with its projection, behind today's service.
    const { record, state } = await m.get(MatchStore).load(view.id);
    const abort: MatchEvent = { type: 'abort', by: 'white' };
    const aborted = apply(state, abort);
    if (!aborted.ok) throw new Error(`the fold refused the stored abort: ${aborted.reason}`);
    const seats = { whiteId: record.white?.id ?? null, blackId: record.black?.id ?? null };
    const now = new Date();
    const projection = projectionOf(record, seats, aborted.state, record.projection.clock, now);
    const written = await m
      .get(MatchesRepository)
      .append({ id: view.id, expectedVersion: record.version, events: [stored(abort, ann.id)], projection, at: now });
    expect(written).toBe(true);
    expect(await verifier.verify(view.id)).toEqual({ events: record.version + 1, differences: [] });
    expect((await m.get(MatchReadsService).view(view.id, ann.id)).status).toBe('aborted');
  });
});
