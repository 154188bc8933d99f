//! Snapshots of what the interpreter does with each bundled variant: the IR dumps, and the
//! legal moves (each with the FEN it leads to) of positions chosen to show one rule each.

mod common;

fn ir(variant: &str) -> String {
    let mut sources = rulebook::diagnostics::Sources::default();
    match rulebook::lower::load(variant, &mut sources) {
        Ok(l) => l.variant.to_string(),
        Err(e) => panic!("{variant}: {e:?}"),
    }
}

fn moves(name: &str, variant: &str, fen: &str, what: &str) {
    let text = common::moves_text(variant, fen);
    let mut s = common::settings();
    s.set_description(what);
    s.bind(|| insta::assert_snapshot!(name, text));
}

/// The IR dump of every bundled variant: what each file means once composed and resolved.
#[test]
fn ir_dumps() {
    for v in rulebook::bundled::names() {
        let text = ir(v);
        common::settings().bind(|| insta::assert_snapshot!(format!("ir_{v}"), text));
    }
}

/// `rulebook variants`: the library as a user sees it, one bundled variant a line.
#[test]
fn variants_listing() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .arg("variants")
        .env("NO_COLOR", "1")
        .output()
        .expect("run rulebook");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    common::settings().bind(|| insta::assert_snapshot!("variants_listing", text));
}

// chess

#[test]
fn chess_start_has_twenty_moves() {
    moves(
        "chess_start_has_twenty_moves",
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "the start position",
    );
}

#[test]
fn chess_castling_both_sides() {
    moves(
        "chess_castling_both_sides",
        "chess",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1g1 and e1c1; a rook move loses its right",
    );
}

#[test]
fn chess_en_passant_and_pin() {
    moves(
        "chess_en_passant_and_pin",
        "chess",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        "e4d3 would expose the king on a4 to the queen along the rank: no en passant",
    );
}

#[test]
fn chess_reads_a_two_square_en_passant_field_in_board_order() {
    moves(
        "chess_reads_a_two_square_en_passant_field_in_board_order",
        "chess",
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e5e6 0 2",
        "Fairy-Stockfish lists the squares a1 first: after e7e5, `e5e6`; the pawn on e5 may be taken on e6",
    );
}

#[test]
fn chess_check_evasions_and_promotion() {
    moves(
        "chess_check_evasions_and_promotion",
        "chess",
        "3r3k/1P6/8/8/8/8/8/3K4 w - - 0 1",
        "in check from d8: the king steps away or b7 captures on d8 and promotes",
    );
}

// orda

#[test]
fn orda_lancer_moves_as_knight_captures_as_rook() {
    moves(
        "orda_lancer_moves_as_knight_captures_as_rook",
        "orda",
        "4k3/8/1N6/3l4/8/3P4/8/4K3 b - - 0 1",
        "the lancer jumps like a knight to empty squares only (not onto b6) and captures d3 along the file",
    );
}

#[test]
fn orda_archer_moves_as_knight_captures_as_bishop() {
    moves(
        "orda_archer_moves_as_knight_captures_as_bishop",
        "orda",
        "4k3/8/8/3a4/8/1P3N2/8/4K3 b - - 0 1",
        "the archer jumps like a knight and captures b3 and f3 along the diagonals",
    );
}

#[test]
fn orda_lancer_checks_along_rook_lines_only() {
    moves(
        "orda_lancer_checks_along_rook_lines_only",
        "orda",
        "4k3/8/8/8/8/2l5/8/l3K3 w - - 0 1",
        "the lancer on a1 checks along rank 1 (d1 and f1 are covered); the one on c3 could jump to d1 and e2, but its jumps are not attacks: e2 is legal",
    );
}

#[test]
fn orda_campmate_ends_the_game() {
    moves(
        "orda_campmate_ends_the_game",
        "orda",
        "k2K4/8/8/8/8/8/8/8 b - - 1 1",
        "the white king stands on rank 8: campmate, no moves",
    );
}

#[test]
fn orda_white_promotes_to_queen_or_kheshig() {
    moves(
        "orda_white_promotes_to_queen_or_kheshig",
        "orda",
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "white's choices: H (kheshig) or Q",
    );
}

