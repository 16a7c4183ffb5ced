//! Form actions: `type`, `clear`, `check`, `uncheck`, `select`.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::browser::{page_session, target, target_schema};
use super::pointer::{action_result, check_revision, pointer_schema};
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::browser::keys::Key;
use crate::try_tool;

const FORM: Annotations = Annotations {
    read_only: false,
    destructive: false,
    idempotent: true,
    open_world: true,
};

/// `type`.
pub const TYPE: Tool = Tool {
    name: "type",
    title: "Type text",
    description: "Type text into one editable element (clear=true replaces its content; submit=true presses Enter). The text is never echoed.",
    schema: type_schema,
    annotations: Annotations {
        idempotent: false,
        ..FORM
    },
    run: run_type,
};

/// `clear`.
pub const CLEAR: Tool = Tool {
    name: "clear",
    title: "Clear a field",
    description: "Empty one editable element.",
    schema: pointer_schema,
    annotations: FORM,
    run: run_clear,
};

/// `check`.
pub const CHECK: Tool = Tool {
    name: "check",
    title: "Check",
    description: "Make one checkbox, radio or switch checked (no-op if it already is); verified afterwards.",
    schema: pointer_schema,
    annotations: FORM,
    run: run_check,
};

/// `uncheck`.
pub const UNCHECK: Tool = Tool {
    name: "uncheck",
    title: "Uncheck",
    description: "Make one checkbox or switch unchecked (no-op if it already is); verified afterwards.",
    schema: pointer_schema,
    annotations: FORM,
    run: run_uncheck,
};

/// `select`.
pub const SELECT: Tool = Tool {
    name: "select",
    title: "Select an option",
    description: "Choose the option of one <select> by value, or by label.",
    schema: select_schema,
    annotations: FORM,
    run: run_select,
};

fn type_schema() -> Value {
    args::object_schema(
        json!({
            "target": target_schema(),
            "text": {"type": "string", "maxLength": 65536},
            "clear": {"type": "boolean"},
            "submit": {"type": "boolean"},
            "expectedRevision": {"type": "integer", "minimum": 0},
        }),
        &["target", "text"],
    )
}

fn select_schema() -> Value {
    args::object_schema(
        json!({
            "target": target_schema(),
            "value": {"type": "string"},
            "label": {"type": "string"},
            "expectedRevision": {"type": "integer", "minimum": 0},
        }),
        &["target"],
    )
}

fn run_type(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(
            &a,
            &["target", "text", "clear", "submit", "expectedRevision"]
        ));
        let t = try_tool!(target(&a));
        let text = match a.get("text") {
            Some(Value::String(s)) if s.len() <= 65_536 => s.clone(),
            Some(Value::String(_)) => {
                return args::invalid("text", "must be at most 65536 bytes").into();
            }
            _ => return args::invalid("text", "is required and must be a string").into(),
        };
        let clear = try_tool!(args::bool_or(&a, "clear", false));
        let submit = try_tool!(args::bool_or(&a, "submit", false));
        let mut b = try_tool!(page_session(&services).await);
        try_tool!(check_revision(&b, &a));
        let resolved = try_tool!(b.resolve(t).await);
        try_tool!(b.actionable(&resolved.r, "type").await);
        if clear {
            try_tool!(b.agent_call("clear", &[json!(resolved.r)]).await);
        }
        try_tool!(b.agent_call("focus", &[json!(resolved.r)]).await);
        let rx = b.cdp.subscribe();
        let events = Arc::clone(&b.events);
        tokio::select! {
            r = async {
                b.type_text(&text).await?;
                if submit {
                    let enter = Key::named("Enter").expect("Enter is a known key");
                    b.key_event(&enter, true, 0).await?;
                    b.key_event(&enter, false, 0).await?;
                }
                Ok::<(), crate::browser::session::BrowserError>(())
            } => try_tool!(r),
            _ = events.dialog_opened() => {}
        }
        let caused = try_tool!(b.settle(rx).await);
        action_result(&resolved.r, b.revision(), &caused)
    })
}

