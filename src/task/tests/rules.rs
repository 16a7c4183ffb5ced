use super::*;

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
