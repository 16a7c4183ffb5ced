//! Page targets: `listTargets`, `createTarget`, `selectTarget`, `closeTarget`, and
//! `clickExpectPopup`.
//!
//! Ids come from the list tools. Creating or discovering a page never selects it; closing the
//! selected page leaves no selection, and page tools then say so.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value, json};

use super::browser::{page_session, target, target_schema};
use super::pointer::check_revision;
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::browser::act::until_dialog;
use crate::browser::{BrowserError, CALL_TIMEOUT};
use crate::failure::{Failure, FailureKind};
use crate::redact;
use crate::try_tool;

const TOPOLOGY: Annotations = Annotations {
    read_only: false,
    destructive: false,
    idempotent: false,
    open_world: true,
};

/// `listTargets`.
pub const LIST: Tool = Tool {
    name: "listTargets",
    title: "List pages",
    description: "List open page targets (id, url, title, opener, selected).",
    schema: empty_schema,
    annotations: Annotations {
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
    browser: true,
    run: run_list,
};

/// `createTarget`.
pub const CREATE: Tool = Tool {
    name: "createTarget",
    title: "Open a page",
    description: "Open a new page (about:blank or url) without selecting it; returns its targetId.",
    schema: create_schema,
    annotations: TOPOLOGY,
    browser: true,
    run: run_create,
};

/// `selectTarget`.
pub const SELECT: Tool = Tool {
    name: "selectTarget",
    title: "Select a page",
    description: "Make a page from listTargets the one page tools act on.",
    schema: id_schema,
    annotations: TOPOLOGY,
    browser: true,
    run: run_select,
};

/// `closeTarget`.
pub const CLOSE: Tool = Tool {
    name: "closeTarget",
    title: "Close a page",
    description: "Close a page from listTargets. Closing the selected page leaves none selected.",
    schema: id_schema,
    annotations: Annotations {
        read_only: false,
        destructive: true,
        idempotent: true,
        open_world: false,
    },
    browser: true,
    run: run_close,
};

/// `clickExpectPopup`.
pub const CLICK_EXPECT_POPUP: Tool = Tool {
    name: "clickExpectPopup",
    title: "Click and expect one popup",
    description: "Click one verified element and verify it opened exactly one popup; returns the popup's targetId without selecting it.",
    schema: popup_schema,
    annotations: TOPOLOGY,
    browser: true,
    run: run_click_expect_popup,
};

fn empty_schema() -> Value {
    args::object_schema(json!({}), &[])
}

fn create_schema() -> Value {
    args::confirmable(args::object_schema(json!({"url": {"type": "string"}}), &[]))
}

fn id_schema() -> Value {
    args::object_schema(json!({"targetId": {"type": "string"}}), &["targetId"])
}

fn popup_schema() -> Value {
    args::object_schema(
        json!({"target": target_schema(), "timeoutMs": {"type": "integer", "minimum": 1, "maximum": 60000}, "expectedRevision": {"type": "integer", "minimum": 0}}),
        &["target"],
    )
}

fn target_id(a: &Map<String, Value>) -> Result<&str, super::ToolError> {
    let id = args::string(a, "targetId", 64)?;
    if !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(args::invalid(
            "targetId",
            "is not a target id from listTargets",
        ));
    }
    Ok(id)
}

fn unknown_target() -> ToolOutcome {
    ToolOutcome::Failed(Failure::of(
        FailureKind::UnknownTarget,
        "no open page has this id; call listTargets",
    ))
}

fn run_list(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &[]));
        let b = try_tool!(services.session.acquire().await);
        let selected = b.page.as_ref().map(|p| p.target_id.clone());
        let list = try_tool!(
            b.cdp
                .call_raw(None, "Target.getTargets", json!({}), CALL_TIMEOUT)
                .await
                .map_err(BrowserError::from)
        );
        let targets: Vec<Value> = list["targetInfos"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .filter(|t| t["type"] == "page")
            .take(64)
            .map(|t| {
                let mut v = json!({
                    "targetId": t["targetId"],
                    "url": redact::url_without_query(t["url"].as_str().unwrap_or("")),
                    "title": redact::bounded_text(t["title"].as_str().unwrap_or(""), 120),
                    "selected": t["targetId"].as_str() == selected.as_deref(),
                });
                if let Some(opener) = t["openerId"].as_str() {
                    v["openerId"] = json!(opener);
                }
                v
            })
            .collect();
        ToolOutcome::Ok(json!({"targets": targets}))
    })
}

