#!/bin/sh
# Seeds the fuzz corpora from the repository: variant files, reference FENs and moves, PGNs.
set -e
cd "$(dirname "$0")"
mkdir -p corpus/variant_parser corpus/fen_parser corpus/move_parser corpus/pgn_reader
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
echo "corpus: $(ls corpus/variant_parser | wc -l) variants, $(ls corpus/fen_parser | wc -l) FENs, $(ls corpus/move_parser | wc -l) moves, $(ls corpus/pgn_reader | wc -l) PGNs"
