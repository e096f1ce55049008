//! The rough edges a new user hit, each checked through the binary: perft's depth after
//! `--moves`, UCI moves up to an illegal one, messages for bad `--job` and `--merge`
//! lines, `show` and the web page naming checkmate, stalemate and insufficient material.
//! Bad input still exits with code 2 and one line.

use crate::common::{Server, rayscan, refused_exactly, success_text, uci_session};

use rayscan::Position;

/// The position after `moves` (UCI) from the start.
fn after(moves: &[&str]) -> Position {
    moves.iter().fold(Position::startpos(), |pos, m| {
        pos.play(pos.parse_uci(m).unwrap())
    })
}

#[test]
fn perft_takes_a_number_after_the_moves_as_its_depth() {
    let nodes = after(&["e2e4", "e7e5"]).perft(3);
    let want = format!("Nodes searched: {nodes}\n");
    for args in [
        &["perft", "--moves", "e2e4", "e7e5", "3"][..],
        &["perft", "3", "--moves", "e2e4", "e7e5"],
        &["perft", "--moves", "e4", "e5", "3", "--threads", "2"],
    ] {
        assert!(success_text(&rayscan(args)).starts_with(&want), "{args:?}");
    }
    let divided = success_text(&rayscan(&[
        "perft", "--moves", "e2e4", "e7e5", "3", "--divide",
    ]));
    assert_eq!(divided.split_once("\n\n").unwrap().0.lines().count(), 29);
    let fen = after(&["e2e4", "e7e5"]).to_string();
    assert!(success_text(&rayscan(&["perft", "3", "--fen", &fen])).starts_with(&want));
    // The number alone: perft 2 of the start position.
    assert!(
        success_text(&rayscan(&["perft", "--moves", "2"])).starts_with("Nodes searched: 400\n")
    );

    // The forms that cannot work say why and how to write them.
    refused_exactly(
        &["perft", "--moves", "e2e4", "3", "e7e5"],
        "--moves: \"e7e5\" comes after the depth 3, and a number ends the moves: write the moves first (--moves e2e4 e7e5 3)",
    );
    refused_exactly(
        &["perft", "3", "--moves", "e2e4", "4"],
        "the depth is given twice, 3 and 4 (a number after the moves is the depth): give it once",
    );
    refused_exactly(
        &["perft", "--moves", "e2e4", "e7e5"],
        "the depth is missing: write it after the moves (--moves e2e4 e7e5 3) or first (perft 3 --moves e2e4 e7e5)",
    );
    refused_exactly(
        &["perft", "--moves", "e2e4", "65"],
        "depth 65: expected 1 to 64",
    );
    let number = "--moves: \"3\" is a number, not a move (only perft reads a number after its moves, as the depth)";
    refused_exactly(&["fen", "--moves", "e2e4", "3"], number);
    refused_exactly(&["show", "--moves", "e2e4", "3"], number);
    refused_exactly(&["see", "--moves", "e2e4", "3", "--move", "d7d5"], number);
    // --moves still works wherever it is taken.
    assert_eq!(
        success_text(&rayscan(&["fen", "--moves", "e2e4", "e7e5"])),
        format!("{fen}\n")
    );
    assert_eq!(
        success_text(&rayscan(&["see", "--moves", "e4", "d5", "--move", "exd5"])),
        "0\n"
    );
}

#[test]
fn uci_plays_the_moves_before_an_illegal_one() {
    let out = uci_session(
        None,
        "position startpos moves e2e4 e7e5 e1e3\ngo perft 1\nd\nisready\n",
    );
    let fen = after(&["e2e4", "e7e5"]).to_string();
    let error = format!(
        "info string error: illegal move \"e1e3\": not a legal move in this position; stopped before it, at {fen}\n"
    );
    assert!(out.starts_with(&error), "{out}");
    assert!(out.contains("\nNodes searched: 29\n"), "{out}");
    assert!(out.contains(&format!("\nFen: {fen}\n")), "{out}");
    assert!(out.ends_with("readyok\n"), "{out}");

    // An unreadable first move leaves the position it starts from; a bad FEN or a bad
    // word leaves the position as it was.
    let out = uci_session(
        None,
        "position startpos moves e2e4\nposition startpos moves e9e4 e2e4\nd\n\
         position startpos moves e2e4\nposition fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nd\n\
         position startpos junk\nd\n",
    );
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error: "))
        .collect();
    assert_eq!(errors.len(), 3, "{out}");
    assert!(errors[0].contains("\"e9e4\""), "{}", errors[0]);
    assert!(
        errors[1].starts_with("info string error: fen "),
        "{}",
        errors[1]
    );
    let fens: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Fen: "))
        .collect();
    let e4 = after(&["e2e4"]).to_string();
    assert_eq!(fens, [Position::startpos().to_string(), e4.clone(), e4]);
}