fn run_create(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["url"]));
        let url = try_tool!(args::opt_string(&a, "url", 8192))
            .unwrap_or("about:blank")
            .to_owned();
        if !super::page::allowed_url(&url) {
            return args::invalid("url", "must be an http, https, file, about or data URL").into();
        }
        try_tool!(super::browser::check_url(&services, &url));
        try_tool!(super::browser::gate(
            &services,
            crate::policy::Capability::Navigate,
            "createTarget",
            &a,
            &format!("open {} in a new page", super::browser::destination(&url))
        ));
        let b = try_tool!(services.session.acquire().await);
        let created = try_tool!(
            b.cdp
                .call_raw(
                    None,
                    "Target.createTarget",
                    json!({"url": url, "background": true}),
                    CALL_TIMEOUT
                )
                .await
                .map_err(BrowserError::from)
        );
        ToolOutcome::Ok(json!({"targetId": created["targetId"], "selected": false}))
    })
}

async fn page_exists(b: &crate::browser::Browser, id: &str) -> Result<bool, BrowserError> {
    let list = b
        .cdp
        .call_raw(None, "Target.getTargets", json!({}), CALL_TIMEOUT)
        .await?;
    Ok(list["targetInfos"]
        .as_array()
        .is_some_and(|l| l.iter().any(|t| t["type"] == "page" && t["targetId"] == id)))
}

fn run_select(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["targetId"]));
        let id = try_tool!(target_id(&a)).to_owned();
        let mut b = try_tool!(services.session.acquire().await);
        if !try_tool!(page_exists(&b, &id).await) {
            return unknown_target();
        }
        try_tool!(b.attach_page(&id).await);
        let _ = b
            .cdp
            .call_raw(
                None,
                "Target.activateTarget",
                json!({"targetId": id}),
                CALL_TIMEOUT,
            )
            .await;
        let (url, title) = try_tool!(b.location().await);
        ToolOutcome::Ok(json!({
            "targetId": id,
            "selected": true,
            "url": redact::bounded_text(&url, 2048),
            "title": redact::bounded_text(&title, 200),
            "revision": b.revision(),
        }))
    })
}

fn run_close(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["targetId"]));
        let id = try_tool!(target_id(&a)).to_owned();
        let mut b = try_tool!(services.session.acquire().await);
        if !try_tool!(page_exists(&b, &id).await) {
            return unknown_target();
        }
        // Subscribed before closing, so the destruction cannot be missed.
        let mut events = b.cdp.subscribe();
        try_tool!(
            b.cdp
                .call_raw(
                    None,
                    "Target.closeTarget",
                    json!({"targetId": id}),
                    CALL_TIMEOUT
                )
                .await
                .map_err(BrowserError::from)
        );
        // Chrome acknowledges the close before the tab is gone; answer once it is, so the
        // next `listTargets` no longer shows it.
        let gone = tokio::time::timeout(CALL_TIMEOUT, async {
            loop {
                match events.recv().await {
                    Ok(ev) => {
                        if ev.method == "Target.targetDestroyed" && ev.params["targetId"] == id {
                            return true;
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        if !page_exists(&b, &id).await.unwrap_or(true) {
                            return true;
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return false,
                }
            }
        })
        .await
        .unwrap_or(false);
        if !gone {
            tracing::warn!("a closed target was still listed when closeTarget answered");
        }
        let was_selected = b.page.as_ref().is_some_and(|p| p.target_id == id);
        if was_selected {
            b.unselect();
        }
        ToolOutcome::Ok(json!({"closed": id, "wasSelected": was_selected, "selected": Value::Null}))
    })
}