#[test]
fn orda_black_promotes_to_queen_or_kheshig() {
    moves(
        "orda_black_promotes_to_queen_or_kheshig",
        "orda",
        "4k3/8/8/8/8/8/p7/4K3 b - - 0 1",
        "black's choices: h or q",
    );
}

// alice

#[test]
fn alice_capture_refused_target_on_other_board() {
    moves(
        "alice_capture_refused_target_on_other_board",
        "alice",
        "o3k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "the black knight on a8 stands on board 2: the rook on board 1 cannot take it, and cannot land on a8 either",
    );
}

#[test]
fn alice_move_refused_landing_taken_on_other_board() {
    moves(
        "alice_move_refused_landing_taken_on_other_board",
        "alice",
        "4k3/8/8/8/8/5S2/8/4K1N1 w - - 0 1",
        "g1f3 would cross onto f3 of board 2, where a white pawn stands",
    );
}

#[test]
fn alice_castling_refused_destination_on_board_two() {
    moves(
        "alice_castling_refused_destination_on_board_two",
        "alice",
        "4k3/8/8/8/8/8/8/4K1oR w K - 0 1",
        "g1 is empty on board 1 but a black knight holds it on board 2: no e1g1",
    );
}

#[test]
fn alice_king_cannot_escape_check_by_crossing() {
    moves(
        "alice_king_cannot_escape_check_by_crossing",
        "alice",
        "k2rrr2/8/8/8/8/8/8/4K3 w - - 0 1",
        "every king move lands on a square attacked on board 1, where it is played: checkmate, though board 2 is empty",
    );
}

// magnetic

#[test]
fn magnetic_pulls_and_pushes_on_four_rays() {
    moves(
        "magnetic_pulls_and_pushes_on_four_rays",
        "magnetic",
        "k2r4/8/8/8/1P5q/5N2/3B4/7K w - - 0 1",
        "f3d4: the rook d8 is pulled to d5, the queen h4 to e4; the pawn b4 is pushed to a4, the bishop d2 to d1",
    );
}

#[test]
fn magnetic_king_blocks_the_field() {
    moves(
        "magnetic_king_blocks_the_field",
        "magnetic",
        "3b4/8/3K4/q1R2rP1/3Q4/8/3b4/7k w - - 0 1",
        "the seed example: d4d5 gives 3b4/8/3K4/qR1Qr1P1/3b4/8/8/7k b - - 1 1; the king on d6 shields d8",
    );
}

#[test]
fn magnetic_castling_rook_acts() {
    moves(
        "magnetic_castling_rook_acts",
        "magnetic",
        "4k3/8/8/5n2/8/8/8/4K2R w K - 0 1",
        "e1g1: the rook, now on f1, pulls the black knight f5 down to f2",
    );
}

#[test]
fn magnetic_push_promotes_a_pawn() {
    moves(
        "magnetic_push_promotes_a_pawn",
        "magnetic",
        "4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1",
        "b1b2..b1b6 push the pawn b7 to b8, where it promotes: four versions each",
    );
}

#[test]
fn magnetic_king_capture_ends_the_game() {
    moves(
        "magnetic_king_capture_ends_the_game",
        "magnetic",
        "k7/8/8/8/8/8/q7/8 w - - 0 2",
        "white's king was taken: white has no moves",
    );
}

#[test]
fn magnetic_king_may_be_captured() {
    moves(
        "magnetic_king_may_be_captured",
        "magnetic",
        "k7/8/8/8/8/8/8/Kq6 b - - 0 1",
        "no check: the queen may simply take the king",
    );
}

// The effect vocabulary beyond Magnetic: Atomic's explosion (tests/variants/explosion.variant).

#[test]
fn explosion_removes_the_capturer_and_non_pawns_around() {
    moves(
        "explosion_removes_the_capturer_and_non_pawns_around",
        "tests/variants/explosion.variant",
        "4k3/8/2b5/3np3/4P3/8/8/4K3 w - - 0 1",
        "e4d5 takes the knight: the bishop c6 and the capturing pawn go too, the pawn e5 stays",
    );
}

// En passant is a capture a piece could not make as a quiet move (tests/variants/kingpawns.variant).

