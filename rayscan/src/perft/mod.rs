//! Perft: count the leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! Bulk counting: at depth 1 the number of legal moves is the count, so the last ply is
//! never played, and piece-wise and direction-wise perft do not even list it: their
//! count is a sum of population counts ([`crate::movegen::count`],
//! [`crate::movegen::DirectionTargets::count`]). How piece-wise perft counts that ply is
//! its [`LastPly`], chosen apart from the slider technique ([`Method`]): each child on
//! its own, or eight children at a time, one per lane of a vector register (the book's
//! performance chapter, "Eight children at a time"). The staged picker is the exception:
//! it is counted move by move, since what it must prove is that its stages yield every
//! move once.
//!
//! ## Where the run-time dispatchers are compiled
//!
//! [`perft_with`], [`perft_by`], [`divide_by`] and their twins for statistics
//! ([`stats::perft_stats_with`]), the hash table ([`hash::perft_hashed_with`]) and threads
//! (`crate::parallel`) choose the technique at run time, so each compiles every
//! technique's hot path, most of the crate's machine code. By default they are
//! `#[inline]`: compiled in the crate that calls them, and only if it does, so a program
//! that calls `Position::perft` alone builds the library in seconds. A workspace whose
//! several crates or test binaries call them (this repository's command line, its tests)
//! enables the `precompile` feature instead, which compiles them here, once. Either way
//! the code is the same.

pub(crate) mod batch;
pub(crate) mod children;
pub(crate) mod copy;
pub(crate) mod fast;
#[cfg(feature = "std")]
pub mod hash;
pub(crate) mod last_ply;
pub mod stats;

pub use last_ply::{LastPly, Method};

use crate::chess_move::{Move, MoveList};
use crate::mailbox::{self, Board15x12, Board16x12, Layout, Mailbox, X88};
use crate::movegen::{
    Generator, MovePicker, StagedHistory, UnsupportedTechnique, generate_hybrid, generate_targets,
    perft_staged,
};
use crate::position::Position;
use crate::sliders::{RayWise, Slider, WithRayWise, WithSlider};

/// The deepest perft the tools accept. Far beyond what finishes (the start position at
/// depth 15 is about 2·10^21 nodes); the bound keeps the recursion's stack use known and
/// turns nonsense like `D1000` in a suite file into an error instead of a hang.
///
/// One of the limits every interface shares (the CLI, UCI, suite files and Python): a
/// depth from 1 to [`MAX_DEPTH`], 1 to [`MAX_THREADS`] threads, and a hash table of 0
/// (none) to [`MAX_HASH_MB`] MiB, no more than the memory available.
pub const MAX_DEPTH: u32 = 64;

/// The most worker threads a perft starts, in every interface ([`MAX_DEPTH`]).
pub const MAX_THREADS: usize = 1024;

/// The largest perft hash table, in MiB (64 GiB), in every interface ([`MAX_DEPTH`]).
pub const MAX_HASH_MB: usize = 65536;

/// Leaf nodes `depth` plies below `pos`, piece-wise generation with slider technique `S`.
///
/// # Examples
///
/// ```
/// use rayscan::perft::perft;
/// use rayscan::position::Position;
/// use rayscan::sliders::Classical;
/// assert_eq!(perft::<Classical>(&Position::startpos(), 3), 8902);
/// ```
pub fn perft<S: Slider>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    fast::perft_position::<S>(pos, depth)
}

/// Perft with the direction-wise generator and technique `S`'s set-wise ray attacks.
/// Moves are played from their target and direction; the last ply is population counts.
///
/// # Examples
///
/// ```
/// use rayscan::perft::perft_directionwise;
/// use rayscan::position::Position;
/// use rayscan::sliders::KoggeStone;
/// assert_eq!(perft_directionwise::<KoggeStone>(&Position::startpos(), 3), 8902);
/// ```
pub fn perft_directionwise<S: RayWise>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let targets = generate_targets::<S>(pos);
    if depth == 1 {
        return targets.count();
    }
    targets
        .dir_moves()
        .map(|m| perft_directionwise::<S>(&pos.play_dir(m), depth - 1))
        .sum()
}

/// Perft with the hybrid generator (pawns as sets, pieces one by one with `S`).
///
/// # Examples
///
/// ```
/// use rayscan::perft::perft_hybrid;
/// use rayscan::position::Position;
/// use rayscan::sliders::Magic;
/// assert_eq!(perft_hybrid::<Magic>(&Position::startpos(), 3), 8902);
/// ```
pub fn perft_hybrid<S: Slider>(pos: &Position, depth: u32) -> u64 {
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
        .map(|&m| perft_hybrid::<S>(&pos.play(m), depth - 1))
        .sum()
}

/// Perft split by root move (piece-wise, technique `S`): calls `f(move, count)` for every
/// legal move, in generation order, and returns the total.
///
/// # Examples
///
/// ```
/// use rayscan::perft::divide;
/// use rayscan::position::Position;
/// use rayscan::sliders::Classical;
/// let mut lines = Vec::new();
/// let total = divide::<Classical>(&Position::startpos(), 2, |m, n| lines.push(format!("{m}: {n}")));
/// assert_eq!(total, 400);
/// assert!(lines.contains(&"e2e4: 20".to_string()));
/// ```
pub fn divide<S: Slider>(pos: &Position, depth: u32, mut f: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in pos.legal_moves_with::<S>().iter() {
        let n = perft::<S>(&pos.play(m), depth - 1);
        f(m, n);
        total += n;
    }
    total
}

