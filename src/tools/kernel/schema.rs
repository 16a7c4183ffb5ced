//! Tool input schemas: generated from each tool's argument struct, published in `tools/list`,
//! and enforced here before any handler runs, so the rule a client reads is the rule Glass
//! applies, and a bad argument is refused the same way by every tool, before Chrome starts.
//!
//! Errors name the argument's path and the rule it broke, never the value given, so nothing
//! a client typed (a selector, a secret) is echoed back.

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value, json};

use crate::failure::Failure as ToolError;

/// Arguments every tool accepts besides its own (read by the call path, not the handler).
pub const COMMON: &[&str] = &["confirmToken", "includeTrace"];

/// The `format` of a string that must be a locator of Glass's grammar.
pub const LOCATOR_FORMAT: &str = "locator";

/// The `format` of a string that must be a ref (`e12`).
pub const REF_FORMAT: &str = "ref";

/// The input schema of `T`: inline (no `$ref`), without the meta-schema URI and title.
/// `confirmToken` is added by the catalog for tools that may ask for confirmation;
/// `includeTrace`, which every tool takes, is described once in the server's instructions
/// rather than in 42 schemas a model must read.
pub fn input_schema<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12()
        .with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
        })
        .into_generator();
    let mut schema: Value = generator.into_root_schema_for::<T>().into();
    tidy(&mut schema);
    if let Value::Object(obj) = &mut schema {
        obj.remove("title");
        obj.remove("description");
        obj.entry("properties").or_insert_with(|| json!({}));
    }
    schema
}

/// The input schema of `T` for a tool whose fields another tool of its family already
/// describes in full (`resolveIntent` for the intent tools): the nested fields' descriptions
/// are left out, so a model reads them once; the rules (types, bounds, enums) all stay.
pub fn input_schema_brief<T: JsonSchema>() -> Value {
    fn strip(v: &mut Value) {
        if let Value::Object(m) = v {
            m.remove("description");
            for key in ["properties", "items"] {
                match m.get_mut(key) {
                    Some(Value::Object(props)) if key == "properties" => {
                        props.values_mut().for_each(strip)
                    }
                    Some(item) if key == "items" => strip(item),
                    _ => {}
                }
            }
        }
    }
    let mut schema = input_schema::<T>();
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for top in props.values_mut() {
            for key in ["properties", "items"] {
                match top.get_mut(key) {
                    Some(Value::Object(inner)) if key == "properties" => {
                        inner.values_mut().for_each(strip)
                    }
                    Some(item) if key == "items" => strip(item),
                    _ => {}
                }
            }
        }
    }
    schema
}

/// Arguments whose meaning is the same in every tool, explained in the server's
/// instructions rather than in each schema.
const DESCRIBED_ONCE: &[&str] = &["expectedRevision"];

/// The tools that take `resolveIntent`'s fields, and the fields whose shape they list by
/// reference: a model reads `scope`, `constraints` and `resolutionPolicy` once, in
/// `resolveIntent`; a call is still checked against the whole shape, and an error names the
/// field and the rule.
const INTENT_FAMILY: &[&str] = &[
    "findTarget",
    "executeIntent",
    "actAndVerify",
    "resolveIntentWithKnowledge",
];
const LISTED_BY_REFERENCE: &[&str] = &["scope", "constraints", "resolutionPolicy"];

/// A tool's input schema as `tools/list` shows it: the intent family's shared fields by
/// reference (see [`LISTED_BY_REFERENCE`]), without the bounds no model needs told (a string's
/// `minLength` of 1, an integer's `minimum` of 0) and with `additionalProperties: false` said
/// once, at the top. The check keeps every rule and an error names the one broken, so the
/// listing only leaves out what a model would not do.
pub fn listed_form(tool: &str, schema: &mut Value) {
    relax(schema, true);
    if !INTENT_FAMILY.contains(&tool) {
        return;
    }
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for name in LISTED_BY_REFERENCE {
            if let Some(Value::Object(field)) = props.get_mut(*name) {
                let kind = field.get("type").cloned().unwrap_or(json!("object"));
                *field = Map::from_iter([
                    ("type".to_owned(), kind),
                    ("description".to_owned(), json!("As in resolveIntent.")),
                ]);
            }
        }
    }
}

