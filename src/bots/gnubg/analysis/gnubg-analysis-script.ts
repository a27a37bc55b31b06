/**
 * The script GNU Backgammon runs to analyse a match (docs/analysis.md
 * "Backgammon: GNU Backgammon"), in its embedded Python: it imports the
 * match's .mat file, analyses it game by game at the plies asked, and writes
 * JSON lines to file descriptor 3: `{"progress": [done, games]}` after each
 * game, then `{"report": …}`: each game's records (every play with gnubg's
 * best and the equity given away, the luck of each throw, the cube
 * decisions' equities normalised at the cube and score) and gnubg's own
 * statistics per player. Kept as a TypeScript string so that every build
 * carries it; written to the run's own folder each time.
 */
export const GNUBG_ANALYSIS_SCRIPT = String.raw`
import gnubg, json, os

out = os.fdopen(3, 'w')
plies = int(os.environ['ANALYSIS_PLIES'])
gnubg.command('import mat ' + os.environ['ANALYSIS_MAT'])
for kind in ('chequerplay', 'cubedecision'):
    gnubg.command('set analysis %s evaluation plies %d' % (kind, plies))
    gnubg.command('set analysis %s evaluation cubeful on' % kind)
games = len(gnubg.match(0, 0, 0, 0)['games'])
gnubg.navigate(game=-games)
for i in range(games):
    if i > 0:
        gnubg.navigate(game=1)
    gnubg.command('analyse game')
    out.write(json.dumps({'progress': [i + 1, games]}) + '\n')
    out.flush()

match = gnubg.match(1, 0, 1, 0)
info = match['match-info']
length = info['match-length']
crawford_rule = 'Crawford' in (info.get('rules') or [])


def steps(move):
    return [[a, b] for (a, b) in move]


crawford_played = False
report_games = []
for g in match['games']:
    sx, so = g['info']['score-X'], g['info']['score-O']
    crawford = False
    if length > 0 and crawford_rule and not crawford_played and (sx == length - 1 or so == length - 1):
        crawford = crawford_played = True
    value, owner = 1, -1
    records = []
    for r in g['game']:
        side = 0 if r['player'] == 'X' else 1
        a = r.get('analysis') or {}
        rec = {'action': r['action'], 'player': r['player']}
        ci = gnubg.cubeinfo(value, owner, side, length, (sx, so), 1 if crawford else 0, 0)
        if 'nd-cubeful-eq' in a:
            nd, dt = a['nd-cubeful-eq'], a['dt-cubeful-eq']
            if length > 0:
                nd, dt = gnubg.mwc2eq(nd, ci), gnubg.mwc2eq(dt, ci)
            rec['cube'] = {'nd': nd, 'dt': dt}
        if r['action'] == 'move':
            rec['dice'] = list(r['dice'])
            rec['move'] = steps(r['move'])
            moves = a.get('moves') or []
            if 'imove' in a and len(moves) > 0:
                played = moves[a['imove']]
                rec['choices'] = len(moves)
                rec['best'] = steps(moves[0]['move'])
                rec['loss'] = moves[0]['score'] - played['score']
            if 'luck-value' in a:
                luck = a['luck-value']
                rec['luck'] = luck
                # In the result's terms, as gnubg counts a throw's luck: match-winning chance, or points.
                rec['luckCost'] = (gnubg.eq2mwc(luck, ci) - gnubg.eq2mwc(0.0, ci)) if length > 0 else luck * value
        elif r['action'] == 'resign':
            rec['points'] = r.get('points')
        elif r['action'] == 'take':
            value, owner = value * 2, side
        records.append(rec)
    report_games.append({'score': [sx, so], 'crawford': crawford, 'records': records, 'stats': g.get('stats')})

report = {'players': {'X': info['X']['name'], 'O': info['O']['name']}, 'length': length,
          'games': report_games, 'stats': match['stats']}
out.write(json.dumps({'report': report}) + '\n')
out.close()
`;
