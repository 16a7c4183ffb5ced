//! Task Protocol tests: the spec's examples byte for byte, every rule with its
//! exact path and reason, structural errors, compilation, deep nesting, and
//! property tests for round trips and determinism.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::compile::reason as compile_reason;
use super::validate::reason as r;
use super::*;
use crate::test_json::{minify, with};

/// The spec's compileTask request, verbatim.
const SPEC_COMPILE_REQUEST: &str = r#"{
"jsonrpc": "2.0",
"id": "compile-1",
"method": "tools/call",
"params": {
"name": "compileTask",
"arguments": {
"task": {
"schemaVersion": 1,
"task": "form.fill",
"scope": {
"regionName": "Shipping address",
"entityKind": "form"
},
"inputs": {
"city": "Kuching"
},
"limits": {
"maxActions": 16,
"timeoutMs": 15000,
"maxItems": 128
},
"risk": "localMutation",
"ambiguity": "fail",
"revision": "exact",
"postconditions": [
{"kind": "validationClear"}
]
}
}
}
}"#;

/// The spec's compileTask response content, verbatim.
const SPEC_PLAN: &str = r#"{
"plan": {
"schemaVersion": 1,
"taskSchemaVersion": 1,
"task": "form.fill",
"scope": {"regionName": "Shipping address", "entityKind": "form"},
"limits": {"maxActions": 16, "timeoutMs": 15000, "maxItems": 128},
"ambiguity": "fail",
"revision": "exact",
"risk": "localMutation",
"confirmationRequired": false,
"steps": [
{"ordinal": 1, "operation": "observeScope"},
{"ordinal": 2, "operation": "fillInputs", "inputNames": ["city"]}
],
"postconditions": [{"kind": "validationClear"}]
}
}"#;

/// The spec's example task (the same as the original's unit fixture).
fn base() -> Value {
    let request: Value = serde_json::from_str(SPEC_COMPILE_REQUEST).expect("spec JSON");
    request["params"]["arguments"]["task"].clone()
}

/// A valid task of any family: region scope, the family's required input
/// and, for form.submit, one postcondition.
fn task_of(kind: TaskKind) -> Value {
    let mut v = json!({
        "schemaVersion": 1,
        "task": kind.as_str(),
        "scope": {"regionName": "Main"},
        "limits": {"maxActions": 16, "timeoutMs": 15000, "maxItems": 128},
        "risk": "readOnly"
    });
    match kind.required_input() {
        Some(req) => v["inputs"] = json!({ req.name: "target" }),
        None if kind == TaskKind::FormFill => v["inputs"] = json!({"city": "Kuching"}),
        None => {}
    }
    if kind == TaskKind::FormSubmit {
        v["postconditions"] = json!([{"kind": "navigationOccurred"}]);
    }
    v
}

fn without(mut v: Value, key: &str) -> Value {
    v.as_object_mut().expect("object").remove(key);
    v
}

#[track_caller]
fn fails(v: &Value, path: &str, reason: &str) {
    let err = validate(v).expect_err("task must be rejected");
    assert_eq!((err.path.as_str(), err.reason.as_str()), (path, reason));
}

#[track_caller]
fn compile_fails(v: &Value, path: &str, reason: &str) {
    let err = compile(v).expect_err("compile must fail");
    assert_eq!((err.path.as_str(), err.reason.as_str()), (path, reason));
}

// ---------------------------------------------------------------------------
// The spec's examples

#[test]
fn spec_validate_example() {
    let task = validate(&base()).expect("valid");
    assert_eq!(task.schema_version(), 1);
    assert_eq!(task.task_name(), "form.fill");
    let body = serde_json::to_string(&validation_result(&task)).unwrap();
    let expected = minify(
        r#"{
"valid": true,
"schemaVersion": 1,
"task": "form.fill"
}"#,
    );
    assert_eq!(body, expected);
}

#[test]
fn spec_task_validation_error_example() {
    let v = without(base(), "inputs");
    let err = validate(&v).unwrap_err();
    let body = serde_json::to_string(&err.response(TaskErrorKind::Validation)).unwrap();
    let expected = minify(
        r#"{
"kind": "taskValidation",
"path": "inputs",
"reason": "form.fill requires at least one bounded input"
}"#,
    );
    assert_eq!(body, expected);
}

#[test]
fn spec_task_compilation_error_example() {
    let err = compile(&with(base(), "/inputs", json!({}))).unwrap_err();
    let body = serde_json::to_string(&err.response(TaskErrorKind::Compilation)).unwrap();
    // The spec's block lacks its closing brace; everything else is verbatim.
    let expected = minify(
        r#"{
"kind": "taskCompilation",
"path": "inputs",
"reason": "form.fill requires at least one bounded input"
}"#,
    );
    assert_eq!(body, expected);
}

#[test]
fn spec_compile_example_is_byte_exact() {
    let plan = compile(&base()).expect("compiles");
    let body = serde_json::to_string(&plan_response(&plan)).unwrap();
    assert_eq!(body, minify(SPEC_PLAN));
}

#[test]
fn spec_compile_example_is_deterministic_and_value_free() {
    let a = serde_json::to_string(&plan_response(&compile(&base()).unwrap())).unwrap();
    let b = serde_json::to_string(&plan_response(&compile(&base()).unwrap())).unwrap();
    assert_eq!(a, b);
    assert!(!a.contains("Kuching"));
}