#[test]
fn en_passant_never_where_the_piece_may_step_quietly() {
    moves(
        "en_passant_never_where_the_piece_may_step_quietly",
        "tests/variants/kingpawns.variant",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3e4 0 1",
        "after e2e4 the pawn d4 may step to e3, a quiet move that leaves e4 standing",
    );
}

#[test]
fn magnetic_pulls_and_pushes_on_four_rays_mirrored() {
    moves(
        "magnetic_pulls_and_pushes_on_four_rays_mirrored",
        "magnetic",
        "8/3B4/8/8/n5R1/5N2/7K/k2r4 w - - 0 1",
        "f3d4, roles swapped: the bishop d7 is pushed to d8, the rook g4 to h4; the knight a4 is pulled to c4, the rook d1 to d3",
    );
}

// Hands and drops

#[test]
fn crazyhouse_drops_block_a_check_but_no_pawn_on_the_first_rank() {
    moves(
        "crazyhouse_drops_block_a_check_but_no_pawn_on_the_first_rank",
        "crazyhouse",
        "4k3/8/8/8/8/8/8/r3K3[PN] w - - 0 1",
        "the knight may be dropped on b1, c1 or d1 to block the rook; the pawn may not go on the first rank",
    );
}

#[test]
fn cambodian_first_move_rights_in_the_fen() {
    moves(
        "cambodian_first_move_rights_in_the_fen",
        "cambodian",
        "4k3/8/8/8/8/8/8/R2KM3 w DEe - 0 1",
        "d1b2 and d1f2 leap (D goes), e1e3 jumps (E goes), a1a8 aims at the black king (e goes)",
    );
}

#[test]
fn opposite_castling_takes_the_same_wing_from_the_other_side() {
    moves(
        "opposite_castling_takes_the_same_wing_from_the_other_side",
        "opposite-castling",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1g1 leaves black only q, e1c1 only k",
    );
}

#[test]
fn crazyhouse_captured_promoted_pawn_goes_back_as_a_pawn() {
    moves(
        "crazyhouse_captured_promoted_pawn_goes_back_as_a_pawn",
        "crazyhouse",
        "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1",
        "a8b8 takes the promoted queen: black's hand gets a pawn",
    );
}

#[test]
fn loop_promoted_pieces_go_to_the_hand_as_they_are() {
    moves(
        "loop_promoted_pieces_go_to_the_hand_as_they_are",
        "loop",
        "rQ2k3/8/8/8/8/8/8/4K3[] b - - 0 1",
        "a8b8 takes the queen a pawn became: black's hand gets a queen (no `~` in Loop)",
    );
}

#[test]
fn minishogi_pawn_drops_one_per_file_never_stuck() {
    moves(
        "minishogi_pawn_drops_one_per_file_never_stuck",
        "minishogi",
        "4k/5/5/P4/4K[P] w - - 0 1",
        "no pawn drop on the a-file (a pawn stands there) nor on the far rank",
    );
}

#[test]
fn minishogi_pawn_drop_mate_is_played_and_loses() {
    moves(
        "minishogi_pawn_drop_mate_is_played_and_loses",
        "minishogi",
        "k4/2S2/1G3/5/4K[P] w - - 0 1",
        "P@a4 mates: it is a move (as in Fairy-Stockfish), and the side that dropped loses",
    );
    let mut g = common::game_at("minishogi", "k4/2S2/1G3/5/4K[P] w - - 0 1");
    let played = g.play("P@a4").expect("P@a4 is legal");
    let end = played.end.expect("the game is over");
    assert_eq!(end.winner, Some(rulebook::ir::Side::Black));
}

#[test]
fn minishogi_promotion_optional_into_within_and_out_of_the_zone() {
    moves(
        "minishogi_promotion_optional_into_within_and_out_of_the_zone",
        "minishogi",
        "R4/4k/5/5/K4[] w - - 0 1",
        "the rook on the far rank may promote (`+`) on any move, even leaving the zone",
    );
}

#[test]
fn euroshogi_promotion_forced_into_within_and_out_of_the_zone() {
    moves(
        "euroshogi_promotion_forced_into_within_and_out_of_the_zone",
        "euroshogi",
        "4k3/R7/8/8/8/8/1B6/4K3[] w - - 0 1",
        "the rook in the zone promotes on every move; the bishop promotes when it enters the zone",
    );
}

