//! Task Protocol tests: the spec's examples byte for byte, every rule with its
//! exact path and reason, structural errors, compilation, deep nesting, and
//! property tests for round trips and determinism.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::compile::reason as compile_reason;
use super::validate::reason as r;
use super::*;
use crate::test_json::{minify, with};

mod compilation;
mod rules;

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