fn run_click_expect_popup(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["target", "timeoutMs", "expectedRevision"]));
        let t = try_tool!(target(&a));
        let timeout = try_tool!(args::int_in(&a, "timeoutMs", 1, 60_000)).unwrap_or(5_000);
        let mut b = try_tool!(page_session(&services).await);
        try_tool!(check_revision(&b, &a));
        let opener = b
            .page
            .as_ref()
            .map(|p| p.target_id.clone())
            .unwrap_or_default();
        let resolved = try_tool!(b.resolve(t).await);
        let (x, y) = try_tool!(b.actionable(&resolved.r, "click").await);
        let events = Arc::clone(&b.events);
        let before: Vec<String> = events
            .popups
            .lock()
            .map(|p| p.iter().map(|x| x.target_id.clone()).collect())
            .unwrap_or_default();
        let armed = b.arm();
        let mut opens = b.cdp.subscribe();
        let opener_session = b.page.as_ref().map(|p| p.session_id.clone());
        try_tool!(until_dialog(&events, b.click_at(x, y, 1)).await);
        // Popups the click's handlers opened synchronously: Chrome reports each
        // `window.open` (and target=_blank link) before it acknowledges the input.
        let opened_now = window_opens(&mut opens, opener_session.as_deref());
        let new_popups = || -> Vec<crate::browser::Popup> {
            events
                .popups
                .lock()
                .map(|p| {
                    p.iter()
                        .filter(|x| x.opener_id == opener && !before.contains(&x.target_id))
                        .cloned()
                        .collect()
                })
                .unwrap_or_default()
        };
        // Wait for a first popup; then, if the click opened several at once, for the others,
        // only briefly: an attached browser with its popup blocker on may report a window.open
        // that it then blocks.
        let deadline = tokio::time::Instant::now() + Duration::from_millis(timeout);
        let mut first_seen = None;
        loop {
            let notified = events.changed.notified();
            let found = new_popups().len();
            if events.dialog().is_some() || found >= opened_now.max(1) {
                break;
            }
            let until = if found == 0 {
                deadline
            } else {
                let seen = *first_seen.get_or_insert_with(tokio::time::Instant::now);
                deadline.min(seen + MORE_POPUPS)
            };
            if tokio::time::timeout_at(until, notified).await.is_err() {
                break;
            }
        }
        // The first popup's URL commit. A popup opened later (from a timer, say) gets a short
        // grace period, overlapped with that wait, in which further ones would show up; the
        // synchronous ones were all counted already.
        let first = new_popups().first().map(|p| p.target_id.clone());
        let mut first_url = None;
        if let Some(id) = &first {
            let started = tokio::time::Instant::now();
            first_url = committed_url(&b.cdp, id).await;
            let grace = Duration::from_millis(if opened_now == 0 { 50 } else { 0 });
            if started.elapsed() < grace {
                tokio::time::sleep(grace - started.elapsed()).await;
            }
        }
        let caused = try_tool!(b.settle(armed).await);
        let found = new_popups();
        let revision = b.revision();
        match found.as_slice() {
            [] => ToolOutcome::Failed(
                Failure::of(FailureKind::NoPopup, "the click opened no popup")
                    .with("revision", revision)
                    .with("caused", caused.to_json()),
            ),
            [one] if one.closed => ToolOutcome::Failed(
                Failure::of(
                    FailureKind::PopupClosed,
                    "the popup closed before it was ready",
                )
                .with("revision", revision),
            ),
            [one] => {
                if let Ok(mut p) = events.popups.lock() {
                    p.iter_mut()
                        .filter(|x| x.target_id == one.target_id)
                        .for_each(|x| x.reported = true);
                }
                let url =
                    match first_url.filter(|_| first.as_deref() == Some(one.target_id.as_str())) {
                        Some(url) => url,
                        None => match committed_url(&b.cdp, &one.target_id).await {
                            Some(url) => url,
                            None => {
                                return ToolOutcome::Failed(
                                    Failure::of(
                                        FailureKind::PopupClosed,
                                        "the popup closed before it was ready",
                                    )
                                    .with("revision", revision),
                                );
                            }
                        },
                    };
                ToolOutcome::Ok(json!({
                    "ok": true,
                    "ref": resolved.r,
                    "popup": {"targetId": one.target_id, "url": redact::url_without_query(&url), "selected": false},
                    "revision": revision,
                }))
            }
            many => ToolOutcome::Failed(
                Failure::of(
                    FailureKind::MultiplePopups,
                    "the click opened several popups",
                )
                .with(
                    "popups",
                    many.iter().map(|p| p.target_id.clone()).collect::<Vec<_>>(),
                )
                .with("revision", revision),
            ),
        }
    })
}

