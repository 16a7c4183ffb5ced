//! The six browser-free tools through the real binary: the spec's examples byte for byte, the
//! error kinds, and proof that none of them starts a browser.

use crate::common;

use common::Glass;
use serde_json::{Value, json};

fn compact(spec_json: &str) -> String {
    serde_json::to_string(&serde_json::from_str::<Value>(spec_json).unwrap()).unwrap()
}

fn text(r: &Value) -> &str {
    r["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("no text: {r}"))
}

fn spec_task() -> Value {
    // The spec's example task, shared with the SDK test (tests/sdk/validate.py).
    serde_json::from_str(include_str!("../fixtures/spec_task.json")).unwrap()
}

fn draft(revision: u64, email_name: &str) -> Value {
    json!({
        "schemaVersion": 1,
        "revision": revision,
        "entities": [
            {"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []},
            {"id": "field-1", "kind": "field", "role": "textbox", "name": email_name, "quality": "strong", "evidenceSources": ["dom"]}
        ],
        "relationships": [{"from": "page", "to": "field-1", "kind": "contains"}],
        "coverage": {"structural": "strong", "semantic": "strong", "interactiveEntitiesObserved": 1, "opaqueRegions": 0, "reasons": []},
        "limits": {"truncated": false, "omittedFacts": 0, "textBytes": 0, "missingSources": []}
    })
}

fn ready() -> Glass {
    let mut g = Glass::mcp();
    g.initialize();
    g
}

#[test]
fn compile_task_matches_the_spec_example_byte_for_byte() {
    let mut g = ready();
    let request = json!({"jsonrpc": "2.0", "id": "compile-1", "method": "tools/call",
        "params": {"name": "compileTask", "arguments": {"task": spec_task()}}});
    g.send(&request);
    let r = g.recv();
    assert_eq!(r["id"], "compile-1");
    assert_eq!(r["result"]["isError"], false);
    let expected = compact(
        r#"{
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
}"#,
    );
    assert_eq!(text(&r), expected);
    assert!(
        !r.to_string().contains("Kuching"),
        "input values never leave"
    );
    // Compiling again gives identical bytes.
    let again = g.call(json!(2), "compileTask", json!({"task": spec_task()}));
    assert_eq!(text(&again), expected);
}

#[test]
fn validate_task_matches_the_spec_examples() {
    let mut g = ready();
    let r = g.call(json!(1), "validateTask", json!({"task": spec_task()}));
    assert_eq!(
        text(&r),
        r#"{"valid":true,"schemaVersion":1,"task":"form.fill"}"#
    );
    assert_eq!(r["result"]["structuredContent"]["task"], "form.fill");
    let mut no_inputs = spec_task();
    no_inputs.as_object_mut().unwrap().remove("inputs");
    let r = g.call(json!(2), "validateTask", json!({"task": no_inputs}));
    assert_eq!(r["result"]["isError"], true);
    assert_eq!(
        text(&r),
        compact(
            r#"{"kind": "taskValidation", "path": "inputs", "reason": "form.fill requires at least one bounded input"}"#
        )
    );
    let r = g.call(json!(3), "compileTask", json!({"task": no_inputs}));
    assert_eq!(
        text(&r),
        compact(
            r#"{"kind": "taskCompilation", "path": "inputs", "reason": "form.fill requires at least one bounded input"}"#
        )
    );
}

#[test]
fn structural_errors_stay_argument_errors_and_never_echo_values() {
    let mut g = ready();
    let r = g.call(json!(1), "compileTask", json!({}));
    assert_eq!(
        common::tool_json(&r),
        json!({"kind": "invalidArguments", "path": "task", "reason": "is required"})
    );
    let r = g.call(json!(2), "validateTask", json!({"task": "form.fill"}));
    assert_eq!(common::tool_json(&r)["kind"], "invalidArguments");
    let mut secret = spec_task();
    secret["inputs"]["city"] = json!("CANARY-\u{7}-SECRET");
    let r = g.call(json!(3), "validateTask", json!({"task": secret}));
    assert_eq!(common::tool_json(&r)["kind"], "taskValidation");
    assert!(!r.to_string().contains("CANARY"));
    let mut unknown = spec_task();
    unknown["CANARY-FIELD"] = json!(1);
    let r = g.call(json!(4), "validateTask", json!({"task": unknown}));
    assert_eq!(common::tool_json(&r)["path"], "$");
    assert!(!r.to_string().contains("CANARY"));
}

#[test]
fn web_ir_tools_match_the_spec_examples() {
    let mut g = ready();
    let r = g.call(
        json!(1),
        "validateWebIr",
        json!({"draft": draft(7, "Email")}),
    );
    assert_eq!(text(&r), r#"{"valid":true,"schemaVersion":1,"revision":7}"#);
    let r = g.call(
        json!(2),
        "inspectWebIr",
        json!({"draft": draft(7, "Email")}),
    );
    assert_eq!(
        text(&r),
        compact(
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
}"#
        )
    );
    assert!(!r.to_string().contains("field-1") && !r.to_string().contains("Email"));
    let r = g.call(
        json!(3),
        "diffWebIr",
        json!({"before": draft(7, "Email"), "after": draft(8, "Work email")}),
    );
    assert_eq!(
        text(&r),
        compact(
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
}"#
        )
    );
    assert!(!r.to_string().contains("Work email"));
}

