//! [`Perft`]: perft with its options, the one entry point for every kind of count.

use core::fmt;
#[cfg(not(feature = "std"))]
use core::marker::PhantomData;

use super::last_ply::Batched;
use super::stats::PerftStats;
use super::{LastPly, MAX_DEPTH, MAX_THREADS, Method};
use crate::chess_move::Move;
use crate::movegen::{Generator, UnsupportedTechnique};
use crate::position::Position;
use crate::sliders::{Slider, Technique};

#[cfg(feature = "std")]
use super::hash::PerftTable;

/// A perft and its options: the depth, the generator, the slider technique and last
/// ply, threads and a hash table. Set what you need, then count: [`Perft::count`] the
/// leaves, [`Perft::divide`] them by root move, [`Perft::stats`] and
/// [`Perft::divide_stats`] with the statistics of the perft tables, or
/// [`Perft::count_slider`] with a [`Slider`] type of your own.
///
/// Unset, it counts as [`Position::perft`] does: the piece-wise generator with
/// [`Method::auto`], on the calling thread, with no table. A [`Technique`] named with
/// [`Perft::technique`] counts each child of the last ply with it ([`LastPly::Each`])
/// unless [`Perft::last_ply`] says otherwise, so that it computes every slider attack.
///
/// The options are checked when it counts: a depth up to [`MAX_DEPTH`], 1 to
/// [`MAX_THREADS`] threads, a technique the generator can use, a hash table only with the
/// piece-wise generator, and for the statistics the piece-wise generator and no table.
///
/// # What it costs to compile
///
/// The options are values, so a count compiles every way of counting it may be asked
/// for, in the crate that calls it (the counts are `#[inline]`; a workspace whose several
/// crates call them can compile them once in rayscan with the `precompile` feature):
/// - the methods [`Method::auto`] can pick, `magic` and hardware `pext`, each with both
///   last plies, compiled for them in each copy of the hot paths (baseline, x86-64-v3
///   and, for the batched last ply, x86-64-v4): what [`Position::perft`] alone compiles,
///   and the speed of the default;
/// - one tree walk for every other technique, and one for each other generator, which
///   reach the technique through a table of its functions (a call for each attack, so
///   these count slower than code compiled for them would);
/// - with threads or a hash table, the same again for the hashed count and the split.
///
/// A crate whose `main` calls `Perft::new(6).count(&Position::startpos())` builds in a
/// fraction of a minute from scratch; the book's figures give the time on two cores
/// (`docs/src/figures.md`, measured by `docs/figures.sh`). To count with one technique
/// compiled for it, name its type: [`Perft::count_slider`].
///
/// # Examples
///
/// ```
/// use rayscan::Position;
/// use rayscan::movegen::Generator;
/// use rayscan::perft::{LastPly, Perft};
/// use rayscan::sliders::Technique;
///
/// let kiwipete: Position =
///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse().unwrap();
/// assert_eq!(Perft::new(3).count(&kiwipete), Ok(97_862));
///
/// // Any generator and technique, checked together.
/// let perft = Perft::new(3).generator(Generator::DirectionWise).technique(Technique::KoggeStone);
/// assert_eq!(perft.count(&kiwipete), Ok(97_862));
/// let magic = perft.technique(Technique::Magic);
/// assert!(magic.count(&kiwipete).is_err());
///
/// // The count by root move, and the statistics.
/// let mut roots = Vec::new();
/// let total = Perft::new(2).divide(&kiwipete, |m, n| roots.push((m.to_string(), n))).unwrap();
/// assert_eq!((roots.len(), total), (48, 2039));
/// let stats = Perft::new(2).last_ply(LastPly::Each).stats(&kiwipete).unwrap();
/// assert_eq!((stats.nodes, stats.captures, stats.castles), (2039, 351, 91));
/// ```
///
/// Threads and a hash table (with the default `std` feature):
///
/// ```
/// use rayscan::Position;
/// use rayscan::perft::{hash::PerftTable, Perft};
///
/// let table = PerftTable::new(16).unwrap();
/// let perft = Perft::new(5).threads(2).hash(&table);
/// assert_eq!(perft.count(&Position::startpos()), Ok(4_865_609));
/// assert!(Perft::new(5).threads(0).count(&Position::startpos()).is_err());
/// let hybrid = perft.generator(rayscan::movegen::Generator::Hybrid);
/// assert!(hybrid.count(&Position::startpos()).is_err());
/// ```
#[derive(Clone, Copy)]
#[must_use = "a Perft counts nothing until `count`, `divide` or `stats` is called"]
pub struct Perft<'t> {
    depth: u32,
    generator: Generator,
    technique: Option<Technique>,
    last_ply: Option<LastPly>,
    threads: usize,
    #[cfg(feature = "std")]
    table: Option<&'t PerftTable>,
    /// Without `std` there is no table to hold the lifetime.
    #[cfg(not(feature = "std"))]
    table_lifetime: PhantomData<&'t ()>,
}