struct Perft<'a> {
    pos: &'a Position,
    depth: u32,
}

impl WithSlider for Perft<'_> {
    type Output = u64;
    fn run<S: Slider>(self) -> u64 {
        perft::<S>(self.pos, self.depth)
    }
}

/// [`perft`] with a technique chosen at run time (dispatched once, at the top), and a
/// last ply: each child counted with the technique where `method` is a
/// [`Technique`](crate::sliders::Technique) alone ([`Method`]).
///
/// # Examples
///
/// ```
/// use rayscan::perft::{LastPly, Method, perft_with};
/// use rayscan::position::Position;
/// use rayscan::sliders::Technique;
/// let start = Position::startpos();
/// assert_eq!(perft_with(Technique::Magic, &start, 3), 8902);
/// let each = Method { technique: Technique::Classical, last_ply: LastPly::Each };
/// assert_eq!(perft_with(each, &start, 3), 8902);
/// ```
#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
pub fn perft_with(method: impl Into<Method>, pos: &Position, depth: u32) -> u64 {
    method.into().dispatch(Perft { pos, depth })
}

/// Where [`divide_by`] reports each root move; `None` for a plain count.
type Report<'a> = Option<&'a mut dyn FnMut(Move, u64)>;

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
            |p| perft_hybrid::<S>(p, d),
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
            |p| perft::<S>(p, depth - 1),
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
            let count = |p: &Position| perft_staged::<S>(p, d, 1, &mut history);
            sum_root(pos, moves, count, self.report)
        } else {
            let targets = generate_targets::<S>(pos);
            let moves = targets.dir_moves().filter_map(|m| m.to_move(pos));
            sum_root(pos, moves, |p| perft_directionwise::<S>(p, d), self.report)
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
        let n = mailbox::perft(&board.play(m), d);
        if let Some(f) = report.as_mut() {
            f(m, n);
        }
        total += n;
    }
    total
}

/// Perft split by root move with any generator and technique: calls `f(move, count)` for
/// every legal move, in the generator's order, and returns the total. Each generator's
/// root moves come from that generator. `method` is a [`Technique`](crate::sliders::Technique), or a [`Method`]
/// that also names the last ply of the piece-wise generator (the other generators count
/// their last ply their own way). Fails when the technique cannot drive the generator
/// ([`Generator::accepts`]).
///
/// # Examples
///
/// ```
/// use rayscan::movegen::Generator;
/// use rayscan::perft::divide_by;
/// use rayscan::position::Position;
/// use rayscan::sliders::Technique;
/// let p = Position::startpos();
/// for g in Generator::ALL {
///     let mut roots = 0;
///     let total = divide_by(g, g.default_technique(), &p, 3, |_, _| roots += 1).unwrap();
///     assert_eq!((roots, total), (20, 8902));
/// }
/// assert!(divide_by(Generator::Staged, Technique::Magic, &p, 3, |_, _| {}).is_err());
/// ```
pub fn divide_by(
    generator: Generator,
    method: impl Into<Method>,
    pos: &Position,
    depth: u32,
    mut f: impl FnMut(Move, u64),
) -> Result<u64, UnsupportedTechnique> {
    run(generator, method.into(), pos, depth, Some(&mut f))
}

/// Perft with any generator and technique (dispatched once, at the top); `method` as for
/// [`divide_by`]. Fails when the technique cannot drive the generator
/// ([`Generator::accepts`]).
///
/// # Examples
///
/// ```
/// use rayscan::movegen::Generator;
/// use rayscan::perft::perft_by;
/// use rayscan::position::Position;
/// use rayscan::sliders::Technique;
/// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// let p = Position::from_fen(kiwipete).unwrap().0;
/// assert_eq!(perft_by(Generator::DirectionWise, Technique::Dumb7Fill, &p, 2), Ok(2039));
/// ```
#[inline]
pub fn perft_by(
    generator: Generator,
    method: impl Into<Method>,
    pos: &Position,
    depth: u32,
) -> Result<u64, UnsupportedTechnique> {
    run(generator, method.into(), pos, depth, None)
}

#[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
fn run(
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
        Generator::Hybrid => Some(technique.dispatch(root)),
        Generator::DirectionWise | Generator::Staged => technique.dispatch_ray_wise(root),
        Generator::Mailbox0x88 => Some(mailbox_root::<X88>(root)),
        Generator::Mailbox16x12 => Some(mailbox_root::<Board16x12>(root)),
        Generator::Mailbox15x12 => Some(mailbox_root::<Board15x12>(root)),
    };
    counted.ok_or(unsupported)
}

impl Position {
    /// Perft with the fastest method for the CPU this runs on, the one [`Method::auto`]
    /// names (`pext` or `magic`, the last ply eight children at a time with AVX-512),
    /// chosen at run time like the copy of the hot path: a crate built with no
    /// `RUSTFLAGS` counts as fast as one built with `-C target-cpu=native`.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// assert_eq!(Position::startpos().perft(4), 197_281);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        fast::perft_auto(self, depth)
    }
}
