//! The walkthroughs of `rayscan explain`, of its web page and of the npm package: the
//! steps of every slider technique as diagrams, the way the literature teaches them.
//!
//! A walkthrough is data (sections of steps, each step a sentence and the sets it talks
//! about), so the terminal prints it as side-by-side 8×8 grids (the command-line tool's
//! `explain`), and the web pages draw the same steps on their boards, from the server or
//! from WebAssembly. Every walkthrough recomputes the attacks from its own steps and
//! checks each ray against the reference walk and the technique itself, so a wrong
//! explanation cannot pass silently.
//!
//! A crate of its own, between the library and its faces: the command-line tool and the
//! npm package's WebAssembly both build on it.

use rayscan::masks;
use rayscan::position::Placement;
use rayscan::sliders::{self, RayWise, Reference, Slider, Technique, WithRayWise};
use rayscan::{Bitboard, Direction, Line, Piece, SliderPiece, Square};
use serde::Serialize;

mod classical;
mod dumb7fill;
mod garvin;
mod garvin32;
mod kogge_stone;
mod lanes;
mod lookup;
mod one_run;
mod reference;
mod subtraction;
mod vector;

use classical::*;
use dumb7fill::*;
use garvin::*;
use garvin32::*;
use kogge_stone::*;
use lanes::*;
use lookup::*;
use one_run::*;
use reference::*;
use subtraction::*;
use vector::*;

/// A set's squares as a list, `{a1, b2}`, as the steps' sentences write them.
pub fn square_list(set: Bitboard) -> String {
    let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    format!("{{{}}}", names.join(", "))
}

/// A set's squares' names, for JSON.
pub fn squares(b: Bitboard) -> Vec<String> {
    b.iter().map(|s| s.to_string()).collect()
}

/// One diagram of a step: a caption, a set, and the slider's square and letter when it
/// is drawn on it.
#[derive(Clone, Debug)]
pub struct Panel {
    pub caption: String,
    pub set: Bitboard,
    pub mark: Option<(Square, char)>,
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
    /// The slider's square and letter.
    pub mark: Option<(Square, char)>,
    /// The blockers the walkthrough was asked about.
    pub occupied: Bitboard,
    pub piece: SliderPiece,
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
                .map(|(c, set, marked)| Panel {
                    caption: c.clone(),
                    set: *set,
                    mark: marked.then_some(mark).flatten(),
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

/// What the web pages show for a square: the walkthrough of the slider there (or of
/// `piece`: by default the slider on the square, else a queen) among the pieces, with
/// its rays and the blockers on them.
#[derive(Serialize)]
pub struct SquareJson {
    pub technique: &'static str,
    pub description: &'static str,
    pub piece: &'static str,
    pub square: String,
    pub rays: Vec<String>,
    pub blockers: Vec<String>,
    pub walkthrough: WalkthroughJson,
}

/// The walkthrough for `square` among `pieces`, and the page's view of it.
pub fn on_square(
    technique: Technique,
    square: Square,
    pieces: &Placement,
    piece: Option<SliderPiece>,
) -> (Walkthrough, SquareJson) {
    let standing = pieces.piece_at(square).and_then(|(_, p)| match p {
        Piece::Rook => Some(SliderPiece::Rook),
        Piece::Bishop => Some(SliderPiece::Bishop),
        Piece::Queen => Some(SliderPiece::Queen),
        _ => None,
    });
    let piece = piece.or(standing).unwrap_or(SliderPiece::Queen);
    let occupied = pieces.occupied();
    let walk = explain(&Request {
        technique,
        piece,
        square,
        occupied,
    });
    let lines = piece
        .directions()
        .iter()
        .fold(Bitboard::EMPTY, |a, &d| a | masks::ray(d, square));
    let json = SquareJson {
        technique: technique.name(),
        description: technique.description(),
        piece: piece.name(),
        square: square.to_string(),
        rays: squares(lines),
        blockers: squares(lines & occupied),
        walkthrough: walk.json(),
    };
    (walk, json)
}

/// One technique as the pages list it.
#[derive(Serialize)]
pub struct TechniqueJson {
    pub name: &'static str,
    pub description: &'static str,
    pub table_bytes: usize,
    pub ray_wise: bool,
    /// The one `Technique::auto` picks on this CPU.
    pub default: bool,
    /// Whether this CPU runs it (PEXT needs BMI2).
    pub available: bool,
}

/// Every technique, as the pages list them.
pub fn techniques() -> Vec<TechniqueJson> {
    let default = Technique::auto();
    Technique::ALL
        .iter()
        .map(|&t| TechniqueJson {
            name: t.name(),
            description: t.description(),
            table_bytes: t.table_bytes(),
            ray_wise: t.is_ray_wise(),
            default: t == default,
            available: t.is_available(),
        })
        .collect()
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

/// A ray explained in one sentence, with its attacks drawn.
fn one_step(req: &Request, dir: Direction, text: String, attacks: Bitboard) -> Section {
    let mut st = Steps::new(req);
    st.add(text, &[p("attacks", attacks, true)], &[]);
    st.section(dir.name(), Part::Ray(dir), attacks)
}

/// Shifts by a signed square offset, as the fills do.
fn shift_by(bits: u64, offset: i32) -> u64 {
    if offset > 0 {
        bits << offset
    } else {
        bits >> -offset
    }
}

/// The piece kinds a table technique looks up for `piece`: a queen is a rook and a bishop.
fn kinds(piece: SliderPiece) -> &'static [SliderPiece] {
    match piece {
        SliderPiece::Queen => &[SliderPiece::Rook, SliderPiece::Bishop],
        SliderPiece::Rook => &[SliderPiece::Rook],
        SliderPiece::Bishop => &[SliderPiece::Bishop],
    }
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
                    assert!(w.mismatches.is_empty(), "{technique}: {:?}", w.mismatches);
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
        assert!(explain(&req).mismatches.is_empty());
    }
}