impl<'t> Perft<'t> {
    /// A perft `depth` plies deep, with the defaults: the piece-wise generator,
    /// [`Method::auto`], one thread, no hash table. Depth 0 counts the position itself.
    pub const fn new(depth: u32) -> Perft<'t> {
        Perft {
            depth,
            generator: Generator::PieceWise,
            technique: None,
            last_ply: None,
            threads: 1,
            #[cfg(feature = "std")]
            table: None,
            #[cfg(not(feature = "std"))]
            table_lifetime: PhantomData,
        }
    }

    /// Counts with `generator` (piece-wise by default).
    pub const fn generator(mut self, generator: Generator) -> Perft<'t> {
        self.generator = generator;
        self
    }

    /// Computes every slider attack with `technique` ([`Technique::auto`] by default).
    /// The piece-wise generator's last ply then counts each child with it, unless
    /// [`Perft::last_ply`] names another way.
    pub const fn technique(mut self, technique: Technique) -> Perft<'t> {
        self.technique = Some(technique);
        self
    }

    /// Counts the piece-wise generator's last ply this way ([`LastPly`]); the other
    /// generators count theirs their own way.
    pub const fn last_ply(mut self, last_ply: LastPly) -> Perft<'t> {
        self.last_ply = Some(last_ply);
        self
    }

    /// The technique and last ply at once: a [`Method`], or a [`Technique`] alone (which
    /// counts each child with it).
    pub fn method(self, method: impl Into<Method>) -> Perft<'t> {
        let Method {
            technique,
            last_ply,
        } = method.into();
        self.technique(technique).last_ply(last_ply)
    }

    /// The method this perft counts with: the technique and last ply named, or what
    /// [`Method::auto`] picks for this CPU.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::perft::{LastPly, Method, Perft};
    /// use rayscan::sliders::Technique;
    /// assert_eq!(Perft::new(5).resolved_method(), Method::auto());
    /// let magic = Perft::new(5).technique(Technique::Magic).resolved_method();
    /// assert_eq!(magic, Method { technique: Technique::Magic, last_ply: LastPly::Each });
    /// ```
    pub fn resolved_method(&self) -> Method {
        match (self.technique, self.last_ply) {
            (None, None) => Method::auto(),
            (Some(technique), last_ply) => Method {
                technique,
                last_ply: last_ply.unwrap_or(LastPly::Each),
            },
            (None, Some(last_ply)) => Method {
                technique: Technique::auto(),
                last_ply,
            },
        }
    }

    /// Checks the options against each other and the limits.
    ///
    /// # Errors
    ///
    /// A depth over [`MAX_DEPTH`], threads outside 1 to [`MAX_THREADS`], a technique the
    /// generator cannot use ([`Generator::accepts`]), or a hash table with a generator
    /// other than the piece-wise one.
    pub fn check(&self) -> Result<(), PerftError> {
        self.check_bounds()?;
        let technique = self.resolved_method().technique;
        if !self.generator.accepts(technique) {
            return Err(PerftError::Unsupported(UnsupportedTechnique {
                generator: self.generator,
                technique,
            }));
        }
        Ok(())
    }

    /// [`Perft::check`] but for the technique: the depth, the threads and the table.
    fn check_bounds(&self) -> Result<(), PerftError> {
        if self.depth > MAX_DEPTH {
            return Err(PerftError::Depth(self.depth));
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(PerftError::Threads(self.threads));
        }
        #[cfg(feature = "std")]
        if self.table.is_some() && self.generator != Generator::PieceWise {
            return Err(PerftError::HashGenerator(self.generator));
        }
        Ok(())
    }

    /// The number of leaf nodes `depth` plies below `pos`.
    ///
    /// # Errors
    ///
    /// The options do not go together ([`Perft::check`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// use rayscan::perft::Perft;
    /// assert_eq!(Perft::new(3).count(&Position::startpos()), Ok(8902));
    /// ```
    #[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
    pub fn count(&self, pos: &Position) -> Result<u64, PerftError> {
        self.check()?;
        let method = self.resolved_method();
        if self.is_plain() {
            if self.generator == Generator::PieceWise {
                return Ok(super::count::count_with(method, pos, self.depth));
            }
            return Ok(super::count::run(
                self.generator,
                method,
                pos,
                self.depth,
                None,
            )?);
        }
        self.divide(pos, |_, _| {})
    }

    /// The count split by root move: calls `report(move, count)` for every legal move
    /// and returns the total. On one thread the moves come in the generator's order; on
    /// several, in [`Position::legal_moves`] order, each as soon as it and those before it
    /// are counted, so a caller can show progress.
    ///
    /// # Errors
    ///
    /// The options do not go together ([`Perft::check`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// use rayscan::perft::Perft;
    /// let mut lines = Vec::new();
    /// let total = Perft::new(2).divide(&Position::startpos(), |m, n| lines.push(format!("{m}: {n}")));
    /// assert_eq!(total, Ok(400));
    /// assert!(lines.contains(&"e2e4: 20".to_string()));
    /// ```
    pub fn divide(
        &self,
        pos: &Position,
        mut report: impl FnMut(Move, u64),
    ) -> Result<u64, PerftError> {
        self.check()?;
        let method = self.resolved_method();
        #[cfg(feature = "std")]
        if !self.is_plain() {
            let counted = super::parallel::threaded(
                self.generator,
                method,
                pos,
                self.depth,
                self.threads,
                self.table,
                report,
            );
            return Ok(counted?);
        }
        Ok(super::count::run(
            self.generator,
            method,
            pos,
            self.depth,
            Some(&mut report),
        )?)
    }

    /// The statistics of the perft tables ([`PerftStats`]): captures, en passant,
    /// castles, promotions, checks, discovered and double checks, and checkmates, beside
    /// the node count. The piece-wise generator counts them, with the technique; every
    /// leaf is looked at, so the last ply is never batched.
    ///
    /// # Errors
    ///
    /// The options do not go together ([`Perft::check`]), the generator is not the
    /// piece-wise one, or a hash table is set (it keeps node counts only).
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// use rayscan::perft::Perft;
    /// let s = Perft::new(4).stats(&Position::startpos()).unwrap();
    /// assert_eq!((s.nodes, s.captures, s.checks, s.checkmates), (197_281, 1576, 469, 8));
    /// ```
    #[cfg_attr(not(all(feature = "precompile", not(test))), inline)]
    pub fn stats(&self, pos: &Position) -> Result<PerftStats, PerftError> {
        self.check_stats()?;
        if self.threads == 1 {
            let technique = self.resolved_method().technique;
            return Ok(super::stats::count_with(technique, pos, self.depth));
        }
        self.divide_stats(pos, |_, _| {})
    }

    /// [`Perft::stats`] split by root move: calls `report(move, stats)` for every legal
    /// move, in [`Position::legal_moves`] order, and returns the sum.
    ///
    /// # Errors
    ///
    /// As for [`Perft::stats`].
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// use rayscan::perft::Perft;
    /// let mut roots = 0;
    /// let s = Perft::new(3).divide_stats(&Position::startpos(), |_, _| roots += 1).unwrap();
    /// assert_eq!((roots, s.nodes, s.captures, s.checks), (20, 8902, 34, 12));
    /// ```
    pub fn divide_stats(
        &self,
        pos: &Position,
        report: impl FnMut(Move, &PerftStats),
    ) -> Result<PerftStats, PerftError> {
        self.check_stats()?;
        let technique = self.resolved_method().technique;
        #[cfg(feature = "std")]
        if self.threads > 1 {
            return Ok(super::parallel::threaded_stats(
                technique,
                pos,
                self.depth,
                self.threads,
                report,
            ));
        }
        Ok(super::stats::divide_with(
            technique, pos, self.depth, report,
        ))
    }

    /// The count with slider type `S` for every attack in place of a [`Technique`]: for a
    /// [`Slider`] of your own, or to compile one technique alone. The piece-wise
    /// generator counts, its last ply as [`Perft::last_ply`] says (each child by
    /// default), with the threads and hash table set.
    ///
    /// # Errors
    ///
    /// A depth or thread count out of bounds ([`Perft::check`]), or a generator other than
    /// the piece-wise one.
    ///
    /// # Examples
    ///
    /// ```
    /// use rayscan::Position;
    /// use rayscan::perft::Perft;
    /// use rayscan::sliders::Classical;
    /// assert_eq!(Perft::new(3).count_slider::<Classical>(&Position::startpos()), Ok(8902));
    /// ```
    pub fn count_slider<S: Slider>(&self, pos: &Position) -> Result<u64, PerftError> {
        if self.generator != Generator::PieceWise {
            return Err(PerftError::SliderGenerator(self.generator));
        }
        // `S` replaces the technique, so only the bounds are checked.
        self.check_bounds()?;
        match self.last_ply.unwrap_or(LastPly::Each) {
            LastPly::Batch => Ok(self.count_typed::<Batched<S>>(pos)),
            LastPly::Each => Ok(self.count_typed::<S>(pos)),
        }
    }

    fn count_typed<S: Slider>(&self, pos: &Position) -> u64 {
        #[cfg(feature = "std")]
        if !self.is_plain() {
            if let Some(t) = self.table {
                t.prefault_on(self.threads);
            }
            let table = self.table;
            let count = |p: &Position, d: u32| match table {
                Some(t) => super::hash::hashed::<S>(p, d, t),
                None => super::count::piece_wise::<S>(p, d),
            };
            return match self.depth {
                0 | 1 => count(pos, self.depth),
                _ => super::parallel::split_run(pos, self.depth, self.threads, count, |_, _| {}),
            };
        }
        super::count::piece_wise::<S>(pos, self.depth)
    }

    /// One thread and no table.
    fn is_plain(&self) -> bool {
        #[cfg(feature = "std")]
        if self.table.is_some() {
            return false;
        }
        self.threads == 1
    }

    fn check_stats(&self) -> Result<(), PerftError> {
        self.check()?;
        if self.generator != Generator::PieceWise {
            return Err(PerftError::StatsGenerator(self.generator));
        }
        #[cfg(feature = "std")]
        if self.table.is_some() {
            return Err(PerftError::StatsHashed);
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl<'t> Perft<'t> {
    /// Counts on `threads` workers, the calling thread among them (1 by default). The
    /// tree is split two plies down, and each worker takes the next subtree as it
    /// finishes one.
    pub const fn threads(mut self, threads: usize) -> Perft<'t> {
        self.threads = threads;
        self
    }

    /// Remembers subtree counts in `table`, shared by the threads: a position reached
    /// again by another move order is counted once. The table keeps its counts from one
    /// perft to the next. The piece-wise generator uses it; with another, the count is
    /// refused ([`PerftError::HashGenerator`]).
    pub const fn hash<'u>(self, table: &'u PerftTable) -> Perft<'u> {
        Perft {
            depth: self.depth,
            generator: self.generator,
            technique: self.technique,
            last_ply: self.last_ply,
            threads: self.threads,
            table: Some(table),
        }
    }
}

