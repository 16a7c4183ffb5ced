//! `performanceTrace`: record Chrome's trace of the selected page (optionally reloading it
//! first) and, on stop, answer its Web Vitals, long tasks, render-blocking and largest requests,
//! bounded, with the whole trace saved to an owner-only file Chrome DevTools opens.
//!
//! The vitals are the page's own performance timeline (what the web-vitals definitions read),
//! so each element they name comes with a ref a model can act on; the long tasks are the
//! trace's tasks of the page's main thread.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::browser::agent_calls::Vitals;
use crate::browser::navigate::WaitUntil;
use crate::browser::trace::{long_tasks, total_blocking_time};
use crate::failure::{Failure, FailureKind};
use crate::policy::Capability;
use crate::tools::kernel::args;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, Nav, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `performanceTrace`.
pub const PERFORMANCE_TRACE: Tool = Tool {
    name: "performanceTrace",
    title: "Performance trace",
    description: "start (reload: record the page loading), then stop: Web Vitals (LCP, CLS, FCP, INP, TBT) with their elements, long tasks, render-blocking and largest requests; the trace saved for DevTools.",
    group: ToolGroup::Standard,
    family: Family::DevTools,
    schema: input_schema::<TraceArgs>,
    output: crate::tools::kernel::output::result_of::<TraceResult>,
    // start may reload the page: each call anew.
    effects: &[
        Effect::ReadsPage,
        Effect::Navigates(Nav::Reload(When::Flag("reload"))),
        Effect::WritesFile("path", When::Given("path")),
        Effect::Persists(When::OnPage),
        Effect::ReadsNetworkDetails(When::OnPage),
    ],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(TraceArgs, run),
};

/// Arguments of `performanceTrace`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TraceArgs {
    /// What to do.
    action: TraceAction,
    /// start: reload the page once recording.
    reload: Option<bool>,
    /// stop: the file (default in the data directory).
    #[schemars(length(min = 2, max = 4096))]
    path: Option<String>,
}

#[derive(Clone, Copy, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
enum TraceAction {
    Start,
    Stop,
}

/// The result of `performanceTrace`.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TraceResult {
    /// start: recording now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recording: Option<bool>,
    /// start: the page was reloaded and loaded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reloaded: Option<bool>,
    /// stop: `lcp` (`ms`, `size`, `element` with its ref, `url`), `cls` (`value`, `shifts`:
    /// the largest five with `ms`, `value`, `element`), `fcp`, `inp` (the slowest
    /// interaction), `tbt` (long tasks' time past 50 ms after FCP), all in ms.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub vitals: Option<Value>,
    /// stop: `count`, and the longest five (`startMs` after navigation, `ms`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub long_tasks: Option<Value>,
    /// stop: requests that held the first render (`url` without query, `type`, `ms`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub render_blocking: Option<Value>,
    /// stop: the five largest requests (`url`, `type`, `bytes`, `ms`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub largest_requests: Option<Value>,
    /// stop: the trace file (`path`, `bytes`, `events`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Value>,
    /// The page revision.
    pub revision: u64,
}

/// How long a reload at start may take.
const RELOAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

