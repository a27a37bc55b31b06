"""notation_fixtures.py -- run inside GNU Backgammon's embedded Python:

    "$GNUBG_TOOLS"/run.sh scripts/gnubg/notation_fixtures.py [SEED] \
        > src/engine/fixtures/gnubg-notation.json

Reference values for the notation codecs (src/engine/notation), every one
produced by GNU Backgammon 1.07 itself:

- positions: Position IDs from gnubg.positionid() with gnubg's board
  [side not on roll, side on roll] (25 counts each, index 24 the bar), for the
  start position, decision points of seeded random games played inside gnubg
  and a few edge boards (a side with everything borne off, many on the bar);
- matchIds: Match IDs from gnubg.matchid(cubeinfo, posinfo) for seeded random
  fields (cube, owner, player on roll, Crawford, game state, turn, double,
  resignation, dice in either order, match length, scores, Jacoby);
- xgids: XGID strings built here, given to gnubg's `set xgid`, and the GNUbg ID
  (Position ID:Match ID) gnubg made of each.  gnubg 1.07 has no XGID export,
  so importing is the cross-check.  When O (XGID turn -1) is on roll gnubg
  then swaps the players (it asks, and without a terminal the answer is yes),
  which "swapped" records.
"""
import datetime
import json
import os
import random
import sys

import gnubg

sys.path.insert(0, os.environ.get('ORACLE_DIR', '.'))
import oracle_common as oc  # noqa: E402

res = oc.out_stream()
START = '4HPwATDgc/ABMA'


def gid_for(posid, d1, d2):
    ci = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0)
    pi = gnubg.posinfo(1, 0, 0, 1, (max(d1, d2), min(d1, d2)))
    return posid + ':' + gnubg.matchid(ci, pi)


def random_boards(rng, games, every):
    """Boards [not on roll, on roll] at every `every`-th decision point."""
    boards = []
    for _ in range(games):
        posid = START
        for ply in range(400):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            gid = gid_for(posid, d1, d2)
            gnubg.command('set gnubgid ' + gid)
            b = oc.board()
            if ply % every == 0:
                boards.append(b)
            moves = oc.legal_moves()
            if not moves:
                posid = gnubg.positionid((b[1], b[0]))
                continue
            oc.play(gid, rng.choice(sorted(moves)))
            after = oc.board()
            if sum(after[0]) == 0:
                boards.append(after)          # the winner has borne everything off
                break
            posid = gnubg.positionid()
    return boards


EDGE_BOARDS = [
    [[0] * 25, [0] * 25],                                       # both sides borne off (gnubg accepts it)
    [[0] * 23 + [15, 0], [0] * 23 + [15, 0]],                   # 15 on one point each
    [[0] * 24 + [15], [0] * 24 + [15]],                         # everyone on the bar
    [[2, 2, 2, 2, 2, 2] + [0] * 18 + [3], [0] * 24 + [15]],     # on the bar against a closed board
    [[0] * 24 + [1], [1] + [0] * 24],
]


def xg_position(b, x_on_roll):
    """The 26-character XGID position of gnubg board b = [not on roll, on roll]."""
    x, o = (b[1], b[0]) if x_on_roll else (b[0], b[1])
    chars = ['-' if not o[24] else chr(ord('a') + o[24] - 1)]
    for k in range(1, 25):
        if x[k - 1]:
            chars.append(chr(ord('A') + x[k - 1] - 1))
        elif o[24 - k]:
            chars.append(chr(ord('a') + o[24 - k] - 1))
        else:
            chars.append('-')
    chars.append('-' if not x[24] else chr(ord('A') + x[24] - 1))
    return ''.join(chars)


def random_match_fields(rng):
    money = rng.random() < 0.3
    matchto = 0 if money else rng.choice([1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25, 64])
    score = (0, 0) if money else (rng.randint(0, matchto - 1), rng.randint(0, matchto - 1))
    crawford = 0 if money or matchto == 1 else int(rng.random() < 0.3)
    if crawford:
        score = (matchto - 1, rng.randint(0, matchto - 2)) if rng.random() < 0.5 else (rng.randint(0, matchto - 2), matchto - 1)
    cube = 2 ** rng.randint(0, 6 if money else 4)
    owner = -1 if cube == 1 else rng.choice([-1, 0, 1])
    return money, matchto, score, crawford, cube, owner


