//! The source's import structure: every `use crate::` / `super::` path (and inline `crate::`
//! path) of `src/` read as an arrow from one file to another, then checked for the two rules
//! DESIGN.md sets: no import cycle between files, and no import from a lower layer to a higher
//! one. Code in `#[cfg(test)] mod tests` and comments do not count.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a file may import from its own layer (without a cycle) or a lower
/// one, never from a higher one.
const LAYERS: &[&[&str]] = &[
    &[
        "paths",
        "exit",
        "files",
        "redact",
        "policy",
        "secrets",
        "confirm",
        "failure",
        "test_json",
    ],
    &["task", "webir", "normalize", "workflow"],
    &["store"],
    &["browser"],
    &["tools"],
    &["cli"],
    &["mcp"],
    &["doctor", "direct", "client_config", "demo", "daemon"],
    &["main"],
];

/// The layers inside `src/tools`, lowest first, by the folder under `tools/` (the kernel, the
/// families, the catalog). A file may import its own folder or a lower layer; two families of
/// one layer never import each other, and nothing inside `tools/` imports its face (`mod.rs`).
const TOOL_LAYERS: &[&[&str]] = &[
    &["kernel"],
    &["page", "act", "tabs", "devtools", "contracts"],
    &["store"],
    &["semantic"],
    &["run"],
    &["catalog"],
];

/// A module of `src/tools`: its folder (family) and that folder's layer.
fn tool_place(module: &[String]) -> Option<(&str, usize)> {
    if module.first().map(String::as_str) != Some("tools") {
        return None;
    }
    let family = module.get(1).map(String::as_str).unwrap_or("mod");
    let layer = TOOL_LAYERS
        .iter()
        .position(|l| l.contains(&family))
        .unwrap_or(TOOL_LAYERS.len());
    Some((family, layer))
}

/// The longest a source file may be: a file longer than this mixes concerns.
const MAX_LINES: usize = 800;

fn layer_of(module: &[String]) -> usize {
    let top = module.first().map(String::as_str).unwrap_or("main");
    LAYERS
        .iter()
        .position(|l| l.contains(&top))
        .unwrap_or_else(|| panic!("module `{top}` is in no layer; add it to LAYERS"))
}

/// Every `.rs` file under `src/` with its module path (`src/browser/act.rs` -> browser::act).
fn modules() -> BTreeMap<Vec<String>, PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = common::rust_files(&root);
    let mut map = BTreeMap::new();
    for f in files {
        let rel = f.strip_prefix(&root).unwrap().with_extension("");
        let mut parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        match parts.last().map(String::as_str) {
            Some("mod") | Some("lib") => {
                parts.pop();
            }
            _ => {}
        }
        // Unit-test files (`mod tests;`, a `tests/` folder) test their parent; they are not
        // part of the house.
        if parts.iter().any(|p| p == "tests") {
            continue;
        }
        map.insert(parts, f);
    }
    map
}

/// The source without comments and without its `#[cfg(test)] mod tests { ... }` block.
fn code_of(src: &str) -> String {
    let mut out = String::new();
    let mut lines = src.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        if t == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|n| n.trim_start().starts_with("mod tests {"))
        {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        // Trailing comments: cut at `//` outside a string (good enough for this code base:
        // URLs in strings are kept because the quote count before them is odd).
        let mut cut = line.len();
        let mut in_str = false;
        let b = line.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'\\' if in_str => i += 1,
                b'"' => in_str = !in_str,
                b'/' if !in_str && b.get(i + 1) == Some(&b'/') => {
                    cut = i;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
}

/// Expand a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str) -> Vec<Vec<String>> {
    fn parse(s: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let s = s.trim();
        if let Some(open) = s.find('{') {
            let head: Vec<String> = s[..open]
                .split("::")
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_owned)
                .collect();
            let mut base = prefix.to_vec();
            base.extend(head);
            let inner = &s[open + 1..s.rfind('}').unwrap()];
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parse(&inner[start..i], &base, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            parse(&inner[start..], &base, out);
        } else if !s.is_empty() {
            let path = s.split(" as ").next().unwrap();
            let mut p = prefix.to_vec();
            p.extend(
                path.split("::")
                    .map(str::trim)
                    .filter(|x| !x.is_empty() && *x != "self" && *x != "*")
                    .map(str::to_owned),
            );
            out.push(p);
        }
    }
    let mut out = Vec::new();
    parse(tree, &[], &mut out);
    out
}

