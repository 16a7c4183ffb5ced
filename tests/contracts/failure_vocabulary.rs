//! `docs/mcp.md`'s failure table is the wire vocabulary: it lists exactly the `kind` and
//! `failureKind` values of `glass::failure`, no more and no fewer, and the source builds
//! failures only from those enums.

use crate::common;

use std::collections::BTreeSet;

use glass::failure::{FailureKind, Kind};

/// `(kind, failureKind)` rows of the docs table; `failureKind` is empty on a kind's own row.
fn documented() -> BTreeSet<(String, String)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/mcp.md")).unwrap();
    let start = doc
        .find("### Failure vocabulary")
        .expect("docs/mcp.md has a Failure vocabulary section");
    let cell = |s: &str| s.trim().trim_matches('`').to_owned();
    doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| `kind`"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').collect();
            (cell(cells[1]), cell(cells[2]))
        })
        .collect()
}

#[test]
fn the_docs_table_lists_exactly_the_vocabulary() {
    let mut code = BTreeSet::new();
    for k in Kind::ALL {
        code.insert((k.as_str().to_owned(), String::new()));
    }
    for f in FailureKind::ALL {
        code.insert((f.kind().as_str().to_owned(), f.as_str().to_owned()));
    }
    let docs = documented();
    let missing: Vec<_> = code.difference(&docs).collect();
    let unknown: Vec<_> = docs.difference(&code).collect();
    assert!(
        missing.is_empty(),
        "in the code, not in docs/mcp.md: {missing:?}"
    );
    assert!(
        unknown.is_empty(),
        "in docs/mcp.md, not in the code: {unknown:?}"
    );
    assert!(docs.len() > 60, "the table was not read");
}

/// No code outside `src/failure.rs` writes a `kind`/`failureKind` failure body by hand: the
/// wire names appear only there, so every failure goes through the enums.
#[test]
fn failures_are_built_from_the_enums_only() {
    let files = common::rust_files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let mut hand_written = Vec::new();
    for f in files {
        if f.ends_with("failure.rs") || f.ends_with("tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap();
        for (i, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("//") {
                continue;
            }
            if t.contains("\"failureKind\": \"") || t.contains("\"failureKind\":\"") {
                hand_written.push(format!("{}:{}", f.display(), i + 1));
            }
        }
    }
    assert!(
        hand_written.is_empty(),
        "failure bodies written by hand: {hand_written:?}"
    );
}
