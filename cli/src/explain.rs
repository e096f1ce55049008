//! `rayscan explain`: the steps of a ray-wise technique as diagrams, the way the
//! literature teaches them. Every walkthrough recomputes the attacks from its own steps
//! and checks them against the technique itself, so a wrong explanation cannot pass silently.

use std::fmt::Write;

use rayscan::masks;
use rayscan::sliders::{RayWise, Technique, WithRayWise};
use rayscan::{Bitboard, Direction, Line, SliderPiece, Square};

use crate::diagram::{side_by_side, square_list, Panel};

/// The techniques with a walkthrough.
pub const EXPLAINED: &[Technique] = &[
    Technique::Reference,
    Technique::Classical,
    Technique::ClassicalBranchless,
    Technique::ClassicalGeneralized,
    Technique::ClassicalZeroCount,
    Technique::Garvin,
    Technique::Dumb7Fill,
    Technique::KoggeStone,
    Technique::Subtraction,
];

pub struct Request {
    pub technique: Technique,
    pub piece: SliderPiece,
    pub square: Square,
    pub occupied: Bitboard,
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

/// Explains `req`; returns the text, or `None` if the technique has no walkthrough.
pub fn explain(req: &Request) -> Option<String> {
    if !EXPLAINED.contains(&req.technique) {
        return None;
    }
    req.technique.dispatch_ray_wise(Explain(req))
}

struct Explain<'a>(&'a Request);

impl WithRayWise for Explain<'_> {
    type Output = String;

    fn run<S: RayWise>(self) -> String {
        let req = self.0;
        let mut out = String::new();
        let mark = Some((req.square, letter(req.piece)));
        let _ = writeln!(
            out,
            "{} on {}, technique {}: {}\n",
            req.piece,
            req.square,
            req.technique,
            req.technique.description()
        );
        out.push_str(&side_by_side(
            &[Panel::new("occupied", req.occupied, mark)],
            &[],
        ));
        out.push('\n');
        let mut total = Bitboard::EMPTY;
        if req.technique == Technique::Garvin {
            for &line in req.piece.lines() {
                let (text, attacks) = garvin_line(req, line);
                out.push_str(&text);
                check(
                    &mut out,
                    &format!("{line}"),
                    attacks,
                    S::line_attacks(line, req.square, req.occupied),
                );
                total |= attacks;
            }
        } else if req.technique == Technique::Subtraction {
            for &line in req.piece.lines() {
                for dir in [line.positive(), line.negative()] {
                    let (text, attacks) = subtraction_ray(req, dir);
                    out.push_str(&text);
                    check(
                        &mut out,
                        &dir_name(dir),
                        attacks,
                        S::ray_attacks(dir, req.square, req.occupied),
                    );
                    total |= attacks;
                }
            }
        } else {
            for &dir in req.piece.directions() {
                let (text, attacks) = match req.technique {
                    Technique::Reference => walk_ray(req, dir),
                    Technique::Dumb7Fill | Technique::KoggeStone => fill_ray(req, dir),
                    _ => classical_ray(req, dir),
                };
                out.push_str(&text);
                check(
                    &mut out,
                    &dir_name(dir),
                    attacks,
                    S::ray_attacks(dir, req.square, req.occupied),
                );
                total |= attacks;
            }
        }
        let actual = S::attacks(req.piece, req.square, req.occupied);
        let _ = writeln!(
            out,
            "{} attacks = union of the above: {}",
            req.piece,
            square_list(total)
        );
        out.push_str(&side_by_side(&[Panel::new("attacks", total, mark)], &[]));
        check(&mut out, "all", total, actual);
        out
    }
}

/// Appends a loud note if the walkthrough's result differs from the technique's.
fn check(out: &mut String, what: &str, explained: Bitboard, actual: Bitboard) {
    if explained != actual {
        let _ = writeln!(
            out,
            "MISMATCH ({what}): the steps give {explained:?} but the technique returns {actual:?}"
        );
    }
}

