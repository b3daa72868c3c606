"""The speed of the `cescacs` module beside the `cescacs` command, and of python-chess on its own
game (docs/PYTHON.md, "Speed"). One run each, on one machine:

    python python/bench/speed.py GAMES.ctl-pgn PATH/TO/cescacs

GAMES.ctl-pgn: e.g. `cargo xtask gen --games 3000 --out DIR` concatenated. python-chess (`pip
install chess`) reads and replays as many random chess games of the same length, made here with a
fixed seed.
"""

import io
import os
import random
import subprocess
import sys
import time

import cescacs


def row(what, seconds, size, games, plies):
    print(f"| {what} | {size / seconds / 1e6:.2f} | {games / seconds:,.0f} | {plies / seconds:,.0f} |")


def ours(path):
    start = time.perf_counter()
    games = plies = 0
    for game in cescacs.read_games(path):
        plies += len(game.positions()) - 1
        games += 1
    return time.perf_counter() - start, games, plies


def cli(exe, path):
    start = time.perf_counter()
    subprocess.run([exe, "check", "-j", "1", "--level", "rules", path],
                   check=False, capture_output=True)
    return time.perf_counter() - start


def chess_games(n, plies_each, seed=2026):
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = io.StringIO()
    for _ in range(n):
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        for _ in range(plies_each):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            m = rng.choice(moves)
            node = node.add_variation(m)
            board.push(m)
        print(game, file=out, end="\n\n")
    return out.getvalue()


def python_chess(text):
    import chess.pgn

    start = time.perf_counter()
    games = plies = 0
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            plies += 1
        games += 1
    return time.perf_counter() - start, games, plies


def main():
    path, exe = sys.argv[1], sys.argv[2]
    size = os.path.getsize(path)
    seconds, games, plies = ours(path)
    print("| reader | MB/s | games/s | plies/s |\n|---|---|---|---|")
    row("`cescacs.read_games` + `Game.positions()`", seconds, size, games, plies)
    row("`cescacs check -j 1` (the CLI, rules level)", cli(exe, path), size, games, plies)
    text = chess_games(games, max(1, plies // games))
    seconds, n, p = python_chess(text)
    row("python-chess `read_game` + replay (chess)", seconds, len(text.encode()), n, p)


if __name__ == "__main__":
    main()
