//! The defects a new user hit in their first hour, one test each, through the binary.

use crate::common::{
    Server, TempFile, available_mib, rayscan, refused, refused_json, success_text, uci_session,
};
use crate::corpus;

use rayscan::movegen::Generator;

/// Lines just under the bound of 256 KiB are read, and their long fields quoted by
/// their start (a longer line is refused before it is read:
/// `malformed::ten_megabyte_lines_are_refused_briefly`).
#[test]
fn suite_files_with_long_lines_are_quoted_by_their_start() {
    // 200,000 bytes of ranks, and 200,000 digits.
    let fen = "8/".repeat(100_000) + "8 w - - 0 1";
    let huge = "9".repeat(200_000);
    let cases = [
        // No counts after the FEN: the line itself was once echoed, all of it.
        (fen.clone(), "no \";D<depth> <count>\" after the FEN"),
        (
            format!("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 {huge}"),
            "expected a node count",
        ),
        (
            format!("8/8/8/8/8/8/8/K6k w - - 0 1 ;{fen}"),
            "expected \"D<depth> <count>\"",
        ),
        (fen.clone() + " ;D1 1", "fen piece placement"),
    ];
    for (line, want) in cases {
        let file = TempFile::new("huge.epd", &(line + "\n"));
        refused(&["suite", file.path()], &["line 1: ", want]);
    }
    let see_cases = [
        (
            format!("8/8/8/8/8/8/8/K6k w - - 0 1; Kb1; {huge}"),
            "the expected value \"999",
        ),
        (
            format!("8/8/8/8/8/8/8/K6k w - - 0 1; {huge}; 0"),
            "invalid move \"999",
        ),
        (fen.clone() + "; e4; 0", "fen piece placement"),
        (fen.clone(), "separated by semicolons"),
    ];
    for (line, want) in see_cases {
        let file = TempFile::new("huge-see.epd", &(line + "\n"));
        refused(&["see", "--suite", file.path()], &["line 1: ", want]);
    }
}

#[test]
fn long_command_line_values_are_quoted_by_their_start() {
    let ranks = "8/".repeat(30_000) + "8";
    let word = "x".repeat(100_000);
    let digits = "9".repeat(100_000);
    let cases: [(&[&str], &str); 7] = [
        (&["attacks", "rook", "a1", "--fen", &ranks], "30001 ranks"),
        (
            &["attacks", "rook", "a1", "--occupied", &word],
            "--occupied \"xxx",
        ),
        (
            &["attacks", "rook", "a1", "--technique", &word],
            "unknown technique \"xxx",
        ),
        (
            &["perft", "1", "--generator", &word],
            "unknown generator \"xxx",
        ),
        (&["perft", &word], "depth \"xxx"),
        (&["fen", "--moves", &digits], "is a number, not a move"),
        (&["fen", "--moves", &word], "invalid move \"xxx"),
    ];
    for (args, want) in cases {
        refused(args, &[want]);
    }
}

