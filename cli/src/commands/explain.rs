//! `rayscan explain` and the web page's walkthroughs: the steps of every slider
//! technique as diagrams, the way the literature teaches them.
//!
//! A walkthrough is data (sections of steps, each step a sentence and the sets it talks
//! about), so the terminal prints it as side-by-side 8×8 grids and the web page draws the
//! same steps on its board. Every walkthrough recomputes the attacks from its own steps
//! and checks each ray against the reference walk and the technique itself, so a wrong
//! explanation cannot pass silently.

use std::fmt::Write;

use rayscan::masks;
use rayscan::sliders::{self, RayWise, Reference, Slider, Technique, WithRayWise};
use rayscan::{Bitboard, Direction, Line, SliderPiece, Square};
use serde::Serialize;

use crate::shared::args::{Target, parse_technique};
use crate::shared::diagram::{Panel, side_by_side, square_list};
use crate::shared::io::{hex, json_line, squares};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: Target,
    /// Any technique (see `rayscan techniques`).
    #[arg(long, value_name = "NAME", default_value = "classical", value_parser = parse_technique)]
    technique: Technique,
}

/// `rayscan explain`: the walkthrough as text, or as JSON with the text inside.
pub fn run(args: Args, json: bool) -> String {
    let technique = args.technique;
    let req = Request {
        technique,
        piece: args.target.piece,
        square: args.target.square,
        occupied: args.target.occupied(),
    };
    let walk = explain(&req);
    let text = walk.text();
    if !json {
        return text;
    }
    #[derive(Serialize)]
    struct ExplainJson<'a> {
        technique: &'static str,
        piece: &'static str,
        square: String,
        occupied: String,
        attacks: String,
        #[serde(flatten)]
        walkthrough: WalkthroughJson,
        text: &'a str,
    }
    json_line(&ExplainJson {
        technique: technique.name(),
        piece: req.piece.name(),
        square: req.square.to_string(),
        occupied: hex(req.occupied),
        attacks: hex(technique.attacks(req.piece, req.square, req.occupied)),
        walkthrough: walk.json(),
        text: &text,
    })
}

/// What to explain: a slider on a square among blockers, through one technique.
pub struct Request {
    pub technique: Technique,
    pub piece: SliderPiece,
    pub square: Square,
    pub occupied: Bitboard,
}

/// One step: a sentence and the diagrams it talks about, with the operators between them.
pub struct Step {
    pub text: String,
    pub panels: Vec<Panel>,
    pub ops: Vec<&'static str>,
}

/// What a section's result must equal.
#[derive(Clone, Copy)]
enum Part {
    /// Background (the empty-board attacks, a formula): not part of the union.
    Intro,
    /// The attacks along one ray.
    Ray(Direction),
    /// The attacks along one line (both rays).
    Line(Line),
    /// The attacks of one piece kind (a lookup).
    Piece(SliderPiece),
}

/// A part of the walkthrough with its own result: one ray, one line or one lookup.
pub struct Section {
    pub name: String,
    pub steps: Vec<Step>,
    pub attacks: Bitboard,
    part: Part,
}

/// A whole walkthrough.
pub struct Walkthrough {
    pub title: String,
    pub sections: Vec<Section>,
    /// The union of the sections' results.
    pub attacks: Bitboard,
    /// Where the steps disagree with the reference or the technique (empty when right).
    pub mismatches: Vec<String>,
    mark: Option<(Square, char)>,
    occupied: Bitboard,
    piece: SliderPiece,
}

fn letter(piece: SliderPiece) -> char {
    piece.piece().to_char().to_ascii_uppercase()
}

