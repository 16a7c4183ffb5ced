//! Tool arguments: each tool's argument struct (serde with unknown fields denied, and
//! `JsonSchema` for the published schema), and the types several tools share.
//!
//! The call path checks a call's arguments against the schema generated from the struct
//! (`schema::check`) before the handler reads them here, so every rule a client sees in
//! `tools/list` is enforced once, and errors name the argument, never its value.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::failure::Failure as ToolError;
use crate::tools::kernel::schema::COMMON;

/// An `invalidArguments` failure at `path` (an argument's name, never its value).
pub fn invalid(path: &str, reason: &str) -> ToolError {
    ToolError::invalid_argument(path, reason)
}

/// Read checked arguments as the tool's argument struct. The arguments every tool takes
/// (`confirmToken`, `includeTrace`) are read by the call path, not here.
pub fn read<T: DeserializeOwned>(a: &Map<String, Value>) -> Result<T, ToolError> {
    let own: Map<String, Value> = a
        .iter()
        .filter(|(k, v)| !COMMON.contains(&k.as_str()) && !v.is_null())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    serde_json::from_value(Value::Object(own)).map_err(|e| {
        // Checked against the same struct's schema first, so this is a Glass fault; the
        // detail (which may hold a value) goes to the log, not the client.
        tracing::warn!(error = %e, "checked arguments did not read");
        invalid("$", "does not match the tool's input schema")
    })
}

/// A tool's [`crate::tools::kernel::tool::Handler`] from its argument struct and its handler function, which receives a
/// [`crate::tools::kernel::tool::Call`] of that struct: the one place a tool's arguments are parsed.
#[macro_export]
macro_rules! handler {
    ($args:ty, $run:expr) => {{
        fn bind(
            raw: &serde_json::Map<String, serde_json::Value>,
        ) -> Result<$crate::tools::kernel::tool::Bound, $crate::tools::kernel::outcome::ToolError>
        {
            let args: $args = $crate::tools::kernel::args::read(raw)?;
            Ok(Box::new(move |services, raw| {
                ($run)(services, $crate::tools::kernel::tool::Call { args, raw })
            }))
        }
        bind as $crate::tools::kernel::tool::Handler
    }};
}

/// The arguments of a tool that takes none (besides those every tool takes).
#[derive(serde::Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoArgs {}

/// A locator: one grammar for every tool (`docs/mcp.md`, "Targets"). Its syntax is checked
/// with the arguments, before Chrome starts.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(transparent)]
pub struct Target(pub String);

impl Target {
    /// The locator text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl JsonSchema for Target {
    fn schema_name() -> Cow<'static, str> {
        "Target".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "format": crate::tools::kernel::schema::LOCATOR_FORMAT,
        })
    }
}

/// A ref from `observe` (`e12`): a region to look inside.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(transparent)]
pub struct Ref(pub String);

impl Ref {
    /// The ref text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl JsonSchema for Ref {
    fn schema_name() -> Cow<'static, str> {
        "Ref".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "format": crate::tools::kernel::schema::REF_FORMAT, "maxLength": 24})
    }
}

/// A JSON object argument (a Task Protocol task, a Web IR draft) read by its own validator.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(transparent)]
pub struct Document(pub Map<String, Value>);

impl Document {
    /// The object as a JSON value.
    pub fn to_value(&self) -> Value {
        Value::Object(self.0.clone())
    }
}

impl JsonSchema for Document {
    fn schema_name() -> Cow<'static, str> {
        "Document".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "object"})
    }
}
