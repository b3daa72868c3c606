#!/usr/bin/env bash
# Runs docs/EDITORS.md's recipe "Tree-sitter in Neovim 0.7", taken from the doc itself (its `sh`
# block, then its `lua` block as init.lua) in a fresh home, in Debian's Neovim 0.7.2, and checks
# that a corpus file opens as `ctl-pgn` with the grammar's highlighter on, parsed without an
# error, and that every capture of queries/highlights.scm reaches a highlight group.
# Without nvim it reports itself skipped, or fails when CI is set (as .ci/run sets it).
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
doc="$root/docs/EDITORS.md"

if ! command -v nvim > /dev/null; then
  if [ -n "${CI:-}" ]; then
    echo "error: nvim is missing (Debian's neovim package): the Neovim 0.7 recipe cannot be tried" >&2
    exit 1
  fi
  echo "skipped: no nvim, the Neovim 0.7 tree-sitter recipe of docs/EDITORS.md was not tried"
  exit 0
fi

# The first fenced block of the given language after the paragraph opening the recipe.
block() {
  awk -v lang="$1" '
    /^Tree-sitter in Neovim 0\.7 / { found = 1; next }
    found && !inside && $0 == "```" lang { inside = 1; next }
    inside && $0 == "```" { exit }
    inside { print }
  ' "$doc"
}
sh_block="$(block sh)"
lua_block="$(block lua)"
[ -n "$sh_block" ] && [ -n "$lua_block" ] || {
  echo "error: docs/EDITORS.md has no \`sh\` and \`lua\` blocks after \"Tree-sitter in Neovim 0.7 \"" >&2
  exit 1
}

home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
(cd "$root" && env -u XDG_CONFIG_HOME -u XDG_DATA_HOME HOME="$home" bash -euo pipefail -c "$sh_block")
mkdir -p "$home/.config/nvim"
printf '%s\n' "$lua_block" > "$home/.config/nvim/init.lua"

cat > "$home/probe.lua" <<'LUA'
local buf = vim.api.nvim_get_current_buf()
local problems = {}
if vim.bo[buf].filetype ~= "ctl-pgn" then
  table.insert(problems, "filetype is '" .. vim.bo[buf].filetype .. "', not ctl-pgn")
end
local highlighter = vim.treesitter.highlighter.active[buf]
if not highlighter then
  table.insert(problems, "no tree-sitter highlighter on the buffer")
else
  local root = highlighter.tree:parse()[1]:root()
  if root:has_error() then table.insert(problems, "the tree has an ERROR node") end
  local query = vim.treesitter.get_query("ctl_pgn", "highlights")
  local seen = {}
  for id in query:iter_captures(root, buf, 0, -1) do seen[query.captures[id]] = true end
  for _, name in ipairs(query.captures) do
    if not vim.treesitter.highlighter.hl_map[name] then
      table.insert(problems, "capture @" .. name .. " has no highlight group")
    end
    if not seen[name] then table.insert(problems, "capture @" .. name .. " colours nothing in the file") end
  end
end
if #problems > 0 then
  io.stderr:write(table.concat(problems, "\n") .. "\n")
  vim.cmd("cquit 1")
end
vim.cmd("qa!")
LUA

# A file with every kind: tags, moves of every shape, ratings, NAGs, comments with references,
# labelled variations with dots.
sample="$root/corpus/valid/canonical-edge-deep-variations-and-references.ctl-pgn"
extra="$root/corpus/valid/edge-ratings-and-indicators.ctl-pgn"
cat "$sample" "$extra" > "$home/sample.ctl-pgn"
printf '\n[Variant "C'"'"'escacs"]\n\n1. E25×NF28=N, KRK-II\n2. GC3-B6#\n0-3\n' >> "$home/sample.ctl-pgn"
if HOME="$home" timeout 60 nvim --headless -c "luafile $home/probe.lua" "$home/sample.ctl-pgn" < /dev/null; then
  echo "nvim $(nvim --version | head -1 | cut -d' ' -f2): the Neovim 0.7 tree-sitter recipe of docs/EDITORS.md colours a game file"
else
  echo "error: the Neovim 0.7 tree-sitter recipe of docs/EDITORS.md failed in $(nvim --version | head -1)" >&2
  exit 1
fi