impl fmt::Debug for Perft<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Perft");
        d.field("depth", &self.depth)
            .field("generator", &self.generator)
            .field("technique", &self.technique)
            .field("last_ply", &self.last_ply)
            .field("threads", &self.threads);
        #[cfg(feature = "std")]
        d.field("table", &self.table);
        d.finish()
    }
}

/// Why a [`Perft`] did not count: its options are out of bounds or do not go together.
///
/// # Examples
///
/// ```
/// use rayscan::Position;
/// use rayscan::perft::{Perft, PerftError};
/// let err = Perft::new(65).count(&Position::startpos()).unwrap_err();
/// assert_eq!(err, PerftError::Depth(65));
/// assert_eq!(err.to_string(), "depth 65: expected 0 to 64");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PerftError {
    /// A depth over [`MAX_DEPTH`].
    Depth(u32),
    /// A number of threads outside 1 to [`MAX_THREADS`].
    Threads(usize),
    /// A technique the generator cannot use.
    Unsupported(UnsupportedTechnique),
    /// Statistics asked of a generator other than the piece-wise one.
    StatsGenerator(Generator),
    /// Statistics asked with a hash table, which keeps node counts only.
    StatsHashed,
    /// A hash table with a generator other than the piece-wise one, which alone uses it.
    HashGenerator(Generator),
    /// [`Perft::count_slider`] asked of a generator other than the piece-wise one.
    SliderGenerator(Generator),
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::Depth(depth) => write!(f, "depth {depth}: expected 0 to {MAX_DEPTH}"),
            PerftError::Threads(threads) => {
                write!(f, "threads {threads}: expected 1 to {MAX_THREADS}")
            }
            PerftError::Unsupported(e) => e.fmt(f),
            PerftError::StatsGenerator(g) => write!(
                f,
                "statistics are counted by the piecewise generator, not the {g} generator"
            ),
            PerftError::StatsHashed => {
                f.write_str("statistics cannot use a hash table: the table keeps node counts only")
            }
            PerftError::HashGenerator(g) => write!(
                f,
                "a hash table works with the piecewise generator, not the {g} generator"
            ),
            PerftError::SliderGenerator(g) => write!(
                f,
                "a slider type counts with the piecewise generator, not the {g} generator"
            ),
        }
    }
}

impl core::error::Error for PerftError {}

impl From<UnsupportedTechnique> for PerftError {
    fn from(e: UnsupportedTechnique) -> PerftError {
        PerftError::Unsupported(e)
    }
}
