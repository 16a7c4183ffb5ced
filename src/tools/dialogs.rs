//! `acceptDialog` and `dismissDialog`: resolve the open JavaScript dialog.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::failure::{Failure, Kind};
use crate::try_tool;

/// `acceptDialog`.
pub const ACCEPT: Tool = Tool {
    name: "acceptDialog",
    title: "Accept the dialog",
    description: "Accept the open alert, confirm, prompt (with promptText) or beforeunload dialog.",
    schema: accept_schema,
    annotations: Annotations {
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: true,
    },
    browser: true,
    run: run_accept,
};

/// `dismissDialog`.
pub const DISMISS: Tool = Tool {
    name: "dismissDialog",
    title: "Dismiss the dialog",
    description: "Dismiss (cancel) the open JavaScript dialog.",
    schema: dismiss_schema,
    annotations: Annotations {
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: true,
    },
    browser: true,
    run: run_dismiss,
};

fn accept_schema() -> Value {
    args::object_schema(
        json!({"promptText": {"type": "string", "maxLength": 65536}}),
        &[],
    )
}

fn dismiss_schema() -> Value {
    args::object_schema(json!({}), &[])
}

fn resolve(services: Arc<Services>, a: Map<String, Value>, accept: bool) -> ToolFuture {
    Box::pin(async move {
        let allowed: &[&str] = if accept { &["promptText"] } else { &[] };
        try_tool!(args::only(&a, allowed));
        let text = match a.get("promptText") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.len() <= 65_536 => Some(s.clone()),
            Some(_) => {
                return args::invalid("promptText", "must be a string of at most 65536 bytes")
                    .into();
            }
        };
        let b = try_tool!(services.session.acquire().await);
        // A page opening dialogs one after another shows the next a moment after the last
        // closed: give it that moment before saying there is none.
        let events = Arc::clone(&b.events);
        let open = tokio::time::timeout(NEXT_DIALOG_GRACE, events.dialog_opened()).await;
        let Ok(dialog) = open else {
            return ToolOutcome::Failed(Failure::new(
                Kind::NoDialog,
                "no JavaScript dialog is open",
            ));
        };
        let mut params = json!({"accept": accept});
        if let Some(t) = text {
            params["promptText"] = json!(t);
        }
        try_tool!(b.page_call("Page.handleJavaScriptDialog", params).await);
        b.events.dialog_handled(dialog.id);
        let revision = b.bump_revision();
        ToolOutcome::Ok(
            json!({"ok": true, "dialog": {"type": dialog.kind}, "accepted": accept, "revision": revision}),
        )
    })
}

/// How long `acceptDialog` and `dismissDialog` wait for a dialog when none is open.
const NEXT_DIALOG_GRACE: std::time::Duration = std::time::Duration::from_millis(500);

fn run_accept(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    resolve(services, a, true)
}

fn run_dismiss(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    resolve(services, a, false)
}