#[test]
fn golden_region_extract_fixture() {
    let v: Value = serde_json::from_str(
        r#"{"schemaVersion":1,"task":"region.extract","scope":{"regionName":"Checkout"},"limits":{"maxActions":4,"timeoutMs":2000,"maxItems":16},"risk":"readOnly"}"#,
    )
    .unwrap();
    let task = validate(&v).unwrap();
    assert_eq!(
        serde_json::to_string(&validation_result(&task)).unwrap(),
        r#"{"valid":true,"schemaVersion":1,"task":"region.extract"}"#
    );
    let plan = compile(&v).unwrap();
    assert_eq!(
        serde_json::to_string(&plan_response(&plan)).unwrap(),
        r#"{"plan":{"schemaVersion":1,"taskSchemaVersion":1,"task":"region.extract","scope":{"regionName":"Checkout"},"limits":{"maxActions":4,"timeoutMs":2000,"maxItems":16},"ambiguity":"fail","revision":"exact","risk":"readOnly","confirmationRequired":false,"steps":[{"ordinal":1,"operation":"observeScope"},{"ordinal":2,"operation":"extractRegion"}]}}"#
    );
}

#[test]
fn canonical_json_of_spec_task() {
    let task = validate(&base()).unwrap();
    assert_eq!(
        task.to_canonical_json(),
        r#"{"schemaVersion":1,"task":"form.fill","scope":{"regionName":"Shipping address","entityKind":"form"},"inputs":{"city":"Kuching"},"limits":{"maxActions":16,"timeoutMs":15000,"maxItems":128},"risk":"localMutation","ambiguity":"fail","revision":"exact","postconditions":[{"kind":"validationClear"}]}"#
    );
}

// ---------------------------------------------------------------------------
// Structure

#[test]
fn structure_not_an_object() {
    fails(&json!([]), "$", r::NOT_OBJECT);
    fails(&json!("task"), "$", r::NOT_OBJECT);
}

#[test]
fn structure_unknown_fields_are_rejected_at_their_object() {
    fails(&with(base(), "/extra", json!(1)), "$", r::UNKNOWN_FIELD);
    fails(
        &with(base(), "/scope/extra", json!(1)),
        "scope",
        r::UNKNOWN_FIELD,
    );
    fails(
        &with(base(), "/limits/extra", json!(1)),
        "limits",
        r::UNKNOWN_FIELD,
    );
    fails(
        &with(base(), "/postconditions/0/extra", json!(1)),
        "postconditions[0]",
        r::UNKNOWN_FIELD,
    );
}

#[test]
fn structure_unknown_field_beats_rule_failures() {
    // Structural errors come before rules, as serde failed first in the original.
    let v = with(with(base(), "/schemaVersion", json!(2)), "/extra", json!(1));
    fails(&v, "$", r::UNKNOWN_FIELD);
}

#[test]
fn structure_missing_required_fields() {
    for key in ["schemaVersion", "task", "scope", "limits", "risk"] {
        fails(&without(base(), key), key, r::MISSING);
    }
    for key in ["maxActions", "timeoutMs", "maxItems"] {
        let mut v = base();
        v["limits"].as_object_mut().unwrap().remove(key);
        fails(&v, &format!("limits.{key}"), r::MISSING);
    }
    fails(
        &with(base(), "/postconditions/0", json!({})),
        "postconditions[0].kind",
        r::MISSING,
    );
}

#[test]
fn structure_defaults_apply() {
    let v = without(
        without(without(base(), "ambiguity"), "revision"),
        "postconditions",
    );
    let task = validate(&v).unwrap().into_inner();
    assert_eq!(task.ambiguity, AmbiguityPolicy::Fail);
    assert_eq!(task.revision, RevisionPolicy::Exact);
    assert!(task.postconditions.is_empty());
    let v = without(task_of(TaskKind::RegionExtract), "inputs");
    assert!(validate(&v).unwrap().task().inputs.is_empty());
}

#[test]
fn structure_null_optional_fields_mean_absent() {
    let v = with(base(), "/scope/entityName", Value::Null);
    assert_eq!(validate(&v).unwrap().task().scope.entity_name, None);
    let v = with(base(), "/postconditions/0/expected", Value::Null);
    assert!(validate(&v).is_ok());
    // Non-optional fields do not accept null.
    fails(
        &with(base(), "/inputs", Value::Null),
        "inputs",
        r::NOT_OBJECT,
    );
    fails(
        &with(base(), "/ambiguity", Value::Null),
        "ambiguity",
        r::NOT_STRING,
    );
}

#[test]
fn structure_unknown_enum_strings() {
    fails(
        &with(base(), "/task", json!("form.steal")),
        "task",
        r::UNKNOWN_TASK,
    );
    fails(
        &with(base(), "/risk", json!("yolo")),
        "risk",
        r::UNKNOWN_RISK,
    );
    fails(
        &with(base(), "/ambiguity", json!("guess")),
        "ambiguity",
        r::UNKNOWN_AMBIGUITY,
    );
    fails(
        &with(base(), "/revision", json!("latest")),
        "revision",
        r::UNKNOWN_REVISION,
    );
    fails(
        &with(base(), "/postconditions/0/kind", json!("happy")),
        "postconditions[0].kind",
        r::UNKNOWN_POSTCONDITION,
    );
    fails(
        &with(base(), "/scope/entityKind", json!("frame")),
        "scope.entityKind",
        r::UNKNOWN_ENTITY_KIND,
    );
}