fn run(services: Arc<Services>, input: Call<TraceArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        // The file is checked before anything is recorded or stopped.
        let file = match (a.action, &a.path) {
            (TraceAction::Stop, Some(p)) => {
                Some(try_tool!(crate::tools::kernel::files::client_file(p)))
            }
            (TraceAction::Start, Some(_)) => {
                return args::invalid("path", "is for stop").into();
            }
            _ => None,
        };
        if a.action == TraceAction::Stop && a.reload.is_some() {
            return args::invalid("reload", "is for start").into();
        }
        let mut b = try_tool!(session_for(&services, &PERFORMANCE_TRACE).await);
        if a.action == TraceAction::Start {
            if b.trace().running() {
                return Failure::of(
                    FailureKind::TraceRunning,
                    "a trace is already recording; stop it first",
                )
                .into();
            }
            try_tool!(b.trace().start().await);
            let reloaded = if a.reload == Some(true) {
                b.health().recover_renderer().await;
                let outcome = b
                    .pages()
                    .move_in_history(None, RELOAD_TIMEOUT, WaitUntil::Load)
                    .await;
                Some(matches!(
                    outcome,
                    Ok(crate::browser::navigate::NavOutcome::Loaded { .. })
                ))
            } else {
                None
            };
            return ToolOutcome::ok(&TraceResult {
                recording: Some(true),
                reloaded,
                revision: b.revision(),
                ..TraceResult::default()
            });
        }
        if !b.trace().running() {
            return Failure::of(
                FailureKind::NoTrace,
                "no trace is recording; start one first",
            )
            .into();
        }
        // The page's own timeline first (the trace keeps recording meanwhile), then the trace.
        let next = b.next_ref();
        let mut v = try_tool!(b.agent().run(&Vitals(next)).await);
        let named: Vec<Value> = std::iter::once(v["lcp"]["element"].clone())
            .chain(
                v["cls"]["shifts"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|s| s["element"].clone()),
            )
            .filter(Value::is_object)
            .collect();
        b.actions().record_refs(&v["nextRef"], named.iter());
        let trace = try_tool!(b.trace().stop().await);
        let (tasks, events) = long_tasks(&trace);
        let fcp = v["fcp"]["ms"].as_u64();
        let tbt = total_blocking_time(&tasks, fcp);
        // The trace holds every request's URL: their query values stay only where the policy
        // shows them.
        let trace = if crate::tools::kernel::effects::permits(
            &services,
            &PERFORMANCE_TRACE,
            Capability::NetworkDetails,
        ) {
            trace
        } else {
            match serde_json::from_slice::<Value>(&trace) {
                Ok(mut parsed) => {
                    crate::redact::urls_in_json(&mut parsed);
                    serde_json::to_vec(&parsed).unwrap_or_default()
                }
                Err(_) => Vec::new(),
            }
        };
        // Kept in the data directory only where the policy keeps page data (not under
        // hardened or --incognito unless allowed); a path the client names is its own file.
        let keep = file.is_some()
            || crate::tools::kernel::effects::permits(
                &services,
                &PERFORMANCE_TRACE,
                Capability::PersistPageData,
            );
        let path = match file {
            Some(f) => f,
            None if !keep => std::path::PathBuf::new(),
            None => {
                let dir = crate::paths::data_dir().join("traces");
                if crate::files::private_dir(&dir).is_err() {
                    return args::invalid("path", "the data directory cannot hold the trace")
                        .into();
                }
                let stamp = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_millis());
                dir.join(format!("trace-{stamp}.json"))
            }
        };
        if keep && crate::files::write_in_place(&path, &trace).is_err() {
            return args::invalid("path", "the trace file cannot be written").into();
        }
        let mut vitals = Map::new();
        for key in ["lcp", "cls", "fcp", "inp"] {
            if v[key].is_object() {
                vitals.insert(key.into(), v[key].take());
            }
        }
        if fcp.is_some() {
            vitals.insert("tbt".into(), json!({"ms": tbt}));
        }
        let top: Vec<Value> = tasks
            .iter()
            .take(5)
            .map(|t| json!({"startMs": t.start_ms, "ms": t.ms}))
            .collect();
        ToolOutcome::ok(&TraceResult {
            vitals: Some(Value::Object(vitals)),
            long_tasks: Some(json!({"count": tasks.len(), "longest": top})),
            render_blocking: Some(v["renderBlocking"].take()),
            largest_requests: Some(v["largestRequests"].take()),
            trace: Some(if keep {
                json!({"path": path.to_string_lossy(), "bytes": trace.len(), "events": events})
            } else {
                json!({"kept": false, "bytes": trace.len(), "events": events})
            }),
            revision: b.revision(),
            ..TraceResult::default()
        })
    })
}
