//! `tools/call`: the request read once (its tool, its arguments and the arguments the server
//! reads itself), registered under its id so it can be cancelled, run through the tools' one
//! call path with its progress, and answered in the request's revision.

use std::sync::Arc;
use std::time::Instant;

use serde_json::{Map, Value, json};
use tokio::sync::{OwnedSemaphorePermit, oneshot};

use super::jsonrpc::{self, RequestId};
use super::result::{Era, tool_result};
use super::shared::{Running, Shared, bounded, lock};
use super::transport::Framing;
use crate::tools::person::{Ended, Reach};
use crate::tools::{self, Tool};

/// How long a call that grew the list waits for the client to list again before answering.
const RELIST_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// A `tools/call` request as the server read it.
struct CallRequest {
    tool: &'static Tool,
    /// The tool's own arguments (the server's are taken out).
    arguments: Map<String, Value>,
    /// Add a bounded trace item to a failure.
    include_trace: bool,
    /// The lease token a program may still give (a connection holding the lease needs none).
    lease_token: Option<String>,
    /// The client's progress token: progress notifications are sent under it.
    progress_token: Option<Value>,
}

/// Answer `tools/call`: refused at once when it does not read, when too many calls run or when
/// its id is already running; otherwise run in a task of its own.
pub(super) async fn call_tool(
    shared: &Arc<Shared>,
    framing: Framing,
    id: RequestId,
    params: Option<Value>,
    era: Era,
) {
    let params = params.unwrap_or(Value::Null);
    let reach = super::asking::reach(shared, framing, era == Era::Stateless, &params);
    let request = match read(shared, params) {
        Ok(r) => r,
        Err(message) => {
            return shared
                .out
                .fail(framing, &id, jsonrpc::INVALID_PARAMS, &message)
                .await;
        }
    };
    let Ok(permit) = shared.permits.clone().try_acquire_owned() else {
        return shared
            .out
            .fail(
                framing,
                &id,
                jsonrpc::OVERLOADED,
                "too many concurrent requests",
            )
            .await;
    };
    let Some((cancel_rx, permit)) = register(shared, &id, era, permit) else {
        return shared
            .out
            .fail(
                framing,
                &id,
                jsonrpc::INVALID_REQUEST,
                "duplicate active request id",
            )
            .await;
    };
    tokio::spawn(run(
        Arc::clone(shared),
        framing,
        id,
        era,
        (request, reach),
        cancel_rx,
        permit,
    ));
}

/// Read the request once: its tool (one out of reach is unknown; one the policy denies is
/// found, and answers with the policy's denial), its arguments, and the arguments the server
/// reads itself. The error is the invalid-params message.
fn read(shared: &Shared, params: Value) -> Result<CallRequest, String> {
    let name = params
        .get("name")
        .and_then(Value::as_str)
        .ok_or("tools/call requires a string name")?;
    let mut arguments = match params.get("arguments") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Err("tools/call arguments must be an object".into()),
    };
    let tool = tools::find(name)
        .filter(|t| tools::reachable(t, &shared.facts))
        .ok_or_else(|| format!("unknown tool: {}", bounded(name)))?;
    let include_trace = server_arg(
        &mut arguments,
        "includeTrace",
        Value::as_bool,
        "must be a boolean",
    )?
    .unwrap_or(false);
    let lease_token = server_arg(
        &mut arguments,
        "leaseToken",
        |v| v.as_str().map(str::to_owned),
        "must be a string",
    )?;
    // A client that wants progress names it with a token (a string or an integer).
    let progress_token = params
        .get("_meta")
        .and_then(|m| m.get("progressToken"))
        .filter(|t| t.is_string() || t.is_i64() || t.is_u64())
        .cloned();
    Ok(CallRequest {
        tool,
        arguments,
        include_trace,
        lease_token,
        progress_token,
    })
}

/// An optional argument the server takes out of a call's arguments and reads itself: its
/// value, or the invalid-params message naming it.
fn server_arg<T>(
    arguments: &mut Map<String, Value>,
    name: &str,
    read: impl Fn(&Value) -> Option<T>,
    rule: &str,
) -> Result<Option<T>, String> {
    match arguments.remove(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => read(&v).map(Some).ok_or_else(|| format!("{name} {rule}")),
    }
}

/// Register the call under its id, so `notifications/cancelled` reaches it: `None` when that
/// id is already running. A stateless call's permit lives in its entry (see `Running`); any
/// other call holds its own, returned here.
fn register(
    shared: &Shared,
    id: &RequestId,
    era: Era,
    permit: OwnedSemaphorePermit,
) -> Option<(oneshot::Receiver<()>, Option<OwnedSemaphorePermit>)> {
    let (cancel_tx, cancel_rx) = oneshot::channel();
    let (entry_permit, permit) = if era == Era::Stateless {
        (Some(permit), None)
    } else {
        (None, Some(permit))
    };
    let mut active = lock(&shared.active);
    if active.contains_key(id) {
        return None;
    }
    active.insert(
        id.clone(),
        Running {
            cancel: cancel_tx,
            permit: entry_permit,
        },
    );
    Some((cancel_rx, permit))
}