#[test]
fn structure_wrong_types() {
    fails(
        &with(base(), "/schemaVersion", json!("1")),
        "schemaVersion",
        r::NOT_INTEGER,
    );
    fails(
        &with(base(), "/schemaVersion", json!(1.0)),
        "schemaVersion",
        r::NOT_INTEGER,
    );
    fails(&with(base(), "/task", json!(3)), "task", r::NOT_STRING);
    fails(&with(base(), "/scope", json!("x")), "scope", r::NOT_OBJECT);
    fails(
        &with(base(), "/scope/regionName", json!(5)),
        "scope.regionName",
        r::NOT_STRING,
    );
    fails(&with(base(), "/inputs", json!([])), "inputs", r::NOT_OBJECT);
    fails(&with(base(), "/limits", json!([])), "limits", r::NOT_OBJECT);
    fails(
        &with(base(), "/limits/maxItems", json!(1.5)),
        "limits.maxItems",
        r::NOT_INTEGER,
    );
    fails(
        &with(base(), "/postconditions", json!({})),
        "postconditions",
        r::NOT_ARRAY,
    );
    fails(
        &with(base(), "/postconditions/0", json!(1)),
        "postconditions[0]",
        r::NOT_OBJECT,
    );
    fails(
        &with(base(), "/postconditions/0/expected", json!(3)),
        "postconditions[0].expected",
        r::NOT_STRING,
    );
}

#[test]
fn structure_input_values_must_be_strings() {
    fails(
        &with(base(), "/inputs/city", json!(7)),
        "inputs.city",
        r::INPUT_NOT_STRING,
    );
    // A name that is not presentable is not put in the path.
    fails(
        &with(base(), "/inputs", json!({"": 7})),
        "inputs",
        r::INPUT_NOT_STRING,
    );
    fails(
        &with(base(), "/inputs", json!({"a\nb": [1]})),
        "inputs",
        r::INPUT_NOT_STRING,
    );
}

#[test]
fn structure_out_of_type_integers_get_the_range_reason() {
    fails(
        &with(base(), "/schemaVersion", json!(1u64 << 40)),
        "schemaVersion",
        r::SCHEMA_VERSION,
    );
    fails(
        &with(base(), "/schemaVersion", json!(-1)),
        "schemaVersion",
        r::SCHEMA_VERSION,
    );
    fails(
        &with(base(), "/limits/maxActions", json!(1u64 << 33)),
        "limits.maxActions",
        r::MAX_ACTIONS,
    );
    fails(
        &with(base(), "/limits/maxActions", json!(-1)),
        "limits.maxActions",
        r::MAX_ACTIONS,
    );
    fails(
        &with(base(), "/limits/timeoutMs", json!(-5)),
        "limits.timeoutMs",
        r::TIMEOUT,
    );
    fails(
        &with(base(), "/limits/timeoutMs", json!(u64::MAX)),
        "limits.timeoutMs",
        r::TIMEOUT,
    );
    fails(
        &with(base(), "/limits/maxItems", json!(1u64 << 32)),
        "limits.maxItems",
        r::MAX_ITEMS,
    );
}

// ---------------------------------------------------------------------------
// Rules, in protocol order

#[test]
fn rule_01_schema_version() {
    fails(
        &with(base(), "/schemaVersion", json!(2)),
        "schemaVersion",
        r::SCHEMA_VERSION,
    );
    fails(
        &with(base(), "/schemaVersion", json!(0)),
        "schemaVersion",
        r::SCHEMA_VERSION,
    );
    // First failure wins: the version is checked before the scope.
    let v = with(
        with(base(), "/schemaVersion", json!(2)),
        "/scope",
        json!({}),
    );
    fails(&v, "schemaVersion", r::SCHEMA_VERSION);
}

#[test]
fn rule_02_scope_needs_a_constraint() {
    fails(&with(base(), "/scope", json!({})), "scope", r::EMPTY_SCOPE);
    let nulls = json!({"regionName": null, "entityKind": null, "entityName": null});
    fails(&with(base(), "/scope", nulls), "scope", r::EMPTY_SCOPE);
}

#[test]
fn rule_02_scope_text_rule() {
    for bad in [
        json!(""),
        json!("x".repeat(129)),
        json!("Ship\u{7}ping"),
        json!("a\nb"),
    ] {
        fails(
            &with(base(), "/scope/regionName", bad.clone()),
            "scope.regionName",
            r::TEXT,
        );
        let v = with(base(), "/scope/entityName", bad);
        fails(&v, "scope.entityName", r::TEXT);
    }
    let v = with(base(), "/scope/regionName", json!("é".repeat(64)));
    assert!(validate(&v).is_ok(), "128 bytes is within the bound");
    let v = with(base(), "/scope/regionName", json!("é".repeat(65)));
    fails(&v, "scope.regionName", r::TEXT);
}

#[test]
fn rule_02_region_text_before_entity_name() {
    let v = with(
        with(base(), "/scope/regionName", json!("")),
        "/scope/entityName",
        json!(""),
    );
    fails(&v, "scope.regionName", r::TEXT);
}

#[test]
fn rule_02_entity_name_requires_kind() {
    let v = with(
        base(),
        "/scope",
        json!({"regionName": "Main", "entityName": "Shipping"}),
    );
    fails(&v, "scope.entityKind", r::NAME_NEEDS_KIND);
    let v = with(base(), "/scope", json!({"entityName": "Shipping"}));
    fails(&v, "scope.entityKind", r::NAME_NEEDS_KIND);
}

