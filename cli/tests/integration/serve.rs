//! `rayscan serve` under load, through real connections: a count stops when its client
//! leaves, counts run one at a time while the page's other answers go on, a count has a
//! node budget, and the API refuses what it would otherwise guess.

use std::io::Read;
use std::time::{Duration, Instant};

use crate::common::Server;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R+w+KQkq+-+0+1";

/// The CPU time a process has used, in clock ticks (user and system, from
/// `/proc/<pid>/stat`: the fields after the command name in parentheses).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let (_, rest) = stat.rsplit_once(')').unwrap();
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After ")": state is field 3 of the whole line, utime 14 and stime 15.
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// How long a wait below may last: only so that a hang fails the test. Each ends as soon
/// as what it waits for happens, in milliseconds on an idle machine.
const DEADLINE: Duration = Duration::from_secs(120);

/// Waits, with a deadline, until process `pid` is idle: no CPU time at all over half a
/// second (two looks in a row, so that a process the scheduler kept waiting is not taken
/// for an idle one). Returns the CPU ticks it used up to then.
fn ticks_when_idle(pid: u32) -> u64 {
    let start = Instant::now();
    let mut before = cpu_ticks(pid);
    let mut quiet = 0;
    loop {
        std::thread::sleep(Duration::from_millis(250));
        let now = cpu_ticks(pid);
        quiet = if now == before { quiet + 1 } else { 0 };
        if quiet == 2 {
            return now;
        }
        before = now;
        assert!(
            start.elapsed() < DEADLINE,
            "the server is still counting {DEADLINE:?} after its client left"
        );
    }
}

/// Waits, with a deadline, until process `pid` is busy: a count is under way.
fn wait_until_busy(pid: u32) {
    let start = Instant::now();
    let before = cpu_ticks(pid);
    while cpu_ticks(pid) < before + 10 {
        assert!(
            start.elapsed() < DEADLINE,
            "the server did not start counting within {DEADLINE:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_count_stops_when_its_client_leaves_and_counts_go_one_at_a_time() {
    let server = Server::start();
    // A count of Kiwipete at depth 6 with the slowest generator: 8 billion nodes, cut at
    // the budget of 250 million, which takes this generator seconds of CPU time (12 s on
    // the machine this was written on, about 20 million nodes a second; more on a busy
    // one). It runs until its client leaves, far past the second request's wait below.
    let deep = format!("/api/perft?fen={KIWIPETE}&depth=6&generator=staged");
    let first = server.send(&deep);
    wait_until_busy(server.pid());

    // A second count waits its turn, then is told to come back; the page's other
    // answers go on meanwhile.
    let second = server.send("/api/perft?depth=1");
    let (status, body) = server.get("/api/board");
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.get("/api/explain?square=d4");
    assert_eq!(status, 200, "{body}");
    let mut answer = String::new();
    let mut second = second;
    second.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 503 "), "{answer}");
    assert!(answer.contains("another count is running"), "{answer}");

    // The first client leaves: the server stops counting, within a part. Told by the CPU
    // time it spends after that, not by the clock, which a busy machine stretches: a
    // count that went on to its budget would spend seconds.
    let left = cpu_ticks(server.pid());
    drop(first);
    let spent = ticks_when_idle(server.pid()) - left;
    eprintln!("{spent} ticks of CPU time after the client left");
    assert!(
        spent < 100,
        "{spent} ticks after the client left: the count went on"
    );

    // And the next count runs: the turn is free.
    let (status, body) = server.get("/api/perft?depth=3");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"nodes\":8902"), "{body}");
}

#[test]
fn a_count_past_the_budget_is_refused_naming_it() {
    let server = Server::start();
    let (status, v) = server.get_json("/api/techniques");
    assert_eq!(status, 200);
    let budget = v["max_nodes"].as_u64().unwrap();
    assert_eq!(budget, 250_000_000);
    let (status, v) = server.get_json(&format!("/api/perft?fen={KIWIPETE}&depth=6"));
    assert_eq!(status, 400, "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(
        error.starts_with("depth 6: more than 250,000,000 nodes, the page's budget for one count"),
        "{error}"
    );
    // Under the budget, the count is whole: the start position's depth 6.
    let (status, v) = server.get_json("/api/perft?depth=6");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["nodes"], 119_060_324);
}

#[test]
fn the_api_takes_one_spelling_of_a_flag_and_no_unknown_parameter() {
    let server = Server::start();
    let (status, v) = server.get_json("/api/perft?depth=2&divide=true");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["divide"].as_array().unwrap().len(), 20);
    let (status, v) = server.get_json("/api/perft?depth=2&divide=false");
    assert_eq!(status, 200, "{v}");
    assert!(v.get("divide").is_none());
    for bad in ["1", "", "yes", "0", "no", "2", "on", "TRUE", "01"] {
        let (status, v) = server.get_json(&format!("/api/perft?depth=2&divide={bad}"));
        assert_eq!(status, 400, "divide={bad}: {v}");
        assert_eq!(
            v["error"],
            format!("divide: \"{bad}\" is not true or false"),
            "divide={bad}"
        );
    }
    let (status, v) = server.get_json("/api/perft?depth=2&foo=1");
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v["error"],
        "\"foo\": not a parameter of /api/perft (fen, depth, divide, generator)"
    );
}