#[test]
fn continuity_follows_a_renamed_id_and_reports_ambiguity() {
    let mut g = ready();
    let mut after = draft(8, "Email");
    after["entities"][1]["id"] = json!("field-9");
    after["relationships"][0]["to"] = json!("field-9");
    let r = g.call(
        json!(1),
        "continuityWebIr",
        json!({"before": draft(7, "Email"), "after": after, "entityId": "field-1"}),
    );
    let c = common::tool_json(&r);
    assert_eq!(c["status"], "rebound");
    assert_eq!(c["currentId"], "field-9");
    let r = g.call(
        json!(2),
        "continuityWebIr",
        json!({"before": draft(7, "Email"), "after": draft(8, "Email"), "entityId": "field-1"}),
    );
    assert_eq!(common::tool_json(&r)["status"], "unchanged");
    let mut twins = draft(8, "Email");
    twins["entities"][1]["id"] = json!("a");
    twins["entities"].as_array_mut().unwrap().push(json!({"id": "b", "kind": "field", "role": "textbox", "name": "Email", "quality": "strong", "evidenceSources": ["dom"]}));
    twins["relationships"] = json!([]);
    let r = g.call(
        json!(3),
        "continuityWebIr",
        json!({"before": draft(7, "Email"), "after": twins, "entityId": "field-1"}),
    );
    let c = common::tool_json(&r);
    assert_eq!(c["status"], "ambiguous");
    assert!(c.get("currentId").is_none());
}

#[test]
fn invalid_drafts_are_web_ir_validation_errors() {
    let mut g = ready();
    let mut two_pages = draft(7, "Email");
    two_pages["entities"][1]["kind"] = json!("page");
    let r = g.call(json!(1), "validateWebIr", json!({"draft": two_pages}));
    assert_eq!(r["result"]["isError"], true);
    let e = common::tool_json(&r);
    assert_eq!(e["kind"], "webIrValidation");
    assert!(e["path"].is_string() && e["reason"].is_string());
    let r = g.call(
        json!(2),
        "diffWebIr",
        json!({"before": draft(8, "Email"), "after": draft(7, "Email")}),
    );
    assert_eq!(
        common::tool_json(&r),
        json!({"kind": "webIrValidation", "path": "revision", "reason": "target revision is older than the source revision"})
    );
    let r = g.call(
        json!(3),
        "diffWebIr",
        json!({"before": draft(7, "Email"), "after": draft(7, "Other")}),
    );
    assert_eq!(
        common::tool_json(&r)["reason"],
        "same-revision drafts must have identical content"
    );
}

#[test]
fn drafts_near_the_request_limit_are_handled() {
    let mut g = ready();
    let mut entities =
        vec![json!({"id": "page", "kind": "page", "quality": "confirmed", "evidenceSources": []})];
    for i in 0..4095 {
        entities.push(json!({"id": format!("e{i}"), "kind": "action", "role": "button", "name": format!("Button {i} {}", "x".repeat(700)), "quality": "strong", "evidenceSources": ["dom", "accessibility"]}));
    }
    let big = json!({"schemaVersion": 1, "revision": 1, "entities": entities, "relationships": [],
        "coverage": {"structural": "strong", "semantic": "strong", "interactiveEntitiesObserved": 4095, "opaqueRegions": 0, "reasons": []},
        "limits": {"truncated": false, "omittedFacts": 0, "textBytes": 0, "missingSources": []}});
    let body = json!({"jsonrpc": "2.0", "id": "big", "method": "tools/call", "params": {"name": "validateWebIr", "arguments": {"draft": big}}});
    let size = serde_json::to_vec(&body).unwrap().len();
    assert!(size > 3 << 20 && size < 4 << 20, "{size}");
    g.send_framed(&body);
    let r = g.recv();
    assert_eq!(text(&r), r#"{"valid":true,"schemaVersion":1,"revision":1}"#);
}

#[test]
fn no_browser_free_tool_starts_a_browser() {
    let mut g = ready();
    g.call(json!(1), "validateTask", json!({"task": spec_task()}));
    g.call(json!(2), "compileTask", json!({"task": spec_task()}));
    g.call(
        json!(3),
        "validateWebIr",
        json!({"draft": draft(7, "Email")}),
    );
    g.call(
        json!(4),
        "inspectWebIr",
        json!({"draft": draft(7, "Email")}),
    );
    g.call(
        json!(5),
        "diffWebIr",
        json!({"before": draft(7, "Email"), "after": draft(8, "Email")}),
    );
    g.call(
        json!(6),
        "continuityWebIr",
        json!({"before": draft(7, "Email"), "after": draft(8, "Email"), "entityId": "field-1"}),
    );
    let pid = g.child.id().to_string();
    let children: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| {
            stat.rsplit(')')
                .next()
                .and_then(|rest| rest.split_whitespace().nth(1))
                == Some(pid.as_str())
        })
        .collect();
    assert!(
        children.is_empty(),
        "glass started child processes: {children:?}"
    );
}
