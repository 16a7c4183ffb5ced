use serde_json::json;

use super::*;

fn three() -> Value {
    json!({
        "schemaVersion": 1,
        "name": "shop",
        "inputs": {"qty": {"type": "number"}, "note": {"type": "string", "required": false}},
        "steps": [
            {"id": "open", "action": "navigate", "url": "http://127.0.0.1:1/"},
            {"id": "add", "action": "click", "target": "role=button;name=Add ${inputs.qty}",
             "post": {"predicates": [{"kind": "textPresent", "text": "In cart"}]}},
            {"id": "rows", "action": "extractStructured",
             "fields": [{"name": "total", "path": "field:Total", "kind": "number"}]}
        ],
        "outputs": {"total": {"kind": "number", "from": "rows.total"}}
    })
}

#[test]
fn a_good_workflow_parses() {
    let wf = parse(&three()).unwrap();
    assert_eq!(wf.steps.len(), 3);
    assert!(wf.steps[2].reads() && !wf.steps[1].reads());
    assert!(wf.steps[1].post.is_some());
    assert!(!wf.steps[1].arguments.contains_key("post"));
}

#[test]
fn errors_name_the_field() {
    type Change = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(Change, &str)> = vec![
        (
            Box::new(|w| w["schemaVersion"] = json!(2)),
            "workflow.schemaVersion",
        ),
        (Box::new(|w| w["steps"] = json!([])), "workflow.steps"),
        (
            Box::new(|w| w["steps"][1]["id"] = json!("open")),
            "workflow.steps[1].id",
        ),
        (
            Box::new(|w| w["steps"][1]["action"] = json!("evaluate")),
            "workflow.steps[1].action",
        ),
        (
            Box::new(|w| w["steps"][0]["confirmToken"] = json!("t")),
            "workflow.steps[0].confirmToken",
        ),
        (
            Box::new(|w| w["steps"][1]["target"] = json!("${inputs.nope}")),
            "workflow.steps[1]",
        ),
        (
            Box::new(|w| w["steps"][1]["pre"] = json!([1])),
            "workflow.steps[1].pre",
        ),
        (
            Box::new(|w| w["outputs"]["total"]["from"] = json!("add.total")),
            "workflow.outputs.total.from",
        ),
        (
            Box::new(|w| w["outputs"]["total"]["kind"] = json!("string")),
            "workflow.outputs.total.kind",
        ),
        (Box::new(|w| w["name"] = json!("")), "workflow.name"),
        (Box::new(|w| w["extra"] = json!(1)), "workflow.extra"),
    ];
    for (change, path) in cases {
        let mut w = three();
        change(&mut w);
        assert_eq!(parse(&w).unwrap_err().path, path, "{w}");
    }
}

#[test]
fn inputs_are_checked_and_substituted() {
    let wf = parse(&three()).unwrap();
    let ok: Map<String, Value> = serde_json::from_value(json!({"qty": 2})).unwrap();
    check_inputs(&wf, &ok).unwrap();
    let bad: Map<String, Value> = serde_json::from_value(json!({"qty": "2"})).unwrap();
    assert_eq!(check_inputs(&wf, &bad).unwrap_err().path, "inputs.qty");
    let extra: Map<String, Value> = serde_json::from_value(json!({"qty": 1, "x": 1})).unwrap();
    assert_eq!(check_inputs(&wf, &extra).unwrap_err().path, "inputs.x");
    assert_eq!(
        check_inputs(&wf, &Map::new()).unwrap_err().reason,
        "is required"
    );
    let v = substitute(
        &json!({"a": "${inputs.qty}", "b": "Add ${inputs.qty} now", "c": ["${inputs.note}"]}),
        &ok,
    );
    assert_eq!(v, json!({"a": 2, "b": "Add 2 now", "c": [""]}));
}

