//! `evaluate`: run JavaScript in the page when policy permits.
//!
//! The source is never echoed, in results or errors; an exception reports only its class.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::browser::page_session;
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::failure::{Failure, FailureKind};
use crate::policy::Capability;
use crate::try_tool;

/// Largest serialized result returned.
pub const MAX_RESULT_BYTES: usize = 64 * 1024;

/// `evaluate`.
pub const EVALUATE: Tool = Tool {
    name: "evaluate",
    title: "Evaluate JavaScript",
    description: "Evaluate a JavaScript expression in the page (promises are awaited) and return its JSON value. Denied by the hardened policy.",
    schema,
    annotations: Annotations {
        read_only: false,
        destructive: true,
        idempotent: false,
        open_world: true,
    },
    browser: true,
    run,
};

fn schema() -> Value {
    args::confirmable(args::object_schema(
        json!({"expression": {"type": "string", "maxLength": 65536}, "timeoutMs": {"type": "integer", "minimum": 1, "maximum": 60000}}),
        &["expression"],
    ))
}

fn run(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["expression", "timeoutMs"]));
        let expression = try_tool!(args::string(&a, "expression", 65_536)).to_owned();
        let timeout = try_tool!(args::int_in(&a, "timeoutMs", 1, 60_000)).unwrap_or(10_000);
        try_tool!(super::browser::gate(
            &services,
            Capability::Evaluate,
            "evaluate",
            &a,
            "run JavaScript in the page"
        ));
        let b = try_tool!(page_session(&services).await);
        let session = try_tool!(b.page()).session_id.clone();
        let events = Arc::clone(&b.events);
        let call = b.cdp.call_raw(
            Some(&session),
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true, "timeout": timeout, "userGesture": true}),
            std::time::Duration::from_millis(timeout + 2_000),
        );
        let answer = tokio::select! {
            r = call => r,
            d = events.dialog_opened() => {
                b.bump_revision();
                return ToolOutcome::Ok(json!({"value": null, "dialog": {"type": d.kind, "message": d.message}, "revision": b.revision()}));
            }
        };
        let mut answer = try_tool!(answer.map_err(crate::browser::BrowserError::from));
        let revision = b.bump_revision();
        if let Some(ex) = answer.get("exceptionDetails") {
            // Only the language's and the DOM's own error classes are named: a page can define
            // a class whose name carries text of its choosing (or the evaluated source's names).
            let class = ex["exception"]["className"]
                .as_str()
                .filter(|c| BUILT_IN_ERRORS.contains(c))
                .unwrap_or("Error");
            return ToolOutcome::Failed(
                Failure::of(FailureKind::Exception, "the expression threw")
                    .with("exception", class)
                    .with("revision", revision),
            );
        }
        let result = answer["result"].take();
        let value = result.get("value").cloned().unwrap_or(Value::Null);
        let size = value.to_string().len();
        let mut out = json!({"type": result["type"], "revision": revision});
        if size > MAX_RESULT_BYTES {
            out["truncated"] = json!(true);
            out["bytes"] = json!(size);
            out["value"] = Value::Null;
        } else {
            out["value"] = value;
        }
        ToolOutcome::Ok(out)
    })
}

/// Error classes that JavaScript and the DOM define, the only ones reported by name.
const BUILT_IN_ERRORS: &[&str] = &[
    "Error",
    "AggregateError",
    "EvalError",
    "RangeError",
    "ReferenceError",
    "SyntaxError",
    "TypeError",
    "URIError",
    "SuppressedError",
    "DOMException",
];