// Fixtures for rules of Fairy-Stockfish's variants (tests/variants/).

#[test]
fn promotion_to_a_royal_piece_must_leave_it_safe() {
    moves(
        "promotion_to_a_royal_piece_must_leave_it_safe",
        "tests/variants/royal-queens.variant",
        "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "a7a8q would put a royal queen where the rook b8 attacks it: refused; a7a8r and the others stand",
    );
}

#[test]
fn a_last_queen_is_royal_until_a_promotion_makes_a_second() {
    moves(
        "a_last_queen_is_royal_until_a_promotion_makes_a_second",
        "tests/variants/royal-last-queens.variant",
        "4k3/P7/8/8/8/8/8/r2Q3K w - - 0 1",
        "white's only queen, on d1, is attacked: Qxa1 answers it, and so does a7a8q (two queens, neither royal), not a7a8r",
    );
}

#[test]
fn of_two_queens_neither_is_royal() {
    moves(
        "of_two_queens_neither_is_royal",
        "tests/variants/royal-last-queens.variant",
        "4k3/8/8/8/8/8/8/r2QK2Q w - - 0 1",
        "the rook attacks the queen on d1, but white has two: every move stands, Qxa1 and all",
    );
}

#[test]
fn a_drop_may_not_give_check_where_the_hand_says_no_checks() {
    moves(
        "a_drop_may_not_give_check_where_the_hand_says_no_checks",
        "tests/variants/crazyhouse-quiet-drops.variant",
        "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
        "no knight drop on c7, d6, f6 or g7 (each would check the king on e8); the king's moves stand",
    );
}

#[test]
fn a_taken_royal_piece_ends_the_game_with_the_taker_attacked() {
    moves(
        "a_taken_royal_piece_ends_the_game_with_the_taker_attacked",
        "tests/variants/royal-capture.variant",
        "4k3/4Q3/8/8/8/8/8/8 w - - 0 1",
        "white's king was taken by a move that left black's king attacked: a position (no move), not an error",
    );
}

// movement: confinement, hoppers, lame leaps

#[test]
fn xiangqi_cannon_needs_one_screen() {
    moves(
        "xiangqi_cannon_needs_one_screen",
        "xiangqi",
        "4k4/9/4n4/9/4p4/9/4C4/9/9/3K5 w - - 0 1",
        "the cannon on e4 slides to e5 at most and takes e8 over the one screen e6, never e6 itself",
    );
}

#[test]
fn xiangqi_piece_outside_its_region_moves_back_into_it() {
    moves(
        "xiangqi_piece_outside_its_region_moves_back_into_it",
        "xiangqi",
        "3k5/9/9/2B6/9/9/9/9/9/4K4 w - - 0 1",
        "an elephant set on c7, across the river: `within` limits where it lands, not where it \
         stands, so it leaps back to a5 or e5 (as Fairy-Stockfish's mobility regions do)",
    );
}

#[test]
fn wildebeest_en_passant_field_two_squares_behind_a_triple_stepper() {
    moves(
        "wildebeest_en_passant_field_two_squares_behind_a_triple_stepper",
        "wildebeest",
        "5k5/11/11/11/11/4P6/5p5/11/11/5K5 b - e3 0 1",
        "after e2e5 Fairy-Stockfish writes only e3, the square f4 attacks: f4e3 takes the pawn on e5",
    );
}

#[test]
fn xiangqi_generals_may_not_face_each_other() {
    moves(
        "xiangqi_generals_may_not_face_each_other",
        "xiangqi",
        "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1",
        "the horse on e6 is all that stands between the generals: it may not move; the general steps",
    );
}

#[test]
fn xiangqi_horse_and_elephant_blocked_on_their_way() {
    moves(
        "xiangqi_horse_and_elephant_blocked_on_their_way",
        "xiangqi",
        "3k5/9/9/9/9/9/9/2p2p3/2N1B4/4K4 w - - 0 1",
        "the soldier on c3 blocks the horse's leaps to b4 and d4, the one on f3 the elephant's to g4; e1d1 would face the general on d10",
    );
}

