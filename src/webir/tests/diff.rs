use super::invariants::maximal_draft;
use super::*;

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
