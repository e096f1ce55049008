//! How perft runs (`perft`, `bench`, `perft --job`, UCI's `go perft`): generator,
//! technique, threads and hash table, and the CPU override behind the technique's default.

use rayscan::movegen::Generator;
use rayscan::perft::hash::PerftTable;
use rayscan::perft::stats::PerftStats;
use rayscan::perft::{LastPly, Method, Perft, PerftError};
use rayscan::sliders::Technique;
use rayscan::{Move, Position};

/// How perft runs: generator, technique, last ply, threads and hash table (already
/// checked).
pub struct Settings {
    pub generator: Generator,
    pub technique: Technique,
    /// The piecewise generator's last ply (the other generators count theirs their own way).
    pub last_ply: LastPly,
    pub threads: usize,
    pub table: Option<PerftTable>,
}

impl Settings {
    /// The technique with the last ply.
    pub fn method(&self) -> Method {
        Method {
            technique: self.technique,
            last_ply: self.last_ply,
        }
    }

    /// The last ply a count with these settings uses: the piecewise generator's bulk
    /// count only (statistics count every leaf).
    pub fn last_ply_of(&self, stats: bool) -> Option<LastPly> {
        (self.generator == Generator::PieceWise && !stats).then_some(self.last_ply)
    }

    /// The perft these settings run, `depth` plies deep.
    pub fn perft(&self, depth: u32) -> Perft<'_> {
        let perft = Perft::new(depth)
            .generator(self.generator)
            .method(self.method())
            .threads(self.threads);
        match &self.table {
            Some(table) => perft.hash(table),
            None => perft,
        }
    }

    /// Checks the settings against each other and `depth` (the library's words).
    pub fn check(&self, depth: u32) -> Result<(), String> {
        self.perft(depth).check().map_err(|e| e.to_string())
    }

    /// Perft of `pos`, reporting root moves to `report`.
    pub fn run(
        &self,
        pos: &Position,
        depth: u32,
        report: impl FnMut(Move, u64),
    ) -> Result<u64, String> {
        self.perft(depth)
            .divide(pos, report)
            .map_err(|e| e.to_string())
    }

    /// Perft of `pos`, with the statistics when `stats` is set (else only `nodes` is
    /// filled), reporting root moves to `report`.
    pub fn count(
        &self,
        pos: &Position,
        depth: u32,
        stats: bool,
        mut report: impl FnMut(Move, &PerftStats),
    ) -> Result<PerftStats, String> {
        if !stats {
            let nodes = self.run(pos, depth, |m, n| {
                report(
                    m,
                    &PerftStats {
                        nodes: n,
                        ..PerftStats::default()
                    },
                )
            })?;
            return Ok(PerftStats {
                nodes,
                ..PerftStats::default()
            });
        }
        // Perft refuses what does not go with statistics; the messages name the flags.
        self.perft(depth)
            .divide_stats(pos, report)
            .map_err(|e| match e {
                PerftError::StatsGenerator(g) => {
                    format!("--stats works with the piecewise generator, not {g}")
                }
                PerftError::StatsHashed => {
                    "--stats cannot be combined with --hash: the table keeps node counts only"
                        .to_string()
                }
                e => e.to_string(),
            })
    }
}

/// Memory the system can give without swapping, in MiB (`MemAvailable` in
/// `/proc/meminfo`); `None` where that is unknown.
fn available_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// A perft hash table of `mb` MiB, refused with a clear error when the machine does not
/// have that much memory available. Checked first because Linux overcommits: the
/// allocation would succeed and the process be killed when the table is filled.
pub fn hash_table(mb: usize, seed: u64) -> Result<PerftTable, String> {
    if let Some(free) = available_mib()
        && mb > free
    {
        return Err(format!(
            "hash {mb} MiB: more than the {free} MiB of memory available"
        ));
    }
    PerftTable::with_seed(mb, seed).map_err(|mb| format!("hash {mb} MiB: cannot allocate"))
}

/// `RAYSCAN_CPU`, which takes CPU features away for testing, if it is set and not
/// empty (set but empty is the same as unset, as for the library).
pub fn cpu_override() -> Option<std::ffi::OsString> {
    std::env::var_os("RAYSCAN_CPU").filter(|v| !v.is_empty())
}

/// Checks `RAYSCAN_CPU`: a value the library would ignore is an error rather than a
/// silent no-op.
pub fn check_cpu_override() -> Result<(), String> {
    let Some(value) = cpu_override() else {
        return Ok(());
    };
    match value.to_str() {
        // It can only take features away: a level the CPU lacks cannot be forced.
        Some("v4") if !rayscan::cpu::x86_64_v4() => Err(
            "RAYSCAN_CPU: v4: this CPU has no x86-64-v4 with AVX-512 VPOPCNTDQ (it takes features away, never adds them)".to_string(),
        ),
        Some("v3") if !rayscan::cpu::x86_64_v3() => Err(
            "RAYSCAN_CPU: v3: this CPU has no x86-64-v3 (it takes features away, never adds them)".to_string(),
        ),
        Some(v) if rayscan::cpu::OVERRIDES.contains(&v) => Ok(()),
        _ => Err(format!(
            "RAYSCAN_CPU: unknown value {}: expected {}",
            rayscan::error::Snippet::new(&value.to_string_lossy()),
            rayscan::cpu::OVERRIDES.join(", ")
        )),
    }
}
