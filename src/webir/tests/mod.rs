//! Web IR draft tests: the spec's examples byte for byte, every invariant
//! with its path and reason, structure, transitions, diff, continuity, deep
//! nesting, and property tests for canonical form, diff symmetry and
//! rebinding.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::continuity::reason as cr;
use super::diff::diff_unchecked;
use super::validate::reason as r;
use super::*;
use crate::test_json::{minify, with};

mod diff;
mod invariants;

/// The §2.1 draft without its diagnostics: 2 entities, 1 relationship, revision 7.
fn example() -> Value {
    json!({
        "schemaVersion": 1,
        "revision": 7,
        "entities": [
            {"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []},
            {"id": "field-1", "kind": "field", "role": "textbox", "name": "Email",
             "quality": "strong", "evidenceSources": ["dom"]}
        ],
        "relationships": [{"from": "page", "to": "field-1", "kind": "contains"}],
        "coverage": {"structural": "strong", "semantic": "strong",
                     "interactiveEntitiesObserved": 1, "opaqueRegions": 0, "reasons": []},
        "limits": {"truncated": false, "omittedFacts": 0, "textBytes": 0, "missingSources": []}
    })
}

/// A small entity that satisfies every per-entity invariant.
fn entity(id: &str) -> Value {
    json!({"id": id, "kind": "text", "quality": "strong", "evidenceSources": ["dom"]})
}

fn without(mut v: Value, pointer: &str) -> Value {
    let (parent, key) = pointer.rsplit_once('/').expect("pointer");
    v.pointer_mut(parent)
        .and_then(Value::as_object_mut)
        .expect("object parent")
        .remove(key);
    v
}

fn push(mut v: Value, pointer: &str, item: Value) -> Value {
    v.pointer_mut(pointer)
        .and_then(Value::as_array_mut)
        .expect("array")
        .push(item);
    v
}

fn parse(v: &Value) -> Draft {
    parse_draft(v).unwrap_or_else(|e| panic!("draft must be valid: {e}"))
}

#[track_caller]
fn fails(v: &Value, path: &str, reason: &str) {
    let err = parse_draft(v).expect_err("draft must be rejected");
    assert_eq!((err.path.as_str(), err.reason.as_str()), (path, reason));
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

// ---------------------------------------------------------------------------
// The spec's examples

#[test]
fn spec_validate_example() {
    let draft = parse(&example());
    let expected = minify(
        r#"{
"valid": true,
"schemaVersion": 1,
"revision": 7
}"#,
    );
    assert_eq!(to_json(&validate_result(&draft)), expected);
}

#[test]
fn spec_inspect_example() {
    let draft = parse(&example());
    let expected = minify(
        r#"{
"schemaVersion": 1,
"revision": 7,
"entityCount": 2,
"relationshipCount": 1,
"coverage": {
"structural": "strong",
"semantic": "strong",
"interactiveEntitiesObserved": 1,
"opaqueRegions": 0,
"reasons": []
},
"truncated": false,
"opaqueRegions": 0,
"diagnosticCount": 0,
"relationshipHintDiagnosticCount": 0
}"#,
    );
    let body = to_json(&inspect(&draft));
    assert_eq!(body, expected);
    assert!(!body.contains("field-1") && !body.contains("Email"));
}

#[test]
fn spec_diff_example() {
    let before = parse(&example());
    let after = parse(&with(
        with(example(), "/revision", json!(8)),
        "/entities/1/name",
        json!("Email address"),
    ));
    let expected = minify(
        r#"{
"schemaVersion": 1,
"fromRevision": 7,
"toRevision": 8,
"entityAddedCount": 0,
"entityRemovedCount": 0,
"entityChangedCount": 1,
"relationshipAddedCount": 0,
"relationshipRemovedCount": 0,
"coverageChanged": false,
"limitsChanged": false,
"diagnosticsChanged": false,
"relationshipHintDiagnosticsChanged": false
}"#,
    );
    assert_eq!(to_json(&diff(&before, &after).unwrap()), expected);
}

