// Starts `cescacs lsp` for CTL-PGN files: diagnostics, colours (semantic tokens), completion of
// legal moves, hovers, go to definition, symbols, formatting, quick fixes, folding, highlight.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

exports.activate = function () {
  const command = vscode.workspace.getConfiguration("cescacs").get("server.path", "cescacs");
  client = new LanguageClient(
    "cescacs",
    "C'escacs",
    { command, args: ["lsp"] },
    { documentSelector: [{ language: "ctl-pgn" }] }
  );
  return client.start();
};

exports.deactivate = function () {
  return client && client.stop();
};
