//! Move generation allocates nothing per node: after a warm-up, a perft of tens of thousands
//! of nodes makes only the handful of allocations of its per-depth move buffers.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rulebook::diagnostics::Sources;
use rulebook::game::new_game;
use rulebook::lower::load;

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
fn perft_allocates_nothing_per_node() {
    for (variant, depth) in [("chess", 4), ("orda", 4), ("alice", 4), ("magnetic", 4)] {
        let mut sources = Sources::default();
        let loaded = load(variant, &mut sources).expect("bundled variant");
        let mut game = new_game(Arc::new(loaded.variant));
        let nodes = game.perft(depth);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        assert_eq!(game.perft(depth), nodes);
        let made = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert!(
            made <= 2 * depth as usize + 2,
            "{variant}: {made} allocations for {nodes} nodes"
        );
    }
}
