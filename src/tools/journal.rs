//! The execution journal and `recoverRun`: every call that may change a page gets an
//! `executionId`, and the journal keeps, for the session, whether its input reached the page
//! and whether its effect was verified. After a timeout, a cancellation or a lost answer,
//! `recoverRun` says conservatively what is safe: retry (nothing reached the page), done
//! (verified), or observe and verify first (input went out, its effect is unknown). It never
//! acts and never starts Chrome.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::output::result_of;
use super::schema::input_schema;
use super::{Call, Needs, RevisionRule, Services, Tool, ToolFuture, ToolOutcome};
use crate::browser::inputs_sent;
use crate::failure::{Failure, FailureKind};

/// Executions the journal remembers; older ones are forgotten first.
pub const JOURNAL_SIZE: usize = 256;

/// What became of one execution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ExecutionState {
    /// Still running.
    Running,
    /// It ended without sending anything to the page.
    NotDispatched,
    /// Input went out and the call verified its effect (or found nothing to do).
    Verified,
    /// Input went out and the call then failed: its effect did not show, or is unknown.
    DispatchedUnverified,
    /// The call was cancelled or lost after input may have gone out.
    Indeterminate,
}

/// One journal entry.
#[derive(Clone, Debug)]
struct Execution {
    id: u64,
    tool: &'static str,
    started: Instant,
    inputs_before: u64,
    dispatched: bool,
    acknowledged: bool,
    state: ExecutionState,
    elapsed_ms: Option<u64>,
}

/// The session's journal: bounded, in memory, shared by every call.
#[derive(Debug, Default)]
pub struct Journal {
    entries: Mutex<VecDeque<Execution>>,
    next: std::sync::atomic::AtomicU64,
}

impl Journal {
    /// Open an entry for a call of `tool`; the returned guard closes it, also when the call is
    /// dropped (cancelled) before it ends.
    pub fn start(self: &Arc<Self>, tool: &'static str) -> Running {
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        let entry = Execution {
            id,
            tool,
            started: Instant::now(),
            inputs_before: inputs_sent(),
            dispatched: false,
            acknowledged: false,
            state: ExecutionState::Running,
            elapsed_ms: None,
        };
        if let Ok(mut e) = self.entries.lock() {
            if e.len() == JOURNAL_SIZE {
                e.pop_front();
            }
            e.push_back(entry);
        }
        Running {
            journal: Arc::clone(self),
            id,
            done: false,
        }
    }

    fn finish(&self, id: u64, answered: Option<bool>) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        let Some(e) = entries.iter_mut().find(|e| e.id == id) else {
            return;
        };
        // Over-counting is the safe side: input from a call queued beside this one may be
        // counted here too, never the reverse.
        e.dispatched = inputs_sent() != e.inputs_before;
        e.acknowledged = answered.is_some();
        e.elapsed_ms = Some(e.started.elapsed().as_millis() as u64);
        e.state = match (answered, e.dispatched) {
            (Some(true), _) => ExecutionState::Verified,
            (_, false) => ExecutionState::NotDispatched,
            (Some(false), true) => ExecutionState::DispatchedUnverified,
            (None, true) => ExecutionState::Indeterminate,
        };
    }

    /// Whether the execution `id` (`x12`) sent input to the page, if the journal has it.
    pub fn dispatched(&self, id: &str) -> Option<bool> {
        let n = id.strip_prefix('x')?.parse::<u64>().ok()?;
        self.get(n).map(|e| e.dispatched)
    }

    fn latest(&self) -> Option<Execution> {
        self.entries.lock().ok().and_then(|e| e.back().cloned())
    }

    fn get(&self, id: u64) -> Option<Execution> {
        self.entries
            .lock()
            .ok()
            .and_then(|e| e.iter().find(|e| e.id == id).cloned())
    }
}

/// An open journal entry; dropped unfinished, it records the call as cancelled.
pub struct Running {
    journal: Arc<Journal>,
    id: u64,
    done: bool,
}

impl Running {
    /// The id clients see (`x12`).
    pub fn execution_id(&self) -> String {
        format!("x{}", self.id)
    }

    /// The call ended: `ok` when it succeeded (its effect verified, or nothing to do).
    pub fn finish(mut self, ok: bool) {
        self.journal.finish(self.id, Some(ok));
        self.done = true;
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if !self.done {
            self.journal.finish(self.id, None);
        }
    }
}

/// `recoverRun`.
pub const RECOVER_RUN: Tool = Tool {
    name: "recoverRun",
    title: "Recovery advice",
    description: "What is safe after a call with an uncertain outcome (timeout, cancel, lost answer), by executionId: retry, done, or verify first. Never acts.",
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