/// Title-case direction names as the literature writes them: `NorthWest(g2)`.
fn dir_name(d: Direction) -> String {
    d.name()
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// Collects the steps of one section.
struct Steps {
    steps: Vec<Step>,
    mark: Option<(Square, char)>,
}

impl Steps {
    fn new(req: &Request) -> Steps {
        Steps {
            steps: Vec::new(),
            mark: Some((req.square, letter(req.piece))),
        }
    }

    /// A step with diagrams: `(caption, set, marked)` triples and the operators between.
    fn add(&mut self, text: String, panels: &[(String, Bitboard, bool)], ops: &[&'static str]) {
        let mark = self.mark;
        self.steps.push(Step {
            text,
            panels: panels
                .iter()
                .map(|(c, set, marked)| {
                    Panel::new(c.clone(), *set, marked.then_some(mark).flatten())
                })
                .collect(),
            ops: ops.to_vec(),
        });
    }

    fn section(self, name: impl Into<String>, part: Part, attacks: Bitboard) -> Section {
        Section {
            name: name.into(),
            steps: self.steps,
            attacks,
            part,
        }
    }
}

/// Explains `req` with the technique's own steps.
pub fn explain(req: &Request) -> Walkthrough {
    use Technique as T;
    let rays = |f: fn(&Request, Direction) -> Section| -> Vec<Section> {
        req.piece.directions().iter().map(|&d| f(req, d)).collect()
    };
    let sections = match req.technique {
        T::Reference => rays(walk_ray),
        T::Vector => rays(vector_ray),
        T::Garvin32 => rays(garvin32_ray),
        T::Dumb7Fill => rays(dumb7_ray),
        T::KoggeStone => rays(kogge_stone_ray),
        T::Lanes => lanes(req),
        T::Garvin => req
            .piece
            .lines()
            .iter()
            .map(|&l| garvin_line(req, l))
            .collect(),
        T::Subtraction => req
            .piece
            .lines()
            .iter()
            .flat_map(|&l| [l.positive(), l.negative()])
            .map(|d| subtraction_ray(req, d))
            .collect(),
        T::OneRun => one_run(req),
        T::Magic => lookup(req, false),
        #[cfg(target_arch = "x86_64")]
        T::Pext => lookup(req, true),
        T::Classical | T::ClassicalBranchless | T::ClassicalGeneralized | T::ClassicalZeroCount => {
            rays(classical_ray)
        }
    };
    let mut mismatches = Vec::new();
    let mut total = Bitboard::EMPTY;
    for s in &sections {
        let (truth, own) = match s.part {
            Part::Intro => continue,
            Part::Ray(d) => (
                Reference::ray_attacks(d, req.square, req.occupied),
                req.technique
                    .dispatch_ray_wise(RayOf(d, req.square, req.occupied)),
            ),
            Part::Line(l) => (
                Reference::line_attacks(l, req.square, req.occupied),
                req.technique
                    .dispatch_ray_wise(LineOf(l, req.square, req.occupied)),
            ),
            Part::Piece(p) => (
                Reference::attacks(p, req.square, req.occupied),
                Some(req.technique.attacks(p, req.square, req.occupied)),
            ),
        };
        note(&mut mismatches, &s.name, "the reference", s.attacks, truth);
        if let Some(own) = own {
            note(&mut mismatches, &s.name, "the technique", s.attacks, own);
        }
        total |= s.attacks;
    }
    let actual = req.technique.attacks(req.piece, req.square, req.occupied);
    note(&mut mismatches, "all", "the technique", total, actual);
    Walkthrough {
        title: format!(
            "{} on {}, technique {}: {}",
            req.piece,
            req.square,
            req.technique,
            req.technique.description()
        ),
        sections,
        attacks: total,
        mismatches,
        mark: Some((req.square, letter(req.piece))),
        occupied: req.occupied,
        piece: req.piece,
    }
}

/// The technique's own attacks along one ray.
struct RayOf(Direction, Square, Bitboard);

impl WithRayWise for RayOf {
    type Output = Bitboard;
    fn run<S: RayWise>(self) -> Bitboard {
        S::ray_attacks(self.0, self.1, self.2)
    }
}

/// The technique's own attacks along one line.
struct LineOf(Line, Square, Bitboard);

impl WithRayWise for LineOf {
    type Output = Bitboard;
    fn run<S: RayWise>(self) -> Bitboard {
        S::line_attacks(self.0, self.1, self.2)
    }
}

fn note(out: &mut Vec<String>, what: &str, whom: &str, explained: Bitboard, actual: Bitboard) {
    if explained != actual {
        out.push(format!(
            "MISMATCH ({what}): the steps give {explained:?} but {whom} returns {actual:?}"
        ));
    }
}

impl Walkthrough {
    /// The walkthrough as text: sentences and side-by-side diagrams.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}\n", self.title);
        out.push_str(&side_by_side(
            &[Panel::new("occupied", self.occupied, self.mark)],
            &[],
        ));
        out.push('\n');
        for s in &self.sections {
            for step in &s.steps {
                out.push_str(&step.text);
                out.push('\n');
                if !step.panels.is_empty() {
                    out.push_str(&side_by_side(&step.panels, &step.ops));
                }
            }
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{} attacks = union of the above: {}",
            self.piece,
            square_list(self.attacks)
        );
        out.push_str(&side_by_side(
            &[Panel::new("attacks", self.attacks, self.mark)],
            &[],
        ));
        for m in &self.mismatches {
            out.push_str(m);
            out.push('\n');
        }
        out
    }

    /// The walkthrough as data for JSON: every set as a list of square names.
    pub fn json(&self) -> WalkthroughJson {
        WalkthroughJson {
            title: self.title.clone(),
            squares: squares(self.attacks),
            sections: self
                .sections
                .iter()
                .map(|s| SectionJson {
                    name: s.name.clone(),
                    attacks: squares(s.attacks),
                    steps: s
                        .steps
                        .iter()
                        .map(|st| StepJson {
                            text: st.text.clone(),
                            panels: st
                                .panels
                                .iter()
                                .map(|p| PanelJson {
                                    caption: p.caption.clone(),
                                    squares: squares(p.set),
                                    mark: p.mark.map(|(sq, _)| sq.to_string()),
                                })
                                .collect(),
                            ops: st.ops.clone(),
                        })
                        .collect(),
                })
                .collect(),
            mismatches: self.mismatches.clone(),
        }
    }
}

/// A walkthrough as JSON.
#[derive(Serialize)]
pub struct WalkthroughJson {
    pub title: String,
    /// The attacked squares.
    pub squares: Vec<String>,
    pub sections: Vec<SectionJson>,
    pub mismatches: Vec<String>,
}

/// A section as JSON.
#[derive(Serialize)]
pub struct SectionJson {
    pub name: String,
    pub attacks: Vec<String>,
    pub steps: Vec<StepJson>,
}

/// A step as JSON.
#[derive(Serialize)]
pub struct StepJson {
    pub text: String,
    pub panels: Vec<PanelJson>,
    pub ops: Vec<&'static str>,
}

/// A diagram as JSON: its caption, its squares, and the slider's square if drawn.
#[derive(Serialize)]
pub struct PanelJson {
    pub caption: String,
    pub squares: Vec<String>,
    pub mark: Option<String>,
}

/// A marked or unmarked panel, shortened.
fn p(caption: impl Into<String>, set: Bitboard, marked: bool) -> (String, Bitboard, bool) {
    (caption.into(), set, marked)
}

fn classical_ray(req: &Request, dir: Direction) -> Section {
    let sq = req.square;
    let ray = masks::ray(dir, sq);
    let blockers = ray & req.occupied;
    let name = format!("{}({sq})", dir_name(dir));
    let mut st = Steps::new(req);
    st.add(
        format!(
            "{}: occupied & {name} = blockers {}",
            dir.name(),
            square_list(blockers)
        ),
        &[
            p("occupied", req.occupied, true),
            p(name.clone(), ray, true),
            p("blockers", blockers, false),
        ],
        &["&", "="],
    );
    let scan = if dir.is_positive() {
        "bitscan forward"
    } else {
        "bitscan reverse"
    };
    let (text, first) = match req.technique {
        Technique::ClassicalBranchless | Technique::ClassicalGeneralized => {
            let sentinel = if dir.is_positive() {
                Square::H8
            } else {
                Square::A1
            };
            let with = blockers | sentinel.into();
            let first = if dir.is_positive() {
                with.first()
            } else {
                with.last()
            }
            .unwrap_or(sentinel);
            let how = if req.technique == Technique::ClassicalGeneralized {
                format!(
                    "generalized scan of blockers | dirBit ({sentinel}), lowest bit isolated by dirMask for {} rays",
                    if dir.is_positive() {
                        "positive"
                    } else {
                        "no negative"
                    }
                )
            } else {
                format!("{scan} of blockers | sentinel {sentinel}")
            };
            let empty = if blockers.is_empty() {
                " (the sentinel: its ray is empty)"
            } else {
                ""
            };
            (format!("{how} -> {first}{empty}"), Some(first))
        }
        Technique::ClassicalZeroCount => {
            let (zc, count, first) = if dir.is_positive() {
                ("trailing", blockers.0.trailing_zeros(), blockers.first())
            } else {
                ("leading", blockers.0.leading_zeros(), blockers.last())
            };
            match first {
                Some(f) => (
                    format!("{zc} zero count = {count} -> first blocker {f}"),
                    first,
                ),
                None => (
                    format!("{zc} zero count = 64 -> entry 64, the empty set"),
                    None,
                ),
            }
        }
        _ => {
            let first = if dir.is_positive() {
                blockers.first()
            } else {
                blockers.last()
            };
            match first {
                Some(f) => (format!("{scan} -> first blocker {f}"), first),
                None => ("no blocker: the whole ray is attacked".to_string(), None),
            }
        }
    };
    let attacks = match first {
        Some(f) => {
            let behind = masks::ray(dir, f);
            let attacks = ray ^ behind;
            st.add(
                format!(
                    "{text}\n{name} xor {}({f}) = attacks {}",
                    dir_name(dir),
                    square_list(attacks)
                ),
                &[
                    p(name, ray, true),
                    p(format!("{}({f})", dir_name(dir)), behind, false),
                    p("attacks", attacks, true),
                ],
                &["^", "="],
            );
            attacks
        }
        None => {
            st.add(text, &[], &[]);
            ray
        }
    };
    st.section(dir.name(), Part::Ray(dir), attacks)
}

fn walk_ray(req: &Request, dir: Direction) -> Section {
    let mut attacks = Bitboard::EMPTY;
    let mut steps = Vec::new();
    let mut cur = req.square;
    while let Some(next) = cur.offset(dir) {
        attacks.insert(next);
        if req.occupied.contains(next) {
            steps.push(format!("{next} (occupied: stop)"));
            break;
        }
        steps.push(next.to_string());
        cur = next;
    }
    if steps.is_empty() {
        steps.push("off the board at once".into());
    }
    let text = format!(
        "{}: step from {}: {}",
        dir.name(),
        req.square,
        steps.join(", ")
    );
    one_step(req, dir, text, attacks)
}

/// A ray explained in one sentence, with its attacks drawn.
fn one_step(req: &Request, dir: Direction, text: String, attacks: Bitboard) -> Section {
    let mut st = Steps::new(req);
    st.add(text, &[p("attacks", attacks, true)], &[]);
    st.section(dir.name(), Part::Ray(dir), attacks)
}

/// The 0x88 walk: add the increment to the 0x88 index until `i & 0x88` or a piece stops it.
fn vector_ray(req: &Request, dir: Direction) -> Section {
    let inc = 16 * i32::from(dir.rank_delta()) + i32::from(dir.file_delta());
    let s = req.square as i32;
    let start = s + (s & !7);
    let mut i = start + inc;
    let mut attacks = Bitboard::EMPTY;
    let mut steps = Vec::new();
    loop {
        if i & 0x88 != 0 || !(0..128).contains(&i) {
            steps.push(format!("0x{:02x} & 0x88 != 0: off the board", i & 0xff));
            break;
        }
        let Some(sq) = Square::new(((i + (i & 7)) >> 1) as u8) else {
            break;
        };
        attacks.insert(sq);
        if req.occupied.contains(sq) {
            steps.push(format!("0x{i:02x} = {sq} (occupied: stop)"));
            break;
        }
        steps.push(format!("0x{i:02x} = {sq}"));
        i += inc;
    }
    let text = format!(
        "{}: 0x88 index of {} is 0x{start:02x} (16 × rank + file); add {inc:+}: {}",
        dir.name(),
        req.square,
        steps.join(", ")
    );
    one_step(req, dir, text, attacks)
}

/// Shifts by a signed square offset, as the fills do.
fn shift_by(bits: u64, offset: i32) -> u64 {
    if offset > 0 {
        bits << offset
    } else {
        bits >> -offset
    }
}

fn dumb7_ray(req: &Request, dir: Direction) -> Section {
    let empty = !req.occupied;
    let mut st = Steps::new(req);
    let mut flood = Bitboard::from(req.square);
    let mut front = flood;
    let mut panels = vec![p("empty", empty, true)];
    let mut ops = vec![];
    for step in 1..=6 {
        front = front.shift(dir) & empty;
        flood |= front;
        panels.push(p(format!("step {step}"), flood, true));
        ops.push("->");
    }
    let attacks = flood.shift(dir);
    st.add(
        format!(
            "{}: flood one step at a time: front = shift(front) & empty, six times",
            dir.name()
        ),
        &panels[..4],
        &ops[..3],
    );
    let mut rest = vec![panels[3].clone()];
    rest.extend_from_slice(&panels[4..]);
    rest.push(p("attacks", attacks, true));
    st.add(
        format!(
            "{}: steps 4 to 6, then one more shift {} = attacks {}",
            dir.name(),
            dir.name(),
            square_list(attacks)
        ),
        &rest,
        &["->", "->", "->", "shift"],
    );
    st.section(dir.name(), Part::Ray(dir), attacks)
}

fn kogge_stone_ray(req: &Request, dir: Direction) -> Section {
    kogge_stone_steps(req, dir, dir.name().to_string())
}

/// The `lanes` technique: the Kogge-Stone fill of each of the piece's directions, each in
/// its own lane of one register, after a section that says what the lanes hold.
fn lanes(req: &Request) -> Vec<Section> {
    let dirs = req.piece.directions();
    let lanes: Vec<String> = dirs
        .iter()
        .map(|&d| format!("{} {}", d.index(), d.name()))
        .collect();
    let shifts: Vec<String> = dirs
        .iter()
        .map(|&d| {
            let (way, s) = if d.is_positive() {
                ("left", d.offset())
            } else {
                ("right", -d.offset())
            };
            format!("{}: {way} by {s}, {}, {}", d.index(), 2 * s, 4 * s)
        })
        .collect();
    let mut st = Steps::new(req);
    st.add(
        format!(
            "one register holds 8 bitboards, lane i filling in direction i of the compass rose \
             (0 north … 7 north-west); the {} works in lanes {}. Each step below is one \
             instruction for all lanes at once: a lane shifts by its own count (vpsllvq, \
             vpsrlvq; a count of 64 gives nothing, so each lane shifts one way only: {}) and \
             masks its own wrap file. The attacks are the union of the lanes.",
            req.piece,
            lanes.join(", "),
            shifts.join("; ")
        ),
        &[p("slider", Bitboard::from(req.square), true)],
        &[],
    );
    let mut st2 = Steps::new(req);
    st2.add(
        "perft's batched last ply (--last-ply batch, whatever the technique) fills the same \
         register with 8 children instead: two plies above the leaves, each child of a node \
         differs from the others by one move, so eight children are counted in about the \
         instructions of one, one child per lane and one direction at a time."
            .to_string(),
        &[],
        &[],
    );
    let mut sections = vec![
        st.section("the lanes", Part::Intro, Bitboard::EMPTY),
        st2.section("eight children at a time", Part::Intro, Bitboard::EMPTY),
    ];
    sections.extend(
        dirs.iter()
            .map(|&d| kogge_stone_steps(req, d, format!("lane {} ({})", d.index(), d.name()))),
    );
    sections
}

/// Kogge-Stone's three steps along `dir`, each step's text starting with `name`.
fn kogge_stone_steps(req: &Request, dir: Direction, name: String) -> Section {
    let s = i32::from(dir.offset());
    let empty = !req.occupied;
    let mut pro = empty.0 & !dir.opposite().wrap_mask().0;
    let mut generator = Bitboard::from(req.square).0;
    let mut st = Steps::new(req);
    // The propagator leaves out the file a shift in `dir` would wrap onto, if any.
    let propagator = match dir.file_delta() {
        1 => format!(
            "minus the a-file (a shift {} would wrap onto it)",
            dir.name()
        ),
        -1 => format!(
            "minus the h-file (a shift {} would wrap onto it)",
            dir.name()
        ),
        _ => format!(
            "(a shift {} keeps every square on its file: nothing wraps)",
            dir.name()
        ),
    };
    st.add(
        format!("{name}: generator = the slider; propagator = the empty squares {propagator}",),
        &[
            p("generator", Bitboard(generator), true),
            p("propagator", Bitboard(pro), false),
        ],
        &[" "],
    );
    for (k, by) in [(1, 1), (2, 2), (3, 4)] {
        generator |= pro & shift_by(generator, s * by);
        let text = format!(
            "{name}: step {k}: gen |= pro & shift(gen, {by}){}",
            if k < 3 {
                format!("; pro &= shift(pro, {by})")
            } else {
                String::new()
            }
        );
        if k < 3 {
            pro &= shift_by(pro, s * by);
            st.add(
                text,
                &[
                    p("generator", Bitboard(generator), true),
                    p("propagator", Bitboard(pro), false),
                ],
                &[" "],
            );
        } else {
            let attacks = Bitboard(generator).shift(dir);
            st.add(
                format!(
                    "{text}; one more shift {} = attacks {}",
                    dir.name(),
                    square_list(attacks)
                ),
                &[
                    p("fill", Bitboard(generator), true),
                    p("attacks", attacks, true),
                ],
                &["->"],
            );
        }
    }
    let attacks = Bitboard(generator).shift(dir);
    st.section(name, Part::Ray(dir), attacks)
}

fn garvin_line(req: &Request, line: Line) -> Section {
    let sq = req.square;
    // First hits, scanning the ray (or the source bit of an empty ray) with the edge as sentinel.
    let hit = |dir: Direction| {
        let ray = masks::ray(dir, sq);
        let scanned = if ray.is_empty() {
            Bitboard::from(sq)
        } else {
            ray
        };
        let hits = (req.occupied | dir.edge()) & scanned;
        let first = if dir.is_positive() {
            hits.first()
        } else {
            hits.last()
        };
        first.unwrap_or(sq)
    };
    let (pos, neg) = (line.positive(), line.negative());
    let (ph, nh) = (hit(pos), hit(neg));
    let table = |s: Square, d: Direction| {
        let r = masks::ray(d, s);
        if r.is_empty() { Bitboard::from(s) } else { r }
    };
    let between = table(ph, neg) & table(nh, pos);
    let attacks = (between | ph.into() | nh.into()).without(sq);
    let mut st = Steps::new(req);
    st.add(
        format!(
            "{line}: first hit {} = {ph} (LoBit), first hit {} = {nh} (HiBit); rayTable[{ph}][{}] & rayTable[{nh}][{}] = between, plus both hits",
            pos.name(), neg.name(), neg.short_name(), pos.short_name()
        ),
        &[
            p(format!("ray[{ph}][{}]", neg.short_name()), table(ph, neg), false),
            p(format!("ray[{nh}][{}]", pos.short_name()), table(nh, pos), false),
            p("attacks", attacks, true),
        ],
        &["&", "->"],
    );
    st.section(line.name(), Part::Line(line), attacks)
}

/// Garvin's scan on 32-bit halves: the near half first, the far half only if the near
/// half of a crossing ray has no blocker.
fn garvin32_ray(req: &Request, dir: Direction) -> Section {
    let sq = req.square;
    let hi = sq as u8 >= 32;
    let mut ray = masks::ray(dir, sq).0;
    if ray == 0 {
        ray = 1 << sq as u8;
    }
    let occ = (req.occupied | dir.edge()).0;
    let half = |bits: u64, high: bool| if high { bits >> 32 } else { bits & 0xffff_ffff };
    let place = |word: u64, high: bool| Bitboard(if high { word << 32 } else { word });
    let (near, far) = (half(ray, hi), half(ray, !hi));
    let first = |hits: u64| {
        if dir.is_positive() {
            hits.trailing_zeros()
        } else {
            63 - hits.leading_zeros()
        }
    };
    // The half-ray up to (and with) its first hit; callers make sure there is one.
    let cut = |ray: u64, occ: u64| {
        let at = first(ray & occ);
        if dir.is_positive() {
            ray & (u64::MAX >> (63 - at))
        } else {
            ray & (u64::MAX << at)
        }
    };
    let names = |high: bool| {
        if high {
            "high half (ranks 5-8)"
        } else {
            "low half (ranks 1-4)"
        }
    };
    let scan = if dir.is_positive() { "BSF" } else { "BSR" };
    let near_occ = half(occ, hi);
    let mut st = Steps::new(req);
    let near_hits = near & near_occ;
    let near_cut = if near_hits != 0 {
        cut(near, near_occ)
    } else {
        near
    };
    let near_text = if near_hits != 0 {
        let bit = first(near_hits) + if hi { 32 } else { 0 };
        format!(
            "{scan} finds bit {} = {}: the half-ray up to it is attacked",
            bit % 32,
            Square::ALL[bit as usize]
        )
    } else {
        "no hit: the whole near half-ray is attacked".to_string()
    };
    st.add(
        format!(
            "{}: {sq} is in the {}; near table word 0x{near:08x} & (occupied | edge) 0x{near_occ:08x}; {near_text}",
            dir.name(),
            names(hi),
        ),
        &[
            p("near half-ray", place(near, hi), true),
            p("occupied | edge", place(near_occ, hi), false),
            p("near attacks", place(near_cut, hi), true),
        ],
        &["&", "->"],
    );
    let mut attacks = place(near_cut, hi);
    if near_hits == 0 && far != 0 {
        let far_occ = half(occ, !hi);
        let far_cut = cut(far, far_occ);
        let bit = first(far & far_occ) + if hi { 0 } else { 32 };
        st.add(
            format!(
                "{}: the ray crosses into the {}: far word 0x{far:08x} & 0x{far_occ:08x}; {scan} finds bit {} = {}",
                dir.name(),
                names(!hi),
                bit % 32,
                Square::ALL[bit as usize]
            ),
            &[
                p("far half-ray", place(far, !hi), false),
                p("occupied | edge", place(far_occ, !hi), false),
                p("far attacks", place(far_cut, !hi), false),
            ],
            &["&", "->"],
        );
        attacks |= place(far_cut, !hi);
    }
    // An empty ray scanned its own source bit: the source is never attacked.
    let attacks = attacks.without(sq);
    st.add(
        format!(
            "{}: the two 32-bit words side by side = attacks {}",
            dir.name(),
            square_list(attacks)
        ),
        &[],
        &[],
    );
    st.section(dir.name(), Part::Ray(dir), attacks)
}

fn subtraction_ray(req: &Request, dir: Direction) -> Section {
    let sq = req.square;
    let line = dir.line();
    let mask = masks::line(line, sq);
    let o = req.occupied & mask;
    let reverse = |b: u64| {
        if line == Line::Rank {
            b.reverse_bits()
        } else {
            b.swap_bytes()
        }
    };
    let mut st = Steps::new(req);
    let attacks = if dir.is_positive() {
        let r = 1u64 << sq as u8;
        let diff = Bitboard(o.0.wrapping_sub(r.wrapping_mul(2)));
        let attacks = (o ^ diff) & mask;
        st.add(
            format!(
                "{}: o = occupied & {line} mask; (o ^ (o - 2r)) & mask",
                dir.name()
            ),
            &[
                p("o", o, true),
                p("o - 2r", diff, false),
                p("attacks", attacks, true),
            ],
            &["^", "="],
        );
        attacks
    } else {
        let ro = reverse(o.0);
        let rr = reverse(1 << sq as u8);
        let up = ro ^ ro.wrapping_sub(rr.wrapping_mul(2));
        let attacks = Bitboard(reverse(up)) & mask;
        let how = if line == Line::Rank {
            "bit reversal"
        } else {
            "byte swap"
        };
        st.add(
            format!(
                "{}: the same on the reversed board ({how}): reverse(o' ^ (o' - 2r')) & mask",
                dir.name()
            ),
            &[
                p("o' (reversed)", Bitboard(ro), false),
                p("o' ^ (o' - 2r')", Bitboard(up), false),
                p("attacks", attacks, true),
            ],
            &["->", "->"],
        );
        attacks
    };
    st.section(dir.name(), Part::Ray(dir), attacks)
}

/// The piece kinds a table technique looks up for `piece`: a queen is a rook and a bishop.
fn kinds(piece: SliderPiece) -> &'static [SliderPiece] {
    match piece {
        SliderPiece::Queen => &[SliderPiece::Rook, SliderPiece::Bishop],
        SliderPiece::Rook => &[SliderPiece::Rook],
        SliderPiece::Bishop => &[SliderPiece::Bishop],
    }
}

