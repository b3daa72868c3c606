"""The speed of `cescacs.Board.push` and of the game tree, on one machine (docs/PERFORMANCE.md,
"Python"):

    python python/bench/board.py GAMES.ctl-pgn [GAMES]

GAMES.ctl-pgn: e.g. `cargo xtask gen --seed 2026 --games 15000 --out DIR`, its files
concatenated. The main lines of its first GAMES games (2,000 by default) are read as `Move`s
first (`mainline_moves()`); then, timed apart:

- push: every game replayed on a new `Board` by `push` (each move's legality checked), the
  moves given;
- push + pop: each game pushed then popped back to the start;
- legal moves: `board.legal_moves` (every `Move` with its check) at each position;
- push_ctl: every game replayed from its moves' texts (each read as `cescacs check` reads it,
  check mark verified).

Each row is the best of 3 runs, in the process's CPU time (`time.process_time`: the machine
may be shared, and wall time then counts the others' work too). python-chess (`pip install chess`) pushes the moves of random
chess games of the same mean length, for comparison, when it is installed.
"""

import itertools
import random
import sys
import time

import cescacs


def best(runs, f):
    times = []
    for _ in range(runs):
        start = time.process_time()
        f()
        times.append(time.process_time() - start)
    return min(times)


def main():
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    read = list(itertools.islice(cescacs.read_games(path), count))
    starts = [g.board().starting_pdtl() for g in read]
    games = [g.mainline_moves() for g in read]
    texts = [[str(m) for m in moves] for moves in games]
    plies = sum(len(m) for m in games)
    positions = sum(len(m) + 1 for m in games)

    def push():
        for start, moves in zip(starts, games):
            board = cescacs.Board(start)
            for m in moves:
                board.push(m)

    def push_pop():
        for start, moves in zip(starts, games):
            board = cescacs.Board(start)
            for m in moves:
                board.push(m)
            for _ in moves:
                board.pop()

    def legal():
        for start, moves in zip(starts, games):
            board = cescacs.Board(start)
            board.legal_moves  # noqa: B018
            for m in moves:
                board.push(m)
                board.legal_moves  # noqa: B018

    def push_ctl():
        for start, moves in zip(starts, texts):
            board = cescacs.Board(start)
            for m in moves:
                board.push_ctl(m)

    print(f"{len(games):,} games, {plies:,} plies\n")
    print("| operation | per second |\n|---|---|")
    print(f"| `Board.push` | {plies / best(3, push):,.0f} moves |")
    print(f"| `Board.push` + `Board.pop` | {2 * plies / best(3, push_pop):,.0f} moves |")
    print(f"| `Board.legal_moves` | {positions / best(3, legal):,.0f} positions |")
    print(f"| `Board.push_ctl` | {plies / best(3, push_ctl):,.0f} moves |")
    try:
        import chess
    except ImportError:
        return
    rng = random.Random(2026)
    chess_games = []
    for _ in range(len(games)):
        board, moves = chess.Board(), []
        for _ in range(max(1, plies // len(games))):
            legal_now = list(board.legal_moves)
            if not legal_now or board.is_game_over():
                break
            moves.append(rng.choice(legal_now))
            board.push(moves[-1])
        chess_games.append(moves)
    chess_plies = sum(len(m) for m in chess_games)

    def chess_push():
        for moves in chess_games:
            board = chess.Board()
            for m in moves:
                board.push(m)
    print(f"| python-chess `Board.push` (chess) | {chess_plies / best(3, chess_push):,.0f} moves |")


if __name__ == "__main__":
    main()