def match_ids(rng, n):
    out = []
    for i in range(n):
        money, matchto, score, crawford, cube, owner = random_match_fields(rng)
        if i % 10 == 0:         # big cubes: money play only (gnubg's cubeinfo crashes on a 1024 cube in a 15-point match)
            money, matchto, score, crawford, cube = True, 0, (0, 0), 0, 2 ** rng.randint(7, 15)
        move = rng.randint(0, 1)
        gamestate = rng.choice([0, 1, 1, 1, 1, 2, 3, 4])
        doubled = int(rng.random() < 0.2)
        resigned = rng.choice([0, 0, 0, 1, 2, 3])
        turn = move if not (doubled or resigned) else 1 - move
        dice = (0, 0) if rng.random() < 0.3 else (rng.randint(1, 6), rng.randint(1, 6))
        jacoby = int(money and rng.random() < 0.6)
        ci = gnubg.cubeinfo(cube, owner, move, matchto, score, crawford, 0)
        ci['jacoby'] = jacoby
        pi = gnubg.posinfo(turn, resigned, doubled, gamestate, dice)
        out.append({'matchId': gnubg.matchid(ci, pi),
                    'cube': cube, 'cubeOwner': owner, 'move': move, 'crawford': crawford,
                    'gameState': gamestate, 'turn': turn, 'doubled': doubled, 'resigned': resigned,
                    'dice': list(dice), 'matchTo': matchto, 'score': list(score), 'jacoby': jacoby})
    return out


def xgids(rng, boards):
    out = []
    for b in boards:
        if not any(b[0]) or not any(b[1]):
            continue
        money, matchto, score, crawford, cube, owner = random_match_fields(rng)
        x_on_roll = rng.random() < 0.5
        state = rng.choice(['00', 'dice', 'dice', 'D'])
        if state == 'dice':
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            dice = '%d%d' % (d1, d2)
        else:
            dice = state
        if state == 'D' and (crawford or cube >= 16):
            dice = '00'
        rules = rng.randint(0, 3) if money else crawford
        xg_owner = 0 if cube == 1 else rng.choice([0, 1, -1])       # XGID: 1 X, -1 O, 0 centred
        xgid = 'XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:10' % (
            xg_position(b, x_on_roll), cube.bit_length() - 1, xg_owner,
            1 if x_on_roll else -1, dice, score[1], score[0], rules, matchto)
        gnubg.command('new game')
        gnubg.command('set xgid ' + xgid)
        out.append({'xgid': xgid, 'gnubgId': gnubg.gnubgid(), 'swapped': not x_on_roll})
    return out


def main():
    a = oc.args()
    seed = int(a[0]) if a else 20261122
    oc.setup_scratch(seed)
    gnubg.command('new game')
    rng = random.Random(seed)
    boards = [oc.board()] + random_boards(rng, 6, 7) + EDGE_BOARDS
    positions = [{'positionId': gnubg.positionid(b), 'board': b} for b in boards]
    fixture = {
        'source': 'GNU Backgammon 1.07 (Debian): gnubg.positionid, gnubg.matchid, `set xgid` + gnubg.gnubgid',
        'gnubgVersion': 'GNU Backgammon 1.07.001 20230103',
        'date': datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d'),
        'script': 'scripts/gnubg/notation_fixtures.py %d' % seed,
        'conventions': 'board: gnubg\'s [side not on roll, side on roll], 25 counts each (index i = point i+1, index 24 the bar). '
                       'matchIds fields are gnubg\'s: cubeOwner -1 centred; move = fMove (on roll), turn = fTurn (to decide); '
                       'gameState 0 none 1 playing 2 over 3 resigned 4 dropped; resigned 0-3; dice as given to gnubg. '
                       'xgids: gnubgId is gnubg.gnubgid() after `set xgid`; swapped = gnubg swapped the players (O on roll).',
        'positions': positions,
        'matchIds': match_ids(rng, 80),
        'xgids': xgids(rng, boards),
    }
    res.write(json.dumps(fixture, separators=(',', ':')).replace('},{', '},\n{') + '\n')
    return True


try:
    oc.finish(0 if main() else 3)
except Exception:
    import traceback
    res.write(traceback.format_exc())
    oc.finish(1)