fn run_clear(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["target", "expectedRevision"]));
        let t = try_tool!(target(&a));
        let mut b = try_tool!(page_session(&services).await);
        try_tool!(check_revision(&b, &a));
        let resolved = try_tool!(b.resolve(t).await);
        try_tool!(b.actionable(&resolved.r, "type").await);
        let rx = b.cdp.subscribe();
        let v = try_tool!(b.agent_call("clear", &[json!(resolved.r)]).await);
        if v["ok"] != true {
            return ToolOutcome::Failed(
                json!({"kind": "targeting", "failureKind": "notEditable", "reason": "the element cannot be cleared"}),
            );
        }
        let caused = try_tool!(b.settle(rx).await);
        action_result(&resolved.r, b.revision(), &caused)
    })
}

fn set_checked(services: Arc<Services>, a: Map<String, Value>, want: bool) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["target", "expectedRevision"]));
        let t = try_tool!(target(&a));
        let mut b = try_tool!(page_session(&services).await);
        try_tool!(check_revision(&b, &a));
        let resolved = try_tool!(b.resolve(t).await);
        let before = try_tool!(b.agent_call("state", &[json!(resolved.r)]).await);
        if !matches!(before["checked"], Value::Bool(_)) {
            return ToolOutcome::Failed(
                json!({"kind": "targeting", "failureKind": "notCheckable", "reason": "the element is not a checkbox, radio or switch"}),
            );
        }
        if before["checked"] == want {
            return ToolOutcome::Ok(
                json!({"ok": true, "ref": resolved.r, "changed": false, "revision": b.revision()}),
            );
        }
        let (x, y) = try_tool!(b.actionable(&resolved.r, "check").await);
        let rx = b.cdp.subscribe();
        let events = Arc::clone(&b.events);
        tokio::select! {
            r = b.click_at(x, y, 1) => try_tool!(r),
            _ = events.dialog_opened() => {}
        }
        let caused = try_tool!(b.settle(rx).await);
        if caused.dialog.is_none() && caused.navigation.is_none() {
            let after = try_tool!(b.agent_call("state", &[json!(resolved.r)]).await);
            if after["checked"] != want {
                return ToolOutcome::Failed(json!({
                    "kind": "verification",
                    "reason": if want { "the element did not become checked" } else { "the element did not become unchecked" },
                    "revision": b.revision(),
                }));
            }
        }
        action_result(&resolved.r, b.revision(), &caused)
    })
}

fn run_check(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    set_checked(services, a, true)
}

fn run_uncheck(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    set_checked(services, a, false)
}

fn run_select(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(
            &a,
            &["target", "value", "label", "expectedRevision"]
        ));
        let t = try_tool!(target(&a));
        let value = try_tool!(args::opt_string(&a, "value", 4096));
        let label = try_tool!(args::opt_string(&a, "label", 4096));
        if value.is_none() && label.is_none() {
            return args::invalid("value", "give value or label").into();
        }
        let mut b = try_tool!(page_session(&services).await);
        try_tool!(check_revision(&b, &a));
        let resolved = try_tool!(b.resolve(t).await);
        try_tool!(b.actionable(&resolved.r, "select").await);
        let rx = b.cdp.subscribe();
        let v = try_tool!(
            b.agent_call(
                "select",
                &[json!(resolved.r), json!({"value": value, "label": label})]
            )
            .await
        );
        if v["ok"] != true {
            let failure = v["failure"].as_str().unwrap_or("notSelect");
            let reason = match failure {
                "noSuchOption" => "no option has that value or label",
                "disabled" => "the element is disabled",
                _ => "the element is not a <select>",
            };
            return ToolOutcome::Failed(
                json!({"kind": "targeting", "failureKind": failure, "reason": reason}),
            );
        }
        let caused = try_tool!(b.settle(rx).await);
        action_result(&resolved.r, b.revision(), &caused)
    })
}
