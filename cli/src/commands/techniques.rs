//! `rayscan techniques`: every slider technique with its table bytes and description,
//! then perft's two ways of counting its last ply, each list's default marked.

use serde::Serialize;

use rayscan::perft::LastPly;
use rayscan::sliders::Technique;

use crate::shared::io::json_line;

#[derive(Serialize)]
struct TechniqueJson {
    name: &'static str,
    table_bytes: usize,
    description: &'static str,
    /// The technique used when none is named ([`Technique::auto`]): exactly one.
    default: bool,
    /// Whether this CPU runs it (`pext` needs BMI2).
    available: bool,
}

#[derive(Serialize)]
struct LastPlyJson {
    name: &'static str,
    description: &'static str,
    /// The last ply used when none is named ([`LastPly::auto`]): exactly one.
    default: bool,
}

#[derive(Serialize)]
struct ListJson {
    techniques: Vec<TechniqueJson>,
    last_ply: Vec<LastPlyJson>,
}

pub fn run(json: bool) -> String {
    let default = Technique::auto();
    let default_last_ply = LastPly::auto();
    if json {
        let techniques = Technique::ALL
            .iter()
            .map(|&t| TechniqueJson {
                name: t.name(),
                table_bytes: t.table_bytes(),
                description: t.description(),
                default: t == default,
                available: t.is_available(),
            })
            .collect();
        let last_ply = LastPly::ALL
            .into_iter()
            .map(|l| LastPlyJson {
                name: l.name(),
                description: l.description(),
                default: l == default_last_ply,
            })
            .collect();
        return json_line(&ListJson {
            techniques,
            last_ply,
        });
    }
    let width = Technique::ALL
        .iter()
        .map(|t| t.name().len())
        .max()
        .unwrap_or(0);
    let mark = |default: bool| if default { '*' } else { ' ' };
    let mut text: String = Technique::ALL
        .iter()
        .map(|&t| {
            format!(
                "{} {:<width$}  {:>7} B  {}{}\n",
                mark(t == default),
                t.name(),
                t.table_bytes(),
                t.description(),
                if t.is_available() {
                    ""
                } else {
                    " (needs BMI2: not on this CPU)"
                }
            )
        })
        .collect();
    text += &format!(
        "* default on this CPU: {} ({})\n\nperft's last ply (--last-ply; each where a technique is named):\n",
        default.name(),
        Technique::auto_reason()
    );
    for l in LastPly::ALL {
        text += &format!(
            "{} {:<width$}  {}\n",
            mark(l == default_last_ply),
            l.name(),
            l.description()
        );
    }
    text += &format!(
        "* default on this CPU: {} ({})\n",
        default_last_ply.name(),
        LastPly::auto_reason()
    );
    text
}