/// How long `clickExpectPopup` waits for the rest of the popups a click opened at once, once
/// the first is there.
const MORE_POPUPS: Duration = Duration::from_secs(1);

/// How many `Page.windowOpen` events of `session` are already queued on `rx`.
fn window_opens(
    rx: &mut tokio::sync::broadcast::Receiver<Arc<crate::browser::cdp::CdpEvent>>,
    session: Option<&str>,
) -> usize {
    let mut n = 0;
    loop {
        match rx.try_recv() {
            Ok(ev) if ev.method == "Page.windowOpen" && ev.session_id.as_deref() == session => {
                n += 1
            }
            Ok(_) | Err(tokio::sync::broadcast::error::TryRecvError::Lagged(_)) => {}
            Err(_) => return n,
        }
    }
}

/// The popup's URL once it commits one (Chrome reports it with `Target.targetInfoChanged`,
/// within 2 s); `None` if the popup closed.
async fn committed_url(cdp: &crate::browser::cdp::Cdp, id: &str) -> Option<String> {
    let committed = |url: &str| !url.is_empty() && url != "about:blank";
    // Subscribe before asking, so a commit between the two is not missed.
    let mut rx = cdp.subscribe();
    let info = cdp
        .call_raw(
            None,
            "Target.getTargetInfo",
            json!({"targetId": id}),
            CALL_TIMEOUT,
        )
        .await
        .ok()?;
    let mut url = info["targetInfo"]["url"].as_str().unwrap_or("").to_owned();
    let until = tokio::time::Instant::now() + Duration::from_secs(2);
    while !committed(&url) {
        let ev = match tokio::time::timeout_at(until, rx.recv()).await {
            Err(_) => break,
            Ok(Ok(ev)) => ev,
            Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => continue,
            Ok(Err(_)) => return None,
        };
        match ev.method.as_str() {
            "Target.targetInfoChanged" if ev.params["targetInfo"]["targetId"] == id => {
                url = ev.params["targetInfo"]["url"]
                    .as_str()
                    .unwrap_or("")
                    .to_owned();
            }
            "Target.targetDestroyed" if ev.params["targetId"] == id => return None,
            _ => {}
        }
    }
    Some(url)
}