#[test]
fn digests_ignore_key_order_and_keyed_ones_need_the_key() {
    assert_eq!(
        digest(&json!({"a": 1, "b": [2]})),
        digest(&json!({"b": [2], "a": 1}))
    );
    assert_ne!(digest(&json!({"a": 1})), digest(&json!({"a": 2})));
    let v = json!({"pin": "1234"});
    assert_ne!(keyed_digest(b"k1", &v), keyed_digest(b"k2", &v));
    assert!(!keyed_digest(b"k1", &v).contains("1234"));
}

fn checkpoint(states: &[StepState]) -> Checkpoint {
    let wf = parse(&three()).unwrap();
    let mut cp = Checkpoint::new("r".into(), &wf, String::new(), String::new(), String::new());
    for (record, s) in cp.steps.iter_mut().zip(states) {
        record.state = *s;
    }
    cp
}

#[test]
fn a_resume_reopens_the_page_the_step_before_it_left() {
    use StepState::*;
    let mut cp = checkpoint(&[Done, Unverified, Pending]);
    cp.steps[0].url = Some("http://a/shop".into());
    cp.steps[1].url = Some("http://a/cart".into());
    cp.url = Some("http://a/cart".into());
    // From the start: no page to reopen.
    assert_eq!(cp.resume_url(0), None);
    // Rerunning step 2: the page step 1 left, not where step 2 went.
    assert_eq!(cp.resume_url(1).as_deref(), Some("http://a/shop"));
    // Step 2 resolved as done: the page it left.
    assert_eq!(cp.resume_url(2).as_deref(), Some("http://a/cart"));
    // A step that recorded no page: the nearest earlier one's, else the run's last.
    cp.steps[1].url = None;
    assert_eq!(cp.resume_url(2).as_deref(), Some("http://a/shop"));
    cp.steps[0].url = None;
    assert_eq!(cp.resume_url(2).as_deref(), Some("http://a/cart"));
}

#[test]
fn resume_runs_only_the_safe_suffix() {
    use StepState::*;
    let wf = parse(&three()).unwrap();
    let none = BTreeMap::new();
    assert_eq!(
        resume_from(&checkpoint(&[Done, Done, Pending]), &wf, &none),
        Ok(2)
    );
    assert_eq!(
        resume_from(&checkpoint(&[Done, Failed, Pending]), &wf, &none),
        Ok(1)
    );
    // An interrupted read runs again; an interrupted action blocks.
    assert_eq!(
        resume_from(&checkpoint(&[Done, Done, Running]), &wf, &none),
        Ok(2)
    );
    assert_eq!(
        resume_from(&checkpoint(&[Done, Running, Pending]), &wf, &none),
        Err(ResumeRefusal::Blocked {
            step: "add".into(),
            state: Indeterminate
        })
    );
    assert!(matches!(
        resume_from(&checkpoint(&[Done, Unverified, Pending]), &wf, &none),
        Err(ResumeRefusal::Blocked { .. })
    ));
    let mut done = BTreeMap::new();
    done.insert("add".to_owned(), Resolution::Done);
    assert_eq!(
        resume_from(&checkpoint(&[Done, Unverified, Pending]), &wf, &done),
        Ok(2)
    );
    let mut rerun = BTreeMap::new();
    rerun.insert("add".to_owned(), Resolution::Rerun);
    assert_eq!(
        resume_from(&checkpoint(&[Done, Indeterminate, Pending]), &wf, &rerun),
        Ok(1)
    );
    let mut complete = checkpoint(&[Done, Done, Done]);
    assert_eq!(
        resume_from(&complete, &wf, &none),
        Err(ResumeRefusal::Complete)
    );
    complete.complete = true;
    assert_eq!(
        resume_from(&complete, &wf, &none),
        Err(ResumeRefusal::Complete)
    );
    let mut other = checkpoint(&[Done, Done, Pending]);
    other.steps[1].id = "pay".into();
    assert!(matches!(
        resume_from(&other, &wf, &none),
        Err(ResumeRefusal::Mismatch(_))
    ));
}