#[test]
fn rule_03_entity_kind_must_match_family() {
    fails(
        &with(base(), "/scope/entityKind", json!("table")),
        "scope.entityKind",
        r::KIND_FAMILY,
    );
    for &kind in TaskKind::ALL {
        let v = with(
            task_of(kind),
            "/scope/entityKind",
            json!(kind.entity_kind().as_str()),
        );
        assert!(validate(&v).is_ok(), "{kind} accepts its own entity kind");
        let other = if kind.entity_kind() == crate::webir::EntityKind::Text {
            "row"
        } else {
            "text"
        };
        fails(
            &with(task_of(kind), "/scope/entityKind", json!(other)),
            "scope.entityKind",
            r::KIND_FAMILY,
        );
    }
}

#[test]
fn rule_04_limits() {
    for (key, low, high, reason) in [
        ("maxActions", 1u64, 256u64, r::MAX_ACTIONS),
        ("timeoutMs", 1, 120_000, r::TIMEOUT),
        ("maxItems", 1, 4096, r::MAX_ITEMS),
    ] {
        let pointer = format!("/limits/{key}");
        let path = format!("limits.{key}");
        assert!(validate(&with(base(), &pointer, json!(high))).is_ok());
        fails(&with(base(), &pointer, json!(0)), &path, reason);
        fails(&with(base(), &pointer, json!(high + 1)), &path, reason);
        assert!(validate(&with(base(), &pointer, json!(low))).is_ok());
    }
    // The limits are checked in field order.
    let v = with(
        with(base(), "/limits/maxItems", json!(0)),
        "/limits/maxActions",
        json!(0),
    );
    fails(&v, "limits.maxActions", r::MAX_ACTIONS);
}

#[test]
fn rule_05_input_count() {
    let many: serde_json::Map<String, Value> =
        (0..65).map(|i| (format!("in{i}"), json!("v"))).collect();
    fails(
        &with(base(), "/inputs", Value::Object(many.clone())),
        "inputs",
        r::INPUT_COUNT,
    );
    let mut sixty_four = many;
    sixty_four.remove("in0");
    assert!(validate(&with(base(), "/inputs", Value::Object(sixty_four))).is_ok());
}

#[test]
fn rule_06_input_names() {
    for bad in ["", "a b\u{1}", &"n".repeat(65)] {
        let v = with(base(), "/inputs", json!({ bad: "v" }));
        fails(&v, "inputs.name", r::TEXT);
    }
    assert!(validate(&with(base(), "/inputs", json!({ "n".repeat(64): "v" }))).is_ok());
}

#[test]
fn rule_06_input_values() {
    fails(
        &with(base(), "/inputs/city", json!("x".repeat(4097))),
        "inputs.city",
        r::INPUT_VALUE,
    );
    fails(
        &with(base(), "/inputs/city", json!("Kuch\ning")),
        "inputs.city",
        r::INPUT_VALUE,
    );
    fails(
        &with(base(), "/inputs/city", json!("\u{9f}")),
        "inputs.city",
        r::INPUT_VALUE,
    );
    assert!(validate(&with(base(), "/inputs/city", json!("x".repeat(4096)))).is_ok());
    assert!(
        validate(&with(base(), "/inputs/city", json!(""))).is_ok(),
        "empty values are allowed"
    );
}

#[test]
fn rule_06_inputs_in_sorted_order() {
    let v = with(
        base(),
        "/inputs",
        json!({"zeta": "\u{1}", "alpha": "\u{1}"}),
    );
    fails(&v, "inputs.alpha", r::INPUT_VALUE);
    let v = with(base(), "/inputs", json!({"zeta": "\u{1}", "": "ok"}));
    fails(&v, "inputs.name", r::TEXT);
}

#[test]
fn rule_07_postcondition_count() {
    let many: Vec<Value> = (0..33).map(|_| json!({"kind": "pageKind"})).collect();
    fails(
        &with(base(), "/postconditions", json!(many)),
        "postconditions",
        r::POSTCONDITION_COUNT,
    );
    let ok: Vec<Value> = (0..32).map(|_| json!({"kind": "pageKind"})).collect();
    assert!(validate(&with(base(), "/postconditions", json!(ok))).is_ok());
}

#[test]
fn rule_08_postcondition_kind_per_family() {
    let v = with(
        base(),
        "/postconditions",
        json!([{"kind": "pageKind"}, {"kind": "entityState"}]),
    );
    fails(&v, "postconditions[1].kind", r::POSTCONDITION_KIND);
    let table: &[(TaskKind, &[&str])] = &[
        (
            TaskKind::FormInspect,
            &["validationClear", "regionPresent", "pageKind"],
        ),
        (
            TaskKind::FormFill,
            &["validationClear", "regionPresent", "pageKind"],
        ),
        (
            TaskKind::FormValidate,
            &["validationClear", "regionPresent", "pageKind"],
        ),
        (
            TaskKind::FormSubmit,
            &[
                "navigationOccurred",
                "validationClear",
                "regionPresent",
                "pageKind",
                "dialogClosed",
            ],
        ),
        (
            TaskKind::NavigationFollow,
            &["navigationOccurred", "regionPresent", "pageKind"],
        ),
        (
            TaskKind::NavigationSelectTab,
            &["regionPresent", "pageKind"],
        ),
        (TaskKind::NavigationOpenMenu, &["regionPresent", "pageKind"]),
        (
            TaskKind::TableExtract,
            &["recordsExtracted", "regionPresent", "pageKind"],
        ),
        (
            TaskKind::CollectionExtract,
            &["recordsExtracted", "regionPresent", "pageKind"],
        ),
        (
            TaskKind::RegionExtract,
            &["recordsExtracted", "regionPresent", "pageKind"],
        ),
        (TaskKind::FieldRead, &["regionPresent", "pageKind"]),
        (
            TaskKind::DialogInspect,
            &["dialogClosed", "regionPresent", "pageKind"],
        ),
        (TaskKind::DialogConfirm, &["dialogClosed", "pageKind"]),
        (TaskKind::DialogCancel, &["dialogClosed", "pageKind"]),
        (
            TaskKind::PaginationNext,
            &[
                "navigationOccurred",
                "recordsExtracted",
                "regionPresent",
                "pageKind",
            ],
        ),
        (
            TaskKind::PaginationCollect,
            &["recordsExtracted", "regionPresent", "pageKind"],
        ),
    ];
    assert_eq!(table.len(), TaskKind::ALL.len());
    for (kind, allowed) in table {
        for &post in PostconditionKind::ALL {
            let v = with(
                task_of(*kind),
                "/postconditions",
                json!([{"kind": post.as_str()}]),
            );
            if allowed.contains(&post.as_str()) {
                assert!(validate(&v).is_ok(), "{kind} allows {post}");
            } else {
                fails(&v, "postconditions[0].kind", r::POSTCONDITION_KIND);
            }
        }
    }
}

