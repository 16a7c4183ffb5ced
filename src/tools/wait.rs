//! `wait`: wait for one typed condition, with a bounded timeout.
//!
//! `delay` needs no page and never starts Chrome. Page conditions are checked in the page by
//! the agent (a mutation observer, so they resolve as soon as they hold), URL and load-state
//! conditions from the browser; an open dialog ends any wait at once.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use super::browser::{page_session, target_schema};
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::browser::BrowserError;
use crate::browser::locator;
use crate::failure::{Failure, Kind};
use crate::try_tool;

/// Longest delay a single `wait` may take.
pub const MAX_DELAY_MS: u64 = 60_000;
/// Longest timeout of a condition wait.
pub const MAX_TIMEOUT_MS: u64 = 120_000;

const KINDS: &[&str] = &[
    "delay",
    "textPresent",
    "textAbsent",
    "elementPresent",
    "elementAbsent",
    "elementVisible",
    "urlMatches",
    "loadState",
    "networkIdle",
];

/// The `wait` tool.
pub const TOOL: Tool = Tool {
    name: "wait",
    title: "Wait for a condition",
    description: "Wait for one condition: kind=delay (delayMs), textPresent/textAbsent (text), elementPresent/elementAbsent/elementVisible (target), urlMatches (url substring, * wildcards), loadState (state: load|domcontentloaded), networkIdle. timeoutMs up to 120000.",
    schema,
    annotations: Annotations {
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
    browser: true,
    run,
};

fn schema() -> Value {
    args::object_schema(
        json!({
            "kind": {"type": "string", "enum": KINDS},
            "delayMs": {"type": "integer", "minimum": 1, "maximum": MAX_DELAY_MS},
            "text": {"type": "string"},
            "target": target_schema(),
            "url": {"type": "string"},
            "state": {"type": "string", "enum": ["load", "domcontentloaded"]},
            "timeoutMs": {"type": "integer", "minimum": 1, "maximum": MAX_TIMEOUT_MS},
        }),
        &["kind"],
    )
}

/// `*` wildcards over the whole URL, or a plain substring when there is no `*`.
fn url_matches(pattern: &str, url: &str) -> bool {
    if !pattern.contains('*') {
        return url.contains(pattern);
    }
    let parts: Vec<&str> = pattern.split('*').collect();
    let mut rest = url;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            let Some(r) = rest.strip_prefix(part) else {
                return false;
            };
            rest = r;
        } else if i == parts.len() - 1 {
            return rest.ends_with(part);
        } else {
            let Some(pos) = rest.find(part) else {
                return false;
            };
            rest = &rest[pos + part.len()..];
        }
    }
    true
}

/// Longest sleep between network-idle checks.
const IDLE_POLL: Duration = Duration::from_millis(100);

/// Sleep before the next poll of a browser-side condition; false once time is up.
async fn next_poll(until: Instant) -> bool {
    let now = Instant::now();
    if now >= until {
        return false;
    }
    tokio::time::sleep(Duration::from_millis(100).min(until - now)).await;
    true
}

