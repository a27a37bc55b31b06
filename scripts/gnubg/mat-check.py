"""mat-check.py -- the .mat checks of the interchange tests, run inside GNU
Backgammon's embedded Python (test/support/gnubg.ts runs it):

    gnubg -t -q -r -p scripts/gnubg/mat-check.py

It reads its task from the environment and writes one JSON document to the
file named by MAT_CHECK_OUT:

- MAT_CHECK_FILE=<file.mat>: gnubg imports the file (`import mat`) and the
  document tells what it made of it: the players, the match length, each
  game's opening score, winner, points and number of plays, the final score,
  and every line gnubg printed while importing (its warnings: an import that
  went well prints none).  Then every play of the imported match is played
  again with gnubg's `move` command on the position before it, which accepts
  only a legal play (gnubg's import itself checks no more than that each
  checker step can be made): `illegalPlays` lists those it refused.  With
  MAT_CHECK_REEXPORT=<file.mat>, gnubg also writes the match it imported back
  out (`export match mat`), to compare with the file it read.
- MAT_CHECK_PLAY=<length>: gnubg plays a match of that length against itself
  (0-ply, seeded by MAT_CHECK_SEED) and exports it to MAT_CHECK_MAT; the
  document gives the same summary of it.

Player 0 (gnubg's X) is the left column of a .mat file, player 1 (O) the
right one; "left" and "right" name them below.
"""
import ctypes
import json
import os
import sys
import tempfile

import gnubg

LIBC = ctypes.CDLL(None)
START = '4HPwATDgc/ABMA'
SIDE = {'X': 'left', 'O': 'right'}


def run(command):
    """Runs a gnubg command and returns what it printed (gnubg writes to file descriptor 1 from C)."""
    sys.stdout.flush()
    LIBC.fflush(None)
    saved = os.dup(1)
    with tempfile.TemporaryFile() as capture:
        os.dup2(capture.fileno(), 1)
        try:
            gnubg.command(command)
        finally:
            LIBC.fflush(None)
            os.dup2(saved, 1)
            os.close(saved)
        capture.seek(0)
        return capture.read().decode('utf-8', 'replace')


def board_lines(text):
    """The lines of gnubg's output that are not its drawing of the board."""
    kept = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped[0] in '|+^v' or 'GNU Backgammon  Position ID' in line:
            continue
        if stripped.startswith('Match ID') or stripped.startswith('Setting GNUbg ID'):
            continue
        if stripped.startswith('The dice have been set to'):
            continue
        kept.append(stripped)
    return kept


def step(board, frm, to):
    """Plays one checker step for the side on roll (board[1]) on gnubg's board [not on roll, on roll]."""
    mover, other = board[1], board[0]
    mover[24 if frm == 25 else frm - 1] -= 1
    if to > 0:
        mover[to - 1] += 1
        facing = 24 - to  # the opponent's index of my point `to`
        if other[facing] == 1:
            other[facing] = 0
            other[24] += 1


def gnubg_id(board, player, dice):
    cube = gnubg.cubeinfo(1, -1, player, 0, (0, 0), 0, 0)
    pos = gnubg.posinfo(player, 0, 0, 1, (max(dice), min(dice)))
    return gnubg.positionid((board[0], board[1])) + ':' + gnubg.matchid(cube, pos)


def replay_plays(games):
    """Every play of the imported games made again with `move`: how many were checked, and those gnubg refused."""
    run('set player 0 human')
    run('set player 1 human')
    run('set confirm new off')
    checked = 0
    refused = []
    for number, game in enumerate(games, start=1):
        run('new game')
        board = [[0] * 25, [0] * 25]
        for side in board:
            for point, count in ((6, 5), (8, 3), (13, 5), (24, 2)):
                side[point - 1] = count
        on_roll = None
        for index, record in enumerate(game['game']):
            if record.get('action') != 'move':
                continue
            player = record['player']
            if on_roll is not None and player != on_roll:
                board = [board[1], board[0]]
            on_roll = player
            moves = record.get('move') or ()
            if moves:
                text = ' '.join('%d/%d' % (frm, to) for frm, to in moves)
                run('set gnubgid ' + gnubg_id(board, 0 if player == 'X' else 1, record['dice']))
                output = run('move ' + text)
                expected = [list(board[0]), list(board[1])]
                for frm, to in moves:
                    step(expected, frm, to)
                after = gnubg.board()
                checked += 1
                # A play that bears off the last checker ends the game: gnubg then shows the next one.
                finished = sum(expected[1]) == 0
                moved = finished or [list(after[1]), list(after[0])] == expected
                if 'Illegal' in output or not moved:
                    refused.append({'game': number, 'record': index, 'player': SIDE[player],
                                    'dice': list(record['dice']), 'move': text,
                                    'output': board_lines(output)})
                board = expected
    return checked, refused


def summary(match):
    info = match['match-info']
    games = []
    final = [0, 0]
    for game in match['games']:
        gi = game['info']
        score = [gi.get('score-X', 0), gi.get('score-O', 0)]
        winner = SIDE.get(gi.get('winner'))
        points = gi.get('points-won', 0)
        records = game['game']
        games.append({
            'score': score,
            'winner': winner,
            'points': points,
            'resigned': bool(gi.get('resigned')),
            'plays': sum(1 for r in records if r.get('action') == 'move' and r.get('move')),
            'records': len(records),
        })
        final = list(score)
        if winner == 'left':
            final[0] += points
        elif winner == 'right':
            final[1] += points
    return {
        'players': {'left': info['X']['name'], 'right': info['O']['name']},
        'length': info.get('match-length'),
        'games': games,
        'finalScore': final,
    }


def check(path):
    run('set display off')
    warnings = board_lines(run('import mat ' + path))
    reexport = os.environ.get('MAT_CHECK_REEXPORT')
    if reexport:
        run('export match mat ' + reexport)
    match = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)
    result = summary(match)
    result['warnings'] = warnings
    checked, refused = replay_plays(match['games'])
    result['playsChecked'] = checked
    result['illegalPlays'] = refused
    return result


def play(length, seed, path):
    run('set seed %d' % seed)
    for player in (0, 1):
        run('set player %d gnubg' % player)
        run('set player %d chequerplay evaluation plies 0' % player)
        run('set player %d cubedecision evaluation plies 0' % player)
    run('set confirm new off')
    run('set defaultnames %s %s' % (os.environ.get('MAT_CHECK_LEFT', 'gnubg0'), os.environ.get('MAT_CHECK_RIGHT', 'gnubg1')))
    run('new match %d' % length)
    run('export match mat ' + path)
    return summary(gnubg.match(analysis=0, boards=0, statistics=0, verbose=0))


def main():
    if os.environ.get('MAT_CHECK_PLAY'):
        result = play(int(os.environ['MAT_CHECK_PLAY']), int(os.environ.get('MAT_CHECK_SEED', '1')),
                      os.environ['MAT_CHECK_MAT'])
    else:
        result = check(os.environ['MAT_CHECK_FILE'])
    with open(os.environ['MAT_CHECK_OUT'], 'w') as out:
        json.dump(result, out)


main()
