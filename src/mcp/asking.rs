//! Questions for the person behind the client (MCP elicitation): how one call reaches them.
//! A handshake client that declared `elicitation` is sent an `elicitation/create` request while
//! the call waits (its response comes back through the read loop, [`Shared::answered`]); a
//! stateless client that declares it in the request is answered `input_required`, and calls
//! again with the answer and the state it was given. What to ask and what an answer means is
//! the kernel's ([`crate::tools::person`]).

use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::oneshot;

use super::jsonrpc::RequestId;
use super::result::server_info;
use super::revision;
use super::shared::{Shared, lock};
use super::transport::Framing;
use crate::tools::person::{Answer, Ask, Asking, Reach, RoundAnswer};

/// How long a question waits for the person before the call gives up (nothing done).
pub const ASK_WAIT: Duration = Duration::from_secs(300);

/// The key of Glass's one question in a stateless `input_required` result.
const QUESTION_KEY: &str = "confirm";

/// Whether a client's `elicitation` capability covers a form question (an empty object does;
/// since 2025-11-25 it may name `form` and `url` apart).
pub fn can_ask(capabilities: Option<&Value>) -> bool {
    match capabilities.and_then(|c| c.get("elicitation")) {
        Some(Value::Object(e)) => e.is_empty() || e.contains_key("form"),
        _ => false,
    }
}

/// How the person behind this call can be reached, from the connection (handshake) or the
/// request (stateless).
pub(super) fn reach(
    shared: &Arc<Shared>,
    framing: Framing,
    stateless: bool,
    params: &Value,
) -> Reach {
    if stateless {
        let caps = params
            .pointer("/_meta")
            .and_then(|m| m.get(revision::META_CAPABILITIES));
        if !can_ask(caps) {
            return Reach::Unreachable;
        }
        let answer = params
            .get("inputResponses")
            .and_then(|r| r.get(QUESTION_KEY))
            .map(|r| RoundAnswer {
                answer: Answer::from_action(r.get("action").and_then(Value::as_str)),
                state: params
                    .get("requestState")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            });
        return Reach::Rounds(answer);
    }
    if !shared.elicits.load(Ordering::SeqCst) {
        return Reach::Unreachable;
    }
    let revision = lock(&shared.lifecycle).revision;
    Reach::Now(Arc::new(Elicit {
        shared: Arc::downgrade(shared),
        framing,
        revision,
    }))
}

/// The form a question asks for: nothing to fill in, only accept, decline or cancel.
fn form(message: &str) -> Value {
    json!({"message": message, "requestedSchema": {"type": "object", "properties": {}}})
}

/// A stateless call's answer that asks the person and carries the state its next round needs.
pub fn input_required(message: &str, state: &str) -> Value {
    let mut params = form(message);
    params["mode"] = json!("form");
    json!({
        "resultType": "input_required",
        "inputRequests": {QUESTION_KEY: {"method": "elicitation/create", "params": params}},
        "requestState": state,
        "_meta": {revision::META_SERVER_INFO: server_info()},
    })
}

/// Asks a handshake client's person with `elicitation/create` while the call waits.
struct Elicit {
    shared: Weak<Shared>,
    framing: Framing,
    revision: &'static str,
}

impl Ask for Elicit {
    fn ask(&self, message: String) -> Asking {
        let shared = self.shared.clone();
        let framing = self.framing;
        let revision = self.revision;
        Box::pin(async move {
            let Some(shared) = shared.upgrade() else {
                return Answer::Unanswered;
            };
            let n = shared.next_ask.fetch_add(1, Ordering::SeqCst);
            let id = format!("glass-ask-{n}");
            let (tx, rx) = oneshot::channel();
            lock(&shared.asks).insert(id.clone(), tx);
            // Taken out again however the wait ends (answered, timed out, call cancelled).
            let _pending = Pending {
                shared: Arc::downgrade(&shared),
                id: id.clone(),
            };
            let mut params = form(&message);
            if revision >= "2025-11-25" {
                params["mode"] = json!("form");
            }
            let request = json!({"jsonrpc": "2.0", "id": id, "method": "elicitation/create", "params": params});
            shared.out.send(framing, request).await;
            drop(shared);
            match tokio::time::timeout(ASK_WAIT, rx).await {
                Ok(Ok(Some(result))) => {
                    Answer::from_action(result.get("action").and_then(Value::as_str))
                }
                _ => Answer::Unanswered,
            }
        })
    }
}

/// A question waiting for its answer, removed from the connection's table when dropped.
struct Pending {
    shared: Weak<Shared>,
    id: String,
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some(shared) = self.shared.upgrade() {
            lock(&shared.asks).remove(&self.id);
        }
    }
}

impl Shared {
    /// A response from the client: the answer to the question sent under its id, if one
    /// waits (a stray or late response is dropped).
    pub(super) fn answered(&self, id: Option<RequestId>, result: Option<Value>) {
        let Some(RequestId::Str(id)) = id else {
            return;
        };
        if let Some(waiting) = lock(&self.asks).remove(&id) {
            let _ = waiting.send(result);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_question_needs_the_capability_for_forms() {
        assert!(can_ask(Some(&json!({"elicitation": {}}))));
        assert!(can_ask(Some(
            &json!({"elicitation": {"form": {}, "url": {}}})
        )));
        assert!(!can_ask(Some(&json!({"elicitation": {"url": {}}}))));
        assert!(!can_ask(Some(&json!({"sampling": {}}))));
        assert!(!can_ask(None));
    }

    #[test]
    fn a_stateless_question_carries_its_state_and_no_token_field() {
        let r = input_required("Allow it?", "tok");
        assert_eq!(r["resultType"], "input_required");
        assert_eq!(r["requestState"], "tok");
        let q = &r["inputRequests"]["confirm"];
        assert_eq!(q["method"], "elicitation/create");
        assert_eq!(q["params"]["requestedSchema"]["properties"], json!({}));
        assert!(!r.to_string().contains("confirmToken"));
    }
}
