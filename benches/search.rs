//! `cargo bench --bench search`: the computer's search speed, nodes per second, on a fixed set
//! of positions (the start and a middlegame of chess, Fairy-Stockfish's bench-like choice, and
//! the starts of Crazyhouse, Atomic, Xiangqi, Shogi and Orda, Magnetic's start and a
//! middlegame of it: a variant whose moves are slow to generate), each searched to a fixed node
//! count with a fresh table in one thread, so that every run does the same work.
//!
//! Side by side with Fairy-Stockfish: when `FAIRY_STOCKFISH` names its binary (and
//! `FAIRY_STOCKFISH_LARGE` one built with `largeboards=yes`, for the boards over 8x8), group
//! `fairy-stockfish` times the same searches there (`go nodes N` after `ucinewgame`, one
//! thread, 16 MB of hash, its classical evaluation, the `variants.ini` beside the binary
//! loaded for the variants it defines), from `go` to `bestmove`, and a table of both speeds
//! follows the benchmarks. When `RULEBOOK_THREADS` is a number T, a last table compares the
//! search in T threads with one: the time to complete a depth (one more than one thread
//! completes in N nodes) and the nodes per second, the median of three. See README "Play
//! against the computer".

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use rulebook::diagnostics::Sources;
use rulebook::game::{Game, new_game};
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
    ("magnetic", None),
    (
        "magnetic",
        Some("rn2kbr1/pb1p1p1p/1P6/p4n2/3qp2P/Q3B3/P1P1PPPP/RN2KBNR b q - 0 7"),
    ),
];

/// The game of a position of [`POSITIONS`].
fn game_of(variant: &str, fen: Option<&str>) -> Box<dyn Game> {
    let mut sources = Sources::default();
    let loaded = load(variant, &mut sources).unwrap_or_else(|e| panic!("{variant}: {e:?}"));
    let mut game = new_game(Arc::new(loaded.variant));
    if let Some(f) = fen {
        game.set_fen(f)
            .unwrap_or_else(|e| panic!("{f}: {}", e.message));
    }
    game
}

/// One search of rulebook's to [`NODES`] with a fresh table: the depth it completed.
fn rulebook_search(game: &mut dyn Game) -> u32 {
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    game.think(&mut engine, &limits, &stop, &mut |_| {}).depth
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (i, (variant, fen)) in POSITIONS.iter().enumerate() {
        let mut game = game_of(variant, *fen);
        group.throughput(Throughput::Elements(NODES));
        group.bench_function(format!("{i}-{variant}"), |b| {
            b.iter(|| rulebook_search(game.as_mut()))
        });
    }
    group.finish();
}

/// A Fairy-Stockfish process spoken to over UCI.
struct Fairy {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The variants its `UCI_Variant` offers.
    variants: Vec<String>,
}

impl Fairy {
    /// Starts the binary with one thread, 16 MB and its classical evaluation, and the
    /// `variants.ini` beside it loaded if there is one.
    fn start(binary: &str) -> Fairy {
        let mut child = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("FAIRY_STOCKFISH={binary}: {e}"));
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut fairy = Fairy {
            child,
            input,
            output,
            variants: vec![],
        };
        for option in ["Threads value 1", "Hash value 16", "Use NNUE value false"] {
            fairy.send(&format!("setoption name {option}"));
        }
        let ini = Path::new(binary).with_file_name("variants.ini");
        if ini.exists() {
            fairy.send(&format!(
                "setoption name VariantPath value {}",
                ini.display()
            ));
        }
        fairy.send("uci");
        for line in fairy.until("uciok") {
            if let Some(list) = line.strip_prefix("option name UCI_Variant type combo") {
                fairy.variants = list.split(" var ").skip(1).map(str::to_string).collect();
            }
        }
        fairy
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("Fairy-Stockfish reads");
        self.input.flush().expect("Fairy-Stockfish reads");
    }

    /// The lines up to the one that starts with `word`.
    fn until(&mut self, word: &str) -> Vec<String> {
        let mut lines = vec![];
        loop {
            let mut line = String::new();
            let read = self
                .output
                .read_line(&mut line)
                .expect("Fairy-Stockfish writes");
            assert!(read > 0, "Fairy-Stockfish ended before `{word}`");
            if line.starts_with(word) {
                return lines;
            }
            lines.push(line.trim_end().to_string());
        }
    }

    /// Searches a position to [`NODES`] with a cleared table: the nodes it counted, the time
    /// from `go` to `bestmove` and the depth it completed.
    fn search(&mut self, variant: &str, fen: Option<&str>) -> (u64, Duration, u32) {
        self.send(&format!("setoption name UCI_Variant value {variant}"));
        self.send("ucinewgame");
        match fen {
            Some(f) => self.send(&format!("position fen {f}")),
            None => self.send("position startpos"),
        }
        self.send("isready");
        self.until("readyok");
        let started = Instant::now();
        self.send(&format!("go nodes {NODES}"));
        let lines = self.until("bestmove");
        let took = started.elapsed();
        let last = |word: &str| -> u64 {
            lines
                .iter()
                .rev()
                .find_map(|l| l.split(&format!(" {word} ")).nth(1))
                .and_then(|rest| rest.split(' ').next()?.parse().ok())
                .unwrap_or(0)
        };
        (last("nodes"), took, last("depth") as u32)
    }
}

