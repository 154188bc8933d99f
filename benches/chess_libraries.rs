//! `cargo bench --bench chess_libraries`: chess perft in rulebook side by side with two
//! hand-written Rust move generators, shakmaty and cozy-chess, on the same positions and depths.
//! All three count the last ply without playing it (bulk counting), and run on one thread.
//! Each position's node count is checked to agree before anything is timed.

mod common;

use common::{POSITIONS, contenders, cozy_perft};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn chess_libraries(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess perft");
    group.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let mut libs = contenders(name, fen, depth);
        group.throughput(Throughput::Elements(libs.nodes));
        let id = |library: &str| BenchmarkId::new(library, format!("{name}/{depth}"));
        group.bench_function(id("rulebook"), |b| b.iter(|| libs.rulebook.perft(depth)));
        group.bench_function(id("shakmaty"), |b| {
            b.iter(|| shakmaty::perft(&libs.shakmaty, depth))
        });
        group.bench_function(id("cozy-chess"), |b| {
            b.iter(|| cozy_perft(&libs.cozy, depth))
        });
    }
    group.finish();
}

criterion_group!(benches, chess_libraries);
criterion_main!(benches);