#[test]
fn rule_08_expected_bound() {
    let p = "/postconditions/0/expected";
    let path = "postconditions[0].expected";
    fails(&with(base(), p, json!("x".repeat(257))), path, r::EXPECTED);
    fails(&with(base(), p, json!("a\tb")), path, r::EXPECTED);
    assert!(validate(&with(base(), p, json!("x".repeat(256)))).is_ok());
    assert!(validate(&with(base(), p, json!(""))).is_ok());
}

#[test]
fn rule_08_records_extracted() {
    let t = with(
        task_of(TaskKind::TableExtract),
        "/limits/maxItems",
        json!(128),
    );
    let records = |e: &str| {
        with(
            t.clone(),
            "/postconditions",
            json!([{"kind": "recordsExtracted", "expected": e}]),
        )
    };
    let path = "postconditions[0].expected";
    fails(&records("many"), path, r::RECORDS_INTEGER);
    fails(&records("-1"), path, r::RECORDS_INTEGER);
    fails(&records("1.5"), path, r::RECORDS_INTEGER);
    fails(&records("4294967296"), path, r::RECORDS_INTEGER);
    fails(&records("129"), path, r::RECORDS_BOUND);
    assert!(validate(&records("128")).is_ok());
    assert!(validate(&records("0")).is_ok());
    // Without expected there is nothing to check.
    let v = with(t, "/postconditions", json!([{"kind": "recordsExtracted"}]));
    assert!(validate(&v).is_ok());
}

#[test]
fn rule_08_kind_checked_before_expected() {
    let v = with(
        base(),
        "/postconditions",
        json!([{"kind": "entityState", "expected": "\u{1}"}]),
    );
    fails(&v, "postconditions[0].kind", r::POSTCONDITION_KIND);
}

#[test]
fn rule_09_submit_needs_postcondition() {
    let v = without(task_of(TaskKind::FormSubmit), "postconditions");
    fails(&v, "postconditions", r::SUBMIT_POSTCONDITION);
}

#[test]
fn rule_10_fill_needs_input() {
    fails(&without(base(), "inputs"), "inputs", r::FILL_INPUT);
    fails(&with(base(), "/inputs", json!({})), "inputs", r::FILL_INPUT);
}

#[test]
fn rule_11_region_required() {
    for &kind in TaskKind::ALL {
        let scope = json!({"entityKind": kind.entity_kind().as_str()});
        let v = with(task_of(kind), "/scope", scope);
        if kind.requires_region() {
            fails(&v, "scope.regionName", r::REGION);
        } else {
            assert!(validate(&v).is_ok(), "{kind} is page-level");
        }
    }
    let page_level = [
        TaskKind::NavigationFollow,
        TaskKind::DialogInspect,
        TaskKind::DialogConfirm,
        TaskKind::DialogCancel,
    ];
    for &kind in TaskKind::ALL {
        assert_eq!(kind.requires_region(), !page_level.contains(&kind));
    }
}

#[test]
fn rule_12_required_inputs() {
    let cases = [
        (
            TaskKind::FormSubmit,
            "inputs.submit",
            "form.submit requires the semantic submit target in inputs.submit",
        ),
        (
            TaskKind::NavigationOpenMenu,
            "inputs.menu",
            "navigation.openMenu requires a bounded menu input",
        ),
        (
            TaskKind::NavigationSelectTab,
            "inputs.tab",
            "navigation.selectTab requires a bounded tab input",
        ),
        (
            TaskKind::PaginationNext,
            "inputs.next",
            "pagination.next requires a bounded next input",
        ),
        (
            TaskKind::PaginationCollect,
            "inputs.next",
            "pagination.collect requires a bounded next input",
        ),
        (
            TaskKind::NavigationFollow,
            "inputs.url",
            "navigation.follow requires a bounded url input",
        ),
        (
            TaskKind::FieldRead,
            "inputs.field",
            "field.read requires the semantic field name in inputs.field",
        ),
    ];
    for (kind, path, reason) in cases {
        fails(&without(task_of(kind), "inputs"), path, reason);
        // An empty value names nothing to act on.
        let name = path.trim_start_matches("inputs.");
        fails(
            &with(task_of(kind), "/inputs", json!({name: ""})),
            path,
            reason,
        );
        // Some other input does not stand in for the required one.
        fails(
            &with(task_of(kind), "/inputs", json!({"other": "x"})),
            path,
            reason,
        );
    }
    for &kind in TaskKind::ALL {
        let has_case = cases.iter().any(|(k, _, _)| *k == kind);
        assert_eq!(kind.required_input().is_some(), has_case, "{kind}");
    }
}