#[test]
fn a_bad_job_line_names_what_is_wrong() {
    let job = "--job: not a job line as written by `rayscan perft --split`: ";
    let fen = r#""fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1""#;
    let split = r#""run":"x","root":"4k3/8/8/8/8/8/8/4K3 w - - 0 1","plies":1,"jobs":1,"id":0"#;
    for (line, want) in [
        (
            format!(r#"{{{split},{fen},"left":1,"paths":[]}}"#),
            "the field \"depth\" is missing".to_string(),
        ),
        (
            format!(r#"{{{split},{fen},"depth":"4","left":1,"paths":[]}}"#),
            "the field \"depth\" has the wrong type: invalid type: string \"4\", expected u32"
                .to_string(),
        ),
        (
            format!(r#"{{{split},{fen},"depth":2,"left":1,"paths":[],"colour":1}}"#),
            "unknown field \"colour\", expected one of \"run\", \"root\", \"depth\", \"plies\", \"jobs\", \"id\", \"fen\", \"left\", \"stats\", \"paths\""
                .to_string(),
        ),
        (
            "{run:x}".to_string(),
            "it is not JSON: key must be a string at line 1 column 2".to_string(),
        ),
        ("[1]".to_string(), "it is a list, not a JSON object".to_string()),
    ] {
        refused_exactly(&["perft", "--job", &line], &format!("{job}{want}"));
    }
    // A job line as --split writes it still runs.
    let split = success_text(&rayscan(&["perft", "2", "--split", "1"]));
    let done = success_text(&rayscan(&["perft", "--job", split.lines().next().unwrap()]));
    assert!(done.contains(r#""nodes":20"#), "{done}");

    // And --merge names the line and the field.
    let dir = std::env::temp_dir().join(format!("rayscan-edges-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("results.jsonl");
    std::fs::write(
        &file,
        format!("{done}{{\"run\":\"x\",\"id\":1,\"jobs\":20}}\n"),
    )
    .unwrap();
    let file = file.to_str().unwrap();
    refused_exactly(
        &["perft", "--merge", file],
        &format!(
            "{file}: line 2: not a result line as written by `rayscan perft --job`: the field \"root\" is missing"
        ),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn show_names_checkmate_stalemate_and_insufficient_material() {
    let cases = [
        // Fool's mate.
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "checkmate: black wins\n",
            [true, false, false],
        ),
        (
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "stalemate: draw\n",
            [false, true, false],
        ),
        // King and knight against a king; king and bishop against a king, stalemated.
        (
            "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",
            "insufficient material: draw\n",
            [false, false, true],
        ),
        (
            "k7/2K5/8/8/8/8/8/6B1 b - - 0 1",
            "stalemate: draw\ninsufficient material: draw\n",
            [false, true, true],
        ),
        (
            "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
            "checkers: {e2}\n",
            [false, false, false],
        ),
    ];
    for (fen, tail, [checkmate, stalemate, insufficient]) in cases {
        let text = success_text(&rayscan(&["show", "--fen", fen]));
        assert!(text.ends_with(tail), "{fen}: {text}");
        let json = success_text(&rayscan(&["show", "--fen", fen, "--json"]));
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["checkmate"], checkmate, "{fen}");
        assert_eq!(v["stalemate"], stalemate, "{fen}");
        assert_eq!(v["insufficient_material"], insufficient, "{fen}");
    }
}

#[test]
fn explain_says_which_file_the_kogge_stone_propagator_leaves_out() {
    let text = success_text(&rayscan(&[
        "explain",
        "queen",
        "d4",
        "--technique",
        "kogge-stone",
    ]));
    assert!(!text.contains("the nothing"), "{text}");
    assert!(text.contains(
        "north: generator = the slider; propagator = the empty squares (a shift north keeps every square on its file: nothing wraps)\n"
    ), "{text}");
    assert!(text.contains(
        "east: generator = the slider; propagator = the empty squares minus the a-file (a shift east would wrap onto it)\n"
    ), "{text}");
    assert!(text.contains(
        "west: generator = the slider; propagator = the empty squares minus the h-file (a shift west would wrap onto it)\n"
    ), "{text}");
}

#[test]
fn the_web_api_names_the_ending_and_each_fen_error_once() {
    let server = Server::start();
    let (status, v) = server
        .get_json("/api/board?fen=rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR+w+KQkq+-+1+3");
    assert_eq!(status, 200);
    assert_eq!(v["checkmate"], true);
    assert_eq!(v["stalemate"], false);
    assert_eq!(v["insufficient_material"], false);
    assert_eq!(v["ending"], serde_json::json!(["checkmate: black wins"]));
    let (_, v) = server.get_json("/api/board");
    assert_eq!(v["checkmate"], false);
    assert_eq!(v["ending"], serde_json::json!([]));

    let (status, _) = server.get_json("/api/board?fen=9/8");
    assert_eq!(status, 400);
    for path in [
        "/api/board?fen=9/8",
        "/api/board?fen=8/8/8/8/8/8/8/8+w+-+-",
        "/api/perft?depth=1&fen=8/8/8/8/8/8/8/8+w+-+-",
    ] {
        let (_, v) = server.get_json(path);
        let error = v["error"].as_str().unwrap();
        // The library's errors name the parameter themselves: "fen" once.
        assert!(
            error.starts_with("fen ") && !error.starts_with("fen: "),
            "{path}: {error}"
        );
    }
}
