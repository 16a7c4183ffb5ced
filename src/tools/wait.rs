//! `wait`: wait for one typed condition, with a bounded timeout.
//!
//! The `delay` condition needs no page, so it never starts Chrome; page conditions join it when
//! the browser session lands.

use std::time::Duration;

use serde_json::{Map, Value, json};

use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};

/// Longest delay a single `wait` may take.
pub const MAX_DELAY_MS: u64 = 60_000;

/// The `wait` tool.
pub const TOOL: Tool = Tool {
    name: "wait",
    title: "Wait for a condition",
    description: "Wait for one typed condition. kind=delay waits delayMs (capped at 60000).",
    schema,
    annotations: Annotations {
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
    run,
};

fn schema() -> Value {
    args::object_schema(
        json!({
            "kind": {"type": "string", "enum": ["delay"]},
            "delayMs": {"type": "integer", "minimum": 1, "maximum": MAX_DELAY_MS},
        }),
        &["kind"],
    )
}

fn run(_services: std::sync::Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        let parsed = (|| {
            args::only(&a, &["kind", "delayMs"])?;
            let kind = args::string(&a, "kind", 32)?;
            if kind != "delay" {
                return Err(args::invalid("kind", "must be one of: delay"));
            }
            args::int_in(&a, "delayMs", 1, MAX_DELAY_MS)?
                .ok_or_else(|| args::invalid("delayMs", "is required for kind=delay"))
        })();
        let delay_ms = match parsed {
            Ok(ms) => ms,
            Err(e) => return e.into(),
        };
        tokio::time::sleep(Duration::from_millis(delay_ms)).await;
        ToolOutcome::Ok(json!({"kind": "delay", "satisfied": true, "waitedMs": delay_ms}))
    })
}
