//! The execution journal and `recoverRun`: every call that may change a page gets an
//! `executionId`, and the journal keeps, for the session, whether its input reached the page
//! and whether its effect was verified. After a timeout, a cancellation or a lost answer,
//! `recoverRun` says conservatively what is safe: retry (nothing reached the page), done
//! (verified), or observe and verify first (input went out, its effect is unknown). It never
//! acts and never starts Chrome.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::failure::{Failure, FailureKind};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::journal::ExecutionState;
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};

/// `recoverRun`.
pub const RECOVER_RUN: Tool = Tool {
    name: "recoverRun",
    title: "Recovery advice",
    description: "What is safe after a call with an uncertain outcome (timeout, cancel, lost answer), by executionId: retry, done, or verify first. Never acts.",
    group: ToolGroup::Standard,
    family: Family::Run,
    schema: input_schema::<RecoverArgs>,
    output: result_of::<RecoverResult>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(RecoverArgs, run),
};

/// Arguments of `recoverRun`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RecoverArgs {
    /// x12; default the latest page-changing call.
    #[schemars(length(min = 2, max = 24))]
    execution_id: Option<String>,
}

fn run(services: Arc<Services>, input: Call<RecoverArgs>) -> ToolFuture {
    let outcome = (|| {
        let a = input.args;
        let unknown = || {
            ToolOutcome::Failed(Failure::of(
                FailureKind::UnknownExecution,
                "no call of this session has this executionId (the journal keeps the last 256)",
            ))
        };
        let entry = match a.execution_id.as_deref() {
            Some(given) => given
                .strip_prefix('x')
                .and_then(|n| n.parse::<u64>().ok())
                .and_then(|id| services.journal.get(id)),
            None => services.journal.latest(),
        };
        let Some(e) = entry else {
            return unknown();
        };
        let (safe_to_retry, next) = match e.state {
            ExecutionState::Running => (false, "the call is still running; wait for its answer"),
            ExecutionState::NotDispatched => (
                true,
                "nothing reached the page: the call can be repeated as it was",
            ),
            ExecutionState::Verified => (
                false,
                "done: the call's effect was verified; repeating it would act twice",
            ),
            ExecutionState::DispatchedUnverified => (
                false,
                "input reached the page but its effect did not show: observe (or verify the effect) before deciding to repeat it",
            ),
            ExecutionState::Indeterminate => (
                false,
                "input may have reached the page and the call did not finish: observe (or verify the expected effect) before any retry",
            ),
        };
        ToolOutcome::ok(&RecoverResult {
            execution_id: format!("x{}", e.id),
            tool: e.tool,
            state: e.state,
            dispatched: e.dispatched,
            acknowledged: e.acknowledged,
            verified: e.state == ExecutionState::Verified,
            elapsed_ms: e.elapsed_ms,
            safe_to_retry,
            next,
        })
    })();
    Box::pin(std::future::ready(outcome))
}

/// The result of `recoverRun`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoverResult {
    /// The execution asked about.
    pub execution_id: String,
    /// The tool it called.
    pub tool: &'static str,
    /// What became of it.
    pub state: ExecutionState,
    /// Input reached Chrome during the call (counted when sent, so also when cancelled).
    pub dispatched: bool,
    /// The call answered (it was not cancelled or lost).
    pub acknowledged: bool,
    /// The call verified its effect.
    pub verified: bool,
    /// How long the call ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
    /// Repeating the call cannot act twice.
    pub safe_to_retry: bool,
    /// What to do next.
    pub next: &'static str,
}
