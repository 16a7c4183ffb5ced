//! What one connection's reader, call tasks and writer share: its lifecycle (handshake phase and
//! agreed revision), the running calls by id, the concurrency permits and the outbox.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use serde_json::Value;
use tokio::sync::{Semaphore, oneshot};

use super::connection::Outbox;
use super::jsonrpc::RequestId;
use super::negotiation::ServerFacts;
use crate::tools::Services;

/// Lifecycle of a handshake-era connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    Uninitialized,
    Negotiated,
    Ready,
}

#[derive(Debug)]
pub(super) struct Lifecycle {
    pub(super) phase: Phase,
    /// The MCP revision agreed by `initialize`.
    pub(super) revision: &'static str,
}

/// What is shared between the reader, the call tasks and the writer.
pub(super) struct Shared {
    pub(super) facts: ServerFacts,
    pub(super) services: Arc<Services>,
    pub(super) out: Outbox,
    pub(super) lifecycle: Mutex<Lifecycle>,
    /// Running calls (and open stateless subscriptions), by id.
    pub(super) active: Mutex<HashMap<RequestId, Running>>,
    pub(super) permits: Arc<Semaphore>,
    /// This connection's client id among a daemon's clients (`None` for a stdio server).
    pub(super) client: Option<u64>,
}

impl Shared {
    /// The `tools` of `tools/list`, in either revision: built once for the process (see
    /// `serve_connection`), since the facts it depends on are fixed.
    pub(super) fn tools_listing(&self) -> &Value {
        self.services
            .listing
            .get_or_init(|| crate::tools::list_json(&self.facts))
    }
}

/// A running call: how to cancel it and, for a stateless call, its concurrency permit.
///
/// A cancelled stateless call gets no answer, so its client cannot wait for one before its next
/// call: its permit is released the moment it is cancelled. Other calls keep their permit until
/// their answer (the -32800 error included) is queued.
pub(super) struct Running {
    pub(super) cancel: oneshot::Sender<()>,
    pub(super) permit: Option<tokio::sync::OwnedSemaphorePermit>,
}

pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Cut a client-supplied identifier to a bounded, printable form for an error message.
pub(super) fn bounded(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).take(64).collect()
}