/// Run the call through the tools' call path (for this daemon client and its lease token, with
/// progress sent as it comes), until it answers or is cancelled; then answer it.
async fn run(
    shared: Arc<Shared>,
    framing: Framing,
    id: RequestId,
    era: Era,
    (request, reach): (CallRequest, Reach),
    cancel_rx: oneshot::Receiver<()>,
    permit: Option<OwnedSemaphorePermit>,
) {
    let started = Instant::now();
    let services = Arc::clone(&shared.services);
    let (progress_tx, mut progress_rx) = tokio::sync::mpsc::unbounded_channel::<Value>();
    let control = Arc::new(tools::progress::Control::default());
    let CallRequest {
        tool,
        arguments,
        include_trace,
        lease_token,
        progress_token,
    } = request;
    // A lean list grows by what the session uses: a call of a tool not listed yet lists its
    // family (the client is told once the call has answered), as `addTools` does.
    let families_before = shared.added.get();
    if !tools::listed(tool, &shared.facts, families_before) {
        shared.added.add(tool.family);
    }
    let run = async {
        let call = tools::progress::with_control(
            Arc::clone(&control),
            tools::lease::as_client(
                shared.client.unwrap_or(0),
                lease_token,
                tools::ADDED.scope(
                    Arc::clone(&shared.added),
                    tools::call::call_reaching(&services, tool, arguments, &reach),
                ),
            ),
        );
        match progress_token {
            Some(token) => {
                let sink = tools::progress::Sink::new(move |done, total, message| {
                    let mut params =
                        json!({"progressToken": token, "progress": done, "message": message});
                    if let Some(total) = total {
                        params["total"] = json!(total);
                    }
                    let _ = progress_tx.send(json!({
                        "jsonrpc": "2.0",
                        "method": "notifications/progress",
                        "params": params,
                    }));
                });
                tools::progress::with_sink(sink, call).await
            }
            None => call.await,
        }
    };
    tokio::pin!(run);
    let mut cancel_rx = cancel_rx;
    // A call that stops between steps is let finish its step; any other is dropped.
    let mut stopping = false;
    let outcome = loop {
        tokio::select! {
            outcome = &mut run => break Some(outcome),
            _ = &mut cancel_rx, if !stopping => {
                if control.cancel() {
                    stopping = true;
                } else {
                    break None;
                }
            }
            Some(note) = progress_rx.recv() => shared.out.send(framing, note).await,
        }
    };
    // Progress reported before the answer goes out before it.
    while let Ok(note) = progress_rx.try_recv() {
        if outcome.is_some() {
            shared.out.send(framing, note).await;
        }
    }
    // A list that grew is announced ahead of the answer, and the answer waits (up to
    // RELIST_WAIT) for the client to list again: Claude Code builds the model's next turn as
    // soon as it has the answer, so the family is there in that very turn, not one later. A
    // cancelled call that grew the list is announced too (its family stays listed), unawaited.
    if shared.added.get() != families_before {
        let relisted = shared.relisted.notified();
        shared.announce_list_changed(framing).await;
        if outcome.is_some() {
            let _ = tokio::time::timeout(RELIST_WAIT, relisted).await;
        }
    }
    // Held until the answer is queued (a stateless call's permit is in it).
    let entry = lock(&shared.active).remove(&id);
    let cancelled = control.was_cancelled();
    answer(
        &shared,
        framing,
        &id,
        era,
        tool,
        outcome,
        cancelled,
        include_trace,
        started,
    )
    .await;
    // Released only once the answer is queued, so the EOF drain never overtakes it.
    drop(entry);
    drop(permit);
}

/// Answer a call that ended: its result (with the daemon's lease status when clients share the
/// browser), or the cancellation (with the steps that ran, for a call stopped between steps).
/// The stateless revision forbids any message for a cancelled request.
#[allow(clippy::too_many_arguments)]
async fn answer(
    shared: &Shared,
    framing: Framing,
    id: &RequestId,
    era: Era,
    tool: &'static Tool,
    outcome: Option<Ended>,
    cancelled: bool,
    include_trace: bool,
    started: Instant,
) {
    let outcome = match outcome {
        // A stateless call that needs the person's answer ends asking for it (a handshake
        // call never does: its question is asked while it waits).
        Some(Ended::Ask { message, state }) if !cancelled && era == Era::Stateless => {
            let asking = super::asking::input_required(&message, &state);
            return shared.out.reply(framing, id, asking).await;
        }
        ended => ended.map(Ended::outcome),
    };
    match outcome {
        // Stopped between steps: the cancellation's answer says which steps ran.
        Some(_) if cancelled && era == Era::Stateless => {}
        Some(outcome) if cancelled => {
            let (ran, _) = tools::call::nested(outcome);
            shared
                .out
                .send(
                    framing,
                    jsonrpc::error(id, jsonrpc::CANCELLED, "request cancelled", Some(ran)),
                )
                .await
        }
        Some(outcome) => {
            let mut result = tool_result(tool.name, outcome, era, include_trace, started);
            // A shared daemon's answers say who holds the lease and until when; a client
            // alone on it never sees a lease.
            if let (Some(client), Some(leases)) = (
                shared.client,
                shared.services.leases.as_ref().filter(|l| l.shared()),
            ) {
                if let Some(m) = result.as_object_mut() {
                    let meta = m.entry("_meta").or_insert_with(|| json!({}));
                    meta["glass/lease"] = leases.status(client);
                }
            }
            shared.out.reply(framing, id, result).await;
        }
        None if era == Era::Stateless => {}
        None => {
            shared
                .out
                .fail(framing, id, jsonrpc::CANCELLED, "request cancelled")
                .await
        }
    }
}
