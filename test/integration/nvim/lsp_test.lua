-- warpcheck --lsp in a real client: Neovim 0.7 (Debian 12), headless. Only
-- 0.7 APIs, the same calls as docs/editors.md's Neovim 0.7 snippet. Opens
-- WARPCHECK_FILE (non-ASCII text before two conflicted accesses), waits for
-- the diagnostics, checks their columns in UTF-16 units (the LSP's) and in
-- bytes (Neovim's conversion of them), applies the code action whose title
-- starts with WARPCHECK_ACTION ("pad" or "swizzle") and writes the edited
-- buffer to WARPCHECK_OUT. Exits 0, or 1 with a line on stderr.
local function main()
local file = os.getenv('WARPCHECK_FILE')
local want = os.getenv('WARPCHECK_ACTION')
local function fail(message)
  io.stderr:write('FAIL: ' .. message .. '\n')
  os.exit(1)
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = 'warpcheck',
  cmd = { os.getenv('WARPCHECK'), '--lsp', '--cuda-prelude' },
  root_dir = vim.fn.fnamemodify(file, ':h'),
})
if not client_id then
  fail('the server did not start')
end
vim.lsp.buf_attach_client(bufnr, client_id)

if not vim.wait(120000, function()
      return #vim.diagnostic.get(bufnr) >= 2
    end, 100) then
  fail('no diagnostics within 120 s')
end
local diags = vim.diagnostic.get(bufnr)
table.sort(diags, function(a, b) return a.col < b.col end)
-- Line 3 (0-based 2): '  /* é→𝄞 */ o[...] = s[...' : the first 's' is at
-- UTF-16 unit 30 and byte 35, the second at unit 50, byte 55.
local want_units, want_bytes = { 30, 50 }, { 35, 55 }
local line = vim.api.nvim_buf_get_lines(bufnr, 2, 3, false)[1]
for i, d in ipairs(diags) do
  -- Neovim turned the server's UTF-16 units into this byte column: a
  -- server counting bytes would land 5 bytes too far right.
  local _, units = vim.str_utfindex(line, d.col)
  print(string.format('diagnostic %d: line %d, UTF-16 %s, byte %d: %s', i,
    d.lnum, tostring(units), d.col, d.message))
  if d.lnum ~= 2 or units ~= want_units[i] or d.col ~= want_bytes[i] then
    fail(string.format('diagnostic %d at line %d unit %s byte %d, not line 2 ' ..
      'unit %d byte %d', i, d.lnum, tostring(units), d.col, want_units[i],
      want_bytes[i]))
  end
end

-- The actions on the access's line, then on the declaration's.
local function actions_on(line)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = line, character = 0 },
              ['end'] = { line = line, character = 0 } },
    context = { diagnostics = {} },
  }
  local replies = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction',
    params, 120000)
  local found = {}
  for _, reply in pairs(replies or {}) do
    for _, action in ipairs(reply.result or {}) do
      table.insert(found, action)
    end
  end
  return found
end
local chosen
for _, line in ipairs({ 2, 1 }) do
  local titles = {}
  for _, action in ipairs(actions_on(line)) do
    table.insert(titles, action.title .. (action.isPreferred and ' (preferred)' or ''))
    if line == 2 and action.title:sub(1, #want) == want then
      chosen = action
    end
  end
  print(string.format('actions on line %d: %s', line, table.concat(titles, ' | ')))
  if #titles ~= 2 then
    fail(string.format('%d actions on line %d, not 2', #titles, line))
  end
end
if not chosen then
  fail('no action titled ' .. want)
end
vim.lsp.util.apply_workspace_edit(chosen.edit, 'utf-16')
local out = io.open(os.getenv('WARPCHECK_OUT'), 'w')
out:write(table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') .. '\n')
out:close()
vim.lsp.stop_client(client_id)
end

-- An error must end Neovim, not leave it waiting at a prompt.
local ok, err = pcall(main)
if not ok then
  io.stderr:write('FAIL: ' .. tostring(err) .. '\n')
  os.exit(1)
end
os.exit(0)