#[test]
fn full_section_2_1_draft_with_diagnostics_validates() {
    let v = with(
        with(
            example(),
            "/diagnostics",
            json!(["unsupportedFact:heading"]),
        ),
        "/relationshipHintDiagnostics",
        json!([{"factIndex": 0, "source": "accessibility", "hint": "controls",
                "parentRole": "form", "status": "Emitted"}]),
    );
    let draft = parse(&v);
    let summary = inspect(&draft);
    assert_eq!(
        (
            summary.diagnostic_count,
            summary.relationship_hint_diagnostic_count
        ),
        (1, 1)
    );
    assert!(draft.to_canonical_json().ends_with(
        r#""diagnostics":["unsupportedFact:heading"],"relationshipHintDiagnostics":[{"factIndex":0,"source":"accessibility","hint":"controls","parentRole":"form","status":"Emitted"}]}"#
    ));
}

#[test]
fn canonical_json_of_example() {
    assert_eq!(
        parse(&example()).to_canonical_json(),
        r#"{"schemaVersion":1,"revision":7,"entities":[{"id":"page","kind":"page","quality":"confirmed","evidenceSources":[]},{"id":"field-1","kind":"field","role":"textbox","name":"Email","quality":"strong","evidenceSources":["dom"]}],"relationships":[{"from":"page","to":"field-1","kind":"contains"}],"coverage":{"structural":"strong","semantic":"strong","interactiveEntitiesObserved":1,"opaqueRegions":0,"reasons":[]},"limits":{"truncated":false,"omittedFacts":0,"textBytes":0,"missingSources":[]}}"#
    );
}

#[test]
fn error_body_shape() {
    let err = parse_draft(&with(example(), "/schemaVersion", json!(2))).unwrap_err();
    assert_eq!(
        to_json(&err.response()),
        r#"{"kind":"webIrValidation","path":"schemaVersion","reason":"unsupported Web IR draft schema version"}"#
    );
    assert_eq!(
        err.to_string(),
        "schemaVersion: unsupported Web IR draft schema version"
    );
}

// ---------------------------------------------------------------------------
// Structure

#[test]
fn structure_root_and_required_fields() {
    fails(&json!([]), "$", r::NOT_OBJECT);
    for key in [
        "schemaVersion",
        "revision",
        "entities",
        "relationships",
        "coverage",
        "limits",
    ] {
        fails(&without(example(), &format!("/{key}")), key, r::MISSING);
    }
    for key in ["id", "kind", "quality", "evidenceSources"] {
        fails(
            &without(example(), &format!("/entities/1/{key}")),
            &format!("entities.{key}"),
            r::MISSING,
        );
    }
    for key in ["from", "to", "kind"] {
        let v = without(example(), &format!("/relationships/0/{key}"));
        fails(&v, &format!("relationships.{key}"), r::MISSING);
    }
    for key in [
        "structural",
        "semantic",
        "interactiveEntitiesObserved",
        "opaqueRegions",
        "reasons",
    ] {
        fails(
            &without(example(), &format!("/coverage/{key}")),
            &format!("coverage.{key}"),
            r::MISSING,
        );
    }
    for key in ["truncated", "omittedFacts", "textBytes", "missingSources"] {
        fails(
            &without(example(), &format!("/limits/{key}")),
            &format!("limits.{key}"),
            r::MISSING,
        );
    }
}

#[test]
fn structure_optional_fields() {
    // role and name may be absent or null; diagnostics default to empty.
    let v = with(
        without(example(), "/entities/1/role"),
        "/entities/1/name",
        Value::Null,
    );
    let draft = parse(&v);
    assert_eq!(
        (
            draft.entities()[1].role.as_deref(),
            draft.entities()[1].name.as_deref()
        ),
        (None, None)
    );
    let hint =
        json!({"factIndex": 3, "source": "dom", "hint": "owns", "status": "UnmatchedParent"});
    let draft = parse(&with(
        example(),
        "/relationshipHintDiagnostics",
        json!([hint]),
    ));
    assert_eq!(draft.relationship_hint_diagnostics()[0].parent_role, None);
}