#[test]
fn an_occupancy_is_hex_after_0x_and_decimal_otherwise() {
    let hex = |args: &[&str]| {
        let mut all = vec!["attacks", "rook", "a1", "--technique", "classical"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--format", "hex"]);
        success_text(&rayscan(&all))
    };
    // 255 is the first rank: the rook sees b1 and the a-file.
    assert_eq!(
        hex(&["--occupied", "255"]),
        "classical 0x0101010101010102\n"
    );
    assert_eq!(hex(&["--occupied", "255"]), hex(&["--occupied", "0xff"]));
    assert_eq!(hex(&["--occupied", "256"]), hex(&["--occupied", "0X100"]));
    assert_eq!(hex(&["--occupied", "0"]), hex(&[]));
    for command in ["attacks", "explain"] {
        for bad in [
            "ff",
            "FF00",
            "0x",
            "-1",
            "0xfffffffffffffffff",
            "18446744073709551616",
            "1e3",
        ] {
            refused(
                &[command, "rook", "a1", "--occupied", bad],
                &[&format!(
                    "--occupied \"{bad}\": expected 0x and 1 to 16 hex digits (0xff00) or a decimal number below 2^64 (65280)"
                )],
            );
        }
    }
    let v: serde_json::Value = serde_json::from_str(&success_text(&rayscan(&[
        "explain",
        "rook",
        "a1",
        "--occupied",
        "255",
        "--json",
    ])))
    .unwrap();
    assert_eq!(v["occupied"], "0x00000000000000ff");
    let help = success_text(&rayscan(&["attacks", "--help"]));
    assert!(help.contains("--occupied <0xHEX|DECIMAL>"), "{help}");
}

#[test]
fn uci_refuses_an_option_value_at_setoption_and_keeps_the_old_one() {
    let errors = |out: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.strip_prefix("info string error: "))
            .map(String::from)
            .collect()
    };
    let out = uci_session(
        None,
        "setoption name Hash value 4\nsetoption name Hash value 65537\nsetoption name Threads value 0\n\
         setoption name Threads value 2\nsetoption name Threads value many\n\
         setoption name Technique value classical\nsetoption name Technique value nope\ngo perft 3\n",
    );
    let errors_seen = errors(&out);
    assert_eq!(errors_seen.len(), 4, "{out}");
    assert_eq!(
        errors_seen[..3],
        [
            "setoption Hash: \"65537\" is not a number from 0 to 65536 (Hash stays 4)",
            "setoption Threads: \"0\" is not a number from 1 to 1024 (Threads stays 1)",
            "setoption Threads: \"many\" is not a number from 1 to 1024 (Threads stays 2)",
        ]
    );
    let technique = &errors_seen[3];
    assert!(
        technique.starts_with("setoption Technique: unknown technique \"nope\"")
            && technique.ends_with("(Technique stays classical)"),
        "{technique}"
    );
    assert!(out.ends_with("\nNodes searched: 8902\n"), "{out}");

    // More than the memory available: refused at setoption, where it used to be accepted
    // and make every `go perft` fail.
    match available_mib() {
        Some(free) if free < 65536 => {
            let out = uci_session(
                None,
                "setoption name Hash value 65536\ngo perft 2\nsetoption name Hash value 2\n\
                 setoption name Hash value 65536\ngo perft 3\n",
            );
            let errors = errors(&out);
            assert_eq!(errors.len(), 2, "{out}");
            for (e, old) in errors.iter().zip(["0", "2"]) {
                assert!(
                    e.starts_with("setoption Hash: 65536 MiB: more than the ")
                        && e.contains(" MiB of memory available")
                        && e.ends_with(&format!("(Hash stays {old})")),
                    "{e}"
                );
            }
            assert!(out.contains("\nNodes searched: 400\n"), "{out}");
            assert!(out.ends_with("\nNodes searched: 8902\n"), "{out}");
        }
        _ => eprintln!("(65536 MiB fits in this machine's memory: that part is not checked)"),
    }
}

#[test]
fn a_clock_out_of_range_says_the_range() {
    refused(
        &[
            "fen",
            "--fen",
            "8/8/8/8/8/8/8/K6k w - - 0 99999999999999999999",
        ],
        &["fen fullmove number \"99999999999999999999\": expected a number from 0 to 4294967295"],
    );
}

