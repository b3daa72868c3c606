-- Appended to the Neovim 0.7 recipe of docs/EDITORS.md by tests/nvim_recipe.rs: waits for the
-- diagnostics of the buffer (30 s at most), writes what the editor has to $CESCACS_NVIM_OUT and
-- quits.
local out = os.getenv("CESCACS_NVIM_OUT")
local deadline = vim.loop.now() + 30000
local timer = vim.loop.new_timer()
timer:start(100, 100, vim.schedule_wrap(function()
  local found = vim.diagnostic.get(0)
  if #found > 0 or vim.loop.now() > deadline then
    timer:stop()
    local f = io.open(out, "w")
    f:write("filetype=", vim.bo.filetype, "\n")
    f:write("tagfunc=", vim.bo.tagfunc, "\n")
    f:write("omnifunc=", vim.bo.omnifunc, "\n")
    for _, d in ipairs(found) do
      local lsp = d.user_data and d.user_data.lsp or {}
      f:write("diagnostic=", d.lnum, ":", d.col, ":", tostring(d.code or lsp.code), ":", d.message, "\n")
    end
    f:close()
    vim.cmd("qa!")
  end
end))
