//! `validateTask` and `compileTask`: browser-free Task Protocol v1 tools.
//!
//! Thin wrappers over the pure `crate::task` operations `task.validate` and `task.compile`:
//! the MCP layer only extracts the `task` object; MCP-only options never reach the task.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;

use crate::task::{self as protocol, TaskErrorKind};
use crate::tools::kernel::args::Document;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};

/// `validateTask`.
pub const VALIDATE: Tool = Tool {
    name: "validateTask",
    title: "Validate a task",
    description: "Validate a Task Protocol v1 task without compiling or starting Chrome.",
    group: ToolGroup::Full,
    family: Family::Contracts,
    schema: input_schema::<TaskArgs>,
    output: crate::tools::kernel::output::result_of::<crate::task::ValidationResult>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(TaskArgs, run_validate),
};

/// `compileTask`.
pub const COMPILE: Tool = Tool {
    name: "compileTask",
    title: "Compile a task",
    description: "Validate a Task Protocol v1 task and return a browser-free execution plan.",
    group: ToolGroup::Full,
    family: Family::Contracts,
    schema: input_schema::<TaskArgs>,
    output: crate::tools::kernel::output::result_of::<crate::task::PlanResponse<'static>>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(TaskArgs, run_compile),
};

/// Arguments of `validateTask` and `compileTask`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TaskArgs {
    /// A Task Protocol v1 document.
    task: Document,
}

fn run_validate(_: Arc<Services>, input: Call<TaskArgs>) -> ToolFuture {
    let outcome = match protocol::validate(&input.args.task.to_value()) {
        Ok(valid) => ToolOutcome::ok(&protocol::validation_result(&valid)),
        Err(e) => ToolOutcome::failed(&e.response(TaskErrorKind::Validation)),
    };
    Box::pin(std::future::ready(outcome))
}

fn run_compile(_: Arc<Services>, input: Call<TaskArgs>) -> ToolFuture {
    let outcome = match protocol::compile(&input.args.task.to_value()) {
        Ok(plan) => ToolOutcome::ok(&protocol::plan_response(&plan)),
        Err(e) => ToolOutcome::failed(&e.response(TaskErrorKind::Compilation)),
    };
    Box::pin(std::future::ready(outcome))
}
