//! Parsing a task document from JSON and the ordered Task Protocol v1 rules.
//!
//! Parsing walks the `serde_json::Value` by schema rather than through
//! `serde::Deserialize`, for three reasons: serde's messages can quote caller
//! values (input values may be secrets); it lets every structural error name
//! the exact field; and the walk never descends into a value it does not
//! expect, so deep nesting costs one type check instead of a recursion.
//!
//! Structural errors come first (the original failed in serde before any
//! rule ran), then the rules in the order of the protocol; the first failure
//! wins.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::model::{
    AmbiguityPolicy, Inputs, Limits, MAX_ACTIONS_BOUND, MAX_EXPECTED_BYTES, MAX_INPUT_NAME_BYTES,
    MAX_INPUT_VALUE_BYTES, MAX_INPUTS, MAX_ITEMS_BOUND, MAX_POSTCONDITIONS, MAX_SCOPE_TEXT_BYTES,
    MAX_TIMEOUT_MS, Postcondition, PostconditionKind, RevisionPolicy, RiskClass, Scope,
    TASK_SCHEMA_VERSION, Task, TaskError, TaskKind, ValidatedTask,
};
use crate::webir::EntityKind;

/// Fixed reasons. Rule reasons are the original's exact wording; structural
/// reasons are ours (the original reported serde's message at `$`).
pub(crate) mod reason {
    // Structural.
    pub const NOT_OBJECT: &str = "expected a JSON object";
    pub const NOT_ARRAY: &str = "expected an array";
    pub const NOT_STRING: &str = "expected a string";
    pub const NOT_INTEGER: &str = "expected a non-negative integer";
    pub const MISSING: &str = "missing required field";
    pub const UNKNOWN_FIELD: &str = "unknown field";
    pub const UNKNOWN_TASK: &str = "unknown task kind";
    pub const UNKNOWN_RISK: &str = "unknown risk class";
    pub const UNKNOWN_AMBIGUITY: &str = "unknown ambiguity policy";
    pub const UNKNOWN_REVISION: &str = "unknown revision policy";
    pub const UNKNOWN_POSTCONDITION: &str = "unknown postcondition kind";
    pub const UNKNOWN_ENTITY_KIND: &str = "unknown entity kind";
    pub const INPUT_NOT_STRING: &str = "input value must be a string";
    // Rules (original wording).
    pub const SCHEMA_VERSION: &str = "unsupported Task Protocol schema version";
    pub const EMPTY_SCOPE: &str = "scope requires a semantic region or entity constraint";
    pub const TEXT: &str = "value must be non-empty, bounded, and free of control characters";
    pub const NAME_NEEDS_KIND: &str = "entityName requires entityKind";
    pub const KIND_FAMILY: &str = "entity kind is incompatible with the task family";
    pub const MAX_ACTIONS: &str = "maxActions must be between 1 and 256";
    pub const TIMEOUT: &str = "timeoutMs must be between 1 and 120000";
    pub const MAX_ITEMS: &str = "maxItems must be between 1 and 4096";
    pub const INPUT_COUNT: &str = "input count exceeds the Task Protocol bound";
    pub const INPUT_VALUE: &str = "input value exceeds its bound or contains a control character";
    pub const POSTCONDITION_COUNT: &str = "postcondition count exceeds the Task Protocol bound";
    pub const POSTCONDITION_KIND: &str = "postcondition kind is incompatible with the task family";
    pub const EXPECTED: &str = "expected value exceeds its bound or contains a control character";
    pub const RECORDS_INTEGER: &str = "recordsExtracted expected must be a non-negative integer";
    pub const RECORDS_BOUND: &str = "recordsExtracted expected exceeds task maxItems";
    pub const SUBMIT_POSTCONDITION: &str =
        "form.submit requires at least one bounded postcondition";
    pub const FILL_INPUT: &str = "form.fill requires at least one bounded input";
    pub const REGION: &str = "browser-backed task requires a semantic region scope";
    pub const SUBMIT_ONLY: &str = "form.submit accepts only the submit target input";
}

type Result<T> = std::result::Result<T, TaskError>;

