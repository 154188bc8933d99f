//! `cargo bench --bench search`: the computer's search speed, nodes per second, on a fixed set
//! of positions (the start and a middlegame of chess, Fairy-Stockfish's bench-like choice, and
//! the starts of Crazyhouse, Atomic, Xiangqi, Shogi and Orda), each searched to a fixed node
//! count with a fresh table, so that every run does the same work. Fairy-Stockfish's counts on
//! the same positions: `go nodes N` there (see README "Play against the computer").

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rulebook::diagnostics::Sources;
use rulebook::game::new_game;
use rulebook::lower::load;
use rulebook::search::{Engine, Limits};

const NODES: u64 = 200_000;

const POSITIONS: &[(&str, Option<&str>)] = &[
    ("chess", None),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ),
    ("crazyhouse", None),
    ("atomic", None),
    ("xiangqi", None),
    ("shogi", None),
    ("orda", None),
];

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (i, (variant, fen)) in POSITIONS.iter().enumerate() {
        let mut sources = Sources::default();
        let loaded = load(variant, &mut sources).unwrap_or_else(|e| panic!("{variant}: {e:?}"));
        let mut game = new_game(Arc::new(loaded.variant));
        if let Some(f) = fen {
            game.set_fen(f)
                .unwrap_or_else(|e| panic!("{f}: {}", e.message));
        }
        let limits = Limits {
            nodes: Some(NODES),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        group.throughput(Throughput::Elements(NODES));
        group.bench_function(format!("{i}-{variant}"), |b| {
            b.iter(|| {
                let mut engine = Engine::new(16);
                game.think(&mut engine, &limits, &stop, &mut |_| {})
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
