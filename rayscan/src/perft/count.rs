//! The counts behind [`Perft`](super::Perft): each generator's perft with a slider type,
//! and the run-time dispatch of a generator and method, once, at the root.

use super::{Method, fast};
use crate::chess_move::{Move, MoveList};
use crate::mailbox::{self, Board15x12, Board16x12, Layout, Mailbox, X88};
use crate::movegen::picker::staged;
use crate::movegen::{
    Generator, MovePicker, StagedHistory, UnsupportedTechnique, generate_hybrid, generate_targets,
};
use crate::position::Position;
use crate::sliders::{RayWise, Slider, WithRayWise, WithSlider};

/// Leaf nodes `depth` plies below `pos`, piece-wise generation with slider technique `S`.
#[inline]
pub(crate) fn piece_wise<S: Slider>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    fast::perft_position::<S>(pos, depth)
}

/// Perft with the direction-wise generator and technique `S`'s set-wise ray attacks.
/// Moves are played from their target and direction; the last ply is population counts.
pub(crate) fn direction_wise<S: RayWise>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let targets = generate_targets::<S>(pos);
    if depth == 1 {
        return targets.count();
    }
    targets
        .dir_moves()
        .map(|m| direction_wise::<S>(&pos.play_dir(m), depth - 1))
        .sum()
}

/// Perft with the hybrid generator (pawns as sets, pieces one by one with `S`).
pub(crate) fn hybrid<S: Slider>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    generate_hybrid::<S>(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| hybrid::<S>(&pos.play(m), depth - 1))
        .sum()
}

/// The piece-wise count, run with a technique's type.
pub(crate) struct Plain<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) depth: u32,
}

impl WithSlider for Plain<'_> {
    type Output = u64;
    fn run<S: Slider>(self) -> u64 {
        piece_wise::<S>(self.pos, self.depth)
    }
}

/// The piece-wise count with a method chosen at run time (dispatched once, at the top).
#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
pub(crate) fn count_with(method: Method, pos: &Position, depth: u32) -> u64 {
    method.dispatch(Plain { pos, depth })
}

/// Where [`Perft::divide`] reports each root move; `None` for a plain count.
pub(crate) type Report<'a> = Option<&'a mut dyn FnMut(Move, u64)>;

/// Sums `count(child)` over the root moves, reporting each.
fn sum_root(
    pos: &Position,
    moves: impl Iterator<Item = Move>,
    mut count: impl FnMut(&Position) -> u64,
    mut report: Report<'_>,
) -> u64 {
    let mut total = 0;
    for m in moves {
        let n = count(&pos.play(m));
        if let Some(f) = report.as_mut() {
            f(m, n);
        }
        total += n;
    }
    total
}

/// One root split: the generator's root moves, each child counted by the same generator.
struct Root<'a, 'f> {
    generator: Generator,
    pos: &'a Position,
    depth: u32,
    report: Report<'f>,
}

impl WithSlider for Root<'_, '_> {
    type Output = u64;
    /// The hybrid generator, which takes any technique.
    fn run<S: Slider>(self) -> u64 {
        let (pos, d) = (self.pos, self.depth - 1);
        let mut moves = MoveList::new();
        generate_hybrid::<S>(pos, &mut moves);
        sum_root(
            pos,
            moves.iter().copied(),
            |p| hybrid::<S>(p, d),
            self.report,
        )
    }
}

/// The root split of the piece-wise generator, run with its [`Method`]'s type.
struct PieceWiseRoot<'a, 'f>(Root<'a, 'f>);

impl WithSlider for PieceWiseRoot<'_, '_> {
    type Output = u64;
    fn run<S: Slider>(self) -> u64 {
        let Root {
            pos, depth, report, ..
        } = self.0;
        let mut moves = MoveList::new();
        crate::movegen::generate::<S>(pos, &mut moves);
        sum_root(
            pos,
            moves.iter().copied(),
            |p| piece_wise::<S>(p, depth - 1),
            report,
        )
    }
}

impl WithRayWise for Root<'_, '_> {
    type Output = u64;
    /// The direction-wise generator and the staged picker, which need a ray-wise technique.
    fn run<S: RayWise>(self) -> u64 {
        let (pos, d) = (self.pos, self.depth - 1);
        if self.generator == Generator::Staged {
            let mut history = StagedHistory::new();
            let moves = MovePicker::<S>::new(pos, None, [None; 2]);
            let count = |p: &Position| staged::<S>(p, d, 1, &mut history);
            sum_root(pos, moves, count, self.report)
        } else {
            let targets = generate_targets::<S>(pos);
            let moves = targets.dir_moves().filter_map(|m| m.to_move(pos));
            sum_root(pos, moves, |p| direction_wise::<S>(p, d), self.report)
        }
    }
}

/// The root split on a mailbox board: the position goes onto the array once, and
/// everything below runs there.
fn mailbox_root<L: Layout>(root: Root<'_, '_>) -> u64 {
    let board = Mailbox::<L>::new(root.pos);
    let d = root.depth - 1;
    let mut report = root.report;
    let mut total = 0;
    for &m in board.legal_moves().iter() {
        let n = mailbox::count(&board.play(m), d);
        if let Some(f) = report.as_mut() {
            f(m, n);
        }
        total += n;
    }
    total
}

/// Perft with any generator and method (dispatched once, at the top), each root move
/// reported to `report` where there is one. Fails when the technique cannot drive the
/// generator ([`Generator::accepts`]).
#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
pub(crate) fn run(
    generator: Generator,
    method: Method,
    pos: &Position,
    depth: u32,
    report: Report<'_>,
) -> Result<u64, UnsupportedTechnique> {
    let technique = method.technique;
    let unsupported = UnsupportedTechnique {
        generator,
        technique,
    };
    if !generator.accepts(technique) {
        return Err(unsupported);
    }
    if depth == 0 {
        return Ok(1);
    }
    let root = Root {
        generator,
        pos,
        depth,
        report,
    };
    let counted = match generator {
        Generator::PieceWise => Some(method.dispatch(PieceWiseRoot(root))),
        Generator::Hybrid => Some(technique.dispatch_dyn(root)),
        Generator::DirectionWise | Generator::Staged => technique.dispatch_ray_wise_dyn(root),
        Generator::Mailbox0x88 => Some(mailbox_root::<X88>(root)),
        Generator::Mailbox16x12 => Some(mailbox_root::<Board16x12>(root)),
        Generator::Mailbox15x12 => Some(mailbox_root::<Board15x12>(root)),
    };
    counted.ok_or(unsupported)
}