#[test]
fn a_bad_depth_is_named_with_its_range() {
    for (args, want) in [
        (&["perft", "-1"][..], "depth -1: expected 1 to 64"),
        (&["perft", "0"], "depth 0: expected 1 to 64"),
        (&["perft", "65"], "depth 65: expected 1 to 64"),
        (
            &["perft", "abc"],
            "depth \"abc\": expected a number from 1 to 64",
        ),
        (
            &["perft", "--moves", "e2e4", "65"],
            "depth 65: expected 1 to 64",
        ),
        (
            &["perft", "-1", "--moves", "e2e4"],
            "depth -1: expected 1 to 64",
        ),
        (
            &["perftree", "-1", "startpos"],
            "depth -1: expected 1 to 64",
        ),
        (&["perftree", "0", "startpos"], "depth 0: expected 1 to 64"),
    ] {
        let err = refused(args, &[]);
        assert_eq!(err, format!("rayscan: error: {want}\n"), "{args:?}");
    }
    // A negative number is a depth, not a flag: real flags still are flags.
    refused(&["perft", "-x"], &["unexpected argument '-x'"]);
}

#[test]
fn suite_help_lists_every_generator() {
    let help = success_text(&rayscan(&["suite", "--help"]));
    let line = help
        .lines()
        .find(|l| l.trim_start().starts_with("--generator"))
        .unwrap_or_else(|| panic!("no --generator in {help}"));
    let (_, list) = line.split_once('(').unwrap();
    let (list, _) = list.split_once(')').unwrap();
    let listed: Vec<&str> = list
        .split([',', ' '])
        .filter(|w| !w.is_empty() && *w != "or")
        .collect();
    let all: Vec<&str> = Generator::ALL.iter().map(|g| g.name()).collect();
    assert_eq!(listed, all, "{line}");
    // And suite accepts each of them.
    let file = corpus::dir().join("tabs.epd");
    for g in all {
        let out = rayscan(&["suite", file.to_str().unwrap(), "--generator", g]);
        assert!(success_text(&out).contains("1 passed, 0 failed"), "{g}");
    }
}

/// The subcommands `rayscan --help` lists (without `help`).
fn subcommands() -> Vec<String> {
    let help = success_text(&rayscan(&["--help"]));
    let commands = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    commands
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .map(String::from)
        .collect()
}

/// Whether JSON text has no blank outside its strings (`{"a":1}`, not `{"a": 1}`).
fn compact(json: &str) -> bool {
    let (mut in_string, mut escaped) = (false, false);
    for c in json.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            c if c.is_whitespace() && !in_string => return false,
            _ => {}
        }
    }
    true
}

#[test]
fn only_commands_that_print_json_offer_json_and_it_changes_their_output() {
    let file = corpus::dir().join("tabs.epd");
    let see = corpus::dir().join("../see/see.epd");
    let engine = format!("'{}' uci", env!("CARGO_BIN_EXE_rayscan"));
    let sample = |command: &str| -> Vec<String> {
        let args: &[&str] = match command {
            "diff" => &["2", "--engine", &engine],
            "attacks" | "explain" => &["rook", "a1"],
            "perft" => &["2", "--divide"],
            "bench" => &["--threads", "1"],
            "suite" => &[file.to_str().unwrap()],
            "see" => &["--suite", see.to_str().unwrap()],
            "techniques" | "show" | "fen" => &[],
            other => panic!("{other} offers --json: give it a sample here"),
        };
        std::iter::once(command)
            .chain(args.iter().copied())
            .map(String::from)
            .collect()
    };
    let mut offering = Vec::new();
    for command in subcommands() {
        let help = success_text(&rayscan(&[&command, "--help"]));
        if !help.contains("--json") {
            continue;
        }
        offering.push(command.clone());
        let args = sample(&command);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let text = success_text(&rayscan(&args));
        let json = success_text(&rayscan(&[&args[..], &["--json"]].concat()));
        let before = success_text(&rayscan(&[&["--json"], &args[..]].concat()));
        assert_ne!(text, json, "{command}: --json changes nothing");
        // One compact value per line, whichever side of the command --json is on.
        for out in [&json, &before] {
            assert!(out.ends_with('\n'), "{command}: {out}");
            for line in out.lines() {
                serde_json::from_str::<serde_json::Value>(line)
                    .unwrap_or_else(|e| panic!("{command}: {e}: {line}"));
                assert!(compact(line), "{command}: not compact: {line}");
            }
        }
    }
    assert_eq!(
        offering,
        [
            "techniques",
            "attacks",
            "explain",
            "perft",
            "show",
            "bench",
            "suite",
            "see",
            "fen",
            "diff"
        ]
    );
    for (command, args) in [
        ("uci", &[][..]),
        ("serve", &["--port", "0"]),
        ("perftree", &["1", "8/8/8/8/8/8/8/K6k w - -"]),
    ] {
        let help = success_text(&rayscan(&[command, "--help"]));
        assert!(!help.contains("--json"), "{command}: {help}");
        // Refused as every error is under --json: one line of JSON.
        refused_json(
            &[&["--json", command], args].concat(),
            &[&format!("--json: {command} has no JSON output")],
        );
    }
    // After the command, the same words as before it.
    refused_json(&["uci", "--json"], &["--json: uci has no JSON output"]);
}

