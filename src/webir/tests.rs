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

// ---------------------------------------------------------------------------
// Invariants

#[test]
fn invariant_schema_version() {
    fails(
        &with(example(), "/schemaVersion", json!(2)),
        "schemaVersion",
        r::SCHEMA_VERSION,
    );
    fails(
        &with(example(), "/schemaVersion", json!(0)),
        "schemaVersion",
        r::SCHEMA_VERSION,
    );
}

#[test]
fn invariant_entity_count() {
    fails(
        &with(example(), "/entities", json!([])),
        "entities",
        r::ENTITY_COUNT,
    );
    let mut entities =
        vec![json!({"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []})];
    entities.extend((1..=4096).map(|i| entity(&format!("e{i}"))));
    fails(
        &with(example(), "/entities", json!(entities)),
        "entities",
        r::ENTITY_COUNT,
    );
}

#[test]
fn invariant_exactly_one_page() {
    let no_page = with(example(), "/entities/0", entity("page"));
    fails(
        &with(no_page, "/relationships", json!([])),
        "entities",
        r::ONE_PAGE,
    );
    let two = push(
        example(),
        "/entities",
        json!({"id": "page-2", "kind": "page", "quality": "confirmed", "evidenceSources": []}),
    );
    fails(&two, "entities", r::ONE_PAGE);
}

#[test]
fn invariant_entity_ids() {
    for bad in [
        "",
        "field 1",
        "field\t1",
        "a\u{0}b",
        "\u{a0}x",
        &"i".repeat(129),
    ] {
        let v = with(
            with(example(), "/entities/1/id", json!(bad)),
            "/relationships",
            json!([]),
        );
        fails(&v, "entities.id", r::ENTITY_ID);
    }
    fails(
        &push(example(), "/entities", entity("field-1")),
        "entities.id",
        r::ENTITY_ID,
    );
    let long = "i".repeat(128);
    let v = with(
        with(example(), "/entities/1/id", json!(long)),
        "/relationships",
        json!([]),
    );
    assert!(parse_draft(&v).is_ok());
}

#[test]
fn invariant_opaque_regions() {
    let opaque = json!({"id": "opaque_region_0", "kind": "opaqueRegion", "quality": "opaque", "evidenceSources": []});
    let good = with(
        push(example(), "/entities", opaque.clone()),
        "/coverage/opaqueRegions",
        json!(1),
    );
    assert_eq!(inspect(&parse(&good)).opaque_regions, 1);

    let strong = with(good.clone(), "/entities/2/quality", json!("strong"));
    fails(&strong, "entities.opaqueRegion", r::OPAQUE_REGION);
    let sourced = with(
        good.clone(),
        "/entities/2/evidenceSources",
        json!(["frames"]),
    );
    fails(&sourced, "entities.opaqueRegion", r::OPAQUE_REGION);

    fails(
        &with(good.clone(), "/coverage/opaqueRegions", json!(0)),
        "coverage.opaqueRegions",
        r::OPAQUE_COUNT,
    );
    fails(
        &with(example(), "/coverage/opaqueRegions", json!(1)),
        "coverage.opaqueRegions",
        r::OPAQUE_COUNT,
    );
}

#[test]
fn invariant_opaque_quality_only_on_opaque_regions() {
    fails(
        &with(example(), "/entities/1/quality", json!("opaque")),
        "entities.quality",
        r::OPAQUE_QUALITY,
    );
    fails(
        &with(example(), "/entities/0/quality", json!("opaque")),
        "entities.quality",
        r::OPAQUE_QUALITY,
    );
}

#[test]
fn invariant_evidence_required() {
    fails(
        &with(example(), "/entities/1/evidenceSources", json!([])),
        "entities.evidenceSources",
        r::EVIDENCE,
    );
    // The page needs none (shown by the example); it may carry some.
    assert!(
        parse_draft(&with(
            example(),
            "/entities/0/evidenceSources",
            json!(["dom"])
        ))
        .is_ok()
    );
}

#[test]
fn invariant_relationships() {
    let bad = [
        json!({"from": "page", "to": "page", "kind": "contains"}),
        json!({"from": "page", "to": "ghost", "kind": "contains"}),
        json!({"from": "ghost", "to": "page", "kind": "contains"}),
        json!({"from": "page", "to": "field-1", "kind": "contains"}),
    ];
    for rel in bad {
        fails(
            &push(example(), "/relationships", rel),
            "relationships",
            r::RELATIONSHIP,
        );
    }
    // Same ends, different kind, and the reverse edge are distinct.
    let v = push(
        push(
            example(),
            "/relationships",
            json!({"from": "page", "to": "field-1", "kind": "owns"}),
        ),
        "/relationships",
        json!({"from": "field-1", "to": "page", "kind": "contains"}),
    );
    assert_eq!(parse(&v).relationships().len(), 3);
}

/// A draft at both count bounds with short fields.
fn maximal_draft() -> Value {
    let mut entities =
        vec![json!({"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []})];
    entities.extend((1..MAX_ENTITIES).map(|i| entity(&format!("e{i}"))));
    let mut relationships = Vec::with_capacity(MAX_RELATIONSHIPS);
    for i in 1..MAX_ENTITIES {
        relationships.push(json!({"from": "page", "to": format!("e{i}"), "kind": "contains"}));
        relationships.push(json!({"from": format!("e{i}"), "to": "page", "kind": "scopedTo"}));
    }
    relationships.push(json!({"from": "e1", "to": "e2", "kind": "labels"}));
    relationships.push(json!({"from": "e2", "to": "e3", "kind": "labels"}));
    assert_eq!(
        (entities.len(), relationships.len()),
        (MAX_ENTITIES, MAX_RELATIONSHIPS)
    );
    with(
        with(example(), "/entities", json!(entities)),
        "/relationships",
        json!(relationships),
    )
}

#[test]
fn invariant_relationship_count_and_size_bound_admits_maximal_draft() {
    let max = maximal_draft();
    let draft = parse(&max);
    assert_eq!(
        (draft.entities().len(), draft.relationships().len()),
        (4096, 8192)
    );
    assert!(draft.to_canonical_json().len() < MAX_DRAFT_BYTES / 2);
    let over = push(
        max,
        "/relationships",
        json!({"from": "e3", "to": "e4", "kind": "labels"}),
    );
    fails(&over, "relationships", r::RELATIONSHIP_COUNT);
}

#[test]
fn invariant_coverage_reasons_bound() {
    let sixteen: Vec<String> = (0..16).map(|i| format!("reason-{i}")).collect();
    assert!(parse_draft(&with(example(), "/coverage/reasons", json!(sixteen))).is_ok());
    let seventeen: Vec<String> = (0..17).map(|i| format!("reason-{i}")).collect();
    fails(
        &with(example(), "/coverage/reasons", json!(seventeen)),
        "coverage.reasons",
        r::COVERAGE_REASONS,
    );
    assert!(
        parse_draft(&with(
            example(),
            "/coverage/reasons",
            json!(["r".repeat(128)])
        ))
        .is_ok()
    );
    fails(
        &with(example(), "/coverage/reasons", json!(["r".repeat(129)])),
        "coverage.reasons",
        r::COVERAGE_REASONS,
    );
}

#[test]
fn invariant_serialized_size() {
    let v = with(
        example(),
        "/entities/1/name",
        json!("n".repeat(MAX_DRAFT_BYTES)),
    );
    fails(&v, "$", r::DRAFT_SIZE);
    let v = with(
        example(),
        "/diagnostics",
        json!(vec!["d".repeat(1024); 4096]),
    );
    fails(&v, "$", r::DRAFT_SIZE);
    let v = with(
        example(),
        "/diagnostics",
        json!(vec!["d".repeat(1024); 3500]),
    );
    assert!(parse_draft(&v).is_ok());
}

#[test]
fn invariants_run_in_order() {
    // The page rule comes before the ID rule, which comes before relationships.
    let v = with(
        with(example(), "/entities/0/kind", json!("text")),
        "/entities/1/id",
        json!(""),
    );
    fails(&v, "entities", r::ONE_PAGE);
    let v = with(
        with(example(), "/entities/1/id", json!("a b")),
        "/relationships/0/to",
        json!("page"),
    );
    fails(&v, "entities.id", r::ENTITY_ID);
    let v = with(
        with(example(), "/coverage/opaqueRegions", json!(3)),
        "/relationships/0/to",
        json!("page"),
    );
    fails(&v, "coverage.opaqueRegions", r::OPAQUE_COUNT);
}

#[test]
fn errors_never_echo_content() {
    let secret = "SECRET-page-text";
    let cases = [
        with(example(), "/entities/1/id", json!(format!("{secret} x"))),
        with(example(), "/entities/1/kind", json!(secret)),
        with(example(), "/relationships/0/to", json!(secret)),
        with(
            example(),
            "/entities/1/name",
            json!(secret.repeat(MAX_DRAFT_BYTES / secret.len() + 1)),
        ),
        with(example(), "/coverage/reasons", json!([secret.repeat(20)])),
    ];
    for v in cases {
        let err = parse_draft(&v).expect_err("rejected");
        assert!(!err.to_string().contains("SECRET"), "{err}");
    }
}

// ---------------------------------------------------------------------------
// Canonical form and transitions

#[test]
fn canonical_order_is_input_order_independent() {
    let a = json!({
        "schemaVersion": 1, "revision": 3,
        "entities": [
            {"id": "b", "kind": "field", "quality": "strong", "evidenceSources": ["forms", "dom", "dom"]},
            {"id": "a", "kind": "action", "quality": "partial", "evidenceSources": ["accessibility"]},
            {"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []}
        ],
        "relationships": [
            {"from": "page", "to": "b", "kind": "contains"},
            {"from": "page", "to": "a", "kind": "contains"},
            {"from": "a", "to": "b", "kind": "submits"}
        ],
        "coverage": {"structural": "partial", "semantic": "inferred", "interactiveEntitiesObserved": 2, "opaqueRegions": 0, "reasons": []},
        "limits": {"truncated": true, "omittedFacts": 2, "textBytes": 10, "missingSources": ["layout"]},
        "relationshipHintDiagnostics": [
            {"factIndex": 2, "source": "dom", "hint": "owns", "parentRole": "Form", "status": "Emitted"},
            {"factIndex": 1, "source": "dom", "hint": "owns", "parentRole": "form", "status": "Emitted"},
            {"factIndex": 2, "source": "dom", "hint": "owns", "parentRole": "form", "status": "Emitted"}
        ]
    });
    let mut b = a.clone();
    for key in ["entities", "relationships", "relationshipHintDiagnostics"] {
        b[key].as_array_mut().unwrap().reverse();
    }
    b["entities"][2]["evidenceSources"] = json!(["dom", "forms"]);
    let (da, db) = (parse(&a), parse(&b));
    assert_eq!(da, db);
    assert_eq!(da.to_canonical_json(), db.to_canonical_json());
    let ids: Vec<&str> = da.entities().iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["page", "a", "b"]);
    assert_eq!(
        da.entities()[2].evidence_sources,
        [EvidenceSource::Dom, EvidenceSource::Forms]
    );
    let roles: Vec<_> = da
        .relationship_hint_diagnostics()
        .iter()
        .map(|h| (h.fact_index, h.parent_role.as_deref().unwrap()))
        .collect();
    assert_eq!(roles, [(1, "form"), (2, "Form"), (2, "form")]);
    // Same revision, same content in a different order: a valid transition.
    assert!(check_transition(&da, &db).is_ok());
}

#[test]
fn transition_rules() {
    let seven = parse(&example());
    let eight = parse(&with(example(), "/revision", json!(8)));
    assert!(check_transition(&seven, &eight).is_ok());
    assert!(check_transition(&seven, &seven).is_ok());
    let err = check_transition(&eight, &seven).unwrap_err();
    assert_eq!(
        (err.path.as_str(), err.reason.as_str()),
        ("revision", r::OLDER_REVISION)
    );
    let changed = parse(&with(example(), "/entities/1/name", json!("Phone")));
    let err = check_transition(&seven, &changed).unwrap_err();
    assert_eq!(
        (err.path.as_str(), err.reason.as_str()),
        ("revision", r::SAME_REVISION)
    );
    // Diff and continuity apply the rule.
    assert_eq!(diff(&eight, &seven).unwrap_err().reason, r::OLDER_REVISION);
    assert_eq!(diff(&seven, &changed).unwrap_err().reason, r::SAME_REVISION);
    assert_eq!(
        continuity(&eight, &seven, "field-1").unwrap_err().reason,
        r::OLDER_REVISION
    );
    assert_eq!(
        continuity(&seven, &changed, "field-1").unwrap_err().reason,
        r::SAME_REVISION
    );
}

// ---------------------------------------------------------------------------
// Diff

#[test]
fn diff_counts_each_kind_of_change() {
    let before = parse(&push(example(), "/entities", entity("gone")));
    let after = with(example(), "/revision", json!(9));
    let after = push(after, "/entities", entity("new"));
    let after = with(
        after,
        "/entities/1/evidenceSources",
        json!(["dom", "forms"]),
    );
    let after = push(
        after,
        "/relationships",
        json!({"from": "page", "to": "new", "kind": "contains"}),
    );
    let after = with(after, "/limits/truncated", json!(true));
    let after = with(after, "/diagnostics", json!(["unsupportedFact:x"]));
    let after = parse(&after);
    let d = diff(&before, &after).unwrap();
    assert_eq!(
        (
            d.entity_added_count,
            d.entity_removed_count,
            d.entity_changed_count
        ),
        (1, 1, 1)
    );
    assert_eq!(
        (d.relationship_added_count, d.relationship_removed_count),
        (1, 0)
    );
    assert!(!d.coverage_changed && d.limits_changed && d.diagnostics_changed);
    assert!(!d.relationship_hint_diagnostics_changed);
    assert_eq!(
        (d.from_revision, d.to_revision, d.schema_version),
        (7, 9, 1)
    );
    let body = to_json(&d);
    assert!(!body.contains("gone") && !body.contains("new\""));
}

#[test]
fn diff_of_identical_drafts_is_empty() {
    let d = parse(&example());
    let summary = diff(&d, &d).unwrap();
    assert_eq!(
        to_json(&summary),
        r#"{"schemaVersion":1,"fromRevision":7,"toRevision":7,"entityAddedCount":0,"entityRemovedCount":0,"entityChangedCount":0,"relationshipAddedCount":0,"relationshipRemovedCount":0,"coverageChanged":false,"limitsChanged":false,"diagnosticsChanged":false,"relationshipHintDiagnosticsChanged":false}"#
    );
}

#[test]
fn diff_of_maximal_drafts() {
    let before = parse(&maximal_draft());
    let after = parse(&with(
        with(maximal_draft(), "/revision", json!(8)),
        "/entities/5/name",
        json!("x"),
    ));
    let d = diff(&before, &after).unwrap();
    assert_eq!(
        (
            d.entity_changed_count,
            d.entity_added_count,
            d.relationship_added_count
        ),
        (1, 0, 0)
    );
}

// ---------------------------------------------------------------------------
// Continuity

fn draft_with(revision: u64, entities: &[Value]) -> Draft {
    let mut all =
        vec![json!({"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []})];
    all.extend(entities.iter().cloned());
    let v = with(
        with(example(), "/revision", json!(revision)),
        "/entities",
        json!(all),
    );
    parse(&with(v, "/relationships", json!([])))
}

fn named(id: &str, kind: &str, role: Option<&str>, name: Option<&str>) -> Value {
    let mut v =
        json!({"id": id, "kind": kind, "quality": "strong", "evidenceSources": ["accessibility"]});
    if let Some(role) = role {
        v["role"] = json!(role);
    }
    if let Some(name) = name {
        v["name"] = json!(name);
    }
    v
}

#[track_caller]
fn classify(
    before: &Draft,
    after: &Draft,
    id: &str,
    status: ContinuityStatus,
    current: Option<&str>,
    reason: &str,
) {
    let c = continuity(before, after, id).unwrap();
    assert_eq!(c.requested_id, id);
    assert_eq!(
        (c.status, c.current_id.as_deref(), c.reason),
        (status, current, reason)
    );
}

#[test]
fn continuity_changed_example_is_byte_exact() {
    let before = parse(&example());
    let after = parse(&with(
        with(example(), "/revision", json!(8)),
        "/entities/1/role",
        json!("combobox"),
    ));
    let c = continuity(&before, &after, "field-1").unwrap();
    assert_eq!(
        to_json(&c),
        r#"{"requestedId":"field-1","status":"changed","currentId":"field-1","reason":"same revision-local ID has changed semantic identity"}"#
    );
}

#[test]
fn continuity_statuses() {
    use ContinuityStatus::*;
    let save = |id: &str| named(id, "action", Some("button"), Some("Save"));
    let before = draft_with(
        1,
        &[
            save("a"),
            named("bare", "text", None, None),
            named("f", "field", Some("textbox"), Some("Email")),
        ],
    );

    // Same ID, identity compared case-insensitively on role and name.
    let after = draft_with(
        2,
        &[
            save("a"),
            named("f", "field", Some("TEXTBOX"), Some("email")),
        ],
    );
    classify(&before, &after, "a", Unchanged, Some("a"), cr::UNCHANGED);
    classify(&before, &after, "f", Unchanged, Some("f"), cr::UNCHANGED);
    let after = draft_with(2, &[named("a", "link", Some("button"), Some("Save"))]);
    classify(&before, &after, "a", Changed, Some("a"), cr::CHANGED);
    // Same ID without role or name: a change of kind is still a change.
    let after = draft_with(2, &[named("bare", "field", None, None)]);
    classify(&before, &after, "bare", Changed, Some("bare"), cr::CHANGED);
    let after = draft_with(2, &[named("bare", "text", None, None)]);
    classify(
        &before,
        &after,
        "bare",
        Unchanged,
        Some("bare"),
        cr::UNCHANGED,
    );

    let after = draft_with(2, &[named("a", "link", Some("button"), Some("Save"))]);
    // Not in the source at all.
    classify(&before, &after, "zzz", Removed, None, cr::NOT_IN_SOURCE);
    // Gone and without role or name.
    classify(&before, &after, "bare", Removed, None, cr::NO_IDENTITY);
    // Gone, nothing compatible arrived.
    classify(&before, &after, "f", Removed, None, cr::NOT_OBSERVED);

    // Gone, exactly one compatible newcomer.
    let after = draft_with(2, &[save("a2")]);
    classify(&before, &after, "a", Rebound, Some("a2"), cr::REBOUND);
    // Gone, two compatible newcomers.
    let after = draft_with(2, &[save("a2"), save("a3")]);
    classify(&before, &after, "a", Ambiguous, None, cr::AMBIGUOUS_TARGET);
}

#[test]
fn continuity_never_rebinds_to_an_entity_that_already_existed() {
    use ContinuityStatus::*;
    let save = |id: &str| named(id, "action", Some("button"), Some("Save"));
    // Two Save buttons, one disappears: the survivor is itself, not a rebind.
    let before = draft_with(1, &[save("a"), save("b")]);
    let after = draft_with(2, &[save("b")]);
    classify(&before, &after, "a", Removed, None, cr::NOT_OBSERVED);
    classify(&before, &after, "b", Unchanged, Some("b"), cr::UNCHANGED);
    // Both disappear and one new one arrives: it cannot be told which it is.
    let after = draft_with(2, &[save("c")]);
    classify(&before, &after, "a", Ambiguous, None, cr::AMBIGUOUS_SOURCE);
}

#[test]
fn continuity_rejects_impossible_ids() {
    let d = parse(&example());
    for bad in ["", "a b", &"x".repeat(129)] {
        let err = continuity(&d, &d, bad).unwrap_err();
        assert_eq!(
            (err.path.as_str(), err.reason.as_str()),
            ("entityId", cr::BAD_REQUEST_ID)
        );
    }
}

// ---------------------------------------------------------------------------
// Deep nesting

fn nested(depth: usize) -> Value {
    let mut v = json!("leaf");
    for _ in 0..depth {
        v = Value::Array(vec![v]);
    }
    v
}

#[test]
fn deep_nesting_at_serde_json_limit_is_a_bounded_error() {
    fails(
        &with(example(), "/entities/1/name", nested(128)),
        "entities.name",
        r::NOT_STRING,
    );
    fails(
        &with(example(), "/coverage/reasons", json!([nested(127)])),
        "coverage.reasons",
        r::NOT_STRING,
    );
    fails(
        &with(example(), "/diagnostics", nested(128)),
        "diagnostics",
        r::NOT_STRING,
    );
    // Unknown fields are ignored without being walked.
    assert!(parse_draft(&with(example(), "/extension", nested(128))).is_ok());
}

#[test]
fn very_deep_values_are_never_walked() {
    // Leaked on purpose: serde_json's destructor would recurse, and it is not
    // the code under test.
    let v = with(example(), "/entities/1/role", nested(100_000));
    let err = parse_draft(&v).unwrap_err();
    assert_eq!(
        (err.path.as_str(), err.reason.as_str()),
        ("entities.role", r::NOT_STRING)
    );
    std::mem::forget(v);
    let v = with(example(), "/extension", nested(100_000));
    assert!(parse_draft(&v).is_ok());
    std::mem::forget(v);
}

// ---------------------------------------------------------------------------
// Properties

const KINDS: &[&str] = &[
    "region",
    "form",
    "field",
    "action",
    "link",
    "tab",
    "text",
    "row",
    "unknownInteractive",
];
const ROLES: &[&str] = &["button", "textbox", "Link", "tab"];
const NAMES: &[&str] = &["Save", "save", "Email", "Next", "Cancel"];
const QUALITIES: &[&str] = &["confirmed", "strong", "partial", "inferred", "conflicted"];
const SOURCES: &[&str] = &["dom", "accessibility", "layout", "forms", "navigation"];

/// Indices into `KINDS`, `ROLES`, `NAMES`, `QUALITIES` and `SOURCES`.
type Slot = (usize, Option<usize>, Option<usize>, usize, Vec<usize>);

/// One optional entity slot for ID `e<i>`.
fn arb_slot() -> impl Strategy<Value = Option<Slot>> {
    prop::option::of((
        0..KINDS.len(),
        prop::option::of(0..ROLES.len()),
        prop::option::of(0..NAMES.len()),
        0..QUALITIES.len(),
        prop::collection::vec(0..SOURCES.len(), 1..4),
    ))
}

/// Arbitrary valid drafts over the shared ID pool `e0..e11`, so two drafts
/// overlap, differ and share edges in every way.
fn arb_draft(revision: u64) -> impl Strategy<Value = Value> {
    (
        prop::collection::vec(arb_slot(), 12),
        prop::collection::vec((0..12usize, 0..12usize, 0..3usize), 0..24),
        any::<bool>(),
        prop::collection::vec("[a-z:]{1,6}", 0..3),
        prop::option::of(0..2usize),
    )
        .prop_map(move |(slots, edges, truncated, diagnostics, opaque)| {
            let mut entities = vec![json!({"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []})];
            for (i, slot) in slots.iter().enumerate() {
                if let Some((kind, role, name, quality, sources)) = slot {
                    let mut e = json!({
                        "id": format!("e{i}"), "kind": KINDS[*kind], "quality": QUALITIES[*quality],
                        "evidenceSources": sources.iter().map(|s| SOURCES[*s]).collect::<Vec<_>>()
                    });
                    if let Some(role) = role {
                        e["role"] = json!(ROLES[*role]);
                    }
                    if let Some(name) = name {
                        e["name"] = json!(NAMES[*name]);
                    }
                    entities.push(e);
                }
            }
            let opaque_count = opaque.unwrap_or(0);
            for i in 0..opaque_count {
                entities.push(json!({"id": format!("opaque_region_{i}"), "kind": "opaqueRegion", "quality": "opaque", "evidenceSources": []}));
            }
            let present = |i: usize| slots[i].is_some();
            let mut seen = std::collections::HashSet::new();
            let mut relationships = Vec::new();
            for (from, to, kind) in edges {
                if from != to && present(from) && present(to) && seen.insert((from, to, kind)) {
                    let kind = ["contains", "labels", "owns"][kind];
                    relationships.push(json!({"from": format!("e{from}"), "to": format!("e{to}"), "kind": kind}));
                }
            }
            json!({
                "schemaVersion": 1, "revision": revision,
                "entities": entities, "relationships": relationships,
                "coverage": {"structural": "strong", "semantic": "partial", "interactiveEntitiesObserved": 0,
                             "opaqueRegions": opaque_count, "reasons": []},
                "limits": {"truncated": truncated, "omittedFacts": 0, "textBytes": 0, "missingSources": []},
                "diagnostics": diagnostics
            })
        })
}

proptest! {
    #[test]
    fn prop_canonical_round_trip_and_shuffle(v in arb_draft(4), seed in any::<u64>()) {
        let draft = parse(&v);
        let text = draft.to_canonical_json();
        let again = parse(&serde_json::from_str(&text).unwrap());
        prop_assert_eq!(&again, &draft);
        prop_assert_eq!(again.to_canonical_json(), text.clone());
        // Rotating the input arrays does not change the canonical form.
        let mut rotated = v.clone();
        for key in ["entities", "relationships"] {
            let items = rotated[key].as_array_mut().unwrap();
            if !items.is_empty() {
                let k = (seed as usize) % items.len();
                items.rotate_left(k);
            }
        }
        prop_assert_eq!(parse(&rotated).to_canonical_json(), text);
    }

    #[test]
    fn prop_diff_is_symmetric(a in arb_draft(5), b in arb_draft(5)) {
        let (a, b) = (parse(&a), parse(&b));
        let ab = diff_unchecked(&a, &b);
        let ba = diff_unchecked(&b, &a);
        prop_assert_eq!(ab.entity_added_count, ba.entity_removed_count);
        prop_assert_eq!(ab.entity_removed_count, ba.entity_added_count);
        prop_assert_eq!(ab.entity_changed_count, ba.entity_changed_count);
        prop_assert_eq!(ab.relationship_added_count, ba.relationship_removed_count);
        prop_assert_eq!(ab.relationship_removed_count, ba.relationship_added_count);
        prop_assert_eq!(
            (ab.coverage_changed, ab.limits_changed, ab.diagnostics_changed, ab.relationship_hint_diagnostics_changed),
            (ba.coverage_changed, ba.limits_changed, ba.diagnostics_changed, ba.relationship_hint_diagnostics_changed)
        );
        // Counts are consistent with the sizes of both sides.
        let common = a.entities().len() - ab.entity_removed_count;
        prop_assert_eq!(common + ab.entity_added_count, b.entities().len());
        prop_assert!(ab.entity_changed_count <= common);
        // A draft never differs from itself.
        let aa = diff(&a, &a).unwrap();
        prop_assert_eq!(aa.entity_added_count + aa.entity_removed_count + aa.entity_changed_count, 0);
        prop_assert_eq!(aa.relationship_added_count + aa.relationship_removed_count, 0);
    }

    #[test]
    fn prop_public_diff_matches_unchecked_on_newer_revisions(a in arb_draft(5), b in arb_draft(6)) {
        let (a, b) = (parse(&a), parse(&b));
        prop_assert_eq!(diff(&a, &b).unwrap(), diff_unchecked(&a, &b));
        prop_assert!(diff(&b, &a).is_err());
    }

    #[test]
    fn prop_renamed_unique_entity_is_rebound(
        kinds in prop::collection::vec(0..KINDS.len(), 1..10),
        pick in any::<prop::sample::Index>(),
    ) {
        // Unique names make every semantic identity unique.
        let entities: Vec<Value> = kinds
            .iter()
            .enumerate()
            .map(|(i, k)| named(&format!("e{i}"), KINDS[*k], Some("role"), Some(&format!("Name {i}"))))
            .collect();
        let k = pick.index(entities.len());
        let old_id = format!("e{k}");
        let new_id = format!("renamed-{k}");
        let mut renamed = entities.clone();
        renamed[k]["id"] = json!(new_id);
        let mut upper = renamed.clone();
        upper[k]["name"] = json!(format!("NAME {k}"));
        let before = draft_with(10, &entities);
        for next in [renamed, upper] {
            let after = draft_with(11, &next);
            let c = continuity(&before, &after, &old_id).unwrap();
            prop_assert_eq!(c.status, ContinuityStatus::Rebound);
            prop_assert_eq!(c.current_id.as_deref(), Some(new_id.as_str()));
            for i in (0..entities.len()).filter(|i| *i != k) {
                let id = format!("e{i}");
                let c = continuity(&before, &after, &id).unwrap();
                prop_assert_eq!(c.status, ContinuityStatus::Unchanged);
                prop_assert_eq!(c.current_id.as_deref(), Some(id.as_str()));
            }
        }
    }
}

#[test]
fn an_entity_with_only_a_role_or_only_a_name_has_an_identity() {
    use ContinuityStatus::*;
    // Gone and back under another ID: rebound by role alone, and by name alone.
    let before = draft_with(
        1,
        &[
            named("r", "action", Some("button"), None),
            named("n", "text", None, Some("Total")),
        ],
    );
    let after = draft_with(
        2,
        &[
            named("r2", "action", Some("button"), None),
            named("n2", "text", None, Some("Total")),
        ],
    );
    classify(&before, &after, "r", Rebound, Some("r2"), cr::REBOUND);
    classify(&before, &after, "n", Rebound, Some("n2"), cr::REBOUND);
}