/// Parses a task document (structure only).
pub(crate) fn parse_task(value: &Value) -> Result<Task> {
    let root = object(value, "$")?;
    deny_unknown(
        root,
        &[
            "schemaVersion",
            "task",
            "scope",
            "inputs",
            "limits",
            "risk",
            "ambiguity",
            "revision",
            "postconditions",
        ],
        "$",
    )?;

    // Any integer that does not fit u32 cannot be version 1.
    let schema_version = match required(root, "schemaVersion", "schemaVersion")? {
        Value::Number(n) if n.is_u64() => u32::try_from(n.as_u64().unwrap_or(u64::MAX))
            .map_err(|_| TaskError::new("schemaVersion", reason::SCHEMA_VERSION))?,
        Value::Number(n) if n.is_i64() => {
            return Err(TaskError::new("schemaVersion", reason::SCHEMA_VERSION));
        }
        _ => return Err(TaskError::new("schemaVersion", reason::NOT_INTEGER)),
    };
    let task = wire(
        required(root, "task", "task")?,
        "task",
        TaskKind::from_wire,
        reason::UNKNOWN_TASK,
    )?;
    let scope = parse_scope(required(root, "scope", "scope")?)?;
    let inputs = match root.get("inputs") {
        None => Inputs::default(),
        Some(v) => parse_inputs(v)?,
    };
    let limits = parse_limits(required(root, "limits", "limits")?)?;
    let risk = wire(
        required(root, "risk", "risk")?,
        "risk",
        RiskClass::from_wire,
        reason::UNKNOWN_RISK,
    )?;
    let ambiguity = match root.get("ambiguity") {
        None => AmbiguityPolicy::default(),
        Some(v) => wire(
            v,
            "ambiguity",
            AmbiguityPolicy::from_wire,
            reason::UNKNOWN_AMBIGUITY,
        )?,
    };
    let revision = match root.get("revision") {
        None => RevisionPolicy::default(),
        Some(v) => wire(
            v,
            "revision",
            RevisionPolicy::from_wire,
            reason::UNKNOWN_REVISION,
        )?,
    };
    let postconditions = match root.get("postconditions") {
        None => Vec::new(),
        Some(v) => array(v, "postconditions")?
            .iter()
            .enumerate()
            .map(|(i, item)| parse_postcondition(item, i))
            .collect::<Result<Vec<_>>>()?,
    };
    Ok(Task {
        schema_version,
        task,
        scope,
        inputs,
        limits,
        risk,
        ambiguity,
        revision,
        postconditions,
    })
}

fn parse_scope(value: &Value) -> Result<Scope> {
    let obj = object(value, "scope")?;
    deny_unknown(obj, &["regionName", "entityKind", "entityName"], "scope")?;
    let entity_kind = optional(obj, "entityKind")
        .map(|v| {
            wire(
                v,
                "scope.entityKind",
                EntityKind::from_wire,
                reason::UNKNOWN_ENTITY_KIND,
            )
        })
        .transpose()?;
    Ok(Scope {
        region_name: optional_string(obj, "regionName", "scope.regionName")?,
        entity_kind,
        entity_name: optional_string(obj, "entityName", "scope.entityName")?,
    })
}

fn parse_inputs(value: &Value) -> Result<Inputs> {
    let obj = object(value, "inputs")?;
    let mut inputs = BTreeMap::new();
    for (name, v) in obj {
        let Some(text) = v.as_str() else {
            // Name the input only if the name itself is presentable.
            let path = if is_text(name, MAX_INPUT_NAME_BYTES) {
                format!("inputs.{name}")
            } else {
                "inputs".to_owned()
            };
            return Err(TaskError::new(path, reason::INPUT_NOT_STRING));
        };
        inputs.insert(name.clone(), text.to_owned());
    }
    Ok(Inputs(inputs))
}

fn parse_limits(value: &Value) -> Result<Limits> {
    let obj = object(value, "limits")?;
    deny_unknown(obj, &["maxActions", "timeoutMs", "maxItems"], "limits")?;
    // An integer outside the field's type is outside its range too, so it
    // gets the range reason; a non-integer gets the type reason.
    let max_actions = integer(obj, "maxActions", "limits.maxActions", reason::MAX_ACTIONS)?;
    let timeout_ms = integer(obj, "timeoutMs", "limits.timeoutMs", reason::TIMEOUT)?;
    let max_items = integer(obj, "maxItems", "limits.maxItems", reason::MAX_ITEMS)?;
    Ok(Limits {
        max_actions: u32::try_from(max_actions)
            .map_err(|_| TaskError::new("limits.maxActions", reason::MAX_ACTIONS))?,
        timeout_ms,
        max_items: u32::try_from(max_items)
            .map_err(|_| TaskError::new("limits.maxItems", reason::MAX_ITEMS))?,
    })
}

