//! `dumb7fill`: the fill one step at a time.

use super::*;

pub(super) fn dumb7_ray(req: &Request, dir: Direction) -> Section {
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
