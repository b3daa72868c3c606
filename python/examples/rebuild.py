"""Builds every game of a CTL-PGN file anew through the `cescacs` module's API alone and prints
the new games, which are exactly what `cescacs fmt --stdout FILE` prints: the game model's
tutorial in Python (crates/ctl-pgn/examples/rebuild.rs is the same in Rust).

    python python/examples/rebuild.py corpus/valid/spec-fools-mate-variations-X01-V-en.ctl-pgn

For each game: its tags are set one by one; every move of every line is chosen among the legal
moves of its position (`board.legal_moves`), not read from text; every annotation (check mark,
rating, NAGs, draw offer, last-move mark, comments, labels, the result) is set through the API;
variations are added at their branch points, in written order. A move that cannot be chosen so
(one of a fragment whose start is not known, or one the file writes although it is not legal
there) is added as written, and the example says where on standard error. A file that `cescacs
fmt` does not rewrite (errors of its encoding or syntax, prose between games) is not rewritten
here either: its errors are printed and the exit status is 1.
"""

import sys

import cescacs


def rebuild_file(path):
    """The rebuilt text of the file at `path`, and the notes about moves added as written."""
    notes = []
    games = [g for g in cescacs.read_games(path) if g.number]
    texts = [str(Rebuild(g, notes).game) for g in games]
    return "\n".join(texts), notes


class Rebuild:
    """One game built again from its source."""

    def __init__(self, source, notes):
        self.source = source
        self.notes = notes
        self.game = cescacs.Game.without_tags()
        for name, value in source.tags.all():
            self.game.push_tag(name, value)
        self.game.opening_comments = source.opening_comments
        first = source.next()
        if first is not None:
            self.line(first, self.game, None)
        self.game.result = source.result
        self.game.closing_comments = source.closing_comments

    def line(self, first, after, variation):
        """Builds the source's line from `first` after the new node `after`, or, with
        `variation` = (pair, white), as a new variation after that pair."""
        for ply in [first] + first.mainline():
            node = self.ply(ply, after, variation)
            after, variation = node, None
            following = ply.next()
            if following is None or following.starts_pair():
                self.after_pair(ply, node)

    def ply(self, ply, after, variation):
        """Adds the source's `ply`: chosen among the legal moves of its position when the
        source has its move, as written otherwise; then its marks, side and number."""
        branch = after if variation is None else variation[0].variation_branch(white=variation[1])
        try:
            board = branch.board()
        except cescacs.CescacsError:
            board = None
        chosen = None
        if board is not None and ply.move is not None:
            chosen = next((m for m in board.legal_moves if m == ply.move), None)
        if chosen is None:
            self.note(ply, board is not None)
            chosen = ply.ctl(marks=False)
        if variation is None:
            node = after.add_variation(chosen)
        else:
            node = variation[0].add_pair_variation(chosen, white=variation[1])
        # The marks as the source writes them (a `+`, or a mark the move does not earn, too).
        node.check_mark = ply.check_mark
        node.rating = ply.rating
        node.nags = ply.nags
        node.draw_offer = ply.draw_offer
        node.last_move_mark = ply.last_move_mark
        # Black's move in a pair of its own; a move written for the side not to move.
        if ply.starts_pair() and ply.side is False:
            node.split_pair()
        if node.side != ply.side:
            node.set_written_side(ply.side)
        if ply.starts_pair() and node.move_number != ply.move_number:
            value, unknown = ply.move_number
            node.set_move_number(value, unknown=unknown)
        return node

    def after_pair(self, source_ply, last):
        """The comments and variations written after the source's pair of `source_ply`,
        whose last ply is `last` in the new game."""
        last.pair_comments = source_ply.pair_comments
        for variation in source_ply.pair_variations:
            if variation.first is not None:
                self.line(variation.first, None, (last, variation.first.side))
                index = len(last.pair_variations) - 1
            else:
                index = last.add_empty_variation()
            last.set_variation_label(index, variation.label)
            last.set_variation_comments(index, variation.comments)

    def note(self, ply, known):
        number, unknown = ply.move_number
        why = "not legal there" if known else "its position is not known"
        self.notes.append(f"game {self.source.number}, move {number}{'?' if unknown else '.'} "
                          f"`{ply.ctl()}`: added as written, {why}")


def main():
    if len(sys.argv) != 2:
        print("usage: rebuild.py FILE.ctl-pgn", file=sys.stderr)
        return 2
    path = sys.argv[1]
    with open(path, "rb") as f:
        text = f.read()
    try:
        cescacs.format(text)
    except cescacs.CescacsError as refused:
        for d in refused.diagnostics:
            print(f"error: [{d.code}] {d.message} (line {d.line})", file=sys.stderr)
        return 1
    rebuilt, notes = rebuild_file(path)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    sys.stdout.write(rebuilt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