#[test]
fn see_help_does_not_talk_about_perft() {
    let see = success_text(&rayscan(&["see", "--help"]));
    assert!(!see.contains("perft") && !see.contains("depth"), "{see}");
    for command in ["fen", "show"] {
        let help = success_text(&rayscan(&[command, "--help"]));
        assert!(!help.contains("depth"), "{command}: {help}");
    }
    let perft = success_text(&rayscan(&["perft", "--help"]));
    assert!(
        perft.contains("A number after them is the depth"),
        "{perft}"
    );
}

#[test]
fn top_level_help_says_what_rayscan_is() {
    let help = success_text(&rayscan(&["--help"]));
    let first = help.lines().next().unwrap();
    assert!(
        first.starts_with("Chess move generation and perft"),
        "{first}"
    );
    assert!(help.contains("\nCommands:\n  techniques"), "{help}");
}

#[test]
fn the_web_api_refuses_a_repeated_parameter_and_answers_compact_json() {
    let server = Server::start();
    let (status, body) = server.get("/api/perft?depth=3&depth=4");
    assert_eq!(status, 400, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["error"],
        "\"depth\": given more than once; give each parameter once"
    );
    let (status, body) = server.get("/api/perft?depth=2&divide=true");
    assert_eq!(status, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body, v.to_string(), "compact");
    assert_eq!(
        v["divide"][0],
        serde_json::json!({"move": "b1a3", "nodes": 20})
    );
}

/// A file of the repository, by its path from the root.
fn repo_file(path: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    std::fs::read_to_string(format!("{root}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The book's chapters, by file name.
fn chapters() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/src");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_readme_and_the_introduction_list_every_subcommand() {
    let readme = repo_file("README.md");
    let intro = repo_file("docs/src/introduction.md");
    // The paragraphs that list them: "Every subcommand (…)" and "every subcommand (…)".
    let list = |text: &str| {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let at = text
            .find("very subcommand (")
            .expect("a list of the subcommands");
        let rest = &text[at..];
        rest[..rest.find(')').unwrap()].to_string()
    };
    for command in subcommands() {
        let word = format!("`{command}`");
        assert!(list(&readme).contains(&word), "README lacks {word}");
        assert!(
            list(&intro).contains(&word),
            "the introduction lacks {word}"
        );
    }
}

#[test]
fn mdbook_is_installed_one_way() {
    let script = repo_file(".ci/install-mdbook");
    assert!(script.contains("cargo install mdbook"));
    let mut places = vec![
        ("README.md".to_string(), repo_file("README.md")),
        (".ci/run".to_string(), repo_file(".ci/run")),
    ];
    places.extend(chapters());
    for (name, text) in places {
        assert!(
            !text.contains("cargo install mdbook"),
            "{name} installs mdbook its own way: name .ci/install-mdbook"
        );
    }
    assert!(repo_file(".ci/run").contains(".ci/install-mdbook"));
    assert!(repo_file("README.md").contains(".ci/install-mdbook"));
    assert!(repo_file("docs/src/introduction.md").contains(".ci/install-mdbook"));
}

/// What docs/src/figures.md says for the figure `anchor`: the text between
/// `<!-- ANCHOR: anchor -->` and `<!-- ANCHOR_END: anchor -->`, trimmed.
fn figure_value<'a>(figures: &'a str, anchor: &str) -> Option<&'a str> {
    let start = format!("<!-- ANCHOR: {anchor} -->");
    let end = format!("<!-- ANCHOR_END: {anchor} -->");
    let from = figures.find(&start)? + start.len();
    let to = from + figures[from..].find(&end)?;
    Some(figures[from..to].trim())
}

