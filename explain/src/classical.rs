//! `classical` and its three variants: the ray masked by the blockers, the first blocker found by a bitscan, the ray behind it xor-ed away.

use super::*;

pub(super) fn classical_ray(req: &Request, dir: Direction) -> Section {
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
