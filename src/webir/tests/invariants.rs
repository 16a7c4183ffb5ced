use super::*;

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
pub(super) fn maximal_draft() -> Value {
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
