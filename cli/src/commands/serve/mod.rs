//! `rayscan serve`: a small web page for trying the techniques on a board.
//!
//! The page (HTML, CSS and JavaScript, compiled into the binary) asks the library for
//! everything through JSON endpoints, so what it draws is what the library computes:
//!
//! | endpoint | answers |
//! |---|---|
//! | `GET /api/techniques` | every technique: name, description, table bytes, ray-wise |
//! | `GET /api/board?fen=F` | the board's letters; if F is a whole legal position also the side to move, the opponent's attacks, pins, checkers and legal moves |
//! | `GET /api/explain?fen=F&technique=T&square=S[&piece=P]` | the walkthrough of `rayscan explain` for the slider on S (or P) among F's pieces, with the blockers |
//! | `GET /api/perft?fen=F&depth=D[&divide=true][&generator=G]` | perft (or divide) of F, with the time |
//! | `GET /api/play?fen=F&move=M` | the FEN after the legal move M (UCI) in F, for the page's move tool |
//!
//! Answers are compact JSON. Bad parameters (a parameter given twice, one the endpoint
//! does not take, a flag that is not `true` or `false`) get `400` with `{"error": "…"}`
//! naming the parameter. The server listens on 127.0.0.1 only, answers one request per
//! connection, and refuses requests whose `Host` is not the loopback address it serves
//! (so other sites' pages cannot reach it through DNS rebinding).
//!
//! A count has a budget of 250,000,000 nodes (`api::MAX_NODES`), runs one at a time,
//! and stops when its client closes the connection: no work goes on that nobody waits
//! for.

mod api;

use crate::shared::args::number_parser;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Connections served at once; more get `503` at once.
const MAX_CONNECTIONS: usize = 16;
/// The longest request head read (request line and headers).
const MAX_HEAD: usize = 16 * 1024;

const INDEX_HTML: &str = include_str!("page/index.html");
const APP_JS: &str = include_str!("page/app.js");
const STYLE_CSS: &str = include_str!("page/style.css");

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port, 0 to 65535 (0: any free port; the first line printed names it).
    #[arg(long, default_value_t = 8064, allow_negative_numbers = true, value_parser = number_parser::<u16>("--port", 0, 65535))]
    port: u16,
}

/// Serves the page on 127.0.0.1:`port` (0: any free port) until the process is stopped.
/// Prints `rayscan: serving on http://127.0.0.1:PORT/` first, so scripts can read the port.
pub fn run(args: Args) -> Result<(), String> {
    let port = args.port;
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("--port {port}: cannot listen on 127.0.0.1:{port}: {e}"))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the listening address: {e}"))?;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "rayscan: serving on http://{addr}/ (Ctrl-C stops)");
    let _ = out.flush();
    drop(out);
    let port = addr.port();
    let active = Arc::new(AtomicUsize::new(0));
    // This server's counts take turns: one at a time.
    let turns = Arc::new(api::Turns::new(api::WAIT_FOR_TURN));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            active.fetch_sub(1, Ordering::SeqCst);
            let _ = respond(&mut stream, &busy());
            continue;
        }
        let active = Arc::clone(&active);
        let turns = Arc::clone(&turns);
        std::thread::spawn(move || {
            let _ = handle(stream, port, &turns);
            active.fetch_sub(1, Ordering::SeqCst);
        });
    }
    Ok(())
}

/// One HTTP response.
struct Response {
    status: u16,
    content_type: &'static str,
    body: String,
}

impl Response {
    fn ok(content_type: &'static str, body: impl Into<String>) -> Response {
        Response {
            status: 200,
            content_type,
            body: body.into(),
        }
    }

    fn error(status: u16, message: impl Into<String>) -> Response {
        Response {
            status,
            content_type: "application/json",
            body: serde_json::json!({ "error": message.into() }).to_string(),
        }
    }
}

fn busy() -> Response {
    Response::error(503, "too many connections at once; try again")
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

fn respond(stream: &mut TcpStream, r: &Response) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}; charset=utf-8\r\nContent-Length: {}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(r.body.as_bytes())?;
    stream.flush()
}

/// Reads one request head and answers it, unless the client leaves first.
fn handle(stream: TcpStream, port: u16, turns: &api::Turns) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut lines = Vec::new();
    let mut read = 0;
    loop {
        let mut line = String::new();
        let n = reader
            .by_ref()
            .take((MAX_HEAD - read + 1) as u64)
            .read_line(&mut line)?;
        read += n;
        if read > MAX_HEAD {
            let mut s = stream;
            return respond(&mut s, &Response::error(431, "request head over 16 KiB"));
        }
        if n == 0 || line == "\r\n" || line == "\n" {
            break;
        }
        lines.push(line.trim_end().to_string());
    }
    let mut stream = stream;
    stream.set_nonblocking(true)?;
    let response = answer(&lines, port, turns, &|| client_gone(&stream));
    stream.set_nonblocking(false)?;
    match response {
        Some(response) => respond(&mut stream, &response),
        None => Ok(()),
    }
}

/// Whether the client has closed the connection (set non-blocking): a peek that finds
/// the end of the stream, or an error. The request is read whole, so the client has
/// nothing more to send; it is only waiting for the answer.
fn client_gone(stream: &TcpStream) -> bool {
    let mut byte = [0u8; 1];
    match stream.peek(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
        ),
    }
}