/// Hyatt and Sherwin's piece "in one run": empty-board attacks, xor-ed with the rays
/// behind four first hits found with the corner bits as stops.
fn one_run(req: &Request) -> Vec<Section> {
    let sq = req.square;
    let corners = Bitboard::from(Square::A1) | Square::H8.into();
    let occ = req.occupied | corners;
    let mut sections = Vec::new();
    let mut formula = Vec::new();
    for &kind in kinds(req.piece) {
        let dirs = kind.directions();
        let empty = dirs
            .iter()
            .fold(Bitboard::EMPTY, |a, &d| a | masks::ray(d, sq));
        let mut st = Steps::new(req);
        st.add(
            format!(
                "{kind}: attacksEmpty[{sq}], and the occupancy with both corner bits (a1, h8) set as stops",
            ),
            &[
                p("attacksEmpty", empty, true),
                p("occupied | a1 | h8", occ, true),
            ],
            &[" "],
        );
        sections.push(st.section(format!("{kind} on the empty board"), Part::Intro, empty));
        let mut terms = vec![format!("attacksEmpty[{sq}]")];
        for &dir in dirs {
            let ray = masks::ray(dir, sq);
            let stop = ray
                | if dir.is_positive() {
                    Square::H8.into()
                } else {
                    Bitboard::from(Square::A1)
                };
            let hits = occ & stop;
            let hit = if dir.is_positive() {
                hits.first()
            } else {
                hits.last()
            }
            .unwrap_or(sq);
            let behind = masks::ray(dir, hit);
            let attacks = ray ^ behind;
            let short = dir.short_name().to_ascii_uppercase();
            terms.push(format!("ray{short}[{hit}]"));
            let mut st = Steps::new(req);
            st.add(
                format!(
                    "{}: (occupied | corners) & rayWstop = {}; {} -> {hit}{}; xor away ray{short}[{hit}]",
                    dir.name(),
                    square_list(hits),
                    if dir.is_positive() { "bitscan forward" } else { "bitscan reverse" },
                    if ray & req.occupied == Bitboard::EMPTY {
                        " (no blocker: the corner stop, whose ray is empty here)"
                    } else {
                        ""
                    }
                ),
                &[
                    p("rayWstop", stop, true),
                    p(format!("ray{short}[{hit}]"), behind, false),
                    p("attacks", attacks, true),
                ],
                &["->", "->"],
            );
            sections.push(st.section(dir.name(), Part::Ray(dir), attacks));
        }
        formula.push(terms.join(" ^ "));
    }
    let mut st = Steps::new(req);
    st.add(format!("in one run: {}", formula.join("  |  ")), &[], &[]);
    sections.push(st.section("formula", Part::Intro, Bitboard::EMPTY));
    sections
}

