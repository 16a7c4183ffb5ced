//! `diagnostics`: bounded, redacted console and network data of the selected page.
//!
//! Console texts are cut to 200 characters; URLs lose their query, fragment and credentials;
//! at most 200 entries per list are kept and the rest are counted as dropped.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value, json};

use super::browser::page_session;
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::try_tool;

/// `diagnostics`.
pub const DIAGNOSTICS: Tool = Tool {
    name: "diagnostics",
    title: "Console and network diagnostics",
    description: "Console messages, uncaught exceptions, failed requests and error responses of the selected page since the last call (bounded, redacted). durationMs waits first to collect more.",
    schema,
    annotations: Annotations {
        read_only: true,
        destructive: false,
        idempotent: false,
        open_world: false,
    },
    browser: true,
    run,
};

fn schema() -> Value {
    args::object_schema(
        json!({"durationMs": {"type": "integer", "minimum": 0, "maximum": 30000}, "keep": {"type": "boolean", "description": "Keep the entries for the next call."}}),
        &[],
    )
}

fn run(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["durationMs", "keep"]));
        let duration = try_tool!(args::int_in(&a, "durationMs", 0, 30_000)).unwrap_or(0);
        let keep = try_tool!(args::bool_or(&a, "keep", false));
        let b = try_tool!(page_session(&services).await);
        if duration > 0 {
            tokio::time::sleep(Duration::from_millis(duration)).await;
        }
        let mut report = match b.events.diagnostics.lock() {
            Ok(mut d) => d.report(!keep),
            Err(_) => json!({}),
        };
        report["revision"] = json!(b.revision());
        // Named for the untrusted-content label: both lists carry page-derived text.
        let mut out = Map::new();
        out.insert("messages".into(), report["console"].take());
        out.insert("requests".into(), report["network"].take());
        out.insert("dropped".into(), report["dropped"].take());
        out.insert("revision".into(), report["revision"].take());
        ToolOutcome::Ok(Value::Object(out))
    })
}
