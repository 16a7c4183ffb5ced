//! Verified pointer actions: `click`, `doubleClick`, `hover`.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::browser::{page_session, target, target_schema};
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::browser::Browser;
use crate::browser::act::Caused;
use crate::browser::act::until_dialog;
use crate::failure::{Failure, FailureKind};
use crate::try_tool;

const ACT: Annotations = Annotations {
    read_only: false,
    destructive: false,
    idempotent: false,
    open_world: true,
};

/// `click`.
pub const CLICK: Tool = Tool {
    name: "click",
    title: "Click",
    description: "Click exactly one visible, enabled, unobstructed element; reports what it caused.",
    schema: pointer_schema,
    annotations: ACT,
    browser: true,
    run: run_click,
};

/// `doubleClick`.
pub const DOUBLE_CLICK: Tool = Tool {
    name: "doubleClick",
    title: "Double-click",
    description: "Double-click exactly one verified element.",
    schema: pointer_schema,
    annotations: ACT,
    browser: true,
    run: run_double_click,
};

/// `hover`.
pub const HOVER: Tool = Tool {
    name: "hover",
    title: "Hover",
    description: "Move the pointer over exactly one verified element.",
    schema: pointer_schema,
    annotations: Annotations {
        read_only: false,
        destructive: false,
        idempotent: true,
        open_world: true,
    },
    browser: true,
    run: run_hover,
};

/// Schema shared by single-target actions: `target` and an optional revision guard.
pub fn pointer_schema() -> Value {
    args::object_schema(
        json!({"target": target_schema(), "expectedRevision": {"type": "integer", "minimum": 0}}),
        &["target"],
    )
}

/// Fail before any input when the page is not at the revision the caller expects.
pub fn check_revision(b: &Browser, a: &Map<String, Value>) -> Result<(), ToolOutcome> {
    match args::int_in(a, "expectedRevision", 0, u64::MAX).map_err(ToolOutcome::from)? {
        Some(expected) if expected != b.revision() => Err(ToolOutcome::Failed(
            Failure::of(
                FailureKind::StaleRevision,
                "the page is not at the expected revision; observe again",
            )
            .with("expectedRevision", expected)
            .with("currentRevision", b.revision()),
        )),
        _ => Ok(()),
    }
}

/// The small result of a successful action.
pub fn action_result(r: &str, revision: u64, caused: &Caused) -> ToolOutcome {
    let mut out = json!({"ok": true, "ref": r, "revision": revision, "settled": caused.settled});
    caused.attach_to(&mut out);
    ToolOutcome::Ok(out)
}

fn pointer(services: Arc<Services>, a: Map<String, Value>, clicks: u32) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["target", "expectedRevision"]));
        let t = try_tool!(target(&a));
        let mut b = try_tool!(page_session(&services).await);
        try_tool!(check_revision(&b, &a));
        let resolved = try_tool!(b.resolve(t).await);
        let action = if clicks == 0 { "hover" } else { "click" };
        let (x, y) = try_tool!(b.actionable(&resolved.r, action).await);
        let armed = b.arm();
        let events = Arc::clone(&b.events);
        if clicks == 0 {
            try_tool!(b.move_pointer(x, y).await);
        } else {
            try_tool!(until_dialog(&events, b.click_at(x, y, clicks)).await);
        }
        let caused = try_tool!(b.settle(armed).await);
        action_result(&resolved.r, b.revision(), &caused)
    })
}

fn run_click(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    pointer(services, a, 1)
}

fn run_double_click(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    pointer(services, a, 2)
}

fn run_hover(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    pointer(services, a, 0)
}

/// `drag`.
pub const DRAG: Tool = Tool {
    name: "drag",
    title: "Drag and drop",
    description: "Drag one verified element onto another (pointer drags and HTML5 drag and drop).",
    schema: drag_schema,
    annotations: ACT,
    browser: true,
    run: run_drag,
};

fn drag_schema() -> Value {
    args::object_schema(
        json!({"source": target_schema(), "destination": target_schema(), "expectedRevision": {"type": "integer", "minimum": 0}}),
        &["source", "destination"],
    )
}

fn run_drag(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(
            &a,
            &["source", "destination", "expectedRevision"]
        ));
        let source = try_tool!(args::string(
            &a,
            "source",
            crate::browser::locator::MAX_LOCATOR_BYTES
        ));
        let destination = try_tool!(args::string(
            &a,
            "destination",
            crate::browser::locator::MAX_LOCATOR_BYTES
        ));
        let mut b = try_tool!(page_session(&services).await);
        try_tool!(check_revision(&b, &a));
        let from = try_tool!(b.resolve(source).await);
        let to = try_tool!(b.resolve(destination).await);
        let (x1, y1) = try_tool!(b.actionable(&from.r, "drag").await);
        let (x2, y2) = try_tool!(b.actionable(&to.r, "hover").await);
        let armed = b.arm();
        let mut drags = b.cdp.subscribe();
        try_tool!(
            b.page_call("Input.setInterceptDrags", json!({"enabled": true}))
                .await
        );
        let session = b.page.as_ref().map(|p| p.session_id.clone());
        let result = async {
            b.move_pointer(x1, y1).await?;
            b.mouse_down(x1, y1, 1).await?;
            b.drag_pointer(x2, y2).await?;
            // An HTML5 drag is intercepted by Chrome: replay it as drag events at the drop point.
            let mut data = None;
            let window = tokio::time::Instant::now() + std::time::Duration::from_millis(500);
            while let Ok(Ok(ev)) = tokio::time::timeout_at(window, drags.recv()).await {
                if ev.method == "Input.dragIntercepted" && ev.session_id == session {
                    data = Some(ev.params["data"].clone());
                    break;
                }
            }
            if let Some(data) = data {
                for kind in ["dragEnter", "dragOver", "drop"] {
                    b.page_call(
                        "Input.dispatchDragEvent",
                        json!({"type": kind, "x": x2, "y": y2, "data": data}),
                    )
                    .await?;
                }
            }
            b.mouse_up(x2, y2, 1).await
        }
        .await;
        let _ = b
            .page_call("Input.setInterceptDrags", json!({"enabled": false}))
            .await;
        try_tool!(result);
        let caused = try_tool!(b.settle(armed).await);
        let mut out = match action_result(&from.r, b.revision(), &caused) {
            ToolOutcome::Ok(v) => v,
            other => return other,
        };
        out["destination"] = json!(to.r);
        ToolOutcome::Ok(out)
    })
}
