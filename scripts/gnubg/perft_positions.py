"""perft_positions.py -- run inside GNU Backgammon's embedded Python:

    "$GNUBG_TOOLS"/run.sh scripts/gnubg/perft_positions.py [SEED [GAMES]]

Chooses the (position, dice) queries of the backgammon perft fixtures
(src/engine/fixtures/gnubg-legal-plays.json); make-perft-fixtures.mjs then asks
$GNUBG_TOOLS/legal-plays for gnubg's legal plays of each one.

- the start position with all 21 rolls (15 non-doubles, 6 doubles);
- positions from GAMES random games played inside gnubg: dice from Python's
  random.Random(SEED) (the opening roll re-rolled until it is not a double),
  each play chosen at random among gnubg's legal plays and made with gnubg's
  own `move` command, the next position read back from gnubg;
- hand-made positions for the rare cases (closed boards, partial entry, only
  one die or part of a double playable, no play at all).

Every decision point of the random games gets a rough label from gnubg's
move list (hits from '*', bar entries from 'bar/', dice used from
findbestmove); labels are drawn to their quotas at random.  The final
category is worked out by make-perft-fixtures.mjs from legal-plays' answer.

Prints one line per query:  LABEL ORIGIN POSID D1 D2
"""
import os
import random
import re
import sys

import gnubg

sys.path.insert(0, os.environ.get('ORACLE_DIR', '.'))
import oracle_common as oc  # noqa: E402

res = oc.out_stream()

START = '4HPwATDgc/ABMA'

# How many random-game decision points to draw per rough label.
QUOTAS = {
    'contact': 40, 'hitting': 35, 'race': 15,
    'bar-full-entry': 15, 'bar-partial-entry': 15, 'bar-closed': 8, 'bar-then-move': 20,
    'bearoff-higher': 20, 'bearoff-no-higher': 20,
    'one-die': 40, 'partial-double': 25, 'no-play': 8, 'game-end': 12,
}


def gid_for(posid, d1, d2):
    ci = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
    pi = gnubg.posinfo(1, 0, 0, 1, (max(d1, d2), min(d1, d2)))
    return posid + ':' + gnubg.matchid(ci, pi)


def set_decision(posid, d1, d2):
    gid = gid_for(posid, d1, d2)
    gnubg.command('set gnubgid ' + gid)
    if gnubg.gnubgid() != gid:
        raise oc.OracleError('gnubg did not take %s' % gid)
    return gid


def bar_entries(move):
    n = 0
    for m in re.finditer(r'bar/\d+\*?(?:\((\d)\))?', move):
        n += int(m.group(1) or 1)
    return n


def contact(me, opp):
    """Some checker of one side still has to pass a checker of the other."""
    mine = max([i + 1 for i in range(25) if me[i]] or [0])
    theirs = max([i + 1 for i in range(25) if opp[i]] or [0])
    return mine + theirs > 25


def rough_label(b, dice, moves, used):
    opp, me = b[0], b[1]
    double = dice[0] == dice[1]
    if not moves:
        return 'bar-closed' if me[24] else 'no-play'
    if me[24]:
        entered = min(bar_entries(m) for m in moves)
        if entered < me[24]:
            return 'bar-partial-entry'
        return 'bar-then-move' if used > me[24] else 'bar-full-entry'
    if all(me[i] == 0 for i in range(6, 25)) and sum(me) <= (4 if double else 2):
        return 'game-end'
    if used < (4 if double else 2):
        return 'partial-double' if double else 'one-die'
    if all(me[i] == 0 for i in range(6, 25)):
        highest = max(i + 1 for i in range(6) if me[i])
        return 'bearoff-no-higher' if highest < max(dice) else 'bearoff-higher'
    if any('*' in m for m in moves):
        return 'hitting'
    return 'contact' if contact(me, opp) else 'race'


def random_games(rng, games):
    """Every decision point of `games` random games: (label, posid, d1, d2)."""
    points = []
    for _ in range(games):
        posid = START
        first = True
        for _ply in range(400):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            while first and d1 == d2:
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            gid = set_decision(posid, d1, d2)
            b = oc.board()
            moves = oc.legal_moves()
            used = oc.dice_used() if moves else 0
            if not first:
                points.append((rough_label(b, (d1, d2), moves, used), posid, d1, d2))
            first = False
            if not moves:
                posid = gnubg.positionid((b[1], b[0]))
                continue
            oc.play(gid, rng.choice(sorted(moves)))
            after = oc.board()          # [mover, opponent]; the opponent is on roll
            if sum(after[0]) == 0:
                break
            posid = gnubg.positionid()
    return points


def board_of(me, opp):
    """A gnubg board [side not on roll, side on roll] from {point: count} maps
    in each side's own numbering (25 = bar)."""
    b = [[0] * 25, [0] * 25]
    for side, spec in ((1, me), (0, opp)):
        for point, n in spec.items():
            b[side][point - 1] += n
    if any(sum(side) > 15 for side in b) or any(b[0][i] and b[1][23 - i] for i in range(24)):
        raise oc.OracleError('bad hand-made board: %r %r' % (me, opp))
    return b