fn run(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(
            &a,
            &[
                "kind",
                "delayMs",
                "text",
                "target",
                "url",
                "state",
                "timeoutMs"
            ]
        ));
        let kind = match try_tool!(args::one_of(&a, "kind", KINDS)) {
            Some(k) => k,
            None => return args::invalid("kind", "is required").into(),
        };
        if kind == "delay" {
            let ms = match try_tool!(args::int_in(&a, "delayMs", 1, MAX_DELAY_MS)) {
                Some(ms) => ms,
                None => return args::invalid("delayMs", "is required for kind=delay").into(),
            };
            tokio::time::sleep(Duration::from_millis(ms)).await;
            return ToolOutcome::Ok(json!({"kind": "delay", "satisfied": true, "waitedMs": ms}));
        }
        let timeout = try_tool!(args::int_in(&a, "timeoutMs", 1, MAX_TIMEOUT_MS)).unwrap_or(10_000);
        let started = Instant::now();
        let until = started + Duration::from_millis(timeout);
        // Validate the condition before touching the browser.
        let agent_condition = match kind {
            "textPresent" | "textAbsent" => {
                let text = try_tool!(args::string(&a, "text", 4096));
                Some(json!({"kind": kind, "text": text}))
            }
            "elementPresent" | "elementAbsent" | "elementVisible" => {
                let t = try_tool!(super::browser::target(&a));
                let loc = match locator::parse(t) {
                    Ok(l) => l,
                    Err(e) => return args::invalid("target", e.0).into(),
                };
                Some(json!({"kind": kind, "locator": loc.to_agent()}))
            }
            _ => None,
        };
        let url_pattern = if kind == "urlMatches" {
            Some(try_tool!(args::string(&a, "url", 4096)).to_owned())
        } else {
            None
        };
        let state = try_tool!(args::one_of(&a, "state", &["load", "domcontentloaded"]));
        if kind == "loadState" && state.is_none() {
            return args::invalid("state", "is required for kind=loadState").into();
        }
        let mut b = try_tool!(page_session(&services).await);
        let events = Arc::clone(&b.events);
        let waited = async {
            match kind {
                _ if agent_condition.is_some() => {
                    let cond = agent_condition.clone().unwrap_or(Value::Null);
                    let v = b
                        .agent(
                            "waitFor",
                            &[cond, json!(timeout)],
                            Duration::from_millis(timeout + 5_000),
                        )
                        .await?;
                    Ok(v["satisfied"] == true)
                }
                "urlMatches" => {
                    let pattern = url_pattern.clone().unwrap_or_default();
                    loop {
                        if url_matches(&pattern, &b.location().await?.0) {
                            break Ok(true);
                        }
                        if !next_poll(until).await {
                            break Ok(false);
                        }
                    }
                }
                "loadState" => {
                    let want_complete = state == Some("load");
                    loop {
                        let v = b.agent_call("readyState", &[]).await?;
                        let s = v.as_str().unwrap_or("loading");
                        let reached = if want_complete {
                            s == "complete"
                        } else {
                            s != "loading"
                        };
                        if reached {
                            break Ok(true);
                        }
                        if !next_poll(until).await {
                            break Ok(false);
                        }
                    }
                }
                _ => {
                    // networkIdle: loaded, and nothing in flight for QUIET.
                    loop {
                        let left = events.network.lock().ok().and_then(|n| n.idle_in());
                        if left == Some(Duration::ZERO) {
                            break Ok(true);
                        }
                        let step = left.unwrap_or(IDLE_POLL).min(IDLE_POLL);
                        let now = Instant::now();
                        if now >= until {
                            break Ok(false);
                        }
                        tokio::time::sleep(step.min(until - now)).await;
                    }
                }
            }
        };
        let interrupted = |d: crate::browser::OpenDialog| {
            ToolOutcome::Failed(
                Failure::new(Kind::WaitInterrupted, "a JavaScript dialog opened")
                    .with("dialog", json!({"type": d.kind, "message": d.message})),
            )
        };
        // The dialog may end the wait first, or the page call the wait was making.
        let satisfied: Result<bool, BrowserError> = tokio::select! {
            r = waited => r,
            d = events.dialog_opened() => return interrupted(d),
        };
        let satisfied = match satisfied {
            Err(BrowserError::DialogOpen(d)) => return interrupted(d),
            other => try_tool!(other),
        };
        let elapsed = started.elapsed().as_millis() as u64;
        if satisfied {
            ToolOutcome::Ok(
                json!({"kind": kind, "satisfied": true, "elapsedMs": elapsed, "revision": b.revision()}),
            )
        } else {
            ToolOutcome::Failed(
                Failure::bare(Kind::WaitTimeout)
                    .with("satisfied", false)
                    .with("elapsedMs", elapsed)
                    .with("revision", b.revision())
                    .with("condition", kind),
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::url_matches;

    #[test]
    fn wildcards_and_substrings() {
        assert!(url_matches("/done", "http://127.0.0.1:1/done?x"));
        assert!(url_matches("http://*/done*", "http://127.0.0.1:1/done?x"));
        assert!(!url_matches("http://*/done", "http://127.0.0.1:1/done?x"));
        assert!(url_matches("*", "anything"));
    }
}
