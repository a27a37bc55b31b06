"""GNU Backgammon's analysis of .mat files, for `npm run bench:bot` (docs/bots.md "Strength").

Run by gnubg itself, with a fresh HOME so that no saved setting applies:

    HOME=$(mktemp -d) gnubg -t -q -r -p bench/gnubg-analyse-stats.py 3>stats.jsonl

The files come from the environment: GNUBG_ANALYSE_FILES, a JSON list of paths; GNUBG_ANALYSE_PLIES
(2 by default) the depth of the analysis of plays and cube decisions; GNUBG_ANALYSE_PLAYER, when
set, the name of the one player to analyse (the other is skipped, which halves the time). For each
file one JSON line goes to file descriptor 3 (gnubg writes its own chatter on stdout): the file,
the players' names by gnubg's sides X and O, and gnubg's statistics of the match
(`gnubg.match(...)['stats']`), or an `error`.
"""
import json
import os

import gnubg

out = os.fdopen(3, "w")
files = json.loads(os.environ["GNUBG_ANALYSE_FILES"])
plies = int(os.environ.get("GNUBG_ANALYSE_PLIES", "2"))
only = os.environ.get("GNUBG_ANALYSE_PLAYER")

for command in (
    "set threads 1",
    "set analysis chequerplay evaluation plies %d" % plies,
    "set analysis cubedecision evaluation plies %d" % plies,
    "set analysis moves on",
    "set analysis cube on",
    "set analysis luck off",
):
    gnubg.command(command)

for path in files:
    try:
        gnubg.command("import mat %s" % path)
        info = gnubg.match(analysis=0, boards=0, statistics=0, verbose=0)["match-info"]
        names = {side: info[side]["name"] for side in ("X", "O")}
        for side in (0, 1):
            name = info["X" if side == 0 else "O"]["name"]
            flag = "on" if only is None or only == name else "off"
            gnubg.command("set analysis player %d analyse %s" % (side, flag))
        gnubg.command("analyse match")
        stats = gnubg.match(analysis=1, boards=0, statistics=1, verbose=0)["stats"]
        out.write(json.dumps({"file": path, "players": names, "stats": stats}) + "\n")
    except Exception as error:  # a file gnubg cannot read or analyse: said, and the next one
        out.write(json.dumps({"file": path, "error": repr(error)}) + "\n")
    out.flush()
