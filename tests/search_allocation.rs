//! The search allocates per search and per completed depth (its per-ply lists, the line it
//! reports), never per node. Alone in its test binary: a test running beside it in another
//! thread would add its own allocations to the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rulebook::diagnostics::Sources;
use rulebook::game::new_game;
use rulebook::lower::load;
use rulebook::search::{Engine, Limits};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn search_allocates_nothing_per_node() {
    for variant in [
        "chess",
        "crazyhouse",
        "atomic",
        "xiangqi",
        "antichess",
        "magnetic",
    ] {
        let mut sources = Sources::default();
        let loaded = load(variant, &mut sources).expect("bundled variant");
        let mut game = new_game(Arc::new(loaded.variant));
        let stop = AtomicBool::new(false);
        let mut engine = Engine::new(1);
        let mut count = |nodes: u64| {
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            let found = game.think(&mut engine, &limits, &stop, &mut |_| {});
            (ALLOCATIONS.load(Ordering::Relaxed) - before, found.nodes)
        };
        let (small, _) = count(5_000);
        let (large, searched) = count(60_000);
        assert!(
            large < small + 200 && searched > 30_000,
            "{variant}: {large} allocations for {searched} nodes, {small} for 5000"
        );
    }
}