/// `listFrames`.
pub const LIST_FRAMES: Tool = Tool {
    name: "listFrames",
    title: "List frames",
    description: "List the selected page's frames, same-origin and cross-origin (frameId, parentId, url, crossProcess, selected).",
    schema: empty_schema,
    annotations: Annotations {
        read_only: true,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
    browser: true,
    run: run_list_frames,
};

/// `selectFrame`.
pub const SELECT_FRAME: Tool = Tool {
    name: "selectFrame",
    title: "Select a frame",
    description: "Make a frame from listFrames the one observe and actions work in; \"main\" returns to the main frame.",
    schema: frame_schema,
    annotations: TOPOLOGY,
    browser: true,
    run: run_select_frame,
};

fn frame_schema() -> Value {
    args::object_schema(json!({"frameId": {"type": "string"}}), &["frameId"])
}

/// One frame of the page.
struct FrameInfo {
    id: String,
    parent: Option<String>,
    url: String,
    session: String,
    oop: bool,
}

async fn frames_of(b: &crate::browser::Browser) -> Result<Vec<FrameInfo>, BrowserError> {
    let page = b.page()?.clone();
    let tree = b.page_call("Page.getFrameTree", json!({})).await?;
    let mut out = Vec::new();
    let mut stack = vec![(tree["frameTree"].clone(), None::<String>)];
    while let Some((node, parent)) = stack.pop() {
        let id = node["frame"]["id"].as_str().unwrap_or("").to_owned();
        if id.is_empty() || out.len() >= 256 {
            continue;
        }
        for child in node["childFrames"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[])
        {
            stack.push((child.clone(), Some(id.clone())));
        }
        out.push(FrameInfo {
            url: node["frame"]["url"].as_str().unwrap_or("").to_owned(),
            parent,
            session: page.session_id.clone(),
            oop: false,
            id,
        });
    }
    let oop = b
        .events
        .oop_frames
        .lock()
        .map(|f| f.clone())
        .unwrap_or_default();
    // The URL at attach time is usually still empty: ask for the current ones, all at once.
    let infos = futures_util::future::join_all(oop.iter().map(|f| {
        b.cdp.call_raw(
            None,
            "Target.getTargetInfo",
            json!({"targetId": f.frame_id}),
            CALL_TIMEOUT,
        )
    }))
    .await;
    for (mut f, info) in oop.into_iter().zip(infos) {
        if let Some(url) = info
            .ok()
            .as_ref()
            .and_then(|i| i["targetInfo"]["url"].as_str())
        {
            f.url = url.to_owned();
        }
        match out.iter_mut().find(|x| x.id == f.frame_id) {
            Some(existing) => {
                existing.session = f.session_id.clone();
                existing.oop = true;
            }
            None => out.push(FrameInfo {
                id: f.frame_id.clone(),
                parent: Some(f.parent_frame.clone().unwrap_or(page.main_frame.clone())),
                url: f.url.clone(),
                session: f.session_id.clone(),
                oop: true,
            }),
        }
    }
    Ok(out)
}

fn run_list_frames(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &[]));
        let b = try_tool!(page_session(&services).await);
        let (_, selected) = try_tool!(b.agent_target());
        let frames = try_tool!(frames_of(&b).await);
        let list: Vec<Value> = frames
            .iter()
            .map(|f| {
                json!({
                    "frameId": f.id,
                    "parentId": f.parent,
                    "url": redact::url_without_query(&f.url),
                    "crossProcess": f.oop,
                    "selected": f.id == selected,
                })
            })
            .collect();
        ToolOutcome::Ok(json!({"frames": list}))
    })
}

fn run_select_frame(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["frameId"]));
        let id = try_tool!(args::string(&a, "frameId", 64)).to_owned();
        let mut b = try_tool!(page_session(&services).await);
        let main = try_tool!(b.page()).main_frame.clone();
        if id == "main" || id == main {
            b.frame = None;
            b.agent_context = None;
            return ToolOutcome::Ok(json!({"frameId": main, "selected": true}));
        }
        let frames = try_tool!(frames_of(&b).await);
        let Some(f) = frames.iter().find(|f| f.id == id) else {
            return ToolOutcome::Failed(Failure::of(
                FailureKind::UnknownFrame,
                "the page has no frame with this id; call listFrames",
            ));
        };
        if f.oop {
            // The frame's own session needs its page domain for the agent's world.
            let _ = b
                .cdp
                .call_raw(Some(&f.session), "Page.enable", json!({}), CALL_TIMEOUT)
                .await;
        }
        b.frame = Some(crate::browser::FrameSelection {
            frame_id: f.id.clone(),
            session_id: f.session.clone(),
            out_of_process: f.oop,
        });
        b.agent_context = None;
        ToolOutcome::Ok(
            json!({"frameId": f.id, "crossProcess": f.oop, "selected": true, "url": redact::url_without_query(&f.url)}),
        )
    })
}
