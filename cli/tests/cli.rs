//! The command-line contracts, checked by running the binary.

use std::process::{Command, Output};

use rayscan::sliders::{Reference, Slider, Technique};
use rayscan::{Bitboard, Square};

fn rayscan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rayscan"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn techniques_lists_one_line_each() {
    let out = rayscan(&["techniques"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), Technique::ALL.len());
    for (line, t) in lines.iter().zip(Technique::ALL) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], t.name());
        assert_eq!(fields[1], t.table_bytes().to_string());
        assert!(line.ends_with(t.description()));
    }
}

#[test]
fn techniques_json_is_an_array_of_name_bytes_description() {
    let out = rayscan(&["techniques", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), Technique::ALL.len());
    for (item, t) in list.iter().zip(Technique::ALL) {
        let obj = item.as_object().unwrap();
        assert_eq!(obj.len(), 3);
        assert_eq!(obj["name"], t.name());
        assert_eq!(obj["table_bytes"], t.table_bytes());
        assert_eq!(obj["description"], t.description());
    }
}

#[test]
fn hex_format_prints_one_line_per_technique_all_agreeing_with_the_reference() {
    let boards = [
        ("rook", "d4", "0x0000080000220000"),
        ("bishop", "g2", "0xbdfd06000040ffdf"),
        ("queen", "a8", "0xffffffffffffffff"),
        ("queen", "e5", "0"),
    ];
    for (piece, square, occupied) in boards {
        let out = rayscan(&[
            "attacks",
            piece,
            square,
            "--occupied",
            occupied,
            "--technique",
            "all",
            "--format",
            "hex",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let sq: Square = square.parse().unwrap();
        let occ = Bitboard(u64::from_str_radix(occupied.trim_start_matches("0x"), 16).unwrap());
        let expected = Reference::attacks(piece.parse().unwrap(), sq, occ);
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), Technique::ALL.len());
        for (line, t) in lines.iter().zip(Technique::ALL) {
            assert_eq!(*line, format!("{} 0x{:016x}", t.name(), expected.0));
        }
    }
}

#[test]
fn default_technique_is_the_fastest_and_fen_gives_the_occupancy() {
    let fen = "rnbqkbnr/pppppppp/8/8/3R4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = rayscan(&["attacks", "rook", "d4", "--fen", fen, "--format", "hex"]);
    assert!(out.status.success());
    // d4 rook between the pawn ranks: up to d7, down to d2, the whole fourth rank.
    let expected: Bitboard = [
        "d5", "d6", "d7", "d3", "d2", "a4", "b4", "c4", "e4", "f4", "g4", "h4",
    ]
    .iter()
    .map(|s| s.parse::<Square>().unwrap())
    .collect();
    assert_eq!(
        stdout(&out),
        format!("{} 0x{:016x}\n", Technique::FASTEST.name(), expected.0)
    );
}

#[test]
fn diagram_and_json_output() {
    let out = rayscan(&[
        "attacks",
        "bishop",
        "g2",
        "--occupied",
        "0xbdfd06000040ffdf",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("1 1 1 1 1 1 B 1"), "{text}");
    assert!(
        text.contains("7 squares: {f1, h1, f3, h3, e4, d5, c6}"),
        "{text}"
    );

    let out = rayscan(&["attacks", "queen", "d4", "--technique", "all", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["piece"], "queen");
    assert_eq!(v["square"], "d4");
    assert_eq!(v["occupied"], "0x0000000000000000");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), Technique::ALL.len());
    assert!(results
        .iter()
        .all(|r| r["squares"].as_array().unwrap().len() == 27));
}

#[test]
fn explain_walks_the_literature_example() {
    let out = rayscan(&[
        "explain",
        "bishop",
        "g2",
        "--occupied",
        "0xbdfd06000040ffdf",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("occupied & NorthWest(g2) = blockers {c6, a8}"),
        "{text}"
    );
    assert!(
        text.contains("bitscan forward -> first blocker c6"),
        "{text}"
    );
    assert!(
        text.contains("NorthWest(g2) xor NorthWest(c6) = attacks {f3, e4, d5, c6}"),
        "{text}"
    );
    assert!(!text.contains("MISMATCH"));
    for t in [
        "classical-branchless",
        "classical-zerocount",
        "garvin",
        "subtraction",
        "kogge-stone",
    ] {
        let out = rayscan(&[
            "explain",
            "queen",
            "e4",
            "--occupied",
            "0x00ff0000100000ff",
            "--technique",
            t,
        ]);
        assert!(out.status.success(), "{t}");
        assert!(!stdout(&out).contains("MISMATCH"), "{t}");
    }
}

#[test]
fn bad_input_exits_2_with_one_line_naming_it() {
    let cases: &[(&[&str], &str)] = &[
        (&["attacks", "knight", "d4"], "\"knight\""),
        (&["attacks", "rook", "z9"], "\"z9\""),
        (&["attacks", "rook", "d4", "--occupied", "0xzz"], "\"0xzz\""),
        (
            &["attacks", "rook", "d4", "--occupied", "0x1ffffffffffffffff"],
            "0x1ffffffffffffffff",
        ),
        (
            &["attacks", "rook", "d4", "--technique", "magik"],
            "\"magik\"",
        ),
        (
            &[
                "attacks",
                "rook",
                "d4",
                "--fen",
                "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            ],
            "rank 7",
        ),
        (&["attacks", "rook", "d4", "--format", "svg"], "svg"),
        (
            &["explain", "rook", "d4", "--technique", "magic"],
            "\"magic\"",
        ),
        (&["attacks", "rook"], "<SQUARE>"),
        (&["frobnicate"], "frobnicate"),
    ];
    for (args, needle) in cases {
        let out = rayscan(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("rayscan: error: "), "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(stdout(&out).is_empty());
    }
}