/// Leave out of a listed schema, at any depth, what [`listed_form`] says the check alone
/// keeps; `top` is the tool's own object, whose strictness is kept.
fn relax(schema: &mut Value, top: bool) {
    match schema {
        Value::Object(obj) => {
            if obj.get("minLength") == Some(&json!(1)) {
                obj.remove("minLength");
            }
            if obj.get("type") == Some(&json!("integer")) && obj.get("minimum") == Some(&json!(0)) {
                obj.remove("minimum");
            }
            if !top && obj.get("additionalProperties") == Some(&json!(false)) {
                obj.remove("additionalProperties");
            }
            obj.values_mut().for_each(|v| relax(v, false));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| relax(v, false)),
        _ => {}
    }
}

/// Shorten a generated schema to what a model needs: an absent optional argument and an
/// explicit `null` mean the same to every tool (the check skips `null`), so `null` is dropped
/// from types and enums; numeric `format`s (`uint32`...) repeat what `type` and the bounds say.
fn tidy(schema: &mut Value) {
    match schema {
        Value::Object(obj) => {
            // A constant needs no bounds; the fields every tool reads alike are described
            // once, in the server's instructions.
            if obj.contains_key("const") {
                obj.remove("minimum");
                obj.remove("description");
            }
            if let Some(Value::Object(props)) = obj.get_mut("properties") {
                for name in DESCRIBED_ONCE {
                    if let Some(Value::Object(field)) = props.get_mut(*name) {
                        field.remove("description");
                    }
                }
            }
            if let Some(Value::Array(types)) = obj.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types[0].clone();
                    obj.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(values)) = obj.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(Value::Array(options)) = obj.get_mut(key) {
                    options.retain(|o| o.get("type").and_then(Value::as_str) != Some("null"));
                    if options.len() == 1 {
                        let only = options.remove(0);
                        obj.remove(key);
                        if let Value::Object(inner) = only {
                            for (k, v) in inner {
                                obj.entry(k).or_insert(v);
                            }
                        }
                    }
                }
            }
            if obj
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| f != LOCATOR_FORMAT && f != REF_FORMAT)
            {
                obj.remove("format");
            }
            for v in obj.values_mut() {
                // A bound of 60000.0 says no more than 60000.
                if let Some(f) = v.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 1e15) {
                    if v.is_f64() {
                        *v = json!(f as i64);
                    }
                }
                tidy(v);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(tidy),
        _ => {}
    }
}

/// Check a tool's (object) arguments against its input schema.
pub fn check(schema: &Value, args: &Map<String, Value>) -> Result<(), ToolError> {
    // Arguments are always an object: check its properties in place, without a copy (a
    // `fillForm` call may carry a megabyte of text).
    match schema.as_object() {
        Some(s) => check_object(s, args, "$"),
        None => check_value(schema, &Value::Object(args.clone()), "$"),
    }
}

fn fail(path: &str, reason: impl Into<String>) -> Result<(), ToolError> {
    // A path is built from property names; a client's unknown property may be long.
    let path = if path.len() > 96 { "$" } else { path };
    Err(ToolError::invalid_argument(path, reason))
}

fn type_matches(ty: &str, v: &Value) -> bool {
    match ty {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        _ => false,
    }
}

fn type_names(types: &[&str]) -> String {
    let named: Vec<&str> = types
        .iter()
        .filter(|t| **t != "null")
        .map(|t| match *t {
            "object" => "an object",
            "array" => "an array",
            "string" => "a string",
            "boolean" => "a boolean",
            "integer" => "an integer",
            "number" => "a number",
            _ => "a value",
        })
        .collect();
    named.join(" or ")
}

