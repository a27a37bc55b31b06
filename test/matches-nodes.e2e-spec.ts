import { jest } from '@jest/globals';
import { TRUSTED_FOR_MS } from '../src/matches/core/match-store.js';
import { MatchesRepository } from '../src/matches/core/matches.repository.js';
import { MatchClient, type Colour, type MatchStateJson, type Player } from './support/match-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { describeOnPostgres } from './support/database-mode.js';

/**
 * Two servers on one database, as two nodes behind a load balancer
 * (docs/architecture.md "Scale", "Concurrency"). A server decides an action on
 * the match as it read or wrote it a moment before, without reading the row
 * again; these scenarios show that this copy never lets a stale decision
 * through when the other node has written since: the append's version guard
 * refuses it and the action is judged again on a fresh read.
 */
let a: TestApp;
let b: TestApp;
let onA: MatchClient;
let onB: MatchClient;
let alice: Player;
let bob: Player;

describeOnPostgres('two server instances sharing one database', () => {
  beforeAll(async () => {
    a = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' });
    b = await startTestApp({ AUTH_THROTTLE_LIMIT: '1000' }, a.db);
    onA = new MatchClient(a.http);
    onB = new MatchClient(b.http);
    alice = await onA.register('alice');
    bob = await onA.register('bob');
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const seatOf = (colour: Colour): Player => (colour === 'white' ? alice : bob);

  /** A 3-point match, created and joined on node A: the opening throw is made, its winner to play. */
  async function newMatch(variant: 'backgammon' | 'long-nardy' = 'long-nardy'): Promise<MatchStateJson> {
    const created = await onA.create(alice, { opponent: 'bob', variant, length: 3, colour: 'white' });
    return onA.ok(bob, created.id, 'join');
  }

  /** The first legal play of the match, read on `node`. */
  async function firstPlay(node: MatchClient, matchId: string): Promise<{ moves: unknown }> {
    const { plays } = await node.legalPlays(matchId);
    expect(plays.length).toBeGreaterThan(0);
    return { moves: plays[0].moves };
  }

  /** How often node A reads a match row while `body` runs. */
  async function rowReadsOnA(body: () => Promise<unknown>): Promise<number> {
    const findById = jest.spyOn(a.app.get(MatchesRepository), 'findById');
    await body();
    const reads = findById.mock.calls.length;
    findById.mockRestore();
    return reads;
  }

  describe('a node acting on the match as it just read it', () => {
    it('writes an action right after a read without reading the row again, and the other node sees it', async () => {
      // The copy is trusted for TRUSTED_FOR_MS of wall time: on a loaded machine the play may come
      // later than that after its read, and then A must read the row again. So a re-read is allowed
      // only when the window had passed, and one of three tries must act on the copy.
      for (let attempt = 1; ; attempt++) {
        // Before every read that could have made A's copy, so the time to the play's end bounds its age.
        const startedAt = performance.now();
        const match = await newMatch();
        const mover = seatOf(match.turn.player!);
        const play = await firstPlay(onA, match.id);
        let answer!: MatchStateJson;
        const reads = await rowReadsOnA(async () => {
          answer = await onA.ok(mover, match.id, 'plays', play);
        });
        const took = performance.now() - startedAt;
        expect(answer.version).toBeGreaterThan(match.version);
        const seenOnB = await onB.state(match.id, mover);
        expect(seenOnB.version).toBe(answer.version);
        expect(seenOnB.game.board).toEqual(answer.game.board);
        if (reads === 0) return;
        // Read again: only the window's end excuses it, and only so often.
        expect({ reads, late: took >= TRUSTED_FOR_MS }).toEqual({
          reads: 1,
          late: true,
        });
        expect(attempt).toBeLessThan(3);
      }
    });

    it('judges a refusal of its copy again on a fresh read: the opponent rolls on A after the mover played on B', async () => {
      // Backgammon with the cube centred: after the opening play the opponent is to roll (or double).
      const match = await newMatch('backgammon');
      const moverColour = match.turn.player!;
      await onA.state(match.id, seatOf(moverColour)); // A's copy: the mover to play
      const played = await onB.ok(seatOf(moverColour), match.id, 'plays', await firstPlay(onB, match.id));
      const opponent = seatOf(played.turn.player!);
      expect(played.turn.player).not.toBe(moverColour);
      expect(played.turn.awaiting).toBe('roll');
      // A's copy says it is not the opponent's turn; the match says it is.
      const rolled = await onA.ok(opponent, match.id, 'roll');
      expect(rolled.version).toBeGreaterThan(played.version);
      const events = await onB.events(match.id);
      expect(events.find((e) => e.seq === played.version + 1)).toMatchObject({ type: 'roll', by: played.turn.player });
    });

    it('never writes a play twice: the same play sent to A after it was written on B is refused as not-your-turn', async () => {
      const match = await newMatch();
      const mover = seatOf(match.turn.player!);
      const play = await firstPlay(onA, match.id); // A's copy: the mover to play, this play legal
      const played = await onB.ok(mover, match.id, 'plays', play);
      const problem = await onA.refused(mover, match.id, 'plays', 409, play);
      expect(problem.code).toBe('not-your-turn');
      expect(await onA.state(match.id)).toMatchObject({ version: played.version });
      expect((await onB.events(match.id)).filter((e) => e.type === 'play')).toHaveLength(1);
    });

    it('refuses the version of its copy once the other node has written: 409 version-conflict with the current version', async () => {
      const match = await newMatch();
      const mover = seatOf(match.turn.player!);
      const play = await firstPlay(onA, match.id);
      const played = await onB.ok(mover, match.id, 'plays', play);
      const problem = await onA.refused(mover, match.id, 'plays', 409, { ...play, expectedVersion: match.version });
      expect(problem).toMatchObject({ code: 'version-conflict', currentVersion: played.version });
    });
  });
});