/// Every path the code names that starts at the crate or a parent module.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    // `use` statements (a line starting with `use` or `pub ... use`), groups included.
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        let t = t
            .strip_prefix("pub ")
            .or_else(|| t.strip_prefix("pub(crate) "))
            .or_else(|| t.strip_prefix("pub(super) "))
            .unwrap_or(t);
        let Some(tree) = t.strip_prefix("use ") else {
            continue;
        };
        let mut stmt = tree.to_owned();
        while !stmt.contains(';') {
            match lines.next() {
                Some(l) => stmt.push_str(l),
                None => break,
            }
        }
        found.extend(expand(stmt.split(';').next().unwrap_or("")));
    }
    // Inline paths: crate::a::b, super::a, glass::a (from the binary).
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "glass::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if at > 0
                && (bytes[at - 1].is_ascii_alphanumeric()
                    || bytes[at - 1] == b'_'
                    || bytes[at - 1] == b':')
            {
                continue;
            }
            let tail: String = code[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let p: Vec<String> = tail
                .split("::")
                .filter(|x| !x.is_empty())
                .map(str::to_owned)
                .collect();
            found.push(p);
        }
    }
    found
}

/// Resolve a path to the file that defines its longest module prefix.
fn resolve(
    path: &[String],
    here: &[String],
    modules: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<Vec<String>> {
    let mut abs: Vec<String> = match path.first().map(String::as_str) {
        Some("crate") | Some("glass") => Vec::new(),
        Some("super") => here.to_vec(),
        _ => return None,
    };
    let mut segs = path.iter().peekable();
    match segs.peek().map(|s| s.as_str()) {
        Some("crate") | Some("glass") => {
            segs.next();
        }
        _ => {}
    }
    // Every leading `super` climbs one module (a file's own module is `here`).
    while segs.peek().is_some_and(|s| *s == "super") {
        segs.next();
        abs.pop();
    }
    abs.extend(segs.cloned());
    (1..=abs.len())
        .rev()
        .map(|n| abs[..n].to_vec())
        .find(|m| modules.contains_key(m))
}

/// A module path, as its segments.
type Module = Vec<String>;
/// Who imports whom.
type Edges = BTreeMap<Module, BTreeSet<Module>>;

fn graph() -> (Edges, BTreeMap<Module, PathBuf>) {
    let modules = modules();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, file) in &modules {
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        let here = if module.is_empty() && file.ends_with("main.rs") {
            vec!["main".to_owned()]
        } else {
            module.clone()
        };
        let set = edges.entry(here.clone()).or_default();
        for p in paths_in(&code) {
            if let Some(to) = resolve(&p, &here, &modules) {
                if to != here && !to.is_empty() {
                    set.insert(to);
                }
            }
        }
    }
    (edges, modules)
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("::")
    }
}