fn child(path: &str, key: &str) -> String {
    if path == "$" {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

fn check_value(schema: &Value, v: &Value, path: &str) -> Result<(), ToolError> {
    let Some(s) = schema.as_object() else {
        // `true` accepts anything, `false` nothing.
        return if schema == &Value::Bool(false) {
            fail(path, "is not allowed")
        } else {
            Ok(())
        };
    };
    // An absent optional argument and an explicit null mean the same to every tool.
    let types: Vec<&str> = match s.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !types.is_empty() && !types.iter().any(|t| type_matches(t, v)) {
        return fail(path, format!("must be {}", type_names(&types)));
    }
    if v.is_null() {
        return Ok(());
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = s.get(key) {
            let mut first_error = None;
            let mut chosen_error = None;
            let mut matched = false;
            for o in options {
                match check_value(o, v, path) {
                    Ok(()) => {
                        matched = true;
                        break;
                    }
                    // The option the value names by its tag (`kind`) explains the failure
                    // best; else the first option's error.
                    Err(e) if tagged_as(o, v) => {
                        chosen_error.get_or_insert(e);
                    }
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
            }
            if !matched {
                if let Some(e) = chosen_error {
                    return Err(e);
                }
                if let Some(e) = unknown_tag(options, v, path) {
                    return Err(e);
                }
                return Err(first_error.unwrap_or_else(|| {
                    ToolError::invalid_argument(path, "does not match the tool's input schema")
                }));
            }
        }
    }
    if let Some(Value::Array(allowed)) = s.get("enum") {
        if !allowed.contains(v) {
            let names: Vec<String> = allowed
                .iter()
                .map(|a| a.as_str().map_or_else(|| a.to_string(), str::to_owned))
                .collect();
            return fail(path, format!("must be one of: {}", names.join(", ")));
        }
    }
    if let Some(c) = s.get("const") {
        if c != v {
            return fail(path, format!("must be {c}"));
        }
    }
    match v {
        Value::Number(n) => check_number(s, n, path),
        Value::String(text) => check_string(s, text, path),
        Value::Array(items) => check_array(s, items, path),
        Value::Object(obj) => check_object(s, obj, path),
        _ => Ok(()),
    }
}

/// The `const` properties of an object option (its tag, such as `kind`).
fn tags(option: &Value) -> Vec<(&str, &Value)> {
    option
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| {
            p.iter()
                .filter_map(|(k, s)| s.get("const").map(|c| (k.as_str(), c)))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `v` carries the tag values of a tagged option.
fn tagged_as(option: &Value, v: &Value) -> bool {
    let tags = tags(option);
    !tags.is_empty() && tags.iter().all(|(k, c)| v.get(*k) == Some(*c))
}

/// For tagged options none of which `v` names: the tag's path and the values it may take.
fn unknown_tag(options: &[Value], v: &Value, path: &str) -> Option<ToolError> {
    let first = options.first()?;
    let (tag, _) = *tags(first).first()?;
    let names: Vec<String> = options
        .iter()
        .filter_map(|o| tags(o).into_iter().find(|(k, _)| *k == tag))
        .map(|(_, c)| c.as_str().map_or_else(|| c.to_string(), str::to_owned))
        .collect();
    v.is_object().then(|| {
        ToolError::invalid_argument(
            &child(path, tag),
            format!("must be one of: {}", names.join(", ")),
        )
    })
}

fn check_number(
    s: &Map<String, Value>,
    n: &serde_json::Number,
    path: &str,
) -> Result<(), ToolError> {
    let x = n.as_f64().unwrap_or(f64::NAN);
    let min = s.get("minimum").and_then(Value::as_f64);
    let max = s.get("maximum").and_then(Value::as_f64);
    let out = min.is_some_and(|m| x < m) || max.is_some_and(|m| x > m) || x.is_nan();
    if out {
        let show = |b: Option<f64>| b.map(|b| format!("{b}"));
        return fail(
            path,
            match (show(min), show(max)) {
                (Some(a), Some(b)) => format!("must be from {a} to {b}"),
                (Some(a), None) => format!("must be at least {a}"),
                (None, Some(b)) => format!("must be at most {b}"),
                (None, None) => "must be a number".to_owned(),
            },
        );
    }
    Ok(())
}

fn check_string(s: &Map<String, Value>, text: &str, path: &str) -> Result<(), ToolError> {
    let len = text.chars().count() as u64;
    let min = s.get("minLength").and_then(Value::as_u64).unwrap_or(0);
    let max = s.get("maxLength").and_then(Value::as_u64);
    if len < min || max.is_some_and(|m| len > m) {
        return fail(
            path,
            match (min, max) {
                (0, Some(m)) => format!("must be a string of at most {m} characters"),
                (1, Some(m)) => format!("must be a non-empty string of at most {m} characters"),
                (a, Some(b)) => format!("must be a string of {a} to {b} characters"),
                (1, None) => "must be a non-empty string".to_owned(),
                (a, None) => format!("must be a string of at least {a} characters"),
            },
        );
    }
    match s.get("format").and_then(Value::as_str) {
        Some(LOCATOR_FORMAT) => {
            if let Err(e) = crate::browser::locator::parse(text) {
                return fail(path, e.0);
            }
        }
        Some(REF_FORMAT) if !crate::browser::refs::is_ref(text) => {
            return fail(path, "must be a ref such as e12");
        }
        _ => {}
    }
    Ok(())
}

fn check_array(s: &Map<String, Value>, items: &[Value], path: &str) -> Result<(), ToolError> {
    let min = s.get("minItems").and_then(Value::as_u64).unwrap_or(0);
    let max = s.get("maxItems").and_then(Value::as_u64);
    let n = items.len() as u64;
    if n < min || max.is_some_and(|m| n > m) {
        return fail(
            path,
            match max {
                Some(m) => format!("must have {min} to {m} items"),
                None => format!("must have at least {min} items"),
            },
        );
    }
    if let Some(item) = s.get("items") {
        for (i, v) in items.iter().enumerate() {
            check_value(item, v, &format!("{path}[{i}]"))?;
        }
    }
    Ok(())
}

fn check_object(
    s: &Map<String, Value>,
    obj: &Map<String, Value>,
    path: &str,
) -> Result<(), ToolError> {
    let props = s.get("properties").and_then(Value::as_object);
    let closed = s.get("additionalProperties") == Some(&Value::Bool(false))
        || s.get("unevaluatedProperties") == Some(&Value::Bool(false));
    for (k, v) in obj {
        match props.and_then(|p| p.get(k)) {
            // Absent and null are the same; a required one is reported below.
            Some(_) if v.is_null() => {}
            Some(sub) => check_value(sub, v, &child(path, k))?,
            None if closed => {
                // The name is the client's own key, not a value; bounded all the same.
                return fail(&child(path, k), "unknown argument");
            }
            None => {}
        }
    }
    if let Some(Value::Array(required)) = s.get("required") {
        for r in required.iter().filter_map(Value::as_str) {
            if obj.get(r).is_none_or(Value::is_null) {
                return fail(&child(path, r), "is required");
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    struct Example {
        /// Where to act.
        #[schemars(extend("format" = "locator"), length(min = 1, max = 4096))]
        #[allow(dead_code)]
        target: String,
        /// How many.
        #[schemars(range(min = 1, max = 10))]
        count: Option<u32>,
        /// Which way.
        direction: Option<Direction>,
        /// Labels.
        #[schemars(length(min = 1, max = 3))]
        #[allow(dead_code)]
        tags: Option<Vec<String>>,
    }

    #[derive(serde::Deserialize, JsonSchema, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    enum Direction {
        Up,
        Down,
    }

    fn args(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    /// What the call path does: check, then the handler's typed read.
    fn parse<T: serde::de::DeserializeOwned>(
        schema: &Value,
        args: &Map<String, Value>,
    ) -> Result<T, ToolError> {
        check(schema, args)?;
        crate::tools::kernel::args::read(args)
    }

    fn err(v: Value) -> Value {
        let schema = input_schema::<Example>();
        parse::<Example>(&schema, &args(v)).err().unwrap().to_json()
    }

    /// A bound is a value the argument may take: exactly the most items, the least, the
    /// largest number pass; one past each is refused with the rule.
    #[test]
    fn bounds_are_inclusive() {
        let schema = input_schema::<Example>();
        for good in [
            json!({"target": "e1", "tags": ["a", "b", "c"]}),
            json!({"target": "e1", "tags": ["a"]}),
            json!({"target": "e1", "count": 10}),
            json!({"target": "e1", "count": 1}),
        ] {
            assert!(
                parse::<Example>(&schema, &args(good.clone())).is_ok(),
                "{good}"
            );
        }
        for (bad, reason) in [
            (
                json!({"target": "e1", "tags": ["a", "b", "c", "d"]}),
                "must have 1 to 3 items",
            ),
            (
                json!({"target": "e1", "tags": []}),
                "must have 1 to 3 items",
            ),
            (json!({"target": "e1", "count": 0}), "must be from 1 to 10"),
        ] {
            assert_eq!(err(bad.clone())["reason"], reason, "{bad}");
        }
    }

    #[test]
    fn the_schema_is_inline_and_described() {
        let s = input_schema::<Example>();
        let text = s.to_string();
        assert!(
            !text.contains("$ref") && !text.contains("$schema"),
            "{text}"
        );
        assert_eq!(s["properties"]["target"]["description"], "Where to act.");
        assert_eq!(s["properties"]["target"]["format"], "locator");
        assert_eq!(s["properties"]["count"]["maximum"], 10);
        assert_eq!(s["additionalProperties"], false);
    }

    #[test]
    fn good_arguments_read_and_bad_ones_name_the_rule_not_the_value() {
        let schema = input_schema::<Example>();
        let ok: Example =
            parse(&schema, &args(json!({"target": "e1", "direction": "down"}))).unwrap();
        assert_eq!(ok.direction, Some(Direction::Down));
        assert_eq!(ok.count, None);
        let e = err(json!({"target": "e1", "count": 99}));
        assert_eq!(e["path"], "count");
        assert_eq!(e["reason"], "must be from 1 to 10");
        let e = err(json!({"target": "e1", "count": "secret-value"}));
        assert!(!e.to_string().contains("secret-value"), "{e}");
        assert_eq!(e["reason"], "must be an integer");
        let e = err(json!({"target": "e1", "direction": "sideways"}));
        assert_eq!(e["reason"], "must be one of: up, down");
        let e = err(json!({"count": 2}));
        assert_eq!(e["path"], "target");
        assert_eq!(e["reason"], "is required");
        let e = err(json!({"target": "e1", "colour": "red"}));
        assert_eq!(
            (e["path"].as_str(), e["reason"].as_str()),
            (Some("colour"), Some("unknown argument"))
        );
        let e = err(json!({"target": "ref=secret", "count": null}));
        assert_eq!(e["kind"], "invalidArguments");
        assert_eq!(e["path"], "target");
        assert_eq!(e["reason"], "a ref looks like e12");
        assert!(!e.to_string().contains("secret"), "{e}");
    }

    #[test]
    fn a_tagged_option_explains_its_own_failure() {
        let schema = json!({"type": "object", "properties": {"p": {"oneOf": [
            {"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "string"}}, "required": ["kind", "x"], "additionalProperties": false},
            {"type": "object", "properties": {"kind": {"const": "b"}, "y": {"type": "integer"}}, "required": ["kind", "y"], "additionalProperties": false},
        ]}}});
        let at = |v: Value| {
            check(&schema, v.as_object().unwrap())
                .unwrap_err()
                .to_json()["path"]
                .clone()
        };
        assert_eq!(at(json!({"p": {"kind": "b", "y": "no"}})), "p.y");
        assert_eq!(at(json!({"p": {"kind": "c"}})), "p.kind");
        assert!(
            check(
                &schema,
                json!({"p": {"kind": "b", "y": 1}}).as_object().unwrap()
            )
            .is_ok()
        );
    }
}
