//! The library's layering, read from its source: no import cycle between its files, and
//! no more than three imports from a lower layer up to a higher one, each explained by a
//! `// layering:` comment where it stands. The layers are the table [`LAYERS`], the one
//! the book's layout chapter draws.
//!
//! An import is a `use` of another file's item, or a path to it in the code (`crate::…`,
//! `super::…`, `self::…`, or a child module's name). A name re-exported by a module is
//! followed to the file that defines it. Two things are not imports: a module presenting
//! its own submodule's items (`pub use child::Item;`, what a `mod.rs` is for) that its
//! own code does not use, and the
//! unit tests (`#[cfg(test)] mod tests`, which may reach anywhere). A method call names
//! no file, so it is not seen: the layout chapter says how such calls are kept down.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first: a file belongs to the last entry whose path (a file, or a
/// folder ending in `/`) starts its own, relative to `src/`.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "values",
        &[
            "parse_error.rs",
            "castle_side.rs",
            "color.rs",
            "square.rs",
            "bitboard.rs",
            "direction.rs",
            "piece.rs",
            "side.rs",
            "chess_move.rs",
            "cpu.rs",
            "simd.rs",
        ],
    ),
    (
        "empty-board masks and slider techniques",
        &["masks.rs", "sliders/"],
    ),
    ("the position", &["position/", "setup/"]),
    (
        "move generators",
        &["movegen/", "san.rs", "see/", "mailbox/"],
    ),
    ("perft, hash and statistics", &["perft/"]),
    ("the CPU dispatch", &["isa.rs"]),
    (
        "the crate's faces",
        &["lib.rs", "error.rs", "serde_impls.rs"],
    ),
];

/// The most imports allowed from a lower layer to a higher one.
const MOST_UPWARD: usize = 3;

/// One file of the library: its module path and its source, comments, strings and unit
/// tests taken out.
struct File {
    module: Vec<String>,
    code: String,
    /// The original lines, to find the comment that explains an upward import.
    lines: Vec<String>,
}

/// The library's files, by path relative to `src/`.
fn read_sources() -> BTreeMap<String, File> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                let text = std::fs::read_to_string(&path).unwrap();
                let mut module: Vec<String> = rel
                    .trim_end_matches(".rs")
                    .split('/')
                    .map(String::from)
                    .collect();
                if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                    module.pop();
                }
                let code = strip(&text);
                let lines = text.lines().map(String::from).collect();
                files.insert(
                    rel,
                    File {
                        module,
                        code,
                        lines,
                    },
                );
            }
        }
    }
    files
}

