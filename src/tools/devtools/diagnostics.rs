//! `diagnostics` and `consoleMessages`: bounded, redacted console and network data of the
//! selected page.
//!
//! `diagnostics` reports what went wrong since its last call: console texts cut to 200
//! characters, URLs without query, fragment or credentials, at most 200 entries per list (the
//! rest counted as dropped). `consoleMessages` pages through the document's whole console
//! log (see `browser::console`).

use std::sync::Arc;
use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `diagnostics`.
pub const DIAGNOSTICS: Tool = Tool {
    name: "diagnostics",
    title: "Page diagnostics",
    description: "Console messages, exceptions, failed requests and error responses since the last call, bounded and redacted.",
    group: ToolGroup::Standard,
    family: Family::DevTools,
    schema: input_schema::<DiagnosticsArgs>,
    output: crate::tools::kernel::output::result_of::<DiagnosticsResult>,
    effects: &[Effect::ReadsPage],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(DiagnosticsArgs, run),
};

/// `consoleMessages`.
pub const CONSOLE_MESSAGES: Tool = Tool {
    name: "consoleMessages",
    title: "Console messages",
    description: "The page's console since its navigation: level, text, source, stack for errors; uncaught exceptions and Chrome's own reports too. Paged by after.",
    group: ToolGroup::Standard,
    family: Family::DevTools,
    schema: input_schema::<ConsoleArgs>,
    output: crate::tools::kernel::output::result_of::<ConsoleResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ConsoleArgs, run_console),
};

/// Arguments of `consoleMessages`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ConsoleArgs {
    /// Default all.
    #[schemars(length(min = 1, max = 5))]
    levels: Option<Vec<Level>>,
    /// Only after this seq.
    after: Option<u64>,
    /// Default 50.
    #[schemars(range(min = 1, max = 200))]
    max_items: Option<usize>,
}

// A console level (the schema lists them).
#[derive(Clone, Copy, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
enum Level {
    Debug,
    Log,
    Info,
    Warning,
    Error,
}

impl Level {
    fn as_str(self) -> &'static str {
        match self {
            Level::Debug => "debug",
            Level::Log => "log",
            Level::Info => "info",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }
}

/// The result of `consoleMessages`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleResult {
    /// `seq`, `level`, `text`, `source`, `stack` (errors), `uncaught`, `browser` (Chrome's own).
    #[schemars(extend("x-glassPageContent" = true))]
    pub messages: Vec<Value>,
    /// Messages of this document Glass keeps.
    pub total: usize,
    /// Older messages dropped for space.
    #[serde(skip_serializing_if = "crate::tools::kernel::output::is_zero")]
    pub dropped: u64,
    /// More match: pass the last seq as `after`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub more: bool,
}

fn run_console(services: Arc<Services>, input: Call<ConsoleArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let max = a.max_items.unwrap_or(50);
        let b = try_tool!(session_for(&services, &CONSOLE_MESSAGES).await);
        let Ok(log) = b.events().console.lock() else {
            return ToolOutcome::Failed(crate::failure::Failure::new(
                crate::failure::Kind::Internal,
                "the console log is unavailable",
            ));
        };
        let wanted = |level: &str| {
            a.levels
                .as_ref()
                .is_none_or(|ls| ls.iter().any(|l| l.as_str() == level))
        };
        let mut matching = log.after(a.after.unwrap_or(0)).filter(|e| wanted(e.level));
        let messages: Vec<Value> = matching.by_ref().take(max).map(|e| e.to_json()).collect();
        let more = matching.next().is_some();
        let (total, dropped) = log.counts();
        ToolOutcome::ok(&ConsoleResult {
            messages,
            total,
            dropped,
            more,
        })
    })
}

/// Arguments of `diagnostics`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct DiagnosticsArgs {
    /// Wait first to collect more (default 0).
    #[schemars(range(max = 30_000))]
    duration_ms: Option<u64>,
    /// Keep the entries for the next call.
    keep: Option<bool>,
}

fn run(services: Arc<Services>, input: Call<DiagnosticsArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let duration = a.duration_ms.unwrap_or(0);
        let keep = a.keep.unwrap_or(false);
        let b = try_tool!(session_for(&services, &DIAGNOSTICS).await);
        if duration > 0 {
            tokio::time::sleep(Duration::from_millis(duration)).await;
        }
        let report = match b.events().diagnostics.lock() {
            Ok(mut d) => d.report(!keep),
            Err(_) => Default::default(),
        };
        ToolOutcome::ok(&DiagnosticsResult {
            messages: report.console,
            requests: report.network,
            dropped: Dropped {
                console: report.console_dropped,
                network: report.network_dropped,
            },
            revision: b.revision(),
        })
    })
}

/// The result of `diagnostics`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DiagnosticsResult {
    /// Console messages and exceptions: level, text.
    #[schemars(extend("x-glassPageContent" = true))]
    pub messages: Vec<Value>,
    /// Failed requests: url, status or error, type.
    #[schemars(extend("x-glassPageContent" = true))]
    pub requests: Vec<Value>,
    /// Entries dropped for space.
    pub dropped: Dropped,
    /// The page revision.
    pub revision: u64,
}

/// How many entries were dropped for space.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct Dropped {
    /// Console messages.
    pub console: u64,
    /// Requests.
    pub network: u64,
}
