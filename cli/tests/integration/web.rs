//! `rayscan serve` in a real browser: headless Chromium driven through chromedriver
//! (the W3C WebDriver protocol, plain HTTP and JSON). The test loads the page, clicks
//! squares and tools, runs divide, and reads a screenshot's pixels, comparing everything
//! with what the library computes.
//!
//! It needs Debian's `chromium` and `chromium-driver` (`.ci/install-tools` installs
//! them): without them it fails, saying so.
//! `RAYSCAN_CHROMIUM` and `RAYSCAN_CHROMEDRIVER` override the programs' paths.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rayscan::position::Position;
use rayscan::sliders::Technique;
use rayscan::{Bitboard, SliderPiece, Square};
use serde_json::{Value, json};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// How long the test waits for chromedriver, a page or an answer: only so that a hang
/// fails the test. Each wait ends as soon as what it waits for happens (a second or two
/// on an idle machine; a loaded one, or the first start of Chromium, takes longer).
const WAIT: Duration = Duration::from_secs(120);

/// A child process killed when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn program(env: &str, candidates: &[&str]) -> Option<PathBuf> {
    if let Ok(p) = std::env::var(env) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var("PATH").unwrap_or_default();
    candidates.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// One HTTP/1.1 exchange with `Connection: close`, body read by its Content-Length.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream.set_read_timeout(Some(WAIT)).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader.read_line(&mut status_line).unwrap();
    let status: u16 = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line {status_line:?}"));
    let mut length = None;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse::<usize>().ok();
        }
    }
    let mut bytes = Vec::new();
    match length {
        Some(n) => {
            bytes.resize(n, 0);
            reader.read_exact(&mut bytes).unwrap();
        }
        None => {
            reader.read_to_end(&mut bytes).unwrap();
        }
    }
    (status, String::from_utf8(bytes).expect("utf-8 body"))
}

/// A WebDriver session.
struct Driver {
    port: u16,
    session: String,
}