// Covers: W49 at most 16 inputs, input names; W53 at most 32 steps; W56 expectedRevision /
// includeTrace not step arguments; W60 a malformed placeholder; W51 strings at most 4 KiB;
// boolean inputs; null optional = absent; W65 errors never echo a value; W59 an exact
// placeholder keeps its JSON type, a missing input is empty text; a resolved step then an
// interrupted read; a resolution for a step that is not blocked changes nothing.

#[test]
fn bounds_of_inputs_steps_and_step_arguments() {
    let with_inputs = |extra: usize| {
        let mut w = three();
        for i in 0..extra {
            w["inputs"][format!("extra{i}")] = json!({"type": "string", "required": false});
        }
        w
    };
    assert!(parse(&with_inputs(14)).is_ok(), "16 inputs");
    assert_eq!(parse(&with_inputs(15)).unwrap_err().path, "workflow.inputs");
    let mut long = three();
    long["outputs"] = json!({});
    long["steps"] = json!(
        (0..33)
            .map(
                |i| json!({"id": format!("s{i}"), "action": "wait", "kind": "delay", "delayMs": 1})
            )
            .collect::<Vec<_>>()
    );
    assert_eq!(parse(&long).unwrap_err().path, "workflow.steps");
    long["steps"].as_array_mut().unwrap().pop();
    assert!(parse(&long).is_ok(), "32 steps");
    for key in ["expectedRevision", "includeTrace"] {
        let mut w = three();
        w["steps"][0][key] = json!(1);
        assert_eq!(
            parse(&w).unwrap_err().path,
            format!("workflow.steps[0].{key}")
        );
    }
    let mut w = three();
    w["inputs"]["9lives"] = json!({"type": "string"});
    assert_eq!(parse(&w).unwrap_err().path, "workflow.inputs.9lives");
    let mut w = three();
    w["steps"][1]["target"] = json!("Add ${inputs.qty");
    assert_eq!(parse(&w).unwrap_err().path, "workflow.steps[1]");
}

#[test]
fn input_values_are_typed_bounded_and_never_echoed() {
    let mut doc = three();
    doc["inputs"]["flag"] = json!({"type": "boolean", "required": false});
    let wf = parse(&doc).unwrap();
    let given = |v: Value| -> Map<String, Value> { serde_json::from_value(v).unwrap() };
    check_inputs(&wf, &given(json!({"qty": 1, "note": "x".repeat(4096)}))).unwrap();
    let e = check_inputs(&wf, &given(json!({"qty": 1, "note": "x".repeat(4097)}))).unwrap_err();
    assert_eq!(e.path, "inputs.note");
    let e = check_inputs(&wf, &given(json!({"qty": 1, "flag": "yes"}))).unwrap_err();
    assert_eq!(e.path, "inputs.flag");
    check_inputs(&wf, &given(json!({"qty": 1, "note": null, "flag": false}))).unwrap();
    let e = check_inputs(&wf, &given(json!({"qty": "CANARY-77"}))).unwrap_err();
    assert_eq!(e.path, "inputs.qty");
    assert!(
        !e.reason.contains("CANARY") && !e.path.contains("CANARY"),
        "{e:?}"
    );
    let v = substitute(
        &json!({"a": "${inputs.flag}", "b": "[${inputs.none}]", "c": "${inputs.none}"}),
        &given(json!({"flag": true})),
    );
    assert_eq!(v, json!({"a": true, "b": "[]", "c": ""}));
}

#[test]
fn a_resolved_step_and_an_interrupted_read_after_it() {
    use StepState::*;
    let wf = parse(&three()).unwrap();
    let mut done = BTreeMap::new();
    done.insert("add".to_owned(), Resolution::Done);
    assert_eq!(
        resume_from(&checkpoint(&[Done, Indeterminate, Running]), &wf, &done),
        Ok(2)
    );
    let mut rerun_open = BTreeMap::new();
    rerun_open.insert("open".to_owned(), Resolution::Rerun);
    assert_eq!(
        resume_from(&checkpoint(&[Done, Done, Pending]), &wf, &rerun_open),
        Ok(2)
    );
}
