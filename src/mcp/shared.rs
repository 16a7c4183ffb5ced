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
    /// The tool families this connection added to a lean list.
    pub(super) added: Arc<crate::tools::AddedFamilies>,
    /// Stateless subscriptions (`subscriptions/listen`) that asked for `toolsListChanged`.
    pub(super) list_watchers: Mutex<Vec<RequestId>>,
    /// Woken when the client lists the tools (after a change was announced).
    pub(super) relisted: tokio::sync::Notify,
    /// The handshake client declared it can put a form question to its person.
    pub(super) elicits: std::sync::atomic::AtomicBool,
    /// Questions sent to the client, by the id Glass gave them, each waiting for its answer.
    pub(super) asks: Mutex<HashMap<String, oneshot::Sender<Option<Value>>>>,
    /// The next question's number.
    pub(super) next_ask: std::sync::atomic::AtomicU64,
}

impl Shared {
    /// The `tools` of `tools/list`, in either revision: the entries are built once for the
    /// process (see `serve_connection`), then filtered by what this connection added.
    pub(super) fn tools_listing(&self) -> Value {
        let entries = self
            .services
            .listing
            .get_or_init(|| crate::tools::list_entries(&self.facts));
        crate::tools::list_json(entries, &self.facts, self.added.get())
    }

    /// Tell the client its tool list changed: a handshake client once initialized, and each
    /// stateless subscription that asked for it.
    pub(super) async fn announce_list_changed(&self, framing: super::transport::Framing) {
        let method = "notifications/tools/list_changed";
        if lock(&self.lifecycle).phase != Phase::Uninitialized {
            let note = serde_json::json!({"jsonrpc": "2.0", "method": method});
            self.out.send(framing, note).await;
        }
        let watchers = lock(&self.list_watchers).clone();
        for id in watchers {
            let note = serde_json::json!({"jsonrpc": "2.0", "method": method,
                "params": {"_meta": {"io.modelcontextprotocol/subscriptionId": id.to_value()}}});
            self.out.send(framing, note).await;
        }
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