#[test]
fn no_file_imports_from_a_higher_layer() {
    let (edges, _) = graph();
    let mut upward = Vec::new();
    for (from, tos) in &edges {
        if from.is_empty() {
            continue;
        }
        for to in tos {
            if layer_of(to) > layer_of(from) {
                upward.push(format!("{} -> {}", name(from), name(to)));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run up a layer:\n{}",
        upward.join("\n")
    );
}

#[test]
fn inside_tools_families_stand_on_the_kernel_and_never_reach_up() {
    let (edges, _) = graph();
    let mut wrong = Vec::new();
    for (from, tos) in &edges {
        let Some((from_family, from_layer)) = tool_place(from) else {
            continue;
        };
        for to in tos {
            let Some((to_family, to_layer)) = tool_place(to) else {
                continue;
            };
            let fine = from_family == to_family
                || (to_family != "mod" && to_layer < from_layer)
                || from_family == "mod";
            if !fine {
                wrong.push(format!("{} -> {}", name(from), name(to)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports inside src/tools that run up, sideways between families, or to the face:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_source_file_is_over_800_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let long: Vec<String> = common::rust_files(&root)
        .into_iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(&f).unwrap().lines().count();
            (n > MAX_LINES).then(|| format!("{} ({n} lines)", f.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn no_import_cycle_between_files() {
    let (edges, _) = graph();
    // Depth-first search with colours; report the first cycle found, as a path.
    fn visit(
        n: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        state.insert(n.clone(), 1);
        stack.push(n.clone());
        for m in edges.get(n).into_iter().flatten() {
            match state.get(m).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|x| x == m).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(m, edges, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in edges.keys() {
        if state.get(n).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(n, &edges, &mut state, &mut Vec::new()) {
                let path: Vec<String> = c.iter().map(|m| name(m)).collect();
                panic!("import cycle: {}", path.join(" -> "));
            }
        }
    }
}

/// The checker itself must see real arrows, or the two tests above would pass on nothing.
#[test]
fn the_checker_reads_the_arrows_it_should() {
    let (edges, modules) = graph();
    let has = |from: &str, to: &str| {
        let f: Vec<String> = from.split("::").map(str::to_owned).collect();
        let t: Vec<String> = to.split("::").map(str::to_owned).collect();
        edges.get(&f).is_some_and(|s| s.contains(&t))
    };
    assert!(modules.len() > 40, "too few source files found");
    assert!(has("main", "cli"), "main -> cli (a glass:: path)");
    assert!(
        has("browser::act", "browser::page"),
        "a super:: path in a use group"
    );
    assert!(
        has("tools::page::navigate", "browser"),
        "a crate:: path to a re-export"
    );
    assert!(
        has("tools::run::batch", "tools::act::pointer"),
        "a family above another uses its tools"
    );
    assert_eq!(
        tool_place(&["tools".into(), "act".into()]),
        Some(("act", 1))
    );
    assert!(has("mcp::server", "tools"), "mcp -> tools");
    let e = expand("super::{a::B, c::{d, e::F as G}, self}");
    assert!(e.contains(&vec!["super".into(), "c".into(), "e".into(), "F".into()]));
    assert_eq!(
        resolve(
            &["super".into(), "super".into(), "policy".into()],
            &["browser".into(), "act".into()],
            &modules
        ),
        Some(vec!["policy".to_owned()]),
    );
}

/// Only `browser/` speaks CDP: no other file makes a CDP call or names a CDP method or domain,
/// so every rule about Chrome (deadlines, sessions, renderer faults) is kept in one place.
#[test]
fn only_the_browser_speaks_cdp() {
    const CDP: &[&str] = &[
        "call_raw",
        "page_call",
        "send_detached",
        ".cdp",
        "cdp::",
        "\"Page.",
        "\"Runtime.",
        "\"Target.",
        "\"Input.",
        "\"DOM.",
        "\"Network.",
        "\"Browser.",
        "\"Fetch.",
        "\"Emulation.",
    ];
    let (_, modules) = graph();
    let mut speaking = Vec::new();
    for (module, file) in &modules {
        if module.first().map(String::as_str) == Some("browser") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        for (i, line) in code.lines().enumerate() {
            if let Some(word) = CDP.iter().find(|w| line.contains(*w)) {
                speaking.push(format!("{}:{} ({word})", file.display(), i + 1));
            }
        }
    }
    assert!(
        speaking.is_empty(),
        "CDP outside browser/:\n{}",
        speaking.join("\n")
    );
}
