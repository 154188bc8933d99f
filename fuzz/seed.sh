#!/bin/sh
# Seeds the fuzz corpora from the repository: variant files, reference FENs and moves, PGNs.
set -e
cd "$(dirname "$0")"
mkdir -p corpus/variant_parser corpus/fen_parser corpus/move_parser corpus/pgn_reader corpus/lsp_server
cp ../tests/pgn/*.pgn corpus/pgn_reader/
cp ../variants/*.variant corpus/variant_parser/
cp ../tests/diagnostics/*.variant corpus/variant_parser/ 2>/dev/null || true
i=0
for f in ../tests/reference/perft/*.epd; do
  grep -v '^#' "$f" | cut -d';' -f1 | sed 's/ *$//' | while IFS= read -r fen; do
    [ -n "$fen" ] && printf '%s' "$fen" > "corpus/fen_parser/$(printf '%s' "$fen" | sha1sum | cut -c1-40)"
  done
done
for f in ../tests/reference/moves/*.jsonl; do
  sed -n 's/^{"fen":"\([^"]*\)".*/\1/p' "$f" | while IFS= read -r fen; do
    printf '%s' "$fen" > "corpus/fen_parser/$(printf '%s' "$fen" | sha1sum | cut -c1-40)"
  done
  grep -o '"uci":"[^"]*"' "$f" | cut -d'"' -f4 | sort -u | while IFS= read -r m; do
    printf '%s' "$m" > "corpus/move_parser/$m"
  done
done
for m in e7e8q a7a8 a2a1Q e1g1 e5f6 f4f3 d4d5 h8h9 a10a11 z9z9; do
  printf '%s' "$m" > "corpus/move_parser/seed-$m"
done
# lsp_server: documents (any input not starting with `Content-Length`), and one editor session
cp ../variants/*.variant corpus/lsp_server/
frame() { printf 'Content-Length: %d\r\n\r\n%s' "$(printf '%s' "$1" | wc -c)" "$1"; }
uri='"file:///nonexistent-rulebook-fuzz/doc.variant"'
text='variant x \"\u00e9\" extends chess\nregion camp rank 8\npiece camel {\n  letters C c\n  leap (1,3) from camp\n}\n'
at='"position":{"line":4,"character":9}'
{
  frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":'"$uri"',"languageId":"variant","version":1,"text":"'"$text"'"}}}'
  frame '{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":'"$uri"'},'"$at"'}}'
  frame '{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":'"$uri"'},'"$at"'}}'
  frame '{"jsonrpc":"2.0","id":3,"method":"textDocument/references","params":{"textDocument":{"uri":'"$uri"'},'"$at"',"context":{"includeDeclaration":true}}}'
  frame '{"jsonrpc":"2.0","id":4,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":'"$uri"'}}}'
  frame '{oops'
  frame '{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":'"$uri"',"version":2},"contentChanges":[{"text":"variant y extends orda\n"}]}}'
  frame '{"jsonrpc":"2.0","id":5,"method":"textDocument/formatting","params":{"textDocument":{"uri":'"$uri"'},"options":{"tabSize":2,"insertSpaces":true}}}'
} > corpus/lsp_server/session
echo "corpus: $(ls corpus/variant_parser | wc -l) variants, $(ls corpus/fen_parser | wc -l) FENs, $(ls corpus/move_parser | wc -l) moves, $(ls corpus/pgn_reader | wc -l) PGNs, $(ls corpus/lsp_server | wc -l) LSP inputs"
