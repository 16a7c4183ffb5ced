use super::*;

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
