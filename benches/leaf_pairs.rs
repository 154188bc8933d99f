//! `cargo bench --bench leaf_pairs`: the time a variant's perft takes per leaf, over chess's, from
//! each start position, timed in rounds that run chess and the variant one after the other (the
//! order turned each round), as `chess_pairs` does for the chess libraries and for the same
//! reason: this machine's speed drifts within seconds, and within a round it drifts little.
//!
//! The report per variant: the median of the per-round ratios and their middle half, and the
//! ratio of the median times per leaf. `RULEBOOK_PAIRS=N` sets the rounds (15 by default),
//! `RULEBOOK_LEAF_VARIANTS=a,b` the variants (Alice and Magnetic by default), and
//! `RULEBOOK_LEAF_DEPTH=D` the depth of every perft (6 by default).

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use rulebook::diagnostics::Sources;
use rulebook::game::{Game, new_game};
use rulebook::lower::load;

fn game(name: &str) -> Box<dyn Game> {
    let mut sources = Sources::default();
    let loaded = load(name, &mut sources).unwrap_or_else(|_| panic!("bundled variant {name}"));
    new_game(Arc::new(loaded.variant))
}

/// Seconds per leaf of one perft.
fn per_leaf(game: &mut dyn Game, depth: u32) -> f64 {
    let start = Instant::now();
    let leaves = black_box(game.perft(depth));
    start.elapsed().as_secs_f64() / leaves as f64
}

/// The value `q` of the way up the sorted `values` (0.5: the median).
fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * q).round() as usize]
}

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn main() {
    let rounds: usize = env("RULEBOOK_PAIRS").filter(|&n| n > 0).unwrap_or(15);
    let depth: u32 = env("RULEBOOK_LEAF_DEPTH").filter(|&d| d > 0).unwrap_or(6);
    let variants: String =
        env("RULEBOOK_LEAF_VARIANTS").unwrap_or_else(|| "alice,magnetic".to_string());
    println!("{rounds} rounds of perft {depth} from the start; per variant its time per leaf over");
    println!("chess's: the median of the per-round ratios, their middle half, the ratio of the");
    println!("median times per leaf\n");
    println!(
        "{:<12} {:>11} {:>11} {:>9} {:>13} {:>9}",
        "variant", "ns/leaf", "chess", "median", "middle half", "medians"
    );
    let mut chess = game("chess");
    for name in variants.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let mut variant = game(name);
        let (mut ours, mut theirs, mut ratios) = (vec![], vec![], vec![]);
        for round in 0..rounds {
            let (c, v) = if round % 2 == 0 {
                let c = per_leaf(chess.as_mut(), depth);
                (c, per_leaf(variant.as_mut(), depth))
            } else {
                let v = per_leaf(variant.as_mut(), depth);
                (per_leaf(chess.as_mut(), depth), v)
            };
            ours.push(v);
            theirs.push(c);
            ratios.push(v / c);
        }
        let (v, c) = (quantile(&mut ours, 0.5), quantile(&mut theirs, 0.5));
        let (low, mid, high) = (
            quantile(&mut ratios, 0.25),
            quantile(&mut ratios, 0.5),
            quantile(&mut ratios, 0.75),
        );
        println!(
            "{name:<12} {:>11.2} {:>11.2} {mid:>9.3} {:>13} {:>9.3}",
            v * 1e9,
            c * 1e9,
            format!("{low:.3}–{high:.3}"),
            v / c,
        );
    }
}
