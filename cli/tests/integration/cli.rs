//! The command-line contracts, checked by running the binary.

use std::process::Output;

use crate::common::{TempFile, rayscan, uci_session};

use rayscan::perft::LastPly;
use rayscan::sliders::{Reference, Slider, Technique};
use rayscan::{Bitboard, Square};

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn techniques_lists_one_line_each_and_marks_the_default() {
    let out = rayscan(&["techniques"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let n = Technique::ALL.len();
    assert_eq!(lines.len(), n + 1 + 2 + LastPly::ALL.len() + 1);
    let default = Technique::auto();
    for (line, t) in lines.iter().zip(Technique::ALL) {
        let marked = line.starts_with("* ");
        assert_eq!(marked, *t == default, "{line}");
        let fields: Vec<&str> = line[2..].split_whitespace().collect();
        assert_eq!(fields[0], t.name());
        assert_eq!(fields[1], t.table_bytes().to_string());
        let tail = if t.is_available() {
            t.description().to_owned()
        } else {
            format!("{} (needs BMI2: not on this CPU)", t.description())
        };
        assert!(line.ends_with(&tail), "{line}");
    }
    assert_eq!(
        lines[n],
        format!(
            "* default on this CPU: {} ({})",
            default.name(),
            Technique::auto_reason()
        )
    );
    // Perft's last ply: its own list, its own default.
    assert_eq!(lines[n + 1], "");
    assert_eq!(
        lines[n + 2],
        "perft's last ply (--last-ply; each where a technique is named):"
    );
    for (line, l) in lines[n + 3..].iter().zip(LastPly::ALL) {
        assert_eq!(line.starts_with("* "), l == LastPly::auto(), "{line}");
        assert_eq!(line[2..].split_whitespace().next(), Some(l.name()));
        assert!(line.ends_with(l.description()), "{line}");
    }
    assert_eq!(
        lines.last().copied(),
        Some(
            format!(
                "* default on this CPU: {} ({})",
                LastPly::auto(),
                LastPly::auto_reason()
            )
            .as_str()
        )
    );
}

#[test]
fn techniques_json_lists_both_with_exactly_one_default_each() {
    let out = rayscan(&["techniques", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 2);
    let list = v["techniques"].as_array().unwrap();
    assert_eq!(list.len(), Technique::ALL.len());
    for (item, t) in list.iter().zip(Technique::ALL) {
        let obj = item.as_object().unwrap();
        assert_eq!(obj.len(), 5);
        assert_eq!(obj["name"], t.name());
        assert_eq!(obj["table_bytes"], t.table_bytes());
        assert_eq!(obj["description"], t.description());
        assert_eq!(obj["default"], *t == Technique::auto());
        assert_eq!(obj["available"], t.is_available());
    }
    let defaults: Vec<_> = list.iter().filter(|i| i["default"] == true).collect();
    assert_eq!(defaults.len(), 1);
    let last_ply = v["last_ply"].as_array().unwrap();
    assert_eq!(last_ply.len(), LastPly::ALL.len());
    for (item, l) in last_ply.iter().zip(LastPly::ALL) {
        let obj = item.as_object().unwrap();
        assert_eq!(obj.len(), 3);
        assert_eq!(obj["name"], l.name());
        assert_eq!(obj["description"], l.description());
        assert_eq!(obj["default"], l == LastPly::auto());
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
        // `all` is every technique this CPU runs.
        assert_eq!(lines.len(), Technique::available().count());
        for (line, t) in lines.iter().zip(Technique::available()) {
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
        format!("{} 0x{:016x}\n", Technique::auto().name(), expected.0)
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
    assert_eq!(results.len(), Technique::available().count());
    assert!(
        results
            .iter()
            .all(|r| r["squares"].as_array().unwrap().len() == 27)
    );
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
        "garvin32",
        "vector",
        "one-run",
        "subtraction",
        "dumb7fill",
        "kogge-stone",
        "magic",
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
            &["explain", "rook", "d4", "--technique", "magick"],
            "\"magick\"",
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

#[test]
fn perft_prints_stockfish_wording() {
    let out = rayscan(&["perft", "4"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Nodes searched: 197281");
    assert!(lines[1].starts_with("Time: ") && lines[1].ends_with(" s"));
    assert!(lines[2].starts_with("Nodes per second: "));
}

#[test]
fn perft_divide_lists_each_root_move_then_the_total() {
    let out = rayscan(&["perft", "3", "--moves", "e2e4", "e7e5", "--divide"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let (moves, rest) = text.split_once("\n\n").unwrap();
    let mut sum = 0;
    for line in moves.lines() {
        let (m, n) = line.split_once(": ").unwrap();
        assert!(m.len() == 4 || m.len() == 5, "{line}");
        sum += n.parse::<u64>().unwrap();
    }
    assert_eq!(moves.lines().count(), 29);
    assert!(rest.starts_with(&format!("Nodes searched: {sum}\n")));
}

#[test]
fn perft_json_and_chess960_divide() {
    let out = rayscan(&["perft", "2", "--json", "--divide"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["nodes"], 400);
    assert!(v["seconds"].as_f64().is_some() && v["nps"].as_u64().is_some());
    // Root moves in generation order, the shape of /api/perft and --merge.
    let divide = v["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 20);
    assert!(divide.contains(&serde_json::json!({ "move": "e2e4", "nodes": 20 })));
    let moves: Vec<&str> = divide.iter().map(|d| d["move"].as_str().unwrap()).collect();
    let generated: Vec<String> = rayscan::Position::startpos()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, generated);
    let out = rayscan(&["perft", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(v.get("divide").is_none());

    // Chess960 castling prints king-to-rook, and is accepted that way in --moves.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let text = stdout(&rayscan(&[
        "perft",
        "1",
        "--fen",
        fen,
        "--divide",
        "--chess960",
    ]));
    assert!(
        text.contains("e1h1: 1") && text.contains("e1a1: 1"),
        "{text}"
    );
    let text = stdout(&rayscan(&["perft", "1", "--fen", fen, "--divide"]));
    assert!(
        text.contains("e1g1: 1") && text.contains("e1c1: 1"),
        "{text}"
    );
    let out = rayscan(&["fen", "--fen", fen, "--moves", "e1h1", "--shredder"]);
    assert_eq!(stdout(&out), "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1\n");
}

#[test]
fn suite_reports_mismatches_and_the_summary_line() {
    let good = TempFile::new(
        "good.epd",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D7 3195901860\n\
         bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528\n",
    );
    let out = rayscan(&["suite", &good, "--technique", "all"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().last(), Some("2 passed, 0 failed"));

    let bad = TempFile::new(
        "bad.epd",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n4k3/8/8/8/8/8/8/4K2R w K - ;D1 16\n",
    );
    let out = rayscan(&["suite", &bad, &good, "--jobs", "2"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("4k3/8/8/8/8/8/8/4K2R w K - depth 1: expected 16, got 15"),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("3 passed, 1 failed"));

    let json = rayscan(&["suite", &bad, "--json", "--max-nodes", "20"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(
        (v["passed"].as_u64(), v["failed"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(v["mismatches"][0]["got"], 15);
}

#[test]
fn chess_commands_exit_2_on_bad_input() {
    let bad_fen = TempFile::new(
        "badfen.epd",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\nnot a fen ;D1 3\n",
    );
    let bad_line = TempFile::new("badline.epd", "4k3/8/8/8/8/8/8/4K3 w - - ;D1 x\n");
    let cases: &[(&[&str], &str)] = &[
        (
            &["perft", "3", "--fen", "8/8/8/8/8/8/8/K6k x - - 0 1"],
            "side to move \"x\"",
        ),
        (
            &["perft", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
            "white has no king",
        ),
        (&["perft", "2", "--moves", "e2e5"], "illegal move \"e2e5\""),
        (
            &["perft", "2", "--moves", "e7e8k"],
            "invalid move \"e7e8k\": neither uci",
        ),
        (
            &["perft", "2", "--moves", "e2e4x"],
            "invalid move \"e2e4x\": neither uci",
        ),
        (
            &["perft", "2", "--moves", "e7e8qq"],
            "invalid move \"e7e8qq\": neither uci",
        ),
        (
            &["perft", "x"],
            "depth \"x\": expected a number from 1 to 64",
        ),
        (&["perft", "2", "--technique", "nope"], "\"nope\""),
        (
            &["fen", "--fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "--strict"],
            "--strict: castling right 'K'",
        ),
        (&["suite", &bad_fen], "line 2"),
        (&["suite", &bad_line], "line 1"),
        (&["suite", "/no/such/file.epd"], "/no/such/file.epd"),
        (&["suite", &bad_fen, "--jobs", "0"], "--jobs"),
        (
            &["perft", "2", "--generator", "nope"],
            "unknown generator \"nope\"",
        ),
        (
            &[
                "perft",
                "2",
                "--generator",
                "directionwise",
                "--technique",
                "magic",
            ],
            "the directionwise generator needs a ray-wise technique, and \"magic\" is not one",
        ),
        (
            &[
                "suite",
                &bad_fen,
                "--generator",
                "staged",
                "--technique",
                "magic",
            ],
            "the staged generator needs a ray-wise technique",
        ),
        (&["suite", &bad_fen, "--generator", "al"], "or all"),
    ];
    for (args, needle) in cases {
        let out = rayscan(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    // Warnings are printed, and the position is still used.
    let out = rayscan(&["perft", "1", "--fen", "4k3/8/8/8/8/8/8/4K3 w K e6 0 1"]);
    assert!(out.status.success());
    assert_eq!(stderr(&out).lines().count(), 2);
    assert!(stdout(&out).starts_with("Nodes searched: 5\n"));
}

#[test]
fn every_generator_gives_the_same_divide() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let divide = |generator: &str| {
        let out = rayscan(&[
            "perft",
            "3",
            "--fen",
            kiwipete,
            "--divide",
            "--generator",
            generator,
        ]);
        assert!(out.status.success(), "{generator}: {}", stderr(&out));
        let text = stdout(&out);
        let (moves, rest) = text.split_once("\n\n").unwrap();
        assert!(
            rest.starts_with("Nodes searched: 97862\n"),
            "{generator}: {rest}"
        );
        let mut lines: Vec<String> = moves.lines().map(String::from).collect();
        lines.sort();
        lines
    };
    let piecewise = divide("piecewise");
    assert_eq!(piecewise.len(), 48);
    for generator in ["directionwise", "hybrid", "staged"] {
        assert_eq!(divide(generator), piecewise, "{generator}");
    }
    // A non-default technique drives the generator it names.
    let out = rayscan(&[
        "perft",
        "3",
        "--generator",
        "directionwise",
        "--technique",
        "dumb7fill",
    ]);
    assert!(stdout(&out).starts_with("Nodes searched: 8902\n"));
}

#[test]
fn suite_runs_every_generator() {
    let good = TempFile::new(
        "generators.epd",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n\
         bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528\n",
    );
    let out = rayscan(&["suite", &good, "--generator", "all", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    // 5 depths, once per generator.
    assert_eq!(
        v["depths_checked"],
        5 * rayscan::movegen::Generator::ALL.len() as u64
    );
    let out = rayscan(&[
        "suite",
        &good,
        "--generator",
        "all",
        "--technique",
        "all",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let pairs = rayscan::movegen::Generator::ALL
        .iter()
        .map(|g| Technique::available().filter(|&t| g.accepts(t)).count())
        .sum::<usize>();
    assert_eq!(v["depths_checked"], 5 * pairs as u64);
    assert_eq!(v["failed"], 0);
    // Generators that cannot use the named technique are skipped, with a warning.
    let out = rayscan(&["suite", &good, "--generator", "all", "--technique", "magic"]);
    assert!(out.status.success());
    assert!(
        stderr(&out)
            .contains("skipping generators directionwise, staged (they need a ray-wise technique"),
        "{}",
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("10 depths checked"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn see_evaluates_a_move_or_a_suite() {
    let fen = "6k1/1pp4p/p1pb4/6q1/3P1pRr/2P4P/PP1Br1P1/5RKN w - -";
    for mv in ["Rfxf4", "f1f4"] {
        let out = rayscan(&["see", "--fen", fen, "--move", mv]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out), "-100\n");
    }
    let out = rayscan(&["see", "--fen", fen, "--move", "Rfxf4", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v, serde_json::json!({ "see": -100 }));

    let suite = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rayscan/tests/data/see/see.epd"
    );
    let out = rayscan(&["see", "--suite", suite]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert_eq!(stdout(&out).lines().last(), Some("74 passed, 0 failed"));

    let wrong = TempFile::new(
        "see-wrong.epd",
        &format!("{fen}; Rfxf4; 100; wrong on purpose\n{fen}; Kh2; 0;\n"),
    );
    let out = rayscan(&["see", "--suite", &wrong]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("Rfxf4 (f1f4): expected 100, got -100 (bitboards)"),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("1 passed, 1 failed"));

    for (args, needle) in [
        (
            vec!["see", "--fen", fen, "--move", "Nf3"],
            "illegal move \"Nf3\"",
        ),
        (
            vec!["see", "--fen", fen, "--move", "zz"],
            "invalid move \"zz\"",
        ),
        (vec!["see", "--fen", fen], "--move"),
    ] {
        let out = rayscan(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
    let bad = TempFile::new("see-bad.epd", &format!("{fen}; Rfxf4; lots\n"));
    let out = rayscan(&["see", "--suite", &bad]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 1: the expected value \"lots\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn moves_take_san_and_mailbox_generators_count_alike() {
    let out = rayscan(&[
        "fen", "--moves", "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O",
    ]);
    assert_eq!(
        stdout(&out),
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4\n"
    );
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for g in ["mailbox-0x88", "mailbox-16x12", "mailbox-15x12"] {
        let out = rayscan(&["perft", "3", "--fen", kiwipete, "--generator", g]);
        assert!(stdout(&out).starts_with("Nodes searched: 97862\n"), "{g}");
    }
    let out = rayscan(&[
        "perft",
        "2",
        "--generator",
        "mailbox-0x88",
        "--technique",
        "magic",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("its technique is \"vector\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn threads_and_hash_give_the_same_divide() {
    let plain = stdout(&rayscan(&["perft", "4", "--divide"]));
    let fast = stdout(&rayscan(&[
        "perft",
        "4",
        "--divide",
        "--threads",
        "2",
        "--hash",
        "1",
    ]));
    let moves = |text: &str| {
        let (moves, rest) = text.split_once("\n\n").unwrap();
        let mut lines: Vec<String> = moves.lines().map(String::from).collect();
        lines.sort();
        (lines, rest.lines().next().unwrap().to_string())
    };
    assert_eq!(moves(&plain), moves(&fast));
    // --hash 0 is no table, as UCI's Hash 0 and Python's hash_mb=0 are.
    let none = stdout(&rayscan(&["perft", "4", "--divide", "--hash", "0"]));
    assert_eq!(moves(&plain), moves(&none));
    for (args, needle) in [
        (
            vec!["perft", "3", "--hash", "65537"],
            "--hash 65537: expected",
        ),
        (vec!["perft", "3", "--threads", "0"], "--threads"),
        (
            vec!["perft", "3", "--hash", "4", "--generator", "hybrid"],
            "--hash works with the piecewise generator",
        ),
        (
            vec!["perft", "3", "--hash", "0", "--hash-seed", "7"],
            "--hash-seed 7: --hash 0 has no table",
        ),
    ] {
        let out = rayscan(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn bench_counts_its_positions() {
    let out = rayscan(&["bench", "--json", "--threads", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["right"], true);
    assert_eq!(v["nodes"], 345_612_470u64);
    assert_eq!(v["positions"].as_array().unwrap().len(), 6);
    let out = rayscan(&["bench", "--generator", "hybrid"]);
    let text = stdout(&out);
    assert!(text.contains("Nodes searched  : 345612470\n"), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("Nodes/second    : ")
    );
}

/// A GUI that sends a search's `go` waits for `bestmove`: it gets one at once, with a line
/// saying that rayscan does not search, and `0000` where there is no legal move.
#[test]
fn uci_answers_a_search_with_a_bestmove() {
    for go in [
        "go depth 5",
        "go movetime 100",
        "go infinite",
        "go wtime 1000 btime 1000",
    ] {
        let out = uci_session(
            None,
            &format!("position startpos moves e2e4\n{go}\nisready\n"),
        );
        assert!(out.starts_with("info string rayscan "), "{go}: {out}");
        assert!(out.contains("it does not search"), "{go}: {out}");
        let best = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap();
        let start = rayscan::Position::startpos();
        let p = start.play(start.parse_uci("e2e4").unwrap());
        assert!(p.parse_uci(best).is_ok(), "{go}: {best} is not legal");
        assert!(out.ends_with("readyok\n"), "{out}");
    }
    // Fool's mate: no legal move.
    let out = uci_session(
        None,
        "position startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 1\n",
    );
    assert!(out.ends_with("bestmove 0000\n"), "{out}");
}

#[test]
fn uci_speaks_the_perft_subset() {
    let out = uci_session(None, "uci\nisready\n");
    assert!(out.starts_with("id name rayscan "), "{out}");
    assert!(out.contains("option name Threads type spin"));
    assert!(out.ends_with("uciok\nreadyok\n"), "{out}");

    // Stockfish's go perft output: move lines, a blank line, the total. The end of the
    // input ends the session once the count is printed.
    let out = uci_session(None, "position startpos moves e2e4 e7e5\ngo perft 2\n");
    let (moves, total) = out.split_once("\n\n").unwrap();
    assert_eq!(moves.lines().count(), 29);
    assert!(moves.lines().all(|l| l.split_once(": ").is_some()));
    let sum: u64 = moves
        .lines()
        .map(|l| l.split_once(": ").unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, format!("Nodes searched: {sum}\n"));
    // quit ends it at once: the commands before it are answered (but a count, which it
    // stops), and nothing after it is read.
    let out = uci_session(None, "isready\nd\nquit\ngo perft 1\nisready\n");
    assert!(out.starts_with("readyok\n"), "{out}");
    assert!(out.contains("\nFen: "), "{out}");
    assert!(
        !out.contains("Nodes") && !out.ends_with("readyok\n"),
        "{out}"
    );

    // Threads, hash and technique give the same counts; d shows FEN and key.
    let out = uci_session(
        None,
        "setoption name Threads value 2\nsetoption name Hash value 4\nsetoption name Technique value classical\n\
         position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo perft 3\nd\nucinewgame\nd\n",
    );
    assert!(out.contains("\nNodes searched: 97862\n"), "{out}");
    assert!(
        out.contains("Fen: r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n")
    );
    assert!(out.contains("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nKey: "));

    // Errors are info strings and the loop goes on.
    let out = uci_session(
        None,
        "bogus\ngo perft x\nposition fen nonsense\nposition startpos moves e2e5\nsetoption name Threads value 0\n\
         setoption name Colour value red\nisready\n",
    );
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error: "))
        .collect();
    assert_eq!(errors.len(), 6, "{out}");
    assert!(out.ends_with("readyok\n"));
}

#[test]
fn uci_chess960_writes_and_reads_castling_king_to_rook() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let root = |o: &str| o.split_once("\n\n").unwrap().0.to_string();
    let standard = uci_session(None, &format!("position fen {fen}\ngo perft 1\n"));
    assert!(
        standard.contains("\ne1g1: 1\n") && !standard.contains("e1h1"),
        "{standard}"
    );
    let out = uci_session(
        None,
        &format!(
            "uci\nsetoption name UCI_Chess960 value true\nposition fen {fen} moves e1h1\ngo perft 1\n\
             position fen {fen}\ngo perft 1\nsetoption name UCI_Chess960 value maybe\n"
        ),
    );
    assert!(
        out.contains("option name UCI_Chess960 type check default false\n"),
        "{out}"
    );
    let (_, after) = out.split_once("uciok\n").unwrap();
    // Black to move after white's king-to-rook castling (the f1 rook now guards f8): black
    // castles queenside, king-to-rook too.
    let (black, rest) = after.split_once("\n\nNodes searched: ").unwrap();
    assert!(
        black.contains("e8a8: 1") && !black.contains("e8c8") && !black.contains("e8h8"),
        "{black}"
    );
    let (_, white) = rest.split_once('\n').unwrap();
    assert_eq!(
        root(white).replace("e1h1", "e1g1").replace("e1a1", "e1c1"),
        root(&standard)
    );
    assert!(out.contains(
        "info string error: setoption UCI_Chess960: \"maybe\" is not true or false (UCI_Chess960 stays true)"
    ), "{out}");
    // Set back to false, the position the FEN gave takes its own notation again.
    let out = uci_session(
        None,
        &format!(
            "setoption name UCI_Chess960 value true\nposition fen {fen}\n\
             setoption name UCI_Chess960 value false\ngo perft 1\n"
        ),
    );
    assert_eq!(root(&out), root(&standard));
}

#[test]
fn perftree_follows_the_script_contract() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = rayscan(&["perftree", "3", fen, "e2e4 e7e5"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let (moves, total) = text.split_once("\n\n").unwrap();
    let sum: u64 = moves
        .lines()
        .map(|l| {
            let (m, n) = l.split_once(' ').unwrap();
            assert!(m.len() == 4 || m.len() == 5, "{l}");
            n.parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(total, format!("{sum}\n"));
    assert_eq!(moves.lines().count(), 29);
    let out = rayscan(&["perftree", "2", fen]);
    assert!(stdout(&out).ends_with("\n\n400\n"));
    for args in [
        vec!["perftree", "2", "bad fen"],
        vec!["perftree", "2", fen, "e2e5"],
        vec!["perftree", "0", fen],
    ] {
        let out = rayscan(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out).lines().count(), 1, "{args:?}");
    }
}

#[test]
fn split_jobs_and_merge_equal_the_direct_count() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = rayscan(&["perft", "4", "--fen", kiwipete, "--split", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let jobs = stdout(&out);
    // 2039 move paths, but a2a3 b4xa3 and a2a4 b4xa3 (en passant) meet: one job each
    // distinct position, the shared one weighted under both root moves.
    assert_eq!(
        jobs.lines().count(),
        2038,
        "one job per distinct position two plies down"
    );
    let mut results = String::new();
    for line in jobs.lines() {
        let out = rayscan(&["perft", "--job", line]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 1);
        results.push_str(&text);
    }
    // Any order will do.
    let mut lines: Vec<&str> = results.lines().collect();
    lines.reverse();
    let file = TempFile::new("results.jsonl", &(lines.join("\n") + "\n"));
    let merged = stdout(&rayscan(&["perft", "--merge", &file]));
    let direct = stdout(&rayscan(&["perft", "4", "--fen", kiwipete, "--divide"]));
    let sorted = |text: &str| {
        let (moves, total) = text.split_once("\n\n").unwrap();
        let mut m: Vec<String> = moves.lines().map(String::from).collect();
        m.sort();
        (m, total.lines().next().unwrap().to_string())
    };
    assert_eq!(sorted(&merged), sorted(&direct));
    assert!(merged.ends_with("\nNodes searched: 4085603\n"));

    // A missing job, a duplicate, and another split's result are refused.
    let missing = TempFile::new("missing.jsonl", &(lines[1..].join("\n") + "\n"));
    let duplicate = TempFile::new(
        "duplicate.jsonl",
        &(lines.join("\n") + "\n" + lines[0] + "\n"),
    );
    let other = stdout(&rayscan(&["perft", "3", "--split", "1"]));
    let foreign_job = other.lines().next().unwrap();
    let foreign = stdout(&rayscan(&["perft", "--job", foreign_job]));
    let mixed = TempFile::new("mixed.jsonl", &(lines.join("\n") + "\n" + &foreign));
    for (file, needle) in [
        (&missing, "1 of 2038 jobs are missing"),
        (&duplicate, "appears twice"),
        (&mixed, "belongs to another split"),
    ] {
        let out = rayscan(&["perft", "--merge", file]);
        assert_eq!(out.status.code(), Some(2), "{needle}");
        assert!(stderr(&out).contains(needle), "{}", stderr(&out));
    }
    for args in [
        vec!["perft", "--job", "{not json"],
        vec!["perft", "3", "--split", "3"],
        vec!["perft", "0"],
    ] {
        let out = rayscan(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn show_draws_attacks_pins_and_checkers() {
    let out = rayscan(&["show", "--fen", "4r1k1/8/8/8/4R3/8/8/4K3 w - - 0 1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("white to move"), "{text}");
    assert!(text.contains(". . . . R . . ."), "{text}");
    assert!(text.contains("pinned: {e4}\ncheckers: {}\n"), "{text}");
    let out = rayscan(&["show", "--fen", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["checkers"], serde_json::json!(["e2"]));
    assert!(
        v["attacked"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("e1"))
    );
    let out = rayscan(&["show", "--fen", "not a fen"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn explain_json_carries_the_steps() {
    let out = rayscan(&[
        "--json",
        "explain",
        "rook",
        "d2",
        "--occupied",
        "0x0000080000004000",
        "--technique",
        "vector",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["attacks"], "0x0000080808087708");
    let sections = v["sections"].as_array().unwrap();
    assert_eq!(sections.len(), 4);
    assert_eq!(sections[0]["name"], "north");
    assert_eq!(
        sections[0]["attacks"],
        serde_json::json!(["d3", "d4", "d5", "d6"])
    );
    let text = sections[0]["steps"][0]["text"].as_str().unwrap();
    assert!(text.contains("0x53 = d6 (occupied: stop)"), "{text}");
    assert_eq!(v["mismatches"], serde_json::json!([]));
}

#[test]
fn serve_names_a_port_it_cannot_take() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = rayscan(&["serve", "--port", &port]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains(&format!("--port {port}")), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = rayscan(&["serve", "--port", "70000"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn uci_answers_a_ten_megabyte_line_with_one_short_error() {
    let placement = "8/".repeat(5_000_000) + "8";
    let text = uci_session(
        None,
        &format!("position fen {placement} w - - 0 1\nisready\nquit\n"),
    );
    assert_eq!(
        text,
        "info string error: the line is longer than 256 KiB: skipped\nreadyok\n"
    );
    // Under the bound, a long FEN is read and refused naming its field.
    let placement = "8/".repeat(50_000) + "8";
    let text = uci_session(
        None,
        &format!("position fen {placement} w - - 0 1\nisready\nquit\n"),
    );
    let errors: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 1, "{}", &text[..text.len().min(500)]);
    assert!(
        errors[0].len() < 300 && errors[0].contains("ranks"),
        "{}",
        errors[0]
    );
    assert!(text.ends_with("readyok\n"));
}

#[test]
fn stats_print_the_wiki_table_after_the_node_count() {
    // Kiwipete at depth 3, from the chessprogramming wiki's table.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let want = "Nodes searched: 97862\nCaptures: 17102\nEn passant: 45\nCastles: 3162\n\
                Promotions: 0\nChecks: 993\nDiscovered checks: 0\nDouble checks: 0\nCheckmates: 1\n";
    for threads in ["1", "2"] {
        let out = stdout(&rayscan(&[
            "perft",
            "3",
            "--fen",
            kiwipete,
            "--stats",
            "--threads",
            threads,
        ]));
        assert!(out.starts_with(want), "{out}");
        let divided = stdout(&rayscan(&[
            "perft",
            "3",
            "--fen",
            kiwipete,
            "--stats",
            "--divide",
            "--threads",
            threads,
        ]));
        let (moves, rest) = divided.split_once("\n\n").unwrap();
        assert_eq!(moves.lines().count(), 48);
        assert!(rest.starts_with(want), "{rest}");
    }
    let json = stdout(&rayscan(&[
        "--json", "perft", "3", "--fen", kiwipete, "--stats", "--divide",
    ]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["nodes"], 97862);
    assert_eq!(v["divide"].as_array().unwrap().len(), 48);
    let stats = v["stats"].as_object().unwrap();
    let keys: Vec<&str> = stats.keys().map(String::as_str).collect();
    let mut expected = vec![
        "captures",
        "en_passant",
        "castles",
        "promotions",
        "checks",
        "discovered_checks",
        "double_checks",
        "checkmates",
    ];
    expected.sort_unstable();
    let mut keys = keys;
    keys.sort_unstable();
    assert_eq!(keys, expected);
    assert_eq!(stats["castles"], 3162);
    assert_eq!(stats["checkmates"], 1);
    // Without --stats, no stats.
    let plain = stdout(&rayscan(&["--json", "perft", "2"]));
    assert!(!plain.contains("stats"), "{plain}");
}

#[test]
fn hash_seeds_give_the_same_count_and_bad_combinations_are_refused() {
    for seed in ["1", "18446744073709551615"] {
        let out = stdout(&rayscan(&[
            "perft",
            "5",
            "--hash",
            "4",
            "--hash-seed",
            seed,
            "--threads",
            "2",
        ]));
        assert!(out.starts_with("Nodes searched: 4865609\n"), "{out}");
    }
    for (args, needle) in [
        (vec!["perft", "3", "--hash-seed", "1"], "--hash"),
        (vec!["perft", "3", "--hash", "4", "--hash-seed", "x"], "x"),
        (
            vec!["perft", "3", "--stats", "--hash", "4"],
            "--stats cannot be combined with --hash",
        ),
        (
            vec!["perft", "3", "--stats", "--generator", "mailbox-0x88"],
            "--stats works with the piecewise generator",
        ),
        (
            vec!["perft", "3", "--progress-after", "-1"],
            "--progress-after \"-1\": expected a number of seconds from 0 to 1000000",
        ),
        (
            vec!["perft", "3", "--progress-after", "soon"],
            "--progress-after \"soon\"",
        ),
    ] {
        let out = rayscan(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn merge_refuses_results_with_and_without_stats_mixed() {
    let jobs = stdout(&rayscan(&["perft", "3", "--split", "1"]));
    let mut results = String::new();
    for (i, line) in jobs.lines().enumerate() {
        let stats = if i == 0 { "--stats" } else { "--threads" };
        let extra = if i == 0 {
            vec![stats]
        } else {
            vec![stats, "1"]
        };
        let mut args = vec!["perft", "--job", line];
        args.extend(extra);
        results.push_str(&stdout(&rayscan(&args)));
    }
    let file = TempFile::new("mixed-stats.jsonl", &results);
    let out = rayscan(&["perft", "--merge", &file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("run every job with --stats or none"),
        "{}",
        stderr(&out)
    );
}

/// The last ply is named apart from the technique: a technique named alone computes
/// every slider attack (each child counted with it), the default pairs the fastest of
/// each, and `--last-ply` names it; `perft --json` and `bench --json` say which ran.
#[test]
fn the_last_ply_is_named_on_its_own() {
    let run = |args: &[&str]| -> serde_json::Value {
        let out = rayscan(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        serde_json::from_str(&stdout(&out)).unwrap()
    };
    let method = |v: &serde_json::Value| {
        (
            v["technique"].as_str().unwrap().to_owned(),
            v["last_ply"].as_str().map(str::to_owned),
        )
    };
    let default = run(&["perft", "4", "--json"]);
    assert_eq!(default["nodes"], 197_281);
    assert_eq!(
        method(&default),
        (
            Technique::auto().name().to_owned(),
            Some(LastPly::auto().name().to_owned())
        )
    );
    let named = run(&["perft", "4", "--technique", "classical", "--json"]);
    assert_eq!(named["nodes"], 197_281);
    assert_eq!(
        method(&named),
        ("classical".to_owned(), Some("each".to_owned()))
    );
    for last_ply in LastPly::ALL {
        let v = run(&[
            "perft",
            "4",
            "--technique",
            "reference",
            "--last-ply",
            last_ply.name(),
            "--json",
        ]);
        assert_eq!(v["nodes"], 197_281);
        assert_eq!(
            method(&v),
            ("reference".to_owned(), Some(last_ply.name().to_owned()))
        );
    }
    // Where it does not apply, it is not named.
    let stats = run(&["perft", "3", "--stats", "--json"]);
    assert_eq!(stats["last_ply"], serde_json::Value::Null);
    let hybrid = run(&["perft", "3", "--generator", "hybrid", "--json"]);
    assert_eq!(hybrid["last_ply"], serde_json::Value::Null);
    let bench = rayscan(&["bench", "--last-ply", "each", "--json"]);
    assert!(bench.status.success(), "{}", stderr(&bench));
    let bench: serde_json::Value = serde_json::from_str(&stdout(&bench)).unwrap();
    assert_eq!(bench["last_ply"], "each");
    assert_eq!(bench["right"], true);
    // Refused, naming what is wrong.
    for (args, message) in [
        (
            &["perft", "3", "--last-ply", "lanes"][..],
            "invalid last ply \"lanes\": expected batch or each",
        ),
        (
            &["perft", "3", "--generator", "hybrid", "--last-ply", "each"][..],
            "--last-ply works with the piecewise generator, not hybrid",
        ),
        (
            &["perft", "3", "--stats", "--last-ply", "each"][..],
            "'--stats' cannot be used with '--last-ply <NAME>'",
        ),
    ] {
        let out = rayscan(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
}

/// UCI's `LastPly` follows the same rule as the command line: `auto` until set.
#[test]
fn uci_names_the_last_ply_on_its_own() {
    let out = uci_session(
        None,
        "uci\nsetoption name LastPly value lanes\nsetoption name LastPly value each\ngo perft 3\n",
    );
    assert!(
        out.contains("option name LastPly type combo default auto var auto var batch var each"),
        "{out}"
    );
    assert!(
        out.contains(
            "info string error: setoption LastPly: \"lanes\" is not auto, batch or each (LastPly stays auto)"
        ),
        "{out}"
    );
    assert!(out.contains("Nodes searched: 8902"), "{out}");
}
