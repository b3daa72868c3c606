/**
 * Tree-sitter grammar of CTL-PGN, the game files of C'escacs (docs/EDITORS.md).
 *
 * It is for colouring and folding in editors (Helix, Neovim, Zed), not for validation: it reads
 * the shapes of the spec's tokens (tags, move numbers, moves, castlings, promotions, check marks,
 * ratings, NAGs, results, comments and the references in them, variations) and accepts some
 * text that `cescacs check` rejects. The Rust reader (crates/ctl-an) stays the authority.
 *
 * @file CTL-PGN grammar for tree-sitter
 * @license MIT OR Apache-2.0
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

// The symbols of CTL-FAN, White's and Black's (`[Redefine "FAN"]`); the other piece letters are
// capitals, the standard ones or those of a `Redefine` tag. tree-sitter reads a regex's source
// text as Unicode, so the symbols outside the BMP are one character each.
const FAN = /[♙☖♗♘🩐♖🩏♕♔♟☗♝♞🩓♜🩒♛♚]/;
// A hex in CTL coordinates: a column letter and a cross-line number (0 to 28).
const HEX = /[A-Z][0-9][0-9]?/;
// The move separators: U+2010, the hyphen-minus and the en dash (which the reader warns about).
const DASH = /[-‐–]/;

module.exports = grammar({
  name: 'ctl_pgn',

  // White space between tokens, CR alone included (old Mac line ends), and a byte-order mark.
  extras: (_) => [/[\s\uFEFF]/],

  rules: {
    // Text before the first tag (a file need not start with one), then the games.
    source_file: ($) => seq(repeat($._element), repeat($.game)),

    // A game: its tags, then its movetext. A tag after movetext starts the next game.
    game: ($) => prec.right(seq($.tag_section, repeat($._element))),

    tag_section: ($) => prec.right(repeat1($.tag)),

    tag: ($) => seq('[', field('name', $.tag_name), field('value', $.tag_value), ']'),

    tag_name: (_) => /[A-Za-z0-9_]+/,

    // A quoted value with `\"` and `\\` escapes, on one line.
    tag_value: (_) => /"([^"\\\r\n]|\\[^\r\n])*"/,

    _element: ($) => choice($.move, $.comment, $.variation, $.result, $.nesting_dots),

    // `12. W, B`, `12. W` (the last move), `12. …, B` (a start with Black's move); `1?` when the
    // number is unknown.
    move: ($) =>
      seq(
        field('number', $.move_number),
        choice(
          seq(field('white', $.ply), optional(seq(',', field('black', $.ply)))),
          seq($.ellipsis, ',', field('black', $.ply)),
        ),
      ),

    move_number: (_) => /[0-9]+[.?]/,

    // White's move left out: the character `…` or three dots.
    ellipsis: (_) => choice('…', '...'),

    // One player's move, its check mark, and what may follow it: ratings, NAGs, a draw offer,
    // the end mark `:`.
    ply: ($) =>
      seq(
        choice($.piece_move, $.castling, $.promotion_in_place),
        optional($.check),
        repeat(choice($.rating, $.nag, $.draw_offer, $.end_mark)),
      ),

    // `JF6-C15`, `E7-E13`, `JB18×VD24`, `F12@@G9`, `E25×NF28=N`.
    piece_move: ($) =>
      seq(
        optional(field('piece', $.piece)),
        field('from', $.hex),
        choice($.separator, $.capture),
        optional(field('captured', $.piece)),
        field('to', $.hex),
        optional($.promotion),
      ),

    // The promotion of a pawn awaiting it, written from its hex: `L5=N`.
    promotion_in_place: ($) => seq(field('at', $.hex), $.promotion),

    // `=N`, or `=&` for a pawn that stays awaiting promotion.
    promotion: ($) => seq('=', choice(field('piece', $.piece), '&')),

    piece: (_) => choice(/[A-Z]/, FAN),

    hex: (_) => HEX,

    separator: (_) => DASH,

    // `×` or `*` for a capture, `@` and `@@` for en passant and the scornful pawn.
    capture: (_) => choice('×', '*', '@', '@@'),

    // `KRK-HIO`, `KRD‐DE`, `KRR-HIH`: the King's, the Queen's or both Rooks, then the targets.
    castling: (_) => token(seq('KR', /[KDR]/, DASH, /[A-Z]+/)),

    // `+`, `+^` (adjoining), `+∞` (from afar), `++` (double), `#` (mate).
    check: (_) => choice('+', '+^', '+∞', '++', '#'),

    rating: (_) => choice('!', '?', '!!', '??', '!?', '?!', '◇'),

    nag: (_) => /\$[0-9]+/,

    draw_offer: (_) => '(=)',

    end_mark: (_) => ':',

    // `3-0`, `2-1`, `1-1`, `1-2`, `0-3`, or `*` for an unfinished game.
    result: (_) => choice(token(seq(/[0-9]/, DASH, /[0-9]/)), '*'),

    // Dots before a move number, a variation or a comment, showing how deep a variation is.
    nesting_dots: (_) => /\.+/,

    // `(` with an optional label `$[2]`, moves, comments and nested variations, `)`.
    variation: ($) =>
      seq('(', optional(field('label', $.variation_label)), repeat($._element), ')'),

    variation_label: (_) => /\$\[[0-9]*\]/,

    // `{ ... }`: not nested, any line; the references in it are nodes of their own.
    comment: ($) =>
      seq(
        '{',
        repeat(
          choice(
            $._comment_text,
            $.player_reference,
            $.hex_reference,
            $.piece_reference,
            $.move_reference,
            $.nag,
          ),
        ),
        '}',
      ),

    _comment_text: (_) => token(choice(/[^}~#@$\s]+/, /[~#@$]/)),

    // `@W`, `@B`.
    player_reference: (_) => token(seq('@', /[WB]/)),

    // `~E13`.
    hex_reference: (_) => token(seq('~', HEX)),

    // `~K`, `~g`, `~JF6`, `~J[d]`: a piece (lower case for Black), its hex or a Bishop's colour.
    piece_reference: (_) =>
      token(
        seq(
          '~',
          choice(/[A-Za-z]/, FAN),
          optional(choice(HEX, /\[[dlc]\]/)),
        ),
      ),

    // `#14`, `#14@B`, `#12.2` (a labelled variation), `#14[#12.2]`, `#16[#14.1#12.2]@W`.
    move_reference: (_) =>
      token(
        seq(
          '#',
          /[0-9]+/,
          optional(seq('.', /[0-9]+/)),
          optional(seq('[', repeat1(seq('#', /[0-9]+/, '.', /[0-9]+/)), ']')),
          optional(seq('@', /[WB]/)),
        ),
      ),
  },
});
