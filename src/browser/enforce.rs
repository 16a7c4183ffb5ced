//! Host rules enforced inside Chrome.
//!
//! With host rules set, every request of every target Glass can see is paused by the Fetch
//! domain and continued only if the policy allows its URL: top-level navigations, redirects
//! (each hop is paused again), subresources, frames (out-of-process ones through their own
//! session), popups and workers (auto-attached paused, then released once interception is on).
//! A launched Chrome also gets resolver rules, so even traffic Fetch cannot pause (WebSocket
//! handshakes) cannot reach a denied host name. Denials are recorded for the next result.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;

use super::cdp::{Cdp, CdpEvent};
use super::session::PageEvents;
use crate::policy::{Policy, scheme_and_host};

const CALL: Duration = Duration::from_secs(5);

/// Chrome's `--host-resolver-rules` for these host rules, when they can be expressed.
pub fn resolver_rules(policy: &Policy) -> Option<String> {
    let mut rules: Vec<String> = Vec::new();
    for d in policy.deny_hosts() {
        rules.push(format!("MAP {} ~NOTFOUND", d.host()));
        rules.push(format!("MAP *.{} ~NOTFOUND", d.host()));
    }
    if !policy.allow_hosts().is_empty() {
        rules.push("MAP * ~NOTFOUND".into());
        for a in policy.allow_hosts() {
            rules.push(format!("EXCLUDE {}", a.host()));
            rules.push(format!("EXCLUDE *.{}", a.host()));
        }
    }
    (!rules.is_empty()).then(|| rules.join(", "))
}

/// Turn on request interception for one session.
pub async fn intercept(cdp: &Cdp, session: &str) {
    let _ = cdp
        .call_raw(
            Some(session),
            "Fetch.enable",
            json!({"patterns": [{"urlPattern": "*", "requestStage": "Request"}]}),
            CALL,
        )
        .await;
}

/// Most denials remembered until reported.
const MAX_DENIALS: usize = 32;

/// Decide paused requests and release auto-attached targets, until the connection closes.
pub async fn run(
    cdp: Cdp,
    mut rx: tokio::sync::broadcast::Receiver<Arc<CdpEvent>>,
    policy: Policy,
    events: Arc<PageEvents>,
) {
    loop {
        let ev: Arc<CdpEvent> = match rx.recv().await {
            Ok(ev) => ev,
            Err(RecvError::Lagged(n)) => {
                tracing::warn!(n, "request policy lagged behind events");
                continue;
            }
            Err(RecvError::Closed) => return,
        };
        match ev.method.as_str() {
            "Fetch.requestPaused" => {
                let Some(session) = ev.session_id.clone() else {
                    continue;
                };
                let p = &ev.params;
                let Some(id) = p["requestId"].as_str().map(str::to_owned) else {
                    continue;
                };
                let url = p["request"]["url"].as_str().unwrap_or("");
                let top_level = p["resourceType"] == "Document";
                let verdict = policy.url(url, top_level);
                tracing::debug!(allowed = verdict.is_ok(), kind = %p["resourceType"], "request paused");
                let cdp = cdp.clone();
                if let Err(denial) = verdict {
                    let host = scheme_and_host(url).map(|(_, h)| h).unwrap_or_default();
                    if let Ok(mut d) = events.denials.lock() {
                        if d.len() < MAX_DENIALS {
                            d.push(json!({
                                "host": crate::redact::bounded_text(&host, 253),
                                "type": p["resourceType"],
                                "reason": denial.as_str(),
                            }));
                        }
                    }
                    events.changed.notify_waiters();
                    tokio::spawn(async move {
                        let _ = cdp
                            .call_raw(
                                Some(&session),
                                "Fetch.failRequest",
                                json!({"requestId": id, "errorReason": "BlockedByClient"}),
                                CALL,
                            )
                            .await;
                    });
                } else {
                    tokio::spawn(async move {
                        let _ = cdp
                            .call_raw(
                                Some(&session),
                                "Fetch.continueRequest",
                                json!({"requestId": id}),
                                CALL,
                            )
                            .await;
                    });
                }
            }
            "Target.attachedToTarget" if ev.params["waitingForDebugger"] == true => {
                let Some(session) = ev.params["sessionId"].as_str().map(str::to_owned) else {
                    continue;
                };
                let kind = ev.params["targetInfo"]["type"]
                    .as_str()
                    .unwrap_or("")
                    .to_owned();
                let cdp = cdp.clone();
                tokio::spawn(async move {
                    if kind != "browser" && kind != "tab" {
                        intercept(&cdp, &session).await;
                        // Its own children (frames, workers) must wait for interception too.
                        let _ = cdp
                            .call_raw(
                                Some(&session),
                                "Target.setAutoAttach",
                                json!({"autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true}),
                                CALL,
                            )
                            .await;
                    }
                    let _ = cdp
                        .call_raw(
                            Some(&session),
                            "Runtime.runIfWaitingForDebugger",
                            Value::Null,
                            CALL,
                        )
                        .await;
                });
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::PolicyPreset;

    #[test]
    fn resolver_rules_express_allow_and_deny_lists() {
        let p = Policy::from_flags(
            PolicyPreset::Hardened,
            &[],
            &[],
            &["127.0.0.1".into()],
            &["evil.test".into()],
        )
        .unwrap();
        assert_eq!(
            resolver_rules(&p).unwrap(),
            "MAP evil.test ~NOTFOUND, MAP *.evil.test ~NOTFOUND, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE *.127.0.0.1"
        );
        assert!(resolver_rules(&Policy::default()).is_none());
    }
}
