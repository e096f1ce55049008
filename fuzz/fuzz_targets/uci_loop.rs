//! The CLI's UCI loop (`rayscan_cli::commands::uci::uci`) never panics and never returns an error,
//! whatever commands it is fed (unknown commands, bad FENs, illegal moves, lines that
//! are not UTF-8, options out of range …), writing to `io::sink()`.
//!
//! The work per input is bounded before the loop runs, line by line, exactly as the loop
//! splits its input (on `\n`, words by `split_whitespace`): `go perft N` gets N ≤ 2 for the
//! first few perft commands and N ≤ 1 after that, `setoption name Hash value N` gets N ≤ 16
//! (MiB, allocated and zeroed when set) and `Threads` N ≤ 2. Without that, one
//! short input (`go perft 64`, or `Hash value 65536`) runs for hours or allocates 64 GiB:
//! a hang or an out-of-memory report, not a bug. Everything else reaches the loop
//! unchanged; only a rewritten line loses its original spacing.
#![no_main]

use std::borrow::Cow;

use libfuzzer_sys::fuzz_target;

/// Deepest perft for the first `DEEP_PERFTS` `go perft` commands of an input. Depth 2
/// reaches every path of the loop (the hash table stores from depth 2, threads split the
/// root moves); deeper only counts more nodes, with the debug assertions' key check at
/// every move (depth 3 ran 650 inputs a second, so a 10^7 campaign took hours). The
/// counts themselves are proven by the `legality` target and the perft suites.
const MAX_DEPTH: u32 = 2;
/// Deepest perft after that (hundreds of deep perfts in one input would be a slow unit).
const MAX_DEPTH_LATER: u32 = 1;
const DEEP_PERFTS: usize = 4;
const MAX_HASH_MB: usize = 16;
const MAX_THREADS: usize = 2;

/// `line` with its work bounded (see the module docs); `perfts` counts `go perft` lines.
fn bounded<'a>(line: &'a [u8], perfts: &mut usize) -> Cow<'a, [u8]> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Cow::Borrowed(line);
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["go", "perft", depth] => {
            *perfts += 1;
            let max = if *perfts <= DEEP_PERFTS {
                MAX_DEPTH
            } else {
                MAX_DEPTH_LATER
            };
            // Parsed as the loop parses it; anything it would refuse stays as it is.
            match depth.parse::<u32>() {
                Ok(d) if d > max => Cow::Owned(format!("go perft {max}").into_bytes()),
                _ => Cow::Borrowed(line),
            }
        }
        ["setoption", "name", name, "value", value] => {
            let max = match name.to_ascii_lowercase().as_str() {
                "hash" => MAX_HASH_MB,
                "threads" => MAX_THREADS,
                _ => return Cow::Borrowed(line),
            };
            match value.parse::<usize>() {
                Ok(v) if v > max => {
                    Cow::Owned(format!("setoption name {name} value {max}").into_bytes())
                }
                _ => Cow::Borrowed(line),
            }
        }
        _ => Cow::Borrowed(line),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut input = Vec::with_capacity(data.len());
    let mut perfts = 0;
    for (i, line) in data.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            input.push(b'\n');
        }
        input.extend_from_slice(&bounded(line, &mut perfts));
    }
    rayscan_cli::commands::uci::uci(input.as_slice(), std::io::sink())
        .expect("the UCI loop failed");
});