/// Software PEXT: the bits of `bits` selected by `mask`, packed to the bottom.
fn pext(bits: u64, mask: u64) -> u64 {
    Bitboard(mask)
        .iter()
        .enumerate()
        .fold(0, |acc, (i, sq)| acc | ((bits >> sq as u8) & 1) << i)
}

/// Magic or PEXT: mask the relevant occupancy, turn it into an index, read the table.
fn lookup(req: &Request, use_pext: bool) -> Vec<Section> {
    let sq = req.square;
    let mut sections = Vec::new();
    for &kind in kinds(req.piece) {
        let (mask, magic) = match kind {
            SliderPiece::Rook => (
                sliders::magic::rook_relevant(sq),
                sliders::magic::ROOK_MAGICS[sq as usize],
            ),
            _ => (
                sliders::magic::bishop_relevant(sq),
                sliders::magic::BISHOP_MAGICS[sq as usize],
            ),
        };
        let bits = mask.count_ones();
        let relevant = req.occupied.0 & mask;
        let mut st = Steps::new(req);
        st.add(
            format!(
                "{kind}: occupied & relevant mask ({bits} squares: the rays without their last square) = {}",
                square_list(Bitboard(relevant))
            ),
            &[
                p("occupied", req.occupied, true),
                p("relevant mask", Bitboard(mask), true),
                p("relevant", Bitboard(relevant), false),
            ],
            &["&", "="],
        );
        let index = if use_pext {
            let index = pext(req.occupied.0, mask);
            st.add(
                format!(
                    "{kind}: PEXT(occupied, mask) packs those {bits} bits into index {index:#b} = {index}"
                ),
                &[],
                &[],
            );
            index
        } else {
            let index = relevant.wrapping_mul(magic) >> (64 - bits);
            st.add(
                format!(
                    "{kind}: (relevant × 0x{magic:016x}) >> (64 − {bits}) = index {index}: the magic multiply gathers the {bits} bits without collisions that matter"
                ),
                &[],
                &[],
            );
            index
        };
        let attacks = Reference::attacks(kind, sq, Bitboard(relevant));
        st.add(
            format!(
                "{kind}: table[{sq}][{index}] = attacks {} (filled at compile time from every subset of the mask)",
                square_list(attacks)
            ),
            &[p("attacks", attacks, true)],
            &[],
        );
        sections.push(st.section(kind.name(), Part::Piece(kind), attacks));
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_walkthrough_agrees_with_the_reference_and_its_technique() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for &technique in Technique::ALL {
            for i in 0..64u64 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                for piece in SliderPiece::ALL {
                    let req = Request {
                        technique,
                        piece,
                        square: Square::ALL[i as usize],
                        occupied: Bitboard(x & x.rotate_left(11)),
                    };
                    let w = explain(&req);
                    assert!(w.mismatches.is_empty(), "{technique}: {}", w.text());
                    assert_eq!(
                        w.attacks,
                        technique.attacks(piece, req.square, req.occupied)
                    );
                    assert!(w.sections.iter().all(|s| !s.steps.is_empty()));
                }
            }
        }
    }

    #[test]
    fn a_wrong_step_is_reported() {
        let req = Request {
            technique: Technique::Classical,
            piece: SliderPiece::Rook,
            square: Square::D4,
            occupied: Bitboard::EMPTY,
        };
        let mut mismatches = Vec::new();
        note(
            &mut mismatches,
            "north",
            "the reference",
            Bitboard::EMPTY,
            masks::ray(Direction::North, req.square),
        );
        assert_eq!(mismatches.len(), 1);
        assert!(
            explain(&req)
                .text()
                .contains("rook attacks = union of the above")
        );
    }
}