# Hand-made positions: (label, my checkers, opponent's checkers, dice).
# Points are each side's own numbering, 25 = bar.
CLOSED = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}           # a closed home board, in its owner's numbering
HAND_MADE = [
    # closed board: nothing enters
    ('bar-closed', {25: 1, 13: 8, 6: 6}, {**CLOSED, 13: 3}, (6, 5)),
    ('bar-closed', {25: 2, 13: 5, 8: 4, 6: 4}, {**CLOSED, 8: 3}, (3, 3)),
    ('bar-closed', {25: 3, 13: 7, 6: 5}, {**CLOSED, 17: 1, 18: 2}, (6, 1)),
    # entering: two on the bar and only one die enters; five on the bar and a double
    ('bar-partial-entry', {25: 2, 13: 5, 8: 3, 6: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5}, (6, 4)),
    ('bar-partial-entry', {25: 5, 13: 5, 6: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 6: 2, 13: 5}, (5, 5)),
    ('bar-partial-entry', {25: 3, 13: 4, 8: 3, 6: 5}, {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 5}, (6, 1)),
    ('bar-partial-entry', {25: 4, 13: 3, 8: 3, 6: 5}, {1: 3, 2: 2, 3: 2, 5: 3, 13: 5}, (4, 3)),
    ('bar-full-entry', {25: 4, 13: 3, 8: 3, 6: 5}, {1: 3, 2: 2, 3: 2, 5: 3, 13: 5}, (4, 4)),
    ('bar-full-entry', {25: 2, 13: 5, 8: 3, 6: 5}, {13: 5, 8: 3, 6: 5, 5: 2}, (3, 1)),
    # one on the bar, enters, then the second die or the rest of a double
    ('bar-then-move', {25: 1, 24: 1, 13: 5, 8: 3, 6: 5}, {13: 5, 8: 3, 6: 5, 7: 2}, (4, 2)),
    ('bar-then-move', {25: 1, 24: 1, 13: 5, 8: 3, 6: 5}, {13: 5, 8: 3, 6: 5, 5: 2}, (2, 2)),
    ('bar-then-move', {25: 2, 13: 5, 8: 3, 6: 5}, {13: 5, 8: 3, 6: 5, 5: 2}, (4, 4)),
    # only one die can be played at all (here the smaller one)
    ('one-die', {24: 2, 6: 13}, {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 13: 3}, (6, 2)),
    ('bar-full-entry', {25: 1, 6: 14}, {3: 2, 4: 2, 22: 2, 13: 9}, (1, 3)),
    ('one-die', {24: 1, 6: 14}, {4: 2, 22: 2, 10: 2, 13: 9}, (6, 3)),
    ('one-die', {24: 1, 6: 14}, {6: 2, 24: 2, 20: 2, 7: 2, 13: 7}, (5, 1)),
    ('one-die', {13: 15}, {18: 2, 22: 2, 1: 11}, (6, 4)),
    ('one-die', {13: 15}, {14: 2, 19: 2, 1: 11}, (5, 2)),
    # each die alone is playable but not both: the larger must be played
    ('larger-die', {24: 1, 6: 14}, {12: 2, 24: 2, 13: 11}, (6, 5)),
    ('larger-die', {24: 1, 6: 14}, {21: 2, 23: 2, 7: 2, 13: 9}, (2, 4)),
    # part of a double
    ('partial-double', {24: 2, 13: 13}, {9: 2, 16: 2, 6: 11}, (4, 4)),
    ('no-play', {24: 1, 8: 14}, {22: 2, 11: 2, 6: 11}, (5, 5)),
    ('partial-double', {10: 1, 6: 14}, {21: 2, 1: 13}, (2, 2)),
    # no legal play at all, nobody on the bar
    ('no-play', {24: 2, 6: 13}, {7: 2, 13: 13}, (6, 6)),
    ('no-play', {24: 1, 6: 14}, {6: 2, 24: 2, 13: 11}, (5, 5)),
    ('no-play', {24: 3, 13: 12}, {7: 2, 6: 2, 18: 2, 17: 2, 19: 7}, (6, 5)),
    ('no-play', {24: 3, 13: 12}, {2: 2, 13: 2, 19: 11}, (1, 1)),
    ('no-play', {20: 2, 13: 13}, {9: 3, 16: 3, 1: 9}, (4, 4)),
    # bear-off: dice larger than every checker, dice smaller than some
    ('bearoff-no-higher', {3: 2, 2: 3, 1: 2}, {1: 15}, (6, 5)),
    ('game-end', {4: 1, 1: 1}, {19: 2, 20: 13}, (6, 6)),              # the last two checkers go off with two sixes
    ('bearoff-higher', {6: 1, 3: 2, 1: 3}, {1: 15}, (5, 4)),
    ('bearoff-higher', {6: 2, 5: 1, 2: 4}, {1: 2, 24: 13}, (1, 1)),
    ('larger-die', {6: 1}, {22: 15}, (2, 1)),                          # 6/4 or 6/5, never both: 6/4
]


def main():
    a = oc.args()
    seed = int(a[0]) if a else 20261122
    games = int(a[1]) if len(a) > 1 else 60
    oc.setup_scratch(seed)
    gnubg.command('new game')
    rng = random.Random(seed)
    for d1 in range(1, 7):
        for d2 in range(1, d1 + 1):
            res.write('opening opening %s %d %d\n' % (START, d1, d2))
    for label, me, opp, (d1, d2) in HAND_MADE:
        b = board_of(me, opp)
        res.write('%s hand-made %s %d %d\n' % (label, gnubg.positionid(b), d1, d2))
    by_label = {}
    seen = set()
    for label, posid, d1, d2 in random_games(rng, games):
        key = (posid, max(d1, d2), min(d1, d2))
        if key in seen:
            continue
        seen.add(key)
        by_label.setdefault(label, []).append((posid, d1, d2))
    for label in sorted(QUOTAS):
        found = by_label.get(label, [])
        for posid, d1, d2 in rng.sample(found, min(QUOTAS[label], len(found))):
            res.write('%s random-game %s %d %d\n' % (label, posid, d1, d2))
        sys.stderr.write('%s: %d found, %d drawn\n' % (label, len(found), min(QUOTAS[label], len(found))))
    return True


try:
    oc.finish(0 if main() else 3)
except Exception:
    import traceback
    res.write(traceback.format_exc())
    oc.finish(1)
