//! `validateWebIr`, `inspectWebIr`, `diffWebIr`, `continuityWebIr`: browser-free Web IR tools.
//!
//! Thin wrappers over the pure `crate::webir` operations (`webIr.validate`, `webIr.inspect`,
//! `webIr.diff`, `webIr.continuity`). Responses carry counts and revisions only, never entity
//! payloads, relationships or page content.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::{Annotations, Services, Tool, ToolError, ToolFuture, ToolOutcome, args};
use crate::webir::{self as ir, Draft};

const PURE: Annotations = Annotations {
    read_only: true,
    destructive: false,
    idempotent: true,
    open_world: false,
};

/// `validateWebIr`.
pub const VALIDATE: Tool = Tool {
    name: "validateWebIr",
    title: "Validate a Web IR draft",
    description: "Validate a Web IR v1 draft's graph invariants without starting Chrome.",
    schema: one_draft_schema,
    annotations: PURE,
    browser: false,
    run: run_validate,
};

/// `inspectWebIr`.
pub const INSPECT: Tool = Tool {
    name: "inspectWebIr",
    title: "Inspect a Web IR draft",
    description: "Return bounded summary metadata for a validated Web IR v1 draft.",
    schema: one_draft_schema,
    annotations: PURE,
    browser: false,
    run: run_inspect,
};

/// `diffWebIr`.
pub const DIFF: Tool = Tool {
    name: "diffWebIr",
    title: "Diff two Web IR drafts",
    description: "Return bounded revision-change counts between two validated Web IR drafts.",
    schema: two_draft_schema,
    annotations: PURE,
    browser: false,
    run: run_diff,
};

/// `continuityWebIr`.
pub const CONTINUITY: Tool = Tool {
    name: "continuityWebIr",
    title: "Follow one entity across drafts",
    description: "Classify one entity across two Web IR drafts: unchanged, changed, rebound, removed or ambiguous.",
    schema: continuity_schema,
    annotations: PURE,
    browser: false,
    run: run_continuity,
};

fn draft_prop() -> Value {
    json!({"type": "object", "description": "Web IR v1 draft."})
}

fn one_draft_schema() -> Value {
    args::object_schema(json!({"draft": draft_prop()}), &["draft"])
}

fn two_draft_schema() -> Value {
    args::object_schema(
        json!({"before": draft_prop(), "after": draft_prop()}),
        &["before", "after"],
    )
}

fn continuity_schema() -> Value {
    args::object_schema(
        json!({"before": draft_prop(), "after": draft_prop(), "entityId": {"type": "string"}}),
        &["before", "after", "entityId"],
    )
}

/// Why a call failed: its arguments, or a draft that breaks the Web IR rules.
enum Failure {
    Args(ToolError),
    Draft(ir::WebIrError),
}

impl From<ToolError> for Failure {
    fn from(e: ToolError) -> Self {
        Failure::Args(e)
    }
}

impl From<ir::WebIrError> for Failure {
    fn from(e: ir::WebIrError) -> Self {
        Failure::Draft(e)
    }
}

fn draft(a: &Map<String, Value>, name: &str) -> Result<Draft, Failure> {
    match a.get(name) {
        Some(v @ Value::Object(_)) => Ok(ir::parse_draft(v)?),
        None | Some(Value::Null) => Err(args::invalid(name, "is required").into()),
        Some(_) => Err(args::invalid(name, "must be an object").into()),
    }
}

/// Run a pure operation and wrap its result or failure.
fn finish<T: serde::Serialize>(result: Result<T, Failure>) -> ToolFuture {
    let outcome = match result {
        Ok(v) => ToolOutcome::ok(&v),
        Err(Failure::Args(e)) => e.into(),
        Err(Failure::Draft(e)) => ToolOutcome::failed(&e.response()),
    };
    Box::pin(std::future::ready(outcome))
}

fn run_validate(_: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    finish((|| {
        args::only(&a, &["draft"])?;
        Ok(ir::validate_result(&draft(&a, "draft")?))
    })())
}

fn run_inspect(_: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    finish((|| {
        args::only(&a, &["draft"])?;
        let d = draft(&a, "draft")?;
        Ok(serde_json::to_value(ir::inspect(&d)).unwrap_or(Value::Null))
    })())
}

fn run_diff(_: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    finish((|| {
        args::only(&a, &["before", "after"])?;
        let (before, after) = (draft(&a, "before")?, draft(&a, "after")?);
        Ok(ir::diff(&before, &after)?)
    })())
}

fn run_continuity(_: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    finish((|| {
        args::only(&a, &["before", "after", "entityId"])?;
        let entity = args::string(&a, "entityId", ir::MAX_ENTITY_ID_BYTES)?;
        let (before, after) = (draft(&a, "before")?, draft(&a, "after")?);
        Ok(ir::continuity(&before, &after, entity)?)
    })())
}
