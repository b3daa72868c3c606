"""The speed of the `cescacs` module beside the `cescacs` command, and of python-chess on its own
game (docs/PYTHON.md, "Speed"), on one machine:

    python python/bench/speed.py GAMES.ctl-pgn PATH/TO/cescacs [RUNS]

GAMES.ctl-pgn: e.g. `cargo xtask gen --seed 2026 --games 15000 --out DIR`, its files
concatenated (20 MB). The module (`pip install ./python`, a release build) and the CLI (a
release build of the same tree) run alternately RUNS times (3 by default): each row gives the
median of its runs, and the last line the median of the runs' ratios. python-chess (`pip install
chess`) reads and replays random chess games of the same mean length, made here with a fixed
seed (2,000 of them at most: making them is slow), once.
"""

import io
import os
import random
import statistics
import subprocess
import sys
import time

import cescacs


def row(what, seconds, size, games, plies):
    print(f"| {what} | {size / seconds / 1e6:.2f} | {games / seconds:,.0f} | {plies / seconds:,.0f} |")


def ours(path):
    """Every game of the file and every position of its main line, as Position objects."""
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
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    size = os.path.getsize(path)
    module, command, ratios = [], [], []
    for _ in range(runs):
        command.append(cli(exe, path))
        seconds, games, plies = ours(path)
        module.append(seconds)
        ratios.append(command[-1] / seconds)
    load = os.getloadavg()[0]
    print("| reader | MB/s | games/s | plies/s |\n|---|---|---|---|")
    row("`cescacs.read_games` + `Game.positions()`", statistics.median(module), size, games,
        plies)
    row("`cescacs check -j 1` (the CLI, rules level)", statistics.median(command), size, games,
        plies)
    text = chess_games(min(games, 2000), max(1, plies // games))
    seconds, n, p = python_chess(text)
    row("python-chess `read_game` + replay (chess)", seconds, len(text.encode()), n, p)
    print(f"\n{size / 1e6:.2f} MB, {games:,} games, {plies:,} plies; {runs} runs; module/CLI "
          f"plies/s: {', '.join(f'{r:.2f}' for r in ratios)}, median {statistics.median(ratios):.2f}; "
          f"load average {load:.1f}")


if __name__ == "__main__":
    main()
