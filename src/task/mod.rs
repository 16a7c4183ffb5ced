//! Task Protocol v1: strict validation of a semantic task document and its
//! compilation into a browser-free execution plan.
//!
//! Nothing here starts Chrome or performs I/O. Errors are `{path, reason}`
//! pairs whose reasons are fixed sentences, so they are safe to show and
//! never carry input values.

mod compile;
mod model;
mod validate;

#[cfg(test)]
mod tests;

use serde_json::Value;

pub use model::{
    AmbiguityPolicy, Inputs, Limits, MAX_ACTIONS_BOUND, MAX_EXPECTED_BYTES, MAX_INPUT_NAME_BYTES,
    MAX_INPUT_VALUE_BYTES, MAX_INPUTS, MAX_ITEMS_BOUND, MAX_POSTCONDITIONS, MAX_SCOPE_TEXT_BYTES,
    MAX_TIMEOUT_MS, Operation, PLAN_SCHEMA_VERSION, Plan, PlanResponse, PlanStep, Postcondition,
    PostconditionKind, RequiredInput, RevisionPolicy, RiskClass, Scope, TASK_SCHEMA_VERSION, Task,
    TaskError, TaskErrorKind, TaskErrorResponse, TaskKind, ValidatedTask, ValidationResult,
};

/// Parses a task document and applies every rule, in order.
///
/// Structural problems (wrong type, missing or unknown field, unknown enum
/// string) are reported before rule failures, at the offending field's path.
/// Work is linear in the size of `value`.
pub fn validate(value: &Value) -> Result<ValidatedTask, TaskError> {
    validate_task(validate::parse_task(value)?)
}

/// Applies the rules to a task built in code rather than parsed.
pub fn validate_task(task: Task) -> Result<ValidatedTask, TaskError> {
    validate::validate_task(task)
}

/// Validates then compiles a task document into a plan.
///
/// Validation failures keep their path and reason; the caller reports every
/// error from this function with kind `taskCompilation`.
pub fn compile(value: &Value) -> Result<Plan, TaskError> {
    compile_validated(&validate(value)?)
}

/// Compiles an already validated task.
pub fn compile_validated(task: &ValidatedTask) -> Result<Plan, TaskError> {
    compile::compile_task(task)
}

/// The `validateTask` success body for a validated task.
pub fn validation_result(task: &ValidatedTask) -> ValidationResult {
    ValidationResult {
        valid: true,
        schema_version: task.schema_version(),
        task: task.task().task,
    }
}

/// Wraps a plan as the `compileTask` success body `{"plan": …}`.
pub fn plan_response(plan: &Plan) -> PlanResponse<'_> {
    PlanResponse { plan }
}