#[test]
fn chess960_castling_is_the_king_taking_its_rook() {
    moves(
        "chess960_castling_is_the_king_taking_its_rook",
        "fischerandom",
        "k7/8/8/8/8/8/8/1R1K3R w BH - 0 1",
        "d1b1 ends Kc1 Rd1, d1h1 ends Kg1 Rf1; the rook on b1 may not stand where the king passes",
    );
}

#[test]
fn wolf_pawn_takes_a_double_stepped_sergeant_en_passant() {
    moves(
        "wolf_pawn_takes_a_double_stepped_sergeant_en_passant",
        "wolf",
        "7k/8/8/8/8/8/pS6/8/8/K7 b - b3 0 1",
        "after the sergeant's double step b2b4 the pawn a4 may take it en passant, landing on b3",
    );
}

#[test]
fn wolf_pawn_promotes_also_to_its_promoted_form() {
    moves(
        "wolf_pawn_promotes_also_to_its_promoted_form",
        "wolf",
        "7k/P7/8/8/8/8/8/8/8/K7 w - - 0 1",
        "a9a10 to a queen, wolf, fox, rook or bishop, or a9a10+ to the elephant written +P",
    );
}

#[test]
fn a_piece_dropped_in_its_promotion_zone_stands_there() {
    moves(
        "a_piece_dropped_in_its_promotion_zone_stands_there",
        "tests/variants/pawn-drops-anywhere.variant",
        "4k2P/8/8/8/8/8/8/4K3[] w - - 0 1",
        "the pawn h8 was dropped there (it could not have moved there unpromoted): the FEN is valid, the pawn has no move",
    );
}

#[test]
fn dobutsu_lion_wins_on_the_far_rank_only_if_not_attacked() {
    moves(
        "dobutsu_lion_wins_on_the_far_rank_only_if_not_attacked",
        "dobutsu",
        "g2/1L1/l2/3[] w - - 0 1",
        "b3c4, and b3a4 taking the giraffe, reach the far rank unattacked: black has no move after them; b4 is the giraffe's; b3a2 takes the lion",
    );
}

#[test]
fn gating_on_the_square_left_and_on_castling_squares() {
    moves(
        "gating_on_the_square_left_and_on_castling_squares",
        "seirawan",
        "4k3/8/8/8/8/8/8/RN2K2R[H] w KQB - 0 1",
        "the knight b1 may gate the hawk as it leaves; O-O gates on e1 (e1g1h) or on h1 (h1e1h); the rooks and the king gate too (K and Q name e1, a1 and h1); once the hand is empty no gates are written",
    );
}

#[test]
fn gating_does_not_shield_the_king_in_its_own_move() {
    moves(
        "gating_does_not_shield_the_king_in_its_own_move",
        "seirawan",
        "4k3/8/8/8/8/8/8/q2QK3[H] w D - 0 1",
        "the queen d1 is pinned by a1: it may gate the hawk only moving along the rank (c1, b1, xa1), never off it, though the hawk would block",
    );
}

#[test]
fn placement_bishops_split_between_colours_and_castling_from_drops() {
    moves(
        "placement_bishops_split_between_colours_and_castling_from_drops",
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBN1[BR] w - - 0 1",
        "the bishop f1 is light: the second one must go on c1, the last dark square, which the rook may not take; the rook dropped on h1 gives K castling with the king on e1",
    );
}

#[test]
fn sittuyin_pawn_promotes_in_place_or_by_a_diagonal_step_without_giving_check() {
    moves(
        "sittuyin_pawn_promotes_in_place_or_by_a_diagonal_step_without_giving_check",
        "sittuyin",
        "8/8/8/R3P2k/8/P7/8/3K4[] w - - 0 1",
        "the pawn on e5, a promotion square, turns into a general on its square (e5e5f); its \
         diagonal steps (e5d4f, e5f6f...) would uncover the rook's check on h5, so they are \
         illegal; a3 is off the promotion squares and only steps",
    );
}

#[test]
fn sittuyin_setup_drops_in_the_own_three_ranks_and_no_king_onto_an_attacked_square() {
    moves(
        "sittuyin_setup_drops_in_the_own_three_ranks_and_no_king_onto_an_attacked_square",
        "sittuyin",
        "4k3/8/8/8/8/8/3r4/8[KFR] w - - 0 1",
        "white must drop: the general and the king on ranks 1 to 3, the rook on rank 1 only; the \
         king never on the second rank or the d-file, which the black rook attacks",
    );
}