#[test]
fn rule_12_submit_accepts_only_submit() {
    let v = with(
        task_of(TaskKind::FormSubmit),
        "/inputs",
        json!({"submit": "Pay", "card": "4111"}),
    );
    fails(&v, "inputs", r::SUBMIT_ONLY);
}

#[test]
fn every_family_validates_in_its_minimal_form() {
    for &kind in TaskKind::ALL {
        let task = validate(&task_of(kind)).unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert_eq!(task.task_name(), kind.as_str());
    }
    assert_eq!(TaskKind::ALL.len(), 16);
}

// ---------------------------------------------------------------------------
// Compilation

#[test]
fn compile_keeps_validation_paths() {
    compile_fails(&with(base(), "/scope", json!({})), "scope", r::EMPTY_SCOPE);
    compile_fails(
        &with(base(), "/scope/entityKind", json!("table")),
        "scope.entityKind",
        r::KIND_FAMILY,
    );
    compile_fails(
        &with(base(), "/postconditions/0/kind", json!("entityState")),
        "postconditions[0].kind",
        r::POSTCONDITION_KIND,
    );
    let v = with(
        task_of(TaskKind::TableExtract),
        "/postconditions",
        json!([{"kind": "recordsExtracted", "expected": "129"}]),
    );
    compile_fails(&v, "postconditions[0].expected", r::RECORDS_BOUND);
}

#[test]
fn compile_rejects_unknown_risk_that_validates() {
    let v = with(base(), "/risk", json!("unknownRisk"));
    assert!(validate(&v).is_ok());
    compile_fails(&v, "risk", compile_reason::UNKNOWN_RISK);
}

#[test]
fn compile_rejects_max_actions_below_step_count() {
    let v = with(base(), "/limits/maxActions", json!(1));
    assert!(validate(&v).is_ok());
    compile_fails(
        &v,
        "limits.maxActions",
        compile_reason::STEPS_EXCEED_ACTIONS,
    );
    assert!(compile(&with(base(), "/limits/maxActions", json!(2))).is_ok());
}

