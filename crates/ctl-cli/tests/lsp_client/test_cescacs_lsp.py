"""A real LSP client (pytest-lsp, over standard input and output) drives `cescacs lsp`.

Run by `crates/ctl-cli/tests/lsp_client.rs`, which sets CESCACS_BIN to the built binary. Two
clients' capabilities are used: VS Code's (no position encodings offered: UTF-16) and
Neovim 0.11's (UTF-8 offered first)."""

import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

URI = "file:///tmp/cescacs-lsp-test/game.ctl-pgn"
INITIAL = (
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/"
    "8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1"
)
BROKEN = (
    '[Variant "C\'escacs"]\n'
    '[White "Mestre, Rut"]\n'
    f'[DPTL "{INITIAL}"]\n'
    "\n"
    "{ Martí 🩐 }\n"
    "1. E7‐E13, E21‐E15 2. F8‐F12, F20‐F16 3. E13xF16: *\n"
    "{ @W: see #2@B and ~F16 }\n"
)

CLIENTS = {
    "visual-studio-code": "utf-16",
    "neovim@v0.11.0": "utf-8",
}


def width(text: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def column(line: str, needle: str, encoding: str) -> int:
    return width(line[: line.index(needle)], encoding)


def index(text: str, position: types.Position, encoding: str) -> int:
    """The string index of an LSP position."""
    lines = text.split("\n")
    start = sum(len(l) + 1 for l in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = 0
    for i, ch in enumerate(line):
        if units >= position.character:
            return start + i
        units += width(ch, encoding)
    return start + len(line)


def apply(text: str, edits, encoding: str) -> str:
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        a = index(text, edit.range.start, encoding)
        b = index(text, edit.range.end, encoding)
        text = text[:a] + edit.new_text + text[b:]
    return text


class Session:
    """The client, the document as the client has it, and the server's encoding."""

    def __init__(self, client: LanguageClient, encoding: str):
        self.client = client
        self.encoding = encoding
        self.text = BROKEN
        self.version = 1

    async def diagnostics(self):
        await self.client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return self.client.diagnostics[URI]

    def change(self, edits):
        """Sends the edits one by one as incremental changes, and applies them locally."""
        for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
            self.version += 1
            self.text = apply(self.text, [edit], self.encoding)
            self.client.text_document_did_change(
                types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=self.version),
                    content_changes=[
                        types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)
                    ],
                )
            )

    def at(self, line: int, needle: str, offset: int = 1) -> types.Position:
        text_line = self.text.split("\n")[line]
        return types.Position(line=line, character=column(text_line, needle, self.encoding) + offset)

    async def actions(self, line: int, needle: str):
        position = self.at(line, needle, 0)
        return await self.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=URI),
                range=types.Range(start=position, end=position),
                context=types.CodeActionContext(diagnostics=[]),
            )
        )


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[os.environ["CESCACS_BIN"], "lsp"]),
    params=sorted(CLIENTS),
)
async def client(request, lsp_client: LanguageClient):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities(request.param))
    )
    lsp_client.spec = request.param
    lsp_client.server_encoding = result.capabilities.position_encoding
    lsp_client.token_types = result.capabilities.semantic_tokens_provider.legend.token_types
    yield
    await lsp_client.shutdown_session()


async def test_a_session(client: LanguageClient):
    encoding = CLIENTS[client.spec]
    assert client.server_encoding == encoding
    s = Session(client, encoding)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="ctl-pgn", version=1, text=BROKEN)
        )
    )

    # Diagnostics at the expected ranges: `‐` and `🩐` are wider in UTF-8 and UTF-16 than in
    # characters, so the column of the `x` depends on the encoding.
    found = await s.diagnostics()
    assert [d.code for d in found] == ["W0202", "E0206"]
    dptl, x = found
    assert (dptl.range.start.line, dptl.range.start.character, dptl.range.end.character) == (2, 1, 5)
    moves = BROKEN.split("\n")[5]
    col = column(moves, "xF16", encoding)
    assert col == {"utf-16": 44, "utf-8": 52}[encoding]
    assert x.range == types.Range(
        start=types.Position(line=5, character=col), end=types.Position(line=5, character=col + 1)
    )
    assert x.severity == types.DiagnosticSeverity.Error
    assert x.message == "expected `×` or `*` for the capture, found `x`"

    # A quick fix, applied as an incremental change.
    actions = await s.actions(5, "xF16")
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert [a.title for a in quick] == ["Replace `x` with `×`"]
    s.change(quick[0].edit.changes[URI])
    found = await s.diagnostics()
    assert [d.code for d in found] == ["W0202"]
    assert "E13×F16" in s.text

    actions = await s.actions(2, "DPTL")
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert [a.title for a in quick] == ["Replace `DPTL` with `PDTL`"]
    s.change(quick[0].edit.changes[URI])
    assert list(await s.diagnostics()) == []

    # Hover on a move: in words, and the position after it.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=s.at(5, "E13×F16", 2))
    )
    assert "White Pawn from E13 takes the Black Pawn on F16" in hover.contents.value
    assert "```text\n   P T A B C D E F G H I K L X Z\n" in hover.contents.value
    assert "/16:3P3/" in hover.contents.value

    # Hover on a reference, and go to the move it names.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=s.at(6, "#2@B"))
    )
    assert "Black's move 2" in hover.contents.value
    target = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=URI), position=s.at(6, "#2@B"))
    )
    location = target[0] if isinstance(target, list) else target
    assert location.uri == URI
    start = s.at(5, "F20", 0)
    assert location.range.start == start
    assert location.range.end.character == start.character + width("F20‐F16", encoding)

    # The outline.
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    assert [sym.name for sym in symbols] == ["Game 1"]

    # Formatting: the canonical layout, then nothing more to do.
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=URI), options=options)
    )
    assert len(edits) == 1
    s.change(edits)
    assert "\n1. E7-E13, E21-E15\n2. F8-F12, F20-F16\n3. E13×F16 :\n*\n" in s.text
    assert list(await s.diagnostics()) == []
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=URI), options=options)
    )
    assert not edits


async def test_colours_and_completion(client: LanguageClient):
    encoding = CLIENTS[client.spec]
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="ctl-pgn", version=1, text=BROKEN)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    # The semantic tokens, decoded in the client's encoding: each token's text is its kind's.
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    data, line, start, found = tokens.data, 0, 0, []
    for i in range(0, len(data), 5):
        line += data[i]
        start = start + data[i + 1] if data[i] == 0 else data[i + 1]
        a = index(BROKEN, types.Position(line=line, character=start), encoding)
        b = index(BROKEN, types.Position(line=line, character=start + data[i + 2]), encoding)
        found.append((client.token_types[data[i + 3]], BROKEN[a:b]))
    hexes = [text for kind, text in found if kind == "enumMember"]
    assert hexes == ["E7", "E13", "E21", "E15", "F8", "F12", "F20", "F16", "E13", "F16", "~F16"]
    assert ("comment", "{ Martí 🩐 }") in found
    assert ("property", "DPTL") in found and ("number", "#2@B") in found

    # Completion at White's first move: the 68 legal moves of the initial position.
    at = types.Position(line=5, character=column(BROKEN.split("\n")[5], "E7", encoding))
    items = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=URI), position=at)
    )
    labels = [item.label for item in items.items]
    assert len(labels) == 68 and "E7-E13" in labels and "JF6-C15" in labels


async def test_a_broken_document_is_not_formatted(client: LanguageClient):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="ctl-pgn", version=1, text=BROKEN)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            options=types.FormattingOptions(tab_size=4, insert_spaces=True),
        )
    )
    assert not edits
