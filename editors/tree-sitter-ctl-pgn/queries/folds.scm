; Folding (Neovim's `foldexpr=v:lua.vim.treesitter.foldexpr()`; Zed and Helix do not read it):
; each game, its tags, each variation, each comment.
[
  (game)
  (tag_section)
  (variation)
  (comment)
] @fold