fn classical_ray(req: &Request, dir: Direction) -> (String, Bitboard) {
    let sq = req.square;
    let ray = masks::ray(dir, sq);
    let blockers = ray & req.occupied;
    let mark = Some((sq, letter(req.piece)));
    let name = format!("{}({sq})", dir_name(dir));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: occupied & {name} = blockers {}",
        dir.name(),
        square_list(blockers)
    );
    out.push_str(&side_by_side(
        &[
            Panel::new("occupied", req.occupied, mark),
            Panel::new(name.clone(), ray, mark),
            Panel::new("blockers", blockers, None),
        ],
        &["&", "="],
    ));
    let scan = if dir.is_positive() {
        "bitscan forward"
    } else {
        "bitscan reverse"
    };
    let first = match req.technique {
        Technique::ClassicalBranchless | Technique::ClassicalGeneralized => {
            let sentinel = if dir.is_positive() {
                Square::H8
            } else {
                Square::A1
            };
            let first = if dir.is_positive() {
                (blockers | sentinel.into()).first()
            } else {
                (blockers | sentinel.into()).last()
            };
            let first = first.unwrap_or(sentinel);
            let how = if req.technique == Technique::ClassicalGeneralized {
                format!(
                    "generalized scan of blockers | dirBit ({sentinel}), lowest bit isolated by dirMask for {} rays",
                    if dir.is_positive() { "positive" } else { "no negative" }
                )
            } else {
                format!("{scan} of blockers | sentinel {sentinel}")
            };
            let _ = writeln!(
                out,
                "{how} -> {first}{}",
                if blockers.is_empty() {
                    " (the sentinel: its ray is empty)"
                } else {
                    ""
                }
            );
            Some(first)
        }
        Technique::ClassicalZeroCount => {
            let (count, first) = if dir.is_positive() {
                (blockers.0.trailing_zeros(), blockers.first())
            } else {
                (blockers.0.leading_zeros(), blockers.last())
            };
            let zc = if dir.is_positive() {
                "trailing"
            } else {
                "leading"
            };
            match first {
                Some(f) => {
                    let _ = writeln!(out, "{zc} zero count = {count} -> first blocker {f}");
                }
                None => {
                    let _ = writeln!(out, "{zc} zero count = 64 -> entry 64, the empty set");
                }
            }
            first
        }
        _ => {
            let first = if dir.is_positive() {
                blockers.first()
            } else {
                blockers.last()
            };
            match first {
                Some(f) => {
                    let _ = writeln!(out, "{scan} -> first blocker {f}");
                }
                None => {
                    let _ = writeln!(out, "no blocker: the whole ray is attacked");
                }
            }
            first
        }
    };
    let attacks = match first {
        Some(f) => {
            let behind = masks::ray(dir, f);
            let attacks = ray ^ behind;
            let _ = writeln!(
                out,
                "{name} xor {}({f}) = attacks {}",
                dir_name(dir),
                square_list(attacks)
            );
            out.push_str(&side_by_side(
                &[
                    Panel::new(name, ray, mark),
                    Panel::new(format!("{}({f})", dir_name(dir)), behind, None),
                    Panel::new("attacks", attacks, mark),
                ],
                &["^", "="],
            ));
            attacks
        }
        None => ray,
    };
    out.push('\n');
    (out, attacks)
}

fn walk_ray(req: &Request, dir: Direction) -> (String, Bitboard) {
    let mut out = String::new();
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
    let _ = writeln!(
        out,
        "{}: step from {}: {}",
        dir.name(),
        req.square,
        steps.join(", ")
    );
    out.push_str(&side_by_side(
        &[Panel::new(
            "attacks",
            attacks,
            Some((req.square, letter(req.piece))),
        )],
        &[],
    ));
    out.push('\n');
    (out, attacks)
}

