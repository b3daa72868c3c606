; Colours of CTL-PGN: the token kinds of the language server's semantic tokens (docs/EDITORS.md),
; under capture names that Helix, Neovim and Zed all know (each falls back from `a.b` to `a`).

; Tags: `[Event "CG"]`.
(tag_name) @tag
(tag_value) @string
(tag ["[" "]"] @punctuation.bracket)

; Moves.
(move_number) @constant.numeric
(ellipsis) @operator
"," @punctuation.delimiter
(piece) @type
(hex) @constant
(separator) @operator
(capture) @operator
(promotion ["=" "&"] @operator)
(castling) @keyword
(check) @punctuation.special
(rating) @attribute
(nag) @attribute
(draw_offer) @attribute
(end_mark) @operator
(result) @keyword

; Variations: the brackets, the label `$[2]`, the dots showing the depth.
(variation ["(" ")"] @punctuation.bracket)
(variation_label) @label
(nesting_dots) @punctuation.delimiter

; Comments and the references in them (nodes inside the comment, coloured over it).
(comment) @comment
(player_reference) @variable
(hex_reference) @constant
(piece_reference) @type
(move_reference) @constant.numeric
(comment (nag) @attribute)