#[test]
fn kyotoshogi_every_move_turns_the_piece_over_and_drops_either_side_up() {
    moves(
        "kyotoshogi_every_move_turns_the_piece_over_and_drops_either_side_up",
        "kyotoshogi",
        "k4/5/2+P2/5/2K2[L] w 0 1",
        "the +P (a rook) moves as a rook and turns back into a pawn (c3c4-); the lance in hand drops as a lance (L@) or a gold (+L@), anywhere, the last rank too",
    );
}

#[test]
fn atomar_kings_cannot_capture_each_other_and_survive_explosions() {
    moves(
        "atomar_kings_cannot_capture_each_other_and_survive_explosions",
        "atomar",
        "8/8/8/8/3q4/3Kk3/8/8 w - - 0 1",
        "the kings touch: the white king may not take e3 (`cannot capture king`), and takes the \
         queen on d4 without exploding, the black king beside it standing too",
    );
}

#[test]
fn petrified_capturer_turns_to_stone_and_the_king_never_captures() {
    moves(
        "petrified_capturer_turns_to_stone_and_the_king_never_captures",
        "petrified",
        "8/8/8/8/3p4/4n3/3kN3/4K3 w - - 0 1",
        "the knight e2 takes d4 and turns to stone there (a wall, `*`); the kings touch, and the \
         white king may not take the king d2 (it would turn to stone itself)",
    );
}

#[test]
fn janggi_chariot_cannon_and_soldier_ride_the_palace_diagonals() {
    moves(
        "janggi_chariot_cannon_and_soldier_ride_the_palace_diagonals",
        "janggi",
        "3C1k3/4p4/5r3/4P4/9/9/9/5p3/4n4/3R1K3 w - - 0 1",
        "the chariot d1 rides the diagonal to e2 (taking the horse) but no further; the cannon d10 \
         jumps the soldier e9 to take the chariot f8 (`to palace-lines`); the soldier e7 steps \
         forward and sideways only, outside the palace",
    );
}

#[test]
fn janggi_cannon_never_jumps_over_or_takes_a_cannon() {
    moves(
        "janggi_cannon_never_jumps_over_or_takes_a_cannon",
        "janggi",
        "4k4/9/4c4/9/9/9/2Cp1N3/9/9/4K4 w - - 0 1",
        "the cannon c4 jumps the soldier d4 to e4 (the horse f4 ends its way); there it stands \
         between the general e1 and the cannon e8, which may not jump it (`cannot hop over \
         cannon`), so the move is legal; another piece there would be a screen",
    );
}

#[test]
fn janggi_facing_generals_must_part_or_pass() {
    moves(
        "janggi_facing_generals_must_part_or_pass",
        "janggi",
        "3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1",
        "bikjang: the generals face each other on the d-file; black may only step off it or pass \
         (d10d10, the general's square twice)",
    );
    let mut g = common::game_at("janggi", "3k5/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
    let played = g.play("d10d10").expect("the pass is legal");
    let end = played
        .end
        .expect("the generals still face each other: the game is over");
    assert_eq!(end.winner, None);
}

#[test]
fn janggi_no_pass_in_check_and_two_passes_end_the_game() {
    moves(
        "janggi_no_pass_in_check",
        "janggi",
        "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1",
        "the chariot e2 checks the general d1 along the palace diagonal: no pass, only d1e2",
    );
    let mut g = common::game_at("janggi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert!(g.play("d1d1").expect("a pass").end.is_none());
    let played = g.play("e10e10").expect("a second pass");
    assert!(played.end.is_some(), "two passes in a row end the game");
}

// wormhole

#[test]
fn wormhole1_knight_around_holes() {
    moves(
        "wormhole1_knight_around_holes",
        "wormhole1",
        "cwkxxxwn/ppxppppx/2mxxW2/4x2p/3P1x2/3n1x2/PPPxPPPP/CWxxxNKC b - - 0 11",
        "the rules page's diagram: the knight on d3 reaches b2, f2, b4, c5, g5 and f6 (g5 and f6 past the holes on f4 and e5)",
    );
}
