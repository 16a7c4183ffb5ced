//! The execution journal: every call that may change a page gets an `executionId`, and the
//! journal keeps, for the session, whether its input reached the page and whether its effect
//! was verified (read back by `recoverRun`).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use schemars::JsonSchema;
use serde::Serialize;

use crate::browser::inputs_sent;

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
pub struct Execution {
    /// The number behind its `executionId` (`x12`).
    pub id: u64,
    /// The tool that ran.
    pub tool: &'static str,
    started: Instant,
    inputs_before: u64,
    /// Whether any input was sent to the page while it ran.
    pub dispatched: bool,
    /// Whether the page answered the input it was sent.
    pub acknowledged: bool,
    /// Where it stands.
    pub state: ExecutionState,
    /// How long it ran, once it ended.
    pub elapsed_ms: Option<u64>,
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

    pub fn latest(&self) -> Option<Execution> {
        self.entries.lock().ok().and_then(|e| e.back().cloned())
    }

    pub fn get(&self, id: u64) -> Option<Execution> {
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