fn parse_postcondition(value: &Value, index: usize) -> Result<Postcondition> {
    let base = format!("postconditions[{index}]");
    let obj = object(value, &base)?;
    deny_unknown(obj, &["kind", "expected"], &base)?;
    let kind_path = format!("{base}.kind");
    let kind = wire(
        required(obj, "kind", &kind_path)?,
        &kind_path,
        PostconditionKind::from_wire,
        reason::UNKNOWN_POSTCONDITION,
    )?;
    let expected = optional_string(obj, "expected", &format!("{base}.expected"))?;
    Ok(Postcondition { kind, expected })
}

// Typed accessors. Each reports the full field path and a fixed reason.

fn object<'a>(value: &'a Value, path: &str) -> Result<&'a Map<String, Value>> {
    value
        .as_object()
        .ok_or_else(|| TaskError::new(path, reason::NOT_OBJECT))
}

fn array<'a>(value: &'a Value, path: &str) -> Result<&'a Vec<Value>> {
    value
        .as_array()
        .ok_or_else(|| TaskError::new(path, reason::NOT_ARRAY))
}

/// Strictness: an unknown key fails at the path of the object holding it.
/// The key itself is not echoed, since it is caller text, not a schema name.
fn deny_unknown(obj: &Map<String, Value>, allowed: &[&str], path: &str) -> Result<()> {
    if obj.keys().any(|k| !allowed.contains(&k.as_str())) {
        return Err(TaskError::new(path, reason::UNKNOWN_FIELD));
    }
    Ok(())
}

fn required<'a>(obj: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a Value> {
    obj.get(key)
        .ok_or_else(|| TaskError::new(path, reason::MISSING))
}

/// Optional fields treat `null` like absence, as serde's `Option` does.
fn optional<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    obj.get(key).filter(|v| !v.is_null())
}

fn optional_string(obj: &Map<String, Value>, key: &str, path: &str) -> Result<Option<String>> {
    optional(obj, key)
        .map(|v| {
            v.as_str()
                .map(str::to_owned)
                .ok_or_else(|| TaskError::new(path, reason::NOT_STRING))
        })
        .transpose()
}

fn integer(obj: &Map<String, Value>, key: &str, path: &str, range: &str) -> Result<u64> {
    match required(obj, key, path)? {
        Value::Number(n) if n.is_u64() => n
            .as_u64()
            .ok_or_else(|| TaskError::new(path, reason::NOT_INTEGER)),
        Value::Number(n) if n.is_i64() => Err(TaskError::new(path, range)),
        _ => Err(TaskError::new(path, reason::NOT_INTEGER)),
    }
}

fn wire<T>(value: &Value, path: &str, parse: fn(&str) -> Option<T>, unknown: &str) -> Result<T> {
    let text = value
        .as_str()
        .ok_or_else(|| TaskError::new(path, reason::NOT_STRING))?;
    parse(text).ok_or_else(|| TaskError::new(path, unknown))
}

// ---------------------------------------------------------------------------
// Rules

/// The protocol's text rule: non-empty, within `max` bytes, no control characters.
fn is_text(value: &str, max: usize) -> bool {
    !value.is_empty() && value.len() <= max && !value.chars().any(char::is_control)
}

/// A bounded value that may be empty: within `max` bytes, no control characters.
fn is_bounded_value(value: &str, max: usize) -> bool {
    value.len() <= max && !value.chars().any(char::is_control)
}

/// Applies the Task Protocol v1 rules, in order; the first failure wins.
pub(crate) fn validate_task(task: Task) -> Result<ValidatedTask> {
    check_rules(&task)?;
    Ok(ValidatedTask(task))
}