#[test]
fn structure_unknown_fields_are_ignored() {
    let v = with(
        with(example(), "/future", json!({"x": 1})),
        "/entities/1/entityDetails",
        json!(1),
    );
    assert_eq!(parse(&v), parse(&example()));
}

#[test]
fn structure_wrong_types_and_unknown_vocabulary() {
    let cases: &[(&str, Value, &str, &str)] = &[
        ("/schemaVersion", json!("1"), "schemaVersion", r::NOT_U32),
        (
            "/schemaVersion",
            json!(1u64 << 32),
            "schemaVersion",
            r::NOT_U32,
        ),
        ("/revision", json!(-1), "revision", r::NOT_U64),
        ("/revision", json!(7.5), "revision", r::NOT_U64),
        ("/entities", json!({}), "entities", r::NOT_ARRAY),
        ("/entities/1", json!("x"), "entities", r::NOT_OBJECT),
        ("/entities/1/id", json!(1), "entities.id", r::NOT_STRING),
        (
            "/entities/1/kind",
            json!("frame"),
            "entities.kind",
            r::UNKNOWN_ENTITY_KIND,
        ),
        (
            "/entities/1/role",
            json!(false),
            "entities.role",
            r::NOT_STRING,
        ),
        (
            "/entities/1/quality",
            json!("great"),
            "entities.quality",
            r::UNKNOWN_QUALITY,
        ),
        (
            "/entities/1/evidenceSources",
            json!(["dom", "ocr"]),
            "entities.evidenceSources",
            r::UNKNOWN_SOURCE,
        ),
        (
            "/entities/1/evidenceSources",
            json!([1]),
            "entities.evidenceSources",
            r::NOT_STRING,
        ),
        (
            "/relationships/0",
            json!([]),
            "relationships",
            r::NOT_OBJECT,
        ),
        (
            "/relationships/0/kind",
            json!("likes"),
            "relationships.kind",
            r::UNKNOWN_RELATIONSHIP_KIND,
        ),
        ("/coverage", json!([]), "coverage", r::NOT_OBJECT),
        (
            "/coverage/semantic",
            json!("meh"),
            "coverage.semantic",
            r::UNKNOWN_QUALITY,
        ),
        (
            "/coverage/interactiveEntitiesObserved",
            json!(-3),
            "coverage.interactiveEntitiesObserved",
            r::NOT_U32,
        ),
        (
            "/coverage/reasons",
            json!([1]),
            "coverage.reasons",
            r::NOT_STRING,
        ),
        (
            "/limits/truncated",
            json!("no"),
            "limits.truncated",
            r::NOT_BOOL,
        ),
        (
            "/limits/missingSources",
            json!(["nope"]),
            "limits.missingSources",
            r::UNKNOWN_SOURCE,
        ),
        ("/diagnostics", json!("x"), "diagnostics", r::NOT_ARRAY),
        (
            "/relationshipHintDiagnostics",
            json!([{"factIndex": 0, "source": "dom", "hint": "owns", "status": "emitted"}]),
            "relationshipHintDiagnostics.status",
            r::UNKNOWN_HINT_STATUS,
        ),
        (
            "/relationshipHintDiagnostics",
            json!([{"factIndex": 0, "source": "dom", "hint": "nope", "status": "Emitted"}]),
            "relationshipHintDiagnostics.hint",
            r::UNKNOWN_RELATIONSHIP_KIND,
        ),
    ];
    for (pointer, value, path, reason) in cases {
        fails(&with(example(), pointer, value.clone()), path, reason);
    }
}

#[test]
fn vocabularies_have_the_draft_sizes() {
    assert_eq!(EntityKind::ALL.len(), 18);
    assert_eq!(RelationshipKind::ALL.len(), 15);
    assert_eq!(EvidenceQuality::ALL.len(), 6);
    assert_eq!(EvidenceSource::ALL.len(), 11);
    let ranks: Vec<u8> = EvidenceQuality::ALL.iter().map(|q| q.rank()).collect();
    assert_eq!(ranks, [5, 4, 3, 2, 1, 0]);
}
