//! `rayscan techniques`: every slider technique with its table bytes and description,
//! the default marked.

use serde::Serialize;

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

pub fn run(json: bool) -> String {
    let default = Technique::auto();
    if json {
        let list: Vec<TechniqueJson> = Technique::ALL
            .iter()
            .map(|&t| TechniqueJson {
                name: t.name(),
                table_bytes: t.table_bytes(),
                description: t.description(),
                default: t == default,
                available: t.is_available(),
            })
            .collect();
        return json_line(&list);
    }
    let width = Technique::ALL
        .iter()
        .map(|t| t.name().len())
        .max()
        .unwrap_or(0);
    let mut text: String = Technique::ALL
        .iter()
        .map(|&t| {
            format!(
                "{} {:<width$}  {:>7} B  {}{}\n",
                if t == default { '*' } else { ' ' },
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
        "* default on this CPU: {} ({})\n",
        default.name(),
        rayscan::sliders::Technique::auto_reason()
    );
    text
}