fn fill_ray(req: &Request, dir: Direction) -> (String, Bitboard) {
    let mut out = String::new();
    let empty = !req.occupied;
    let mark = Some((req.square, letter(req.piece)));
    let fill = if req.technique == Technique::KoggeStone {
        rayscan::sliders::kogge_stone::occluded_fill(req.square.into(), empty, dir)
    } else {
        rayscan::sliders::dumb7fill::occluded_fill(req.square.into(), empty, dir)
    };
    let attacks = fill.shift(dir);
    let how = if req.technique == Technique::KoggeStone {
        "propagate by 1, 2 and 4 squares"
    } else {
        "one step at a time, six times"
    };
    let _ = writeln!(
        out,
        "{}: occluded fill over the empty squares ({how}), then one more shift {}",
        dir.name(),
        dir.name()
    );
    out.push_str(&side_by_side(
        &[
            Panel::new("empty", empty, mark),
            Panel::new("fill", fill, mark),
            Panel::new("attacks", attacks, mark),
        ],
        &["->", "->"],
    ));
    out.push('\n');
    (out, attacks)
}

fn garvin_line(req: &Request, line: Line) -> (String, Bitboard) {
    let sq = req.square;
    let mut out = String::new();
    let mark = Some((sq, letter(req.piece)));
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
    let (p, n) = (hit(pos), hit(neg));
    let table = |s: Square, d: Direction| {
        let r = masks::ray(d, s);
        if r.is_empty() {
            Bitboard::from(s)
        } else {
            r
        }
    };
    let between = table(p, neg) & table(n, pos);
    let attacks = (between | p.into() | n.into()).without(sq);
    let _ = writeln!(
        out,
        "{line}: first hit {} = {p} (LoBit), first hit {} = {n} (HiBit); rayTable[{p}][{}] & rayTable[{n}][{}] = between, plus both hits",
        pos.name(), neg.name(), neg.short_name(), pos.short_name()
    );
    out.push_str(&side_by_side(
        &[
            Panel::new(
                format!("ray[{p}][{}]", neg.short_name()),
                table(p, neg),
                None,
            ),
            Panel::new(
                format!("ray[{n}][{}]", pos.short_name()),
                table(n, pos),
                None,
            ),
            Panel::new("attacks", attacks, mark),
        ],
        &["&", "->"],
    ));
    out.push('\n');
    (out, attacks)
}

fn subtraction_ray(req: &Request, dir: Direction) -> (String, Bitboard) {
    let sq = req.square;
    let line = dir.line();
    let mask = masks::line(line, sq);
    let o = req.occupied & mask;
    let mark = Some((sq, letter(req.piece)));
    let reverse = |b: u64| {
        if line == Line::Rank {
            b.reverse_bits()
        } else {
            b.swap_bytes()
        }
    };
    let mut out = String::new();
    let attacks = if dir.is_positive() {
        let r = 1u64 << sq as u8;
        let diff = Bitboard(o.0.wrapping_sub(2 * r));
        let attacks = (o ^ diff) & mask;
        let _ = writeln!(
            out,
            "{}: o = occupied & {line} mask; (o ^ (o - 2r)) & mask",
            dir.name()
        );
        out.push_str(&side_by_side(
            &[
                Panel::new("o", o, mark),
                Panel::new("o - 2r", diff, None),
                Panel::new("attacks", attacks, mark),
            ],
            &["^", "="],
        ));
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
        let _ = writeln!(
            out,
            "{}: the same on the reversed board ({how}): reverse(o' ^ (o' - 2r')) & mask",
            dir.name()
        );
        out.push_str(&side_by_side(
            &[
                Panel::new("o' (reversed)", Bitboard(ro), None),
                Panel::new("o' ^ (o' - 2r')", Bitboard(up), None),
                Panel::new("attacks", attacks, mark),
            ],
            &["->", "->"],
        ));
        attacks
    };
    out.push('\n');
    (out, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_walkthrough_agrees_with_its_technique() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for &technique in EXPLAINED {
            for i in 0..64u64 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                for piece in SliderPiece::ALL {
                    let req = Request {
                        technique,
                        piece,
                        square: Square::ALL[(i % 64) as usize],
                        occupied: Bitboard(x & x.rotate_left(11)),
                    };
                    let text = explain(&req).unwrap();
                    assert!(!text.contains("MISMATCH"), "{technique}: {text}");
                }
            }
        }
        let req = Request {
            technique: Technique::Magic,
            piece: SliderPiece::Rook,
            square: Square::A1,
            occupied: Bitboard::EMPTY,
        };
        assert!(explain(&req).is_none());
    }
}
