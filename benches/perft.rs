//! `cargo bench`: perft from each bundled variant's start position. For whole-run numbers
//! (nodes per second at depth 6), use `rulebook perft VARIANT DEPTH --stats`.

use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rulebook::diagnostics::Sources;
use rulebook::game::new_game;
use rulebook::lower::load;

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth) in [("chess", 5), ("orda", 5), ("alice", 4), ("magnetic", 4)] {
        let mut sources = Sources::default();
        let loaded = load(variant, &mut sources).unwrap_or_else(|e| panic!("{variant}: {e:?}"));
        let mut game = new_game(Arc::new(loaded.variant));
        let nodes = game.perft(depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{variant}/{depth}"), |b| {
            b.iter(|| game.perft(depth))
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