fn check_rules(task: &Task) -> Result<()> {
    // 1. Schema version.
    if task.schema_version != TASK_SCHEMA_VERSION {
        return Err(TaskError::new("schemaVersion", reason::SCHEMA_VERSION));
    }

    // 2. Scope shape.
    let scope = &task.scope;
    if scope.region_name.is_none() && scope.entity_kind.is_none() && scope.entity_name.is_none() {
        return Err(TaskError::new("scope", reason::EMPTY_SCOPE));
    }
    if let Some(region) = &scope.region_name {
        if !is_text(region, MAX_SCOPE_TEXT_BYTES) {
            return Err(TaskError::new("scope.regionName", reason::TEXT));
        }
    }
    if let Some(name) = &scope.entity_name {
        if !is_text(name, MAX_SCOPE_TEXT_BYTES) {
            return Err(TaskError::new("scope.entityName", reason::TEXT));
        }
        if scope.entity_kind.is_none() {
            return Err(TaskError::new("scope.entityKind", reason::NAME_NEEDS_KIND));
        }
    }

    // 3. Scope against the family.
    if let Some(kind) = scope.entity_kind {
        if kind != task.task.entity_kind() {
            return Err(TaskError::new("scope.entityKind", reason::KIND_FAMILY));
        }
    }

    // 4. Limits.
    let limits = &task.limits;
    if !(1..=MAX_ACTIONS_BOUND).contains(&limits.max_actions) {
        return Err(TaskError::new("limits.maxActions", reason::MAX_ACTIONS));
    }
    if !(1..=MAX_TIMEOUT_MS).contains(&limits.timeout_ms) {
        return Err(TaskError::new("limits.timeoutMs", reason::TIMEOUT));
    }
    if !(1..=MAX_ITEMS_BOUND).contains(&limits.max_items) {
        return Err(TaskError::new("limits.maxItems", reason::MAX_ITEMS));
    }

    // 5. Input count.
    if task.inputs.len() > MAX_INPUTS {
        return Err(TaskError::new("inputs", reason::INPUT_COUNT));
    }

    // 6. Each input, in sorted name order. A bad name is reported at the
    // literal path `inputs.name` so the name itself is never echoed.
    for (name, value) in &task.inputs.0 {
        if !is_text(name, MAX_INPUT_NAME_BYTES) {
            return Err(TaskError::new("inputs.name", reason::TEXT));
        }
        if !is_bounded_value(value, MAX_INPUT_VALUE_BYTES) {
            return Err(TaskError::new(
                format!("inputs.{name}"),
                reason::INPUT_VALUE,
            ));
        }
    }

    // 7. Postcondition count.
    if task.postconditions.len() > MAX_POSTCONDITIONS {
        return Err(TaskError::new(
            "postconditions",
            reason::POSTCONDITION_COUNT,
        ));
    }

    // 8. Each postcondition.
    for (i, post) in task.postconditions.iter().enumerate() {
        if !task.task.allows_postcondition(post.kind) {
            return Err(TaskError::new(
                format!("postconditions[{i}].kind"),
                reason::POSTCONDITION_KIND,
            ));
        }
        let Some(expected) = &post.expected else {
            continue;
        };
        let path = || format!("postconditions[{i}].expected");
        if !is_bounded_value(expected, MAX_EXPECTED_BYTES) {
            return Err(TaskError::new(path(), reason::EXPECTED));
        }
        if post.kind == PostconditionKind::RecordsExtracted {
            let count: u32 = expected
                .parse()
                .map_err(|_| TaskError::new(path(), reason::RECORDS_INTEGER))?;
            if count > limits.max_items {
                return Err(TaskError::new(path(), reason::RECORDS_BOUND));
            }
        }
    }

    // 9. form.submit needs an observable outcome.
    if task.task == TaskKind::FormSubmit && task.postconditions.is_empty() {
        return Err(TaskError::new(
            "postconditions",
            reason::SUBMIT_POSTCONDITION,
        ));
    }

    // 10. form.fill needs something to fill.
    if task.task == TaskKind::FormFill && task.inputs.is_empty() {
        return Err(TaskError::new("inputs", reason::FILL_INPUT));
    }

    // 11. Region-scoped families.
    if task.task.requires_region() && scope.region_name.is_none() {
        return Err(TaskError::new("scope.regionName", reason::REGION));
    }

    // 12. The family's semantic target input.
    if let Some(required) = task.task.required_input() {
        // Present and non-empty: an empty target names nothing to act on.
        if task.inputs.get(required.name).is_none_or(str::is_empty) {
            return Err(TaskError::new(
                format!("inputs.{}", required.name),
                required.reason,
            ));
        }
        if task.task == TaskKind::FormSubmit && task.inputs.len() != 1 {
            return Err(TaskError::new("inputs", reason::SUBMIT_ONLY));
        }
    }
    Ok(())
}