#[test]
fn compile_raises_risk_to_family_minimum() {
    let v = with(
        with(task_of(TaskKind::FormSubmit), "/risk", json!("readOnly")),
        "/inputs/submit",
        json!("a@example.test"),
    );
    let plan = compile(&v).unwrap();
    assert_eq!(plan.risk, RiskClass::RemoteIrreversible);
    assert!(plan.confirmation_required);
    let json = plan.to_canonical_json();
    assert!(!json.contains("a@example.test"));
    assert!(json.contains(r#"{"ordinal":2,"operation":"submitForm","inputNames":["submit"]}"#));
}

#[test]
fn compile_never_lowers_risk() {
    let v = with(base(), "/risk", json!("dataDisclosure"));
    let plan = compile(&v).unwrap();
    assert_eq!(plan.risk, RiskClass::DataDisclosure);
    assert!(plan.confirmation_required);
}

#[test]
fn compile_minimum_risk_table() {
    use RiskClass::*;
    use TaskKind::*;
    let table = [
        (FormInspect, ReadOnly),
        (FormFill, LocalMutation),
        (FormValidate, ReadOnly),
        (FormSubmit, RemoteIrreversible),
        (NavigationFollow, LocalMutation),
        (NavigationSelectTab, LocalMutation),
        (NavigationOpenMenu, LocalMutation),
        (TableExtract, ReadOnly),
        (CollectionExtract, ReadOnly),
        (RegionExtract, ReadOnly),
        (FieldRead, ReadOnly),
        (DialogInspect, ReadOnly),
        (DialogConfirm, RemoteReversible),
        (DialogCancel, RemoteReversible),
        (PaginationNext, LocalMutation),
        (PaginationCollect, LocalMutation),
    ];
    for (kind, min) in table {
        let plan = compile(&task_of(kind)).unwrap();
        assert_eq!(plan.risk, min, "{kind}");
        assert_eq!(
            plan.confirmation_required,
            min == RemoteIrreversible,
            "{kind}"
        );
    }
}

#[test]
fn compile_confirmation_triggers() {
    for (risk, needed) in [
        ("readOnly", false),
        ("localMutation", false),
        ("remoteReversible", false),
        ("remoteIrreversible", true),
        ("authentication", true),
        ("dataDisclosure", true),
    ] {
        let plan = compile(&with(
            task_of(TaskKind::RegionExtract),
            "/risk",
            json!(risk),
        ))
        .unwrap();
        assert_eq!(plan.confirmation_required, needed, "{risk}");
    }
    let v = with(
        task_of(TaskKind::RegionExtract),
        "/ambiguity",
        json!("requireConfirmation"),
    );
    assert!(compile(&v).unwrap().confirmation_required);
    // Task-only compilation does not add the 0.3 re-extract trigger.
    let v = with(base(), "/revision", json!("reextract"));
    assert!(!compile(&v).unwrap().confirmation_required);
}

#[test]
fn compile_steps_and_input_names() {
    let ops = [
        (TaskKind::FormInspect, "inspectForm"),
        (TaskKind::FormFill, "fillInputs"),
        (TaskKind::FormValidate, "validateForm"),
        (TaskKind::FormSubmit, "submitForm"),
        (TaskKind::NavigationFollow, "followNavigation"),
        (TaskKind::NavigationSelectTab, "selectTab"),
        (TaskKind::NavigationOpenMenu, "openMenu"),
        (TaskKind::TableExtract, "extractTable"),
        (TaskKind::CollectionExtract, "extractCollection"),
        (TaskKind::RegionExtract, "extractRegion"),
        (TaskKind::FieldRead, "readField"),
        (TaskKind::DialogInspect, "inspectDialog"),
        (TaskKind::DialogConfirm, "confirmDialog"),
        (TaskKind::DialogCancel, "cancelDialog"),
        (TaskKind::PaginationNext, "nextPage"),
        (TaskKind::PaginationCollect, "collectPages"),
    ];
    for (kind, op) in ops {
        let plan = compile(&task_of(kind)).unwrap();
        assert_eq!(plan.steps.len(), 2);
        assert_eq!(plan.steps[0].operation, Operation::ObserveScope);
        assert_eq!(plan.steps[0].input_names, None);
        assert_eq!((plan.steps[0].ordinal, plan.steps[1].ordinal), (1, 2));
        assert_eq!(plan.steps[1].operation.as_str(), op);
        let consumes = matches!(kind, TaskKind::FormFill | TaskKind::FormSubmit);
        assert_eq!(plan.steps[1].input_names.is_some(), consumes, "{kind}");
        let json = plan.to_canonical_json();
        assert!(
            !json.contains("target"),
            "input values never appear: {kind}"
        );
        assert!(!json.contains("requiresConfirmation"));
        assert!(!json.contains("\"inputs\""));
    }
    let v = with(
        base(),
        "/inputs",
        json!({"zip": "93350", "city": "Kuching", "street": "Jalan"}),
    );
    let plan = compile(&v).unwrap();
    assert_eq!(
        plan.steps[1].input_names.as_deref(),
        Some(&["city".to_owned(), "street".to_owned(), "zip".to_owned()][..])
    );
}

#[test]
fn compile_copies_policies_and_omits_empty_postconditions() {
    let v = with(
        with(
            without(base(), "postconditions"),
            "/revision",
            json!("compatible"),
        ),
        "/ambiguity",
        json!("requireConfirmation"),
    );
    let plan = compile(&v).unwrap();
    assert_eq!(plan.revision, RevisionPolicy::Compatible);
    assert_eq!(plan.ambiguity, AmbiguityPolicy::RequireConfirmation);
    let json = plan.to_canonical_json();
    assert!(!json.contains("postconditions"));
    assert!(json.ends_with(r#""steps":[{"ordinal":1,"operation":"observeScope"},{"ordinal":2,"operation":"fillInputs","inputNames":["city"]}]}"#));
}

// ---------------------------------------------------------------------------
// Safety: no value echo, bounded errors, deep nesting

#[test]
fn errors_never_echo_values() {
    let secret = "SECRET-4111-1111";
    let cases = [
        with(base(), "/risk", json!(secret)),
        with(base(), "/task", json!(secret)),
        with(base(), "/inputs/city", json!(format!("{secret}\n"))),
        with(base(), "/inputs/city", json!([secret])),
        with(base(), "/scope/regionName", json!(format!("{secret}\u{1}"))),
        with(
            base(),
            "/postconditions/0/expected",
            json!(format!("{secret}\u{1}")),
        ),
        with(base(), "/inputs", json!({ format!("{secret}\u{1}"): "v" })),
        with(base(), "/inputs", json!({ format!("{secret}\u{1}"): 1 })),
    ];
    // `with` cannot create keys through a pointer, so the unknown-key case
    // is built by hand.
    let mut unknown = base();
    unknown[secret] = json!(1);
    for v in cases.iter().chain(std::iter::once(&unknown)) {
        let err = validate(v).expect_err("rejected");
        assert!(!err.to_string().contains("SECRET"), "{err}");
    }
}

#[test]
fn inputs_debug_redacts_values() {
    let task = validate(&base()).unwrap();
    let debug = format!("{task:?}");
    assert!(debug.contains("city"));
    assert!(!debug.contains("Kuching"));
}

#[test]
fn error_display_is_path_colon_reason() {
    let err = validate(&without(base(), "inputs")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "inputs: form.fill requires at least one bounded input"
    );
}

/// Builds `depth` nested single-element arrays without recursion.
fn nested(depth: usize) -> Value {
    let mut v = json!("leaf");
    for _ in 0..depth {
        v = Value::Array(vec![v]);
    }
    v
}

#[test]
fn deep_nesting_at_serde_json_limit_is_a_bounded_error() {
    // 128 is the deepest value serde_json's parser produces from text.
    let text = format!("{}0{}", "[".repeat(127), "]".repeat(127));
    let parsed: Value = serde_json::from_str(&text).expect("127 levels parse");
    assert!(
        serde_json::from_str::<Value>(&format!("[{text}]")).is_err(),
        "128 levels do not"
    );
    fails(
        &with(base(), "/inputs/city", parsed),
        "inputs.city",
        r::INPUT_NOT_STRING,
    );
    fails(
        &with(base(), "/inputs/city", nested(128)),
        "inputs.city",
        r::INPUT_NOT_STRING,
    );
    fails(
        &with(base(), "/scope/regionName", nested(128)),
        "scope.regionName",
        r::NOT_STRING,
    );
    fails(
        &with(base(), "/postconditions/0/expected", nested(128)),
        "postconditions[0].expected",
        r::NOT_STRING,
    );
    let mut v = base();
    v["deep"] = nested(128);
    fails(&v, "$", r::UNKNOWN_FIELD);
}

#[test]
fn very_deep_values_are_never_walked() {
    // Far deeper than any parser would allow. The value is leaked on purpose:
    // dropping it would recurse in serde_json's own destructor, which is not
    // the code under test.
    let mut v = base();
    v["inputs"]["city"] = nested(100_000);
    let err = validate(&v).unwrap_err();
    assert_eq!(
        (err.path.as_str(), err.reason.as_str()),
        ("inputs.city", r::INPUT_NOT_STRING)
    );
    let err = compile(&v).unwrap_err();
    assert_eq!(err.path, "inputs.city");
    std::mem::forget(v);
}

// ---------------------------------------------------------------------------
// Properties

/// Valid tasks of every family, built to satisfy each rule; input values
/// carry the marker `val~`, which nothing else generated contains.
fn arb_task() -> impl Strategy<Value = Value> {
    (
        (
            0..TaskKind::ALL.len(),
            any::<bool>(),
            "[A-Za-z][A-Za-z ]{0,19}",
        ),
        prop::collection::btree_map("[a-z_]{1,10}", "val~\\PC{0,16}", 0..5),
        (2u32..=256, 1u64..=120_000, 1u32..=4096),
        (
            0..RiskClass::ALL.len(),
            any::<bool>(),
            0..RevisionPolicy::ALL.len(),
        ),
        prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                prop::option::of("[a-z ]{0,12}"),
                any::<u32>(),
            ),
            0..4,
        ),
    )
        .prop_map(
            |(
                (kind, with_kind, region),
                extra,
                (actions, timeout, items),
                (risk, confirm, revision),
                posts,
            )| {
                let kind = TaskKind::ALL[kind];
                let mut scope = json!({"regionName": region});
                if with_kind {
                    scope["entityKind"] = json!(kind.entity_kind().as_str());
                }
                let mut inputs = serde_json::Map::new();
                match kind.required_input() {
                    Some(req) if kind == TaskKind::FormSubmit => {
                        inputs.insert(req.name.into(), json!("val~submit"));
                    }
                    req => {
                        for (k, v) in extra {
                            inputs.insert(k, json!(v));
                        }
                        if let Some(req) = req {
                            inputs.insert(req.name.into(), json!("val~target"));
                        }
                        if kind == TaskKind::FormFill && inputs.is_empty() {
                            inputs.insert("city".into(), json!("val~city"));
                        }
                    }
                }
                let allowed: Vec<PostconditionKind> = PostconditionKind::ALL
                    .iter()
                    .copied()
                    .filter(|p| kind.allows_postcondition(*p))
                    .collect();
                let mut postconditions: Vec<Value> = posts
                    .into_iter()
                    .map(|(index, text, n)| {
                        let post = *index.get(&allowed);
                        let expected = if post == PostconditionKind::RecordsExtracted {
                            text.map(|_| (n % (items + 1)).to_string())
                        } else {
                            text
                        };
                        match expected {
                            Some(e) => json!({"kind": post.as_str(), "expected": e}),
                            None => json!({"kind": post.as_str()}),
                        }
                    })
                    .collect();
                if kind == TaskKind::FormSubmit && postconditions.is_empty() {
                    postconditions.push(json!({"kind": "pageKind"}));
                }
                let mut task = json!({
                    "schemaVersion": 1,
                    "task": kind.as_str(),
                    "scope": scope,
                    "limits": {"maxActions": actions, "timeoutMs": timeout, "maxItems": items},
                    "risk": RiskClass::ALL[risk].as_str(),
                    "ambiguity": if confirm { "requireConfirmation" } else { "fail" },
                    "revision": RevisionPolicy::ALL[revision].as_str(),
                });
                if !inputs.is_empty() {
                    task["inputs"] = Value::Object(inputs);
                }
                if !postconditions.is_empty() {
                    task["postconditions"] = json!(postconditions);
                }
                task
            },
        )
}

proptest! {
    #[test]
    fn prop_generated_tasks_validate_and_round_trip(task in arb_task()) {
        let validated = validate(&task).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let canonical = validated.to_canonical_json();
        let reparsed: Value = serde_json::from_str(&canonical).unwrap();
        let again = validate(&reparsed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&again, &validated);
        prop_assert_eq!(again.to_canonical_json(), canonical);
    }

    #[test]
    fn prop_compile_is_deterministic_and_value_free(task in arb_task()) {
        let validated = validate(&task).unwrap();
        match (compile(&task), compile(&task)) {
            (Ok(a), Ok(b)) => {
                let a = serde_json::to_string(&plan_response(&a)).unwrap();
                let b = serde_json::to_string(&plan_response(&b)).unwrap();
                prop_assert_eq!(&a, &b);
                prop_assert!(!a.contains("val~"));
            }
            (Err(a), Err(b)) => {
                prop_assert_eq!(&a, &b);
                prop_assert_eq!(validated.task().risk, RiskClass::UnknownRisk);
            }
            _ => prop_assert!(false, "compile must be deterministic"),
        }
    }

    #[test]
    fn prop_effective_risk_is_never_lowered(task in arb_task()) {
        let validated = validate(&task).unwrap();
        if let Ok(plan) = compile_validated(&validated) {
            prop_assert!(plan.risk >= validated.task().risk);
            prop_assert!(plan.risk >= validated.task().task.minimum_risk());
            prop_assert_eq!(&plan.scope, &validated.task().scope);
            prop_assert_eq!(plan.limits, validated.task().limits);
        }
    }
}

#[test]
fn inputs_answer_by_name() {
    let inputs = super::model::Inputs(std::collections::BTreeMap::from([(
        "email".to_owned(),
        "a@b.test".to_owned(),
    )]));
    assert!(inputs.contains("email"));
    assert!(!inputs.contains("password"));
    assert_eq!(inputs.get("email"), Some("a@b.test"));
}
