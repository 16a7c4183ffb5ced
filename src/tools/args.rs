//! Typed reading of tool arguments with bounded, value-free errors.
//!
//! Errors name the argument and the rule it broke, never the value given, so that nothing a
//! client typed (a selector, a secret) is echoed back.

use serde_json::{Map, Value, json};

use super::ToolError;

/// Arguments every tool accepts besides its own: the confirmation token of a confirm-class call.
pub const COMMON: &[&str] = &["confirmToken"];

/// An `invalidArguments` failure at `path`.
pub fn invalid(path: &str, reason: &str) -> ToolError {
    ToolError::invalid_argument(path, reason)
}

/// Reject any argument not in `allowed`, so a typo is reported instead of silently ignored.
pub fn only(args: &Map<String, Value>, allowed: &[&str]) -> Result<(), ToolError> {
    match args
        .keys()
        .find(|k| !allowed.contains(&k.as_str()) && !COMMON.contains(&k.as_str()))
    {
        None => Ok(()),
        Some(k) if k.len() <= 64 => Err(invalid(k, "unknown argument")),
        Some(_) => Err(invalid("$", "unknown argument")),
    }
}

/// An optional integer within `min..=max`.
pub fn int_in(
    args: &Map<String, Value>,
    name: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .filter(|n| (min..=max).contains(n))
            .map(Some)
            .ok_or_else(|| invalid(name, &format!("must be an integer from {min} to {max}"))),
    }
}

/// A required string, non-empty and at most `max` bytes.
pub fn string<'a>(
    args: &'a Map<String, Value>,
    name: &str,
    max: usize,
) -> Result<&'a str, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Err(invalid(name, "is required")),
        Some(Value::String(s)) if !s.is_empty() && s.len() <= max => Ok(s),
        Some(Value::String(_)) => Err(invalid(
            name,
            &format!("must be a non-empty string of at most {max} bytes"),
        )),
        Some(_) => Err(invalid(name, "must be a string")),
    }
}

/// The same schema with `confirmToken`, for tools whose calls may need a confirmation.
pub fn confirmable(mut schema: Value) -> Value {
    if let Some(props) = schema["properties"].as_object_mut() {
        props.insert("confirmToken".into(), json!({"type": "string"}));
    }
    schema
}

/// A JSON Schema for an object with these properties, no others allowed.
pub fn object_schema(properties: Value, required: &[&str]) -> Value {
    let mut props = properties;
    if let Value::Object(map) = &mut props {
        map.insert("includeTrace".into(), json!({"type": "boolean"}));
    }
    let mut schema = json!({"type": "object", "properties": props, "additionalProperties": false});
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    schema
}

/// An optional boolean, `default` when absent.
pub fn bool_or(args: &Map<String, Value>, name: &str, default: bool) -> Result<bool, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(invalid(name, "must be a boolean")),
    }
}

/// An optional string, non-empty and at most `max` bytes.
pub fn opt_string<'a>(
    args: &'a Map<String, Value>,
    name: &str,
    max: usize,
) -> Result<Option<&'a str>, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => string(args, name, max).map(Some),
    }
}

/// An optional string that must be one of `allowed`; `None` when absent.
pub fn one_of(
    args: &Map<String, Value>,
    name: &str,
    allowed: &[&'static str],
) -> Result<Option<&'static str>, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => allowed
            .iter()
            .find(|a| **a == s)
            .copied()
            .map(Some)
            .ok_or_else(|| invalid(name, &format!("must be one of: {}", allowed.join(", ")))),
        Some(_) => Err(invalid(name, "must be a string")),
    }
}

/// An optional signed integer within `min..=max`.
pub fn signed_in(
    args: &Map<String, Value>,
    name: &str,
    min: i64,
    max: i64,
) -> Result<Option<i64>, ToolError> {
    match args.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_i64()
            .filter(|n| (min..=max).contains(n))
            .map(Some)
            .ok_or_else(|| invalid(name, &format!("must be an integer from {min} to {max}"))),
    }
}
