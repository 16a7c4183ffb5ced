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
use super::events::PageEvents;
use crate::policy::{Policy, UrlDenial, scheme_and_host};

const CALL: Duration = Duration::from_secs(5);

/// Chrome's `--host-resolver-rules` for these host rules, when they can be expressed.
pub fn resolver_rules(policy: &Policy) -> Option<String> {
    let mut rules: Vec<String> = Vec::new();
    // The same reach as `HostRule::matches`: an exact rule is that host only, `*.` adds its
    // subdomains. An exact allow rule that excluded `*.host` here let WebSockets (which Fetch
    // cannot pause) reach every subdomain.
    for d in policy.deny_hosts() {
        rules.push(format!("MAP {} ~NOTFOUND", d.host()));
        if d.subdomains() {
            rules.push(format!("MAP *.{} ~NOTFOUND", d.host()));
        }
    }
    if !policy.allow_hosts().is_empty() {
        rules.push("MAP * ~NOTFOUND".into());
        for a in policy.allow_hosts() {
            rules.push(format!("EXCLUDE {}", a.host()));
            if a.subdomains() {
                rules.push(format!("EXCLUDE *.{}", a.host()));
            }
        }
    }
    (!rules.is_empty()).then(|| rules.join(", "))
}

/// The WebRTC IP handling policy that keeps a page's UDP (STUN, TURN, peers) off the
/// network: WebRTC may only use proxied TCP, which goes through Chrome's network stack and so
/// through the resolver rules. Neither Fetch nor the resolver rules see WebRTC's own UDP, and
/// Chromium ignores the `--force-webrtc-ip-handling-policy` switch.
const WEBRTC_CONFINED: &str = "disable_non_proxied_udp";

/// Set (with host rules) or clear (without, when Glass set it) the profile's WebRTC IP
/// handling preference, before Chrome starts on `profile`. Other preferences are kept.
pub fn confine_webrtc(profile: &std::path::Path, on: bool) {
    let path = profile.join("Default").join("Preferences");
    let mut prefs: Value = std::fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .filter(Value::is_object)
        .unwrap_or_else(|| json!({}));
    let current = prefs["webrtc"]["ip_handling_policy"].as_str() == Some(WEBRTC_CONFINED);
    if current == on {
        return;
    }
    if on {
        if !prefs["webrtc"].is_object() {
            prefs["webrtc"] = json!({});
        }
        prefs["webrtc"]["ip_handling_policy"] = json!(WEBRTC_CONFINED);
    } else if let Some(webrtc) = prefs["webrtc"].as_object_mut() {
        webrtc.remove("ip_handling_policy");
    }
    let written = std::fs::create_dir_all(profile.join("Default"))
        .and_then(|_| std::fs::write(&path, prefs.to_string()));
    if written.is_err() {
        tracing::warn!("could not write the profile's WebRTC preference");
    }
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

/// Remember a refused request for the next result's `blocked` header (host only: a path or
/// query may carry page data).
fn record_denial(events: &PageEvents, url: &str, kind: &Value, denial: UrlDenial) {
    let host = scheme_and_host(url).map(|(_, h)| h).unwrap_or_default();
    if let Ok(mut d) = events.denials.lock() {
        if d.len() < MAX_DENIALS {
            d.push(json!({
                "host": crate::redact::bounded_text(&host, 253),
                "type": kind,
                "reason": denial.as_str(),
            }));
        }
    }
    events.changed.notify_waiters();
}

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
                if let Err(denial) = verdict {
                    record_denial(&events, url, &p["resourceType"], denial);
                    cdp.send_detached(
                        Some(&session),
                        "Fetch.failRequest",
                        json!({"requestId": id, "errorReason": "BlockedByClient"}),
                        CALL,
                    );
                } else {
                    cdp.send_detached(
                        Some(&session),
                        "Fetch.continueRequest",
                        json!({"requestId": id}),
                        CALL,
                    );
                }
            }
            // Fetch cannot pause a WebSocket handshake; Chrome's resolver rules refuse it.
            // Reported here, so a blocked socket shows in the result like a blocked request.
            "Network.webSocketCreated" => {
                let url = ev.params["url"].as_str().unwrap_or("");
                if let Err(denial) = policy.url(url, false) {
                    record_denial(&events, url, &json!("WebSocket"), denial);
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
    fn webrtc_preference_is_set_with_host_rules_and_other_preferences_kept() {
        let dir = std::env::temp_dir().join(format!("glass-webrtc-pref-{}", std::process::id()));
        let prefs = dir.join("Default").join("Preferences");
        let read = || -> Value { serde_json::from_slice(&std::fs::read(&prefs).unwrap()).unwrap() };
        confine_webrtc(&dir, true);
        assert_eq!(read()["webrtc"]["ip_handling_policy"], WEBRTC_CONFINED);
        std::fs::write(
            &prefs,
            r#"{"homepage":"x","webrtc":{"ip_handling_policy":"disable_non_proxied_udp","other":1}}"#,
        )
        .unwrap();
        confine_webrtc(&dir, false);
        let v = read();
        assert_eq!(v["homepage"], "x");
        assert_eq!(v["webrtc"], json!({"other": 1}));
        confine_webrtc(&dir, true);
        assert_eq!(read()["webrtc"]["ip_handling_policy"], WEBRTC_CONFINED);
        assert_eq!(read()["homepage"], "x");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn resolver_rules_express_allow_and_deny_lists() {
        let p = Policy::from_flags(
            PolicyPreset::Hardened,
            &[],
            &[],
            &["127.0.0.1".into(), "*.apps.test".into()],
            &["evil.test".into(), "*.worse.test".into()],
        )
        .unwrap();
        assert_eq!(
            resolver_rules(&p).unwrap(),
            "MAP evil.test ~NOTFOUND, MAP worse.test ~NOTFOUND, MAP *.worse.test ~NOTFOUND, \
             MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE apps.test, EXCLUDE *.apps.test"
        );
        assert!(resolver_rules(&Policy::default()).is_none());
    }
}