impl Driver {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let (status, text) = http(self.port, method, &path, body.as_ref());
        let v: Value = serde_json::from_str(&text).expect("webdriver json");
        assert_eq!(status, 200, "{method} {path}: {text}");
        v["value"].clone()
    }

    fn script(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    fn element(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v["element-6066-11e4-a52e-4f735466cecf"]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    fn click(&self, css: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.call(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn rect(&self, css: &str) -> (f64, f64, f64, f64) {
        let id = self.element(css);
        let r = self.call("GET", &format!("/element/{id}/rect"), None);
        let f = |k: &str| r[k].as_f64().unwrap();
        (f("x"), f("y"), f("width"), f("height"))
    }

    /// Polls a script until it returns something other than `null`, `""` or `false`.
    fn wait_for(&self, what: &str, script: &str) -> Value {
        let start = Instant::now();
        loop {
            let v = self.script(script);
            if !(v.is_null() || v == json!("") || v == json!(false)) {
                return v;
            }
            assert!(
                start.elapsed() < WAIT,
                "timed out waiting for {what} ({WAIT:?})"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The squares of the big board carrying a class.
    fn marked(&self, class: &str) -> Bitboard {
        let v = self.script(&format!(
            "return [...document.querySelectorAll('.sq.{class}')].map(e => e.dataset.square)"
        ));
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().parse::<Square>().unwrap())
            .collect()
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// chromedriver on a free port, once it answers. The port is free when chosen but may be
/// taken before chromedriver binds it: then chromedriver exits, and another port is
/// tried.
fn start_chromedriver(chromedriver: &Path) -> (Killed, u16) {
    for _ in 0..5 {
        let port = free_port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let mut child = Killed(child);
        let start = Instant::now();
        loop {
            if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return (child, port);
            }
            if child.0.try_wait().unwrap().is_some() {
                break; // it could not bind the port: try another
            }
            assert!(
                start.elapsed() < WAIT,
                "chromedriver did not start within {WAIT:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    panic!("chromedriver exited at once five times");
}

fn start_driver(chromedriver: &Path, chromium: &Path, profile: &Path) -> (Killed, Driver) {
    let (child, port) = start_chromedriver(chromedriver);
    let caps = json!({ "capabilities": { "alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium.to_str().unwrap(),
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--force-device-scale-factor=1",
                "--window-size=1400,1000",
                format!("--user-data-dir={}", profile.display()),
            ],
        },
    }}});
    let (status, text) = http(port, "POST", "/session", Some(&caps));
    assert_eq!(status, 200, "new session: {text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let session = v["value"]["sessionId"].as_str().unwrap().to_string();
    (child, Driver { port, session })
}

fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .map(value)
        .collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &d)| acc | u32::from(d) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// The RGB colour of a screenshot pixel.
struct Screenshot {
    width: usize,
    channels: usize,
    pixels: Vec<u8>,
}

impl Screenshot {
    fn decode(png_bytes: &[u8]) -> Screenshot {
        let decoder = png::Decoder::new(png_bytes);
        let mut reader = decoder.read_info().expect("a png");
        let mut pixels = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut pixels).expect("a png frame");
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        Screenshot {
            width: info.width as usize,
            channels: info.color_type.samples(),
            pixels,
        }
    }

    fn rgb(&self, x: f64, y: f64) -> [u8; 3] {
        let i = (y as usize * self.width + x as usize) * self.channels;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 6)
}

#[test]
fn the_page_draws_what_the_library_computes() {
    let chromium = program("RAYSCAN_CHROMIUM", &["chromium", "chromium-browser"]);
    let chromedriver = program("RAYSCAN_CHROMEDRIVER", &["chromedriver"]);
    let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
        crate::common::missing(
            "chromium or chromedriver",
            "chromium chromium-driver",
            "web::",
        );
    };
    let server = crate::common::Server::start();
    let port = server.port();
    let profile = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("chromium-profile");
    let _ = std::fs::remove_dir_all(&profile);
    let (_driver_process, d) = start_driver(&chromedriver, &chromium, &profile);

    // Load a position, a square and a technique from the address, as a shared link would.
    let url = format!(
        "http://127.0.0.1:{port}/#fen={}&square=d4&technique=garvin32&piece=queen",
        KIWIPETE.replace(' ', "+").replace('/', "%2F")
    );
    d.call("POST", "/url", Some(json!({ "url": url })));
    d.wait_for("the page", "return document.body.dataset.ready");
    let explained = d.wait_for("the walkthrough", "return document.body.dataset.explained");
    assert_eq!(explained, json!("garvin32 queen d4 12"));
    let pos = Position::from_fen(KIWIPETE).unwrap().0;
    let occupied = pos.occupied();
    let expected = Technique::Garvin32.attacks(SliderPiece::Queen, Square::D4, occupied);
    assert_eq!(d.marked("attack"), expected);
    assert_eq!(d.marked("slider"), Bitboard::from(Square::D4));
    let rays = Technique::Reference.attacks(SliderPiece::Queen, Square::D4, Bitboard::EMPTY);
    assert_eq!(d.marked("blocker"), rays & occupied);
    let steps = d.script("return document.querySelectorAll('#steps .step').length");
    assert!(steps.as_u64().unwrap() >= 8, "{steps}");

    // The screenshot shows it: an attacked empty square in the attack colour, a quiet
    // square in its board colour.
    let shot = d.call("GET", "/screenshot", None);
    let bytes = decode_base64(shot.as_str().unwrap());
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-page.png");
    std::fs::write(&path, &bytes).unwrap();
    let shot = Screenshot::decode(&bytes);
    let inside = |css: &str| {
        let (x, y, w, h) = d.rect(css);
        // A point inside the square, clear of the piece glyph, coordinates and frames.
        (x + w * 0.85, y + h * 0.15)
    };
    let (x, y) = inside("#sq-c4");
    assert!(
        close(shot.rgb(x, y), [0xf5, 0xc2, 0x42]),
        "c4 in {}: {:?}",
        path.display(),
        shot.rgb(x, y)
    );
    let (x, y) = inside("#sq-a3");
    assert!(
        close(shot.rgb(x, y), [0xb5, 0x88, 0x63]),
        "a3 in {}: {:?}",
        path.display(),
        shot.rgb(x, y)
    );

    // Erase the pawn on d5: the queen now sees up the file to d7.
    d.click("[data-tool=erase]");
    d.click("#sq-d5");
    d.wait_for(
        "the new walkthrough",
        "return document.body.dataset.explained === 'garvin32 queen d4 14'",
    );
    let edited = occupied.without(Square::D5);
    assert_eq!(
        d.marked("attack"),
        Technique::Garvin32.attacks(SliderPiece::Queen, Square::D4, edited)
    );
    let fen = d.script("return document.getElementById('fen').value");
    let fen = fen.as_str().unwrap();
    assert!(fen.starts_with("r3k2r/p1ppqpb1/bn2pnp1/4N3/"), "{fen}");

    // Place a black rook on d4, then pick the rook on h1: with "the piece on the square"
    // chosen, the walkthrough follows the piece.
    d.click("[data-tool=r]");
    d.click("#sq-d4");
    d.click("#piece option[value=auto]");
    d.click("[data-tool=select]");
    d.click("#sq-h1");
    d.wait_for(
        "the rook on h1",
        "return (document.body.dataset.explained || '').startsWith('garvin32 rook h1')",
    );
    let board = Position::from_fen(fen).unwrap().0.occupied() | Square::D4.into();
    assert_eq!(
        d.marked("attack"),
        Technique::Garvin32.attacks(SliderPiece::Rook, Square::H1, board)
    );

    // Another technique, picked from the list.
    d.click("#technique option[value=kogge-stone]");
    d.wait_for(
        "kogge-stone",
        "return (document.body.dataset.explained || '').startsWith('kogge-stone rook h1')",
    );
    let text = d.script("return document.getElementById('steps').textContent");
    assert!(text.as_str().unwrap().contains("propagator"), "{text}");
    assert_eq!(
        d.script("return document.querySelectorAll('.mismatch').length"),
        json!(0)
    );

    // Divide at depth 2 of the edited position, against the library.
    let fen = d.script("return document.getElementById('fen').value");
    let pos = Position::from_fen(fen.as_str().unwrap()).unwrap().0;
    d.type_into("#depth", "2");
    d.click("#divide");
    let nodes = d.wait_for(
        "divide",
        "return document.getElementById('perft-result').dataset.nodes",
    );
    assert_eq!(nodes, json!(pos.perft(2).to_string()));
    let rows = d.script("return document.querySelectorAll('#divide-table tr').length");
    assert_eq!(rows, json!(pos.legal_moves().len()));
    // The page states the node budget of a count.
    let budget = d.script("return document.getElementById('budget').textContent");
    assert!(
        budget.as_str().unwrap().contains("250,000,000 nodes"),
        "{budget}"
    );

    // A bad FEN is named, and the board keeps working.
    d.type_into(
        "#fen",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    d.click("#load");
    let status = d.wait_for(
        "the error",
        "const s = document.getElementById('status'); return s.classList.contains('error') && s.textContent",
    );
    assert!(status.as_str().unwrap().contains("fen"), "{status}");

    // A game that is over is named under the board.
    d.type_into(
        "#fen",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    );
    d.click("#load");
    let ending = d.wait_for(
        "the ending",
        "return document.getElementById('ending').textContent",
    );
    assert_eq!(ending, json!("checkmate: black wins"));
    d.call("DELETE", "", None);
}
