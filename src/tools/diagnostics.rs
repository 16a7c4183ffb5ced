//! `diagnostics`: bounded, redacted console and network data of the selected page.
//!
//! Console texts are cut to 200 characters; URLs lose their query, fragment and credentials;
//! at most 200 entries per list are kept and the rest are counted as dropped.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};

use super::browser::session_for;
use super::schema::input_schema;
use super::{Annotations, Needs, RevisionRule, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::try_tool;

/// `diagnostics`.
pub const DIAGNOSTICS: Tool = Tool {
    name: "diagnostics",
    title: "Page diagnostics",
    description: "Console messages, exceptions, failed requests and error responses since the last call, bounded and redacted.",
    schema: input_schema::<DiagnosticsArgs>,
    output: super::output::result_of::<DiagnosticsResult>,
    annotations: Annotations::READ_ONCE,
    needs: Needs::Page,
    capabilities: &[],
    revision: RevisionRule::Reads,
    run,
};

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

fn run(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        let a: DiagnosticsArgs = try_tool!(args::read(&a));
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