/// `text` with comments, string and character literals blanked (newlines kept, so that
/// offsets keep their line), and the unit tests at the end of the file cut.
fn strip(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && (!ident_before(&b, i) || (b[i - 1] == 'b' && !ident_before(&b, i - 1)))
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &ch in &b[i..j.min(b.len())] {
                out.push(blank(ch));
            }
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime ('a), kept.
            let end = if next == Some('\\') {
                (i + 3..b.len()).find(|&j| b[j] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    for _ in i..=end {
                        out.push(' ');
                    }
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// A `use` tree's leaves as paths (`crate::a::{b, c::d}` gives `crate::a::b` and
/// `crate::a::c::d`), each with the name it is known by here.
fn use_leaves(tree: &str, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let mut path = prefix.to_vec();
        path.extend(head);
        let inner = &tree[open + 1..tree.rfind('}').unwrap()];
        let mut depth = 0;
        let mut start = 0;
        for (k, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    use_leaves(&inner[start..k], &path, out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        use_leaves(&inner[start..], &path, out);
    } else if !tree.is_empty() {
        let (path, alias) = match tree.split_once(" as ") {
            Some((p, a)) => (p.trim(), Some(a.trim())),
            None => (tree, None),
        };
        let mut full = prefix.to_vec();
        full.extend(path.split("::").map(|s| s.trim().to_string()));
        if full.last().is_some_and(|l| l == "self") {
            full.pop();
        }
        let name = alias
            .map(String::from)
            .unwrap_or_else(|| full.last().unwrap().clone());
        out.push((full, name));
    }
}

/// The module path an inline module nests at each offset of `code` (`mod x { … }`).
fn inline_modules(code: &str) -> Vec<(usize, usize, String)> {
    let mut spans = Vec::new();
    let mut open: Vec<(String, usize, usize)> = Vec::new();
    let mut depth = 0usize;
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                if open.last().is_some_and(|o| o.1 == depth) {
                    let (name, _, start) = open.pop().unwrap();
                    spans.push((start, i, name));
                }
                depth = depth.saturating_sub(1);
            }
            b'm' if code[i..].starts_with("mod ") && !ident_before_bytes(bytes, i) => {
                let rest = &code[i + 4..];
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
                    .collect();
                let after = rest.trim_start()[name.len()..].trim_start();
                if after.starts_with('{') {
                    let brace = i + 4 + (rest.len() - after.len());
                    depth += 1;
                    open.push((name, depth, i));
                    i = brace + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    spans
}

fn ident_before_bytes(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

/// The path that starts at `at` in `code` (`crate::a::b` gives `crate`, `a`, `b`).
fn path_at(code: &str, at: usize) -> Vec<String> {
    code[at..]
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .next()
        .unwrap()
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// `text` as spaces, its newlines kept.
fn blank(text: &str) -> String {
    text.chars()
        .map(|c| if c == '\n' { '\n' } else { ' ' })
        .collect()
}

/// The module a path at `offset` of `file` is written in.
fn module_at(file: &File, spans: &[(usize, usize, String)], offset: usize) -> Vec<String> {
    let mut module = file.module.clone();
    let mut inner: Vec<&(usize, usize, String)> = spans
        .iter()
        .filter(|(s, e, _)| *s <= offset && offset < *e)
        .collect();
    inner.sort();
    module.extend(inner.iter().map(|(_, _, n)| n.clone()));
    module
}

/// `path` (relative to `module`: `crate`, `super`, `self` or a child's name) made absolute.
fn absolute(module: &[String], path: &[String]) -> Vec<String> {
    let mut out: Vec<String> = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("self") => module.to_vec(),
        Some("super") => module[..module.len().saturating_sub(1)].to_vec(),
        _ => {
            let mut m = module.to_vec();
            m.push(path[0].clone());
            m.extend_from_slice(&path[1..]);
            return m;
        }
    };
    for seg in &path[1..] {
        if seg == "super" {
            out.pop();
        } else {
            out.push(seg.clone());
        }
    }
    out
}

/// What the layering test reads out of the sources.
struct Graph {
    /// Imports: file → files, each with the line (0-based) of its first import.
    edges: BTreeMap<String, BTreeMap<String, usize>>,
}

fn graph(files: &BTreeMap<String, File>) -> Graph {
    let modules: BTreeMap<Vec<String>, String> = files
        .iter()
        .map(|(rel, f)| (f.module.clone(), rel.clone()))
        .collect();
    // Re-exports: (module, name) → the path it names.
    let mut reexports: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
    // (file, line, the depth of the module a child's name is relative to, path)
    let mut uses: Vec<(String, usize, Option<usize>, Vec<String>)> = Vec::new();
    for (rel, f) in files {
        let spans = inline_modules(&f.code);
        // The code with its `use` statements blanked, and what the file presents of its
        // submodules (`pub use child::Item`): an import only where its own code uses it.
        let mut body = f.code.clone();
        let mut presented: Vec<(String, usize, Vec<String>)> = Vec::new();
        let mut at = 0;
        while let Some(found) = f.code[at..].find("use ") {
            let start = at + found;
            at = start + 4;
            if ident_before_bytes(f.code.as_bytes(), start) {
                continue;
            }
            let Some(end) = f.code[start..].find(';') else {
                break;
            };
            let tree = &f.code[start + 4..start + end];
            // Blanked, its newlines kept, so that offsets in `body` keep their line.
            body.replace_range(start..start + end, &blank(&f.code[start..start + end]));
            let before = f.code[..start].trim_end();
            let tail = &before[before.len().saturating_sub(24)..];
            // `pub`, `pub(crate)`, `pub(in path)`: the parenthesis the `use` follows is
            // the visibility's own.
            let public = before.ends_with("pub")
                || (before.ends_with(')')
                    && tail
                        .rfind("pub(")
                        .is_some_and(|k| tail[k..].find(')') == Some(tail.len() - k - 1)));
            let module = module_at(f, &spans, start);
            let mut leaves = Vec::new();
            use_leaves(tree, &[], &mut leaves);
            let line = f.code[..start].matches('\n').count();
            for (path, name) in leaves {
                if matches!(
                    path.first().map(String::as_str),
                    Some("core" | "std" | "alloc")
                ) {
                    continue;
                }
                let abs = absolute(&module, &path);
                let child = !matches!(path[0].as_str(), "crate" | "super" | "self");
                if public {
                    reexports.insert((module.clone(), name.clone()), abs.clone());
                    if child {
                        presented.push((name, line, abs));
                        continue;
                    }
                }
                uses.push((rel.clone(), line, child.then_some(module.len()), abs));
            }
        }
        // Names and paths in the code: a presented item the file uses itself, a path
        // from `crate::`, `super::` or `self::`, and one through a submodule's name
        // (`fen::write(…)`).
        let bytes = body.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if !(bytes[i].is_ascii_alphabetic() || bytes[i] == b'_') || ident_before_bytes(bytes, i)
            {
                i += 1;
                continue;
            }
            let end = (i..bytes.len())
                .find(|&j| !(bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_'))
                .unwrap_or(bytes.len());
            let word = &body[i..end];
            let line = body[..i].matches('\n').count();
            if let Some((_, _, abs)) = presented.iter().find(|(n, _, _)| n == word) {
                uses.push((rel.clone(), line, None, abs.clone()));
            }
            let after_path = body[..i].trim_end().ends_with("::");
            if body[end..].starts_with("::") && !after_path {
                let module = module_at(f, &spans, i);
                let path = path_at(&body, i);
                if matches!(word, "crate" | "super" | "self") {
                    if path.len() > 1 {
                        uses.push((rel.clone(), line, None, absolute(&module, &path)));
                    }
                } else if modules.contains_key(&[module.as_slice(), &[word.to_string()]].concat()) {
                    let mut abs = module;
                    abs.extend(path);
                    uses.push((rel.clone(), line, None, abs));
                }
            }
            i = end;
        }
    }
    let resolve = |path: &[String]| -> Option<String> {
        let mut path = path.to_vec();
        for _ in 0..16 {
            let i = (0..=path.len())
                .rev()
                .find(|&i| modules.contains_key(&path[..i]))?;
            if let Some(target) = path
                .get(i)
                .and_then(|name| reexports.get(&(path[..i].to_vec(), name.clone())))
            {
                let mut next = target.clone();
                next.extend_from_slice(&path[i + 1..]);
                if next != path {
                    path = next;
                    continue;
                }
            }
            return Some(modules[&path[..i]].clone());
        }
        None
    };
    let mut edges: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for (from, line, child, path) in uses {
        if let Some(depth) = child
            && !path
                .get(..depth + 1)
                .is_some_and(|m| modules.contains_key(m))
        {
            continue; // not a submodule: an external crate or a name in scope
        }
        if let Some(to) = resolve(&path)
            && to != from
        {
            let e = edges.entry(from).or_default().entry(to).or_insert(line);
            *e = (*e).min(line);
        }
    }
    Graph { edges }
}

/// The layer of the file at `rel`, as an index into [`LAYERS`].
fn layer(rel: &str) -> Option<usize> {
    LAYERS.iter().rposition(|(_, paths)| {
        paths.iter().any(|p| {
            if p.ends_with('/') {
                rel.starts_with(p)
            } else {
                rel == *p
            }
        })
    })
}

/// The strongly connected components of more than one file (Tarjan).
fn cycles(edges: &BTreeMap<String, BTreeMap<String, usize>>, files: &[String]) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeMap<String, usize>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        if let Some(out) = s.edges.get(v) {
            for w in out.keys() {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let l = s.low[w].min(s.low[v]);
                    s.low.insert(v, l);
                } else if s.on.contains(w) {
                    let l = s.index[w].min(s.low[v]);
                    s.low.insert(v, l);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.found.push(comp);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        found: Vec::new(),
    };
    for f in files {
        if !s.index.contains_key(f.as_str()) {
            visit(&mut s, f);
        }
    }
    s.found
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let files = read_sources();
    let g = graph(&files);
    let names: Vec<String> = files.keys().cloned().collect();
    let found = cycles(&g.edges, &names);
    assert!(
        found.is_empty(),
        "import cycles between files of rayscan/src: {found:?}"
    );
}

#[test]
fn every_file_has_a_layer_and_few_imports_go_up() {
    let files = read_sources();
    let unmapped: Vec<&String> = files.keys().filter(|f| layer(f).is_none()).collect();
    assert!(
        unmapped.is_empty(),
        "files with no layer in LAYERS: {unmapped:?}"
    );
    let g = graph(&files);
    let mut upward = Vec::new();
    for (from, out) in &g.edges {
        for (to, &line) in out {
            if layer(to) > layer(from) {
                let lines = &files[from].lines;
                let explained = lines[..=line]
                    .iter()
                    .rev()
                    .take(4)
                    .any(|l| l.contains("// layering:"));
                assert!(
                    explained,
                    "{from}:{} imports {to}, a higher layer ({}), without a `// layering:` comment",
                    line + 1,
                    LAYERS[layer(to).unwrap()].0
                );
                upward.push(format!("{from} -> {to}"));
            }
        }
    }
    assert!(
        upward.len() <= MOST_UPWARD,
        "more than {MOST_UPWARD} imports go up a layer: {upward:?}"
    );
}

/// The check sees what it must: each kind of import it reads, in a small made-up crate.
#[test]
fn the_reader_finds_each_kind_of_import() {
    let file = |module: &[&str], text: &str| File {
        module: module.iter().map(|s| s.to_string()).collect(),
        code: strip(text),
        lines: text.lines().map(String::from).collect(),
    };
    let mut files = BTreeMap::new();
    files.insert(
        "lib.rs".to_string(),
        file(&[], "pub mod a;\npub mod b;\npub use a::A;\n"),
    );
    files.insert(
        "a/mod.rs".to_string(),
        file(
            &["a"],
            "mod inner;\nmod other;\npub use inner::A;\npub use other::{\n    O,\n};\n\
             pub(in crate::a) use inner::Hidden;\n\
             fn f() { crate::b::g(); }\nfn h() -> O { other::make() }\n",
        ),
    );
    files.insert(
        "a/inner.rs".to_string(),
        file(
            &["a", "inner"],
            "use crate::{b::{self, G}};\npub struct A;\n// crate::c::x in a comment\n\
             const S: &str = \"crate::c\";\nconst Q: char = '\\'';\n\
             const R: &str = r#\"a\"crate::c\"#;\nconst T: &[u8] = br#\"a\"crate::c\"#;\n",
        ),
    );
    files.insert(
        "a/other.rs".to_string(),
        file(&["a", "other"], "pub struct O;\npub fn make() -> O { O }\n"),
    );
    files.insert(
        "b.rs".to_string(),
        file(&["b"], "use crate::A;\npub struct G;\nmod m {\n    use super::super::a::A;\n}\n#[cfg(test)]\nmod tests { use crate::c; }\n"),
    );
    let g = graph(&files);
    let out = |f: &str| -> Vec<&str> {
        g.edges
            .get(f)
            .map(|m| m.keys().map(String::as_str).collect())
            .unwrap_or_default()
    };
    // a/mod.rs presents inner's A and Hidden (not imports), calls b, and uses other's O
    // (imports).
    assert_eq!(out("a/mod.rs"), ["a/other.rs", "b.rs"]);
    // Lines count from the file's first, past a `use` over three lines: `crate::b::g` is
    // on the eighth.
    assert_eq!(g.edges["a/mod.rs"]["b.rs"], 7);
    // A `use` group; the comment, the strings (raw, byte) and the char are not imports.
    assert_eq!(out("a/inner.rs"), ["b.rs"]);
    // `crate::A` is followed through two re-exports to the file that defines it.
    assert_eq!(out("b.rs"), ["a/inner.rs"]);
    let names: Vec<String> = files.keys().cloned().collect();
    assert_eq!(
        cycles(&g.edges, &names),
        [vec!["a/inner.rs".to_string(), "b.rs".to_string()]]
    );
}
