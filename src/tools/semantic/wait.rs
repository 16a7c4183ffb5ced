//! `wait`: wait for one typed condition, with a bounded timeout.
//!
//! `delay` needs no page and never starts Chrome. Page conditions are checked in the page by
//! the agent (a mutation observer, so they resolve as soon as they hold), URL and load-state
//! conditions from the browser; an open dialog ends any wait at once.

use std::sync::Arc;
use std::time::{Duration, Instant};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::browser::agent_calls::{ReadyState, WaitFor};
use crate::browser::locator;
use crate::browser::{BrowserError, PageEvents};
use crate::failure::{Failure, Kind};
use crate::tools::kernel::args;
use crate::tools::kernel::args::Target;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
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
    description: "Wait until one condition (kind) holds, or timeoutMs passes; each kind reads the argument named for it.",
    group: ToolGroup::Core,
    family: Family::Semantic,
    schema: input_schema::<WaitArgs>,
    output: crate::tools::kernel::output::result_of::<WaitResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(WaitArgs, run),
};

/// Arguments of `wait`: the condition's kind and what that kind reads.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct WaitArgs {
    /// The condition.
    kind: WaitKind,
    /// delay: how long.
    #[schemars(range(min = 1, max = 60_000))]
    delay_ms: Option<u64>,
    /// textPresent/Absent: the text.
    #[schemars(length(min = 1, max = 4096))]
    text: Option<String>,
    /// elementPresent/Absent/Visible: the element.
    target: Option<Target>,
    /// urlMatches: a substring or * pattern.
    #[schemars(length(min = 1, max = 4096))]
    url: Option<String>,
    /// loadState: which.
    state: Option<LoadState>,
    /// Default 10000.
    #[schemars(range(min = 1, max = 120_000))]
    timeout_ms: Option<u64>,
}

/// What `wait` waits for.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
enum WaitKind {
    Delay,
    TextPresent,
    TextAbsent,
    ElementPresent,
    ElementAbsent,
    ElementVisible,
    UrlMatches,
    LoadState,
    NetworkIdle,
}

impl WaitKind {
    fn as_str(self) -> &'static str {
        KINDS[self as usize]
    }
}

/// `wait`'s `state`.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum LoadState {
    Load,
    Domcontentloaded,
}

/// `*` wildcards over the whole URL, or a plain substring when there is no `*`.
pub fn url_matches(pattern: &str, url: &str) -> bool {
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

/// Sleep before the next poll of a browser-side condition, woken early by what the browser
/// reports (a navigation, in the document or to another); false once time is up.
async fn next_poll(events: &PageEvents, until: Instant) -> bool {
    let now = Instant::now();
    if now >= until {
        return false;
    }
    tokio::select! {
        _ = events.changed.notified() => {}
        _ = tokio::time::sleep(Duration::from_millis(100).min(until - now)) => {}
    }
    true
}

fn run(services: Arc<Services>, input: Call<WaitArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let kind = a.kind.as_str();
        if kind == "delay" {
            let ms = match a.delay_ms {
                Some(ms) => ms,
                None => return args::invalid("delayMs", "is required for kind=delay").into(),
            };
            let started = Instant::now();
            crate::tools::kernel::progress::with_ticks(
                ms,
                "waiting (milliseconds)",
                tokio::time::sleep(Duration::from_millis(ms)),
            )
            .await;
            return ToolOutcome::ok(&WaitResult {
                kind: "delay",
                satisfied: true,
                elapsed_ms: Some(started.elapsed().as_millis() as u64),
                revision: None,
            });
        }
        let timeout = a.timeout_ms.unwrap_or(10_000);
        let started = Instant::now();
        let until = started + Duration::from_millis(timeout);
        // Validate the condition before touching the browser.
        let agent_condition = match kind {
            "textPresent" | "textAbsent" => {
                let Some(text) = a.text.as_deref() else {
                    return args::invalid("text", "is required for this kind").into();
                };
                Some(json!({"kind": kind, "text": text}))
            }
            "elementPresent" | "elementAbsent" | "elementVisible" => {
                let Some(t) = a.target.as_ref() else {
                    return args::invalid("target", "is required for this kind").into();
                };
                let loc = match locator::parse(t.as_str()) {
                    Ok(l) => l,
                    Err(e) => return args::invalid("target", e.0).into(),
                };
                Some(json!({"kind": kind, "locator": loc.to_agent()}))
            }
            _ => None,
        };
        let url_pattern = if kind == "urlMatches" {
            match a.url.clone() {
                Some(u) => Some(u),
                None => return args::invalid("url", "is required for kind=urlMatches").into(),
            }
        } else {
            None
        };
        let state = a.state.map(|s| match s {
            LoadState::Load => "load",
            LoadState::Domcontentloaded => "domcontentloaded",
        });
        if kind == "loadState" && state.is_none() {
            return args::invalid("state", "is required for kind=loadState").into();
        }
        let mut b = try_tool!(session_for(&services, &TOOL).await);
        let events = Arc::clone(b.events());
        let waited = async {
            match kind {
                _ if agent_condition.is_some() => {
                    let cond = agent_condition.clone().unwrap_or(Value::Null);
                    let v = b
                        .agent()
                        .run_within(
                            &WaitFor(cond, timeout),
                            Duration::from_millis(timeout + 5_000),
                        )
                        .await?;
                    Ok(v.satisfied)
                }
                "urlMatches" => {
                    let pattern = url_pattern.clone().unwrap_or_default();
                    loop {
                        if url_matches(&pattern, &b.pages().location().await?.0) {
                            break Ok(true);
                        }
                        if !next_poll(&events, until).await {
                            break Ok(false);
                        }
                    }
                }
                "loadState" => {
                    let want_complete = state == Some("load");
                    loop {
                        let v = b.agent().run(&ReadyState()).await?;
                        let s = v.as_deref().unwrap_or("loading");
                        let reached = if want_complete {
                            s == "complete"
                        } else {
                            s != "loading"
                        };
                        if reached {
                            break Ok(true);
                        }
                        if !next_poll(&events, until).await {
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
        let waited = crate::tools::kernel::progress::with_ticks(
            timeout,
            "waiting for the condition (milliseconds)",
            waited,
        );
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
            ToolOutcome::ok(&WaitResult {
                kind,
                satisfied: true,
                elapsed_ms: Some(elapsed),
                revision: Some(b.revision()),
            })
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

/// The result of `wait`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitResult {
    /// The condition's kind.
    pub kind: &'static str,
    /// It held.
    pub satisfied: bool,
    /// How long the call waited for the condition to hold (or the delay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
    /// The page revision after the call (not for kind=delay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<u64>,
}
