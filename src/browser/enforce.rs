//! Host rules enforced inside Chrome.
//!
//! With host rules set, every request of every target Glass can see is paused by the Fetch
//! domain and continued only if the policy allows its URL: top-level navigations, redirects
//! (each hop is paused again), subresources, frames (out-of-process ones through their own
//! session), popups and workers (auto-attached paused, then released once interception is on).
//! A launched Chrome also gets resolver rules, so even traffic Fetch cannot pause (WebSocket
//! handshakes) cannot reach a denied host name, and a profile preference keeps WebRTC off UDP.
//! Denials (WebSockets and WebRTC servers included) are recorded for the next result.

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

/// The binding through which pages report the ICE servers they give WebRTC.
const RTC_BINDING: &str = "__glassRtc";

/// Installed in every document under host rules: reports each peer connection's ICE server
/// URLs through [`RTC_BINDING`], so what the profile preference stopped can be named in the
/// result's `blocked` header. Reporting only: the preference and the resolver rules enforce,
/// whatever a page does to this wrapper.
const RTC_WATCH: &str = r#"(() => {
  const send = globalThis.__glassRtc, Orig = globalThis.RTCPeerConnection;
  if (typeof send !== 'function' || typeof Orig !== 'function' || Orig.__glass) return;
  const report = (config) => {
    try {
      const urls = [];
      for (const s of (config && config.iceServers) || []) {
        for (const u of [].concat((s && (s.urls || s.url)) || [])) urls.push(String(u).slice(0, 300));
      }
      send(JSON.stringify(urls.slice(0, 16)));
    } catch (_) { /* reporting must never break the page */ }
  };
  function RTCPeerConnection(config, ...rest) { report(config); return new Orig(config, ...rest); }
  RTCPeerConnection.prototype = Orig.prototype;
  RTCPeerConnection.__glass = true;
  Object.setPrototypeOf(RTCPeerConnection, Orig);
  const set = Orig.prototype.setConfiguration;
  if (typeof set === 'function') {
    Orig.prototype.setConfiguration = function (config) { report(config); return set.call(this, config); };
  }
  globalThis.RTCPeerConnection = RTCPeerConnection;
})()"#;

/// Turn on request interception for one session, and the WebRTC report in its documents.
/// With downloads denied, documents are paused again when their response arrives, so one that
/// would become a download is refused before Chrome reads a byte of it.
pub async fn intercept(cdp: &Cdp, session: &str, downloads_denied: bool) {
    let s = Some(session);
    let mut patterns = vec![json!({"urlPattern": "*", "requestStage": "Request"})];
    if downloads_denied {
        for kind in ["Document", "Other"] {
            patterns
                .push(json!({"urlPattern": "*", "resourceType": kind, "requestStage": "Response"}));
        }
    }
    let (fetch, _, _) = tokio::join!(
        cdp.call_raw(s, "Fetch.enable", json!({"patterns": patterns}), CALL),
        // Workers have no Page domain: these fail there, which is fine (no WebRTC in them).
        cdp.call_raw(s, "Runtime.addBinding", json!({"name": RTC_BINDING}), CALL),
        cdp.call_raw(
            s,
            "Page.addScriptToEvaluateOnNewDocument",
            json!({"source": RTC_WATCH, "runImmediately": true}),
            CALL,
        ),
    );
    if fetch.is_err() {
        tracing::debug!("request interception could not be enabled on a target");
    }
}

