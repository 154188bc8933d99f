//! `cargo bench --bench chess_pairs`: chess perft in rulebook against shakmaty and cozy-chess,
//! timed in rounds that run the three one after the other, the order turned each round.
//!
//! Criterion (`benches/chess_libraries.rs`) times all of one library's samples, then all of the
//! next one's: where the machine's own speed drifts over seconds (a shared or throttled CPU),
//! that drift lands between the libraries. Here each round's three times are taken within a
//! few seconds of each other and compared within the round; the report is the median over the
//! rounds of each ratio, with the middle half of rulebook's ratios to shakmaty (a round's ratio
//! varies by a fifth on a shared machine: the median of 21 rounds settles to a few per cent).
//! `RULEBOOK_PAIRS=N` sets the rounds (21 by default).

mod common;

use std::hint::black_box;
use std::time::Instant;

use common::{POSITIONS, contenders, cozy_perft};

fn seconds(run: &mut dyn FnMut() -> u64) -> f64 {
    let start = Instant::now();
    black_box(run());
    start.elapsed().as_secs_f64()
}

/// The value `q` of the way up the sorted `values` (0.5: the median).
fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let rounds: usize = std::env::var("RULEBOOK_PAIRS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(21);
    println!("{rounds} rounds; per position the median of each library's times and of the");
    println!("per-round ratios (rulebook's time over the other library's: below 1 is faster)\n");
    println!(
        "{:<12} {:>11} {:>9} {:>9} {:>9} {:>9} {:>13} {:>9}",
        "position", "nodes", "rulebook", "shakmaty", "cozy", "rb/shak", "middle half", "rb/cozy"
    );
    for (name, fen, depth) in POSITIONS {
        let mut libs = contenders(name, fen, depth);
        let runs: [&mut dyn FnMut() -> u64; 3] = [
            &mut || libs.rulebook.perft(depth),
            &mut || shakmaty::perft(&libs.shakmaty, depth),
            &mut || cozy_perft(&libs.cozy, depth),
        ];
        let mut times = [vec![], vec![], vec![]];
        let mut ratios = [vec![], vec![]];
        for round in 0..rounds {
            let mut t = [0.0; 3];
            for k in 0..3 {
                // Rounds take the libraries in turn first, second and third.
                let i = (k + round) % 3;
                t[i] = seconds(runs[i]);
            }
            for i in 0..3 {
                times[i].push(t[i]);
            }
            ratios[0].push(t[0] / t[1]);
            ratios[1].push(t[0] / t[2]);
        }
        let [rb, sh, cz] = times.map(|mut t| quantile(&mut t, 0.5) * 1e3);
        let (low, high) = (
            quantile(&mut ratios[0], 0.25),
            quantile(&mut ratios[0], 0.75),
        );
        let [vs_sh, vs_cz] = ratios.map(|mut r| quantile(&mut r, 0.5));
        println!(
            "{:<12} {:>11} {rb:>7.1}ms {sh:>7.1}ms {cz:>7.1}ms {vs_sh:>9.3} {:>13} {vs_cz:>9.3}",
            format!("{name}/{depth}"),
            libs.nodes,
            format!("{low:.3}–{high:.3}"),
        );
    }
}