#[test]
fn every_figure_the_book_quotes_is_the_one_the_script_measured() {
    const OPEN: &str = "<!-- figure:";
    const CLOSE: &str = "<!-- /figure -->";
    let figures = repo_file("docs/src/figures.md");
    assert!(
        figures.contains("measured by `docs/figures.sh`"),
        "{figures}"
    );
    let mut used = 0;
    for (name, text) in chapters() {
        // GitHub shows an mdBook include as it is written: the chapters carry copies.
        assert!(
            !text.contains("{{#include figures.md"),
            "{name} includes docs/src/figures.md, which GitHub shows as raw text: \
             copy the figure between <!-- figure:NAME --> and {CLOSE}"
        );
        let mut rest = text.as_str();
        while let Some(at) = rest.find(OPEN) {
            rest = &rest[at + OPEN.len()..];
            let (anchor, after) = rest
                .split_once(" -->")
                .unwrap_or_else(|| panic!("{name}: a figure marker without its end"));
            let (copy, after) = after
                .split_once(CLOSE)
                .unwrap_or_else(|| panic!("{name}: the figure {anchor:?} lacks {CLOSE}"));
            assert!(
                !copy.contains(OPEN),
                "{name}: the figure {anchor:?} lacks {CLOSE} before the next figure"
            );
            let want = figure_value(&figures, anchor).unwrap_or_else(|| {
                panic!("{name} quotes the figure {anchor:?}, which docs/src/figures.md lacks")
            });
            assert_eq!(
                copy.trim(),
                want,
                "{name}: the figure {anchor:?} is not docs/src/figures.md's: \
                 run docs/figures.sh --tests LOG (or docs/figures.sh) to copy it"
            );
            used += 1;
            rest = after;
        }
        // A line that starts with a marker is an HTML block in Markdown, which shows the
        // figure as raw text and ends the paragraph: only a block figure's markers start a
        // line, each alone on it.
        for line in text.lines().map(str::trim) {
            if line.starts_with(OPEN) || line.starts_with(CLOSE) {
                assert!(
                    line.ends_with("-->") && line.matches("-->").count() == 1,
                    "{name}: a line starts with a figure marker and goes on: {line:?}"
                );
            }
        }
    }
    assert!(used >= 8, "{used} figures quoted");
    // The test count, once typed by hand and stale, comes from the script.
    let start = repo_file("docs/src/getting-started.md");
    assert!(start.contains("<!-- figure:tests -->"));
    assert!(start.contains("<!-- figure:test-time -->"));
}

#[test]
fn the_readme_example_builds_fast_calling_no_run_time_dispatcher() {
    // The first Rust block of "Using the library", as .ci/readme-example builds it.
    let readme = repo_file("README.md");
    let section = &readme[readme.find("## Using the library").unwrap()..];
    let start = section.find("```rust\n").unwrap() + "```rust\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    assert!(
        example.contains("Position::startpos().perft(5)"),
        "{example}"
    );
    // Each of these compiles every technique's hot path in the calling crate.
    for slow in [
        "Perft::",
        "perft_with",
        "perft_by",
        "divide_by",
        "perft_stats_with",
        "parallel",
    ] {
        assert!(!example.contains(slow), "the README's example calls {slow}");
    }
}