/// Record the ICE servers a page gave WebRTC that the confinement stops: every server whose
/// host the rules refuse, and every UDP one (all UDP is off while host rules are set). A
/// peer connection without servers is reported once: its direct UDP is off too.
fn record_webrtc(events: &PageEvents, policy: &Policy, payload: &str) {
    let urls: Vec<String> = serde_json::from_str(payload).unwrap_or_default();
    let mut blocked: Vec<(String, &'static str)> = Vec::new();
    if urls.is_empty() {
        blocked.push((String::new(), "udpDisabled"));
    }
    for u in urls.iter().take(16) {
        let Some((scheme, rest)) = u.split_once(':') else {
            continue;
        };
        let scheme = scheme.to_ascii_lowercase();
        if !matches!(scheme.as_str(), "stun" | "stuns" | "turn" | "turns") {
            continue;
        }
        let (hostport, query) = rest.split_once('?').unwrap_or((rest, ""));
        let host = hostport
            .trim_start_matches("//")
            .rsplit_once(':')
            .filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()))
            .map_or(hostport, |(h, _)| h)
            .trim_start_matches("//")
            .to_owned();
        let tcp = query.to_ascii_lowercase().contains("transport=tcp") || scheme.ends_with('s');
        match policy.url(&format!("https://{host}/"), false) {
            Err(denial) => blocked.push((host, denial.as_str())),
            Ok(()) if !tcp => blocked.push((host, "udpDisabled")),
            Ok(()) => {}
        }
    }
    if let Ok(mut d) = events.denials.lock() {
        for (host, reason) in blocked {
            if d.len() >= MAX_DENIALS {
                break;
            }
            let entry = json!({
                "host": crate::redact::bounded_text(&host, 253),
                "type": "WebRTC",
                "reason": reason,
            });
            if !d.contains(&entry) {
                d.push(entry);
            }
        }
    }
    events.changed.notify_waiters();
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

/// Whether a paused response would become a download: sent as an attachment, or of a type a
/// tab does not show.
fn is_download(paused: &Value) -> bool {
    let header = |name: &str| {
        paused["responseHeaders"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|h| {
                h["name"]
                    .as_str()
                    .is_some_and(|n| n.eq_ignore_ascii_case(name))
            })
            .and_then(|h| h["value"].as_str())
            .map(str::to_ascii_lowercase)
    };
    if header("content-disposition").is_some_and(|d| d.trim_start().starts_with("attachment")) {
        return true;
    }
    let Some(kind) = header("content-type") else {
        return false;
    };
    let kind = kind.split(';').next().unwrap_or("").trim().to_owned();
    let shown = kind.is_empty()
        || ["text/", "image/", "audio/", "video/", "multipart/"]
            .iter()
            .any(|p| kind.starts_with(p))
        || [
            "html",
            "xml",
            "json",
            "javascript",
            "pdf",
            "font",
            "wasm",
            "manifest",
        ]
        .iter()
        .any(|w| kind.contains(w));
    !shown
}

/// Report a download the policy refused, as any refused request is reported.
fn record_denial_of_download(events: &PageEvents, url: &str) {
    let host = scheme_and_host(url).map(|(_, h)| h).unwrap_or_default();
    if let Ok(mut d) = events.denials.lock() {
        if d.len() < MAX_DENIALS {
            d.push(json!({
                "host": crate::redact::bounded_text(&host, 253),
                "type": "Download",
                "reason": "downloadDenied",
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
    let downloads_denied =
        policy.decide(crate::policy::Capability::Download) == crate::policy::Decision::Deny;
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
                // At the response stage (downloads denied): a response that would be saved
                // rather than shown is refused before its body is read.
                if p.get("responseStatusCode").is_some() || p.get("responseErrorReason").is_some() {
                    let method = if downloads_denied && is_download(p) {
                        record_denial_of_download(&events, url);
                        (
                            "Fetch.failRequest",
                            json!({"requestId": id, "errorReason": "BlockedByClient"}),
                        )
                    } else {
                        ("Fetch.continueRequest", json!({"requestId": id}))
                    };
                    cdp.send_detached(Some(&session), method.0, method.1, CALL);
                    continue;
                }
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
            "Runtime.bindingCalled" if ev.params["name"] == RTC_BINDING => {
                record_webrtc(
                    &events,
                    &policy,
                    ev.params["payload"].as_str().unwrap_or(""),
                );
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
                        intercept(&cdp, &session, downloads_denied).await;
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