impl Drop for Fairy {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// The Fairy-Stockfish processes of `FAIRY_STOCKFISH` and `FAIRY_STOCKFISH_LARGE`.
fn fairies() -> Vec<Fairy> {
    ["FAIRY_STOCKFISH", "FAIRY_STOCKFISH_LARGE"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .map(|binary| Fairy::start(&binary))
        .collect()
}

/// The first of `fairies` that plays `variant`.
fn fairy_for<'a>(fairies: &'a mut [Fairy], variant: &str) -> Option<&'a mut Fairy> {
    fairies
        .iter_mut()
        .find(|f| f.variants.iter().any(|v| v == variant))
}

fn fairy_stockfish(c: &mut Criterion) {
    let mut fairies = fairies();
    if fairies.is_empty() {
        return;
    }
    let mut group = c.benchmark_group("fairy-stockfish");
    group.sample_size(10);
    for (i, (variant, fen)) in POSITIONS.iter().enumerate() {
        let Some(fairy) = fairy_for(&mut fairies, variant) else {
            eprintln!("{variant}: no Fairy-Stockfish binary given plays it");
            continue;
        };
        group.throughput(Throughput::Elements(NODES));
        group.bench_function(format!("{i}-{variant}"), |b| {
            b.iter_custom(|runs| (0..runs).map(|_| fairy.search(variant, *fen).1).sum())
        });
    }
    group.finish();
}

/// The search of the median time of five by `f`, which returns the nodes, the time and the
/// depth of one: its nodes per second and its depth.
fn median(mut f: impl FnMut() -> (u64, Duration, u32)) -> (f64, u32) {
    let mut all: Vec<(u64, Duration, u32)> = (0..5).map(|_| f()).collect();
    all.sort_by_key(|r| r.1);
    let (nodes, time, depth) = all[2];
    (nodes as f64 / time.as_secs_f64().max(1e-9), depth)
}

/// Both engines' nodes per second on each position (the median of five searches) and the
/// depth each completed, as README shows them.
fn side_by_side() {
    let mut fairies = fairies();
    if fairies.is_empty() {
        return;
    }
    println!("\n| position | rulebook nodes/s (depth) | Fairy-Stockfish nodes/s (depth) | ratio |");
    println!("|---|---:|---:|---:|");
    for (i, (variant, fen)) in POSITIONS.iter().enumerate() {
        let mut game = game_of(variant, *fen);
        let (ours, our_depth) = median(|| {
            let started = Instant::now();
            let depth = rulebook_search(game.as_mut());
            (NODES, started.elapsed(), depth)
        });
        let theirs = fairy_for(&mut fairies, variant).map(|f| median(|| f.search(variant, *fen)));
        let (theirs, ratio) = theirs.map_or(("-".into(), "-".into()), |(t, d)| {
            (format!("{t:.0} ({d})"), format!("{:.2}", ours / t))
        });
        println!("| {i}-{variant} | {ours:.0} ({our_depth}) | {theirs} | {ratio} |");
    }
}

/// One search to `depth` in `threads` threads with a fresh table: its time and nodes.
fn to_depth(game: &mut dyn Game, depth: u32, threads: usize) -> (Duration, u64) {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    engine.threads = threads;
    let started = Instant::now();
    let found = game.think(&mut engine, &limits, &stop, &mut |_| {});
    (started.elapsed(), found.nodes)
}

/// Time to depth and nodes per second in `RULEBOOK_THREADS` threads against one.
fn threads_against_one() {
    let Some(threads) = std::env::var("RULEBOOK_THREADS")
        .ok()
        .and_then(|t| t.parse::<usize>().ok())
    else {
        return;
    };
    println!(
        "\n| position | depth | 1 thread: ms, nodes/s | {threads} threads: ms, nodes/s | speed-up |"
    );
    println!("|---|---:|---:|---:|---:|");
    for (i, (variant, fen)) in POSITIONS.iter().enumerate() {
        let mut game = game_of(variant, *fen);
        let depth = rulebook_search(game.as_mut()) + 1;
        let mut run = |t: usize| {
            let mut all: Vec<(Duration, u64)> =
                (0..3).map(|_| to_depth(game.as_mut(), depth, t)).collect();
            all.sort();
            let (time, nodes) = all[1];
            (
                time.as_secs_f64(),
                nodes as f64 / time.as_secs_f64().max(1e-9),
            )
        };
        let (one, more) = (run(1), run(threads));
        println!(
            "| {i}-{variant} | {depth} | {:.0}, {:.0} | {:.0}, {:.0} | {:.2} |",
            one.0 * 1000.0,
            one.1,
            more.0 * 1000.0,
            more.1,
            one.0 / more.0
        );
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    search(&mut c);
    fairy_stockfish(&mut c);
    side_by_side();
    threads_against_one();
    c.final_summary();
}