/// The response to a request head (request line first), or none when the client left
/// before it was ready (`gone` tells, asked during long work). Counts take `turns`.
fn answer(
    lines: &[String],
    port: u16,
    turns: &api::Turns,
    gone: &(dyn Fn() -> bool + Sync),
) -> Option<Response> {
    let Some(request) = lines.first() else {
        return Some(Response::error(400, "empty request"));
    };
    let mut parts = request.split(' ');
    let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
        return Some(Response::error(
            400,
            format!("malformed request line {request:?}"),
        ));
    };
    let host = lines[1..]
        .iter()
        .filter_map(|l| l.split_once(':'))
        .find(|(name, _)| name.eq_ignore_ascii_case("host"))
        .map(|(_, v)| v.trim());
    let allowed = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    if !host.is_some_and(|h| allowed.iter().any(|a| a == h)) {
        let host = host.map_or("none".to_string(), |h| format!("{h:?}"));
        return Some(Response::error(
            403,
            format!("host {host} refused: open http://127.0.0.1:{port}/"),
        ));
    }
    if method != "GET" {
        return Some(Response::error(
            405,
            format!("method {method:?}: only GET is served"),
        ));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let page = |content_type, body: &'static str| Some(Response::ok(content_type, body));
    match path {
        "/" | "/index.html" => return page("text/html", INDEX_HTML),
        "/app.js" => return page("text/javascript", APP_JS),
        "/style.css" => return page("text/css", STYLE_CSS),
        _ => {}
    }
    let Some((_, names)) = api::PARAMETERS.iter().find(|(p, _)| *p == path) else {
        return Some(Response::error(404, format!("no page at {path:?}")));
    };
    let params = match api::Params::parse(query).and_then(|p| p.only(path, names).map(|()| p)) {
        Ok(p) => p,
        Err(e) => return Some(Response::error(400, e)),
    };
    let json = |r: Result<serde_json::Value, String>| match r {
        Ok(v) => Response::ok("application/json", v.to_string()),
        Err(e) => Response::error(400, e),
    };
    Some(match path {
        "/api/techniques" => json(Ok(api::techniques())),
        "/api/board" => json(api::board(&params)),
        "/api/explain" => json(api::explain(&params)),
        "/api/play" => json(api::play(&params)),
        _ => match api::perft(&params, turns, gone) {
            Ok(v) => Response::ok("application/json", v.to_string()),
            Err(api::Stop::Bad(e)) => Response::error(400, e),
            Err(api::Stop::Busy) => Response::error(
                503,
                "another count is running (the page counts one at a time): try again when it ends",
            ),
            Err(api::Stop::Gone) => return None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer to a head from a client that stays, from a server of its own: no
    /// test's count waits for another test's.
    fn ask(lines: &[String]) -> Response {
        let turns = api::Turns::new(api::WAIT_FOR_TURN);
        answer(lines, 8064, &turns, &|| false).expect("the client stays")
    }

    fn get(target: &str) -> Response {
        ask(&[
            format!("GET {target} HTTP/1.1"),
            "Host: 127.0.0.1:8064".into(),
        ])
    }

    #[test]
    fn routes_pages_and_endpoints() {
        assert_eq!(get("/").status, 200);
        assert!(get("/").body.contains("<html"));
        assert_eq!(get("/app.js").content_type, "text/javascript");
        assert_eq!(get("/api/techniques").status, 200);
        assert_eq!(get("/nope").status, 404);
        let r = get("/api/perft?depth=2");
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(r.body.contains("\"nodes\":400"), "{}", r.body);
    }

    #[test]
    fn refuses_other_hosts_methods_and_bad_queries() {
        let other = ask(&["GET / HTTP/1.1".into(), "Host: evil.example:8064".into()]);
        assert_eq!(other.status, 403);
        let no_host = ask(&["GET / HTTP/1.1".into()]);
        assert_eq!(no_host.status, 403);
        let post = ask(&["POST / HTTP/1.1".into(), "Host: localhost:8064".into()]);
        assert_eq!(post.status, 405);
        assert_eq!(ask(&[]).status, 400);
        assert_eq!(get("/api/board?fen=%zz").status, 400);
        let played = get("/api/play?move=e2e4");
        assert_eq!(played.status, 200);
        assert!(
            played
                .body
                .contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq ")
        );
        assert_eq!(get("/api/play?move=e2e5").status, 400);
    }

    #[test]
    fn refuses_parameters_an_endpoint_does_not_take() {
        for (target, error) in [
            (
                "/api/perft?depth=2&foo=1",
                "\"foo\": not a parameter of /api/perft (fen, depth, divide, generator)",
            ),
            (
                "/api/board?depth=2",
                "\"depth\": not a parameter of /api/board (fen)",
            ),
            (
                "/api/explain?square=e4&divide=true",
                "\"divide\": not a parameter of /api/explain (fen, technique, square, piece)",
            ),
            (
                "/api/techniques?x",
                "\"x\": /api/techniques takes no parameters",
            ),
        ] {
            let r = get(target);
            assert_eq!(r.status, 400, "{target}");
            assert_eq!(r.body, serde_json::json!({ "error": error }).to_string());
        }
    }

    #[test]
    fn a_client_that_leaves_gets_no_answer_and_stops_the_count() {
        let head = [
            "GET /api/perft?depth=6 HTTP/1.1".to_string(),
            "Host: 127.0.0.1:8064".into(),
        ];
        // The client is asked before the first part: it has left, so nothing is counted
        // (the count of depth 6 would be 119 million leaves).
        let turns = api::Turns::new(api::WAIT_FOR_TURN);
        let asked = AtomicUsize::new(0);
        let gone = || {
            asked.fetch_add(1, Ordering::Relaxed);
            true
        };
        assert!(answer(&head, 8064, &turns, &gone).is_none());
        assert_eq!(asked.load(Ordering::Relaxed), 1);
    }
}
