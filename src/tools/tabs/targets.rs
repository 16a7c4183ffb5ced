//! Page targets: `listTargets`, `createTarget`, `selectTarget`, `closeTarget`, and
//! `clickExpectPopup`.
//!
//! Ids come from the list tools. Creating or discovering a page never selects it; closing the
//! selected page leaves no selection, and page tools then say so.

use std::sync::Arc;
use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::browser::settle::until_dialog;
use crate::failure::{Failure, FailureKind};
use crate::redact;
use crate::tools::kernel::args;
use crate::tools::kernel::args::{NoArgs, Target};
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, Nav, Tab};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::CausedReport;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `listTargets`.
pub const LIST: Tool = Tool {
    name: "listTargets",
    title: "List pages",
    description: "List open page targets (id, url, title, opener, selected).",
    group: ToolGroup::Core,
    family: Family::Tabs,
    schema: input_schema::<NoArgs>,
    output: crate::tools::kernel::output::result_of::<TargetsResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Browser,
    revision: RevisionRule::Reads,
    run: crate::handler!(NoArgs, run_list),
};

/// `createTarget`.
pub const CREATE: Tool = Tool {
    name: "createTarget",
    title: "Open a page",
    description: "Open a new page (about:blank or url) without selecting it; returns its targetId.",
    group: ToolGroup::Standard,
    family: Family::Tabs,
    schema: input_schema::<CreateArgs>,
    output: crate::tools::kernel::output::result_of::<TargetResult>,
    effects: &[Effect::Navigates(Nav::Url("url", Tab::New)), Effect::Steers],
    idempotent: false,
    needs: Needs::Browser,
    revision: RevisionRule::Changes,
    run: crate::handler!(CreateArgs, run_create),
};

/// `selectTarget`.
pub const SELECT: Tool = Tool {
    name: "selectTarget",
    title: "Select a page",
    description: "Make a page from listTargets the one page tools act on.",
    group: ToolGroup::Core,
    family: Family::Tabs,
    schema: input_schema::<IdArgs>,
    output: crate::tools::kernel::output::result_of::<TargetResult>,
    effects: &[Effect::Steers],
    idempotent: false,
    needs: Needs::Browser,
    revision: RevisionRule::Changes,
    run: crate::handler!(IdArgs, run_select),
};

/// `closeTarget`.
pub const CLOSE: Tool = Tool {
    name: "closeTarget",
    title: "Close a page",
    description: "Close a page from listTargets. Closing the selected page leaves none selected.",
    group: ToolGroup::Core,
    family: Family::Tabs,
    schema: input_schema::<IdArgs>,
    output: crate::tools::kernel::output::result_of::<ClosedResult>,
    effects: &[Effect::ClosesPage, Effect::Steers],
    idempotent: true,
    needs: Needs::Browser,
    revision: RevisionRule::Changes,
    run: crate::handler!(IdArgs, run_close),
};

/// `clickExpectPopup`.
pub const CLICK_EXPECT_POPUP: Tool = Tool {
    name: "clickExpectPopup",
    title: "Click for a popup",
    description: "Click one verified element that must open exactly one popup: its targetId, not selected.",
    group: ToolGroup::Standard,
    family: Family::Tabs,
    schema: input_schema::<PopupArgs>,
    output: crate::tools::kernel::output::result_of::<PopupResult>,
    effects: &[Effect::Input],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(PopupArgs, run_click_expect_popup),
};

/// Arguments of `createTarget`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CreateArgs {
    /// Default about:blank.
    #[schemars(length(min = 1, max = 8192))]
    url: Option<String>,
}

/// Arguments of `selectTarget` and `closeTarget`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct IdArgs {
    /// A tab's id from listTargets.
    #[schemars(length(min = 1, max = 64))]
    target_id: String,
}

/// Arguments of `clickExpectPopup`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct PopupArgs {
    /// The element whose click opens the popup.
    target: Target,
    /// Default 5000.
    #[schemars(range(min = 1, max = 60_000))]
    timeout_ms: Option<u64>,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

/// Arguments of `selectFrame`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct FrameArgs {
    /// A frame's id from listFrames, or main.
    #[schemars(length(min = 1, max = 64))]
    frame_id: String,
}

fn target_id(id: String) -> Result<String, crate::tools::kernel::outcome::ToolError> {
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

fn run_list(services: Arc<Services>, _: Call<NoArgs>) -> ToolFuture {
    Box::pin(async move {
        let mut b = try_tool!(session_for(&services, &LIST).await);
        let selected = b.selected_tab().map(|p| p.target_id.clone());
        let targets = try_tool!(b.tabs().list().await)
            .into_iter()
            .map(|t| TargetEntry {
                url: redact::url_without_query(&t.url),
                title: redact::bounded_text(&t.title, 120),
                selected: Some(&t.target_id) == selected.as_ref(),
                target_id: t.target_id,
                opener_id: t.opener_id,
            })
            .collect();
        ToolOutcome::ok(&TargetsResult { targets })
    })
}

fn run_create(services: Arc<Services>, input: Call<CreateArgs>) -> ToolFuture {
    Box::pin(async move {
        let url = input.args.url.unwrap_or_else(|| "about:blank".to_owned());
        let mut b = try_tool!(session_for(&services, &CREATE).await);
        let id = try_tool!(b.tabs().create(&url).await);
        ToolOutcome::ok(&TargetResult {
            target_id: id,
            selected: false,
            url: None,
            title: None,
            revision: None,
        })
    })
}

fn run_select(services: Arc<Services>, input: Call<IdArgs>) -> ToolFuture {
    Box::pin(async move {
        let id = try_tool!(target_id(input.args.target_id));
        let mut b = try_tool!(session_for(&services, &SELECT).await);
        if !try_tool!(b.tabs().exists(&id).await) {
            return unknown_target();
        }
        try_tool!(b.tabs().select(&id).await);
        let (url, title) = try_tool!(b.pages().location().await);
        ToolOutcome::ok(&TargetResult {
            target_id: id,
            selected: true,
            url: Some(redact::bounded_text(&url, 2048)),
            title: Some(redact::bounded_text(&title, 200)),
            revision: Some(b.revision()),
        })
    })
}

fn run_close(services: Arc<Services>, input: Call<IdArgs>) -> ToolFuture {
    Box::pin(async move {
        let id = try_tool!(target_id(input.args.target_id));
        let mut b = try_tool!(session_for(&services, &CLOSE).await);
        if !try_tool!(b.tabs().exists(&id).await) {
            return unknown_target();
        }
        let was_selected = try_tool!(b.tabs().close(&id).await);
        ToolOutcome::ok(&ClosedResult {
            closed: id,
            was_selected,
        })
    })
}

fn run_click_expect_popup(services: Arc<Services>, input: Call<PopupArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let t = a.target.as_str();
        let timeout = a.timeout_ms.unwrap_or(5_000);
        let mut b = try_tool!(session_for(&services, &CLICK_EXPECT_POPUP).await);
        let opener = b
            .selected_tab()
            .map(|p| p.target_id.clone())
            .unwrap_or_default();
        let resolved = try_tool!(b.actions().resolve(t).await);
        let (x, y) = try_tool!(b.actions().actionable(&resolved.r, "click").await);
        let events = Arc::clone(b.events());
        let before: Vec<String> = events
            .popups
            .lock()
            .map(|p| p.iter().map(|x| x.target_id.clone()).collect())
            .unwrap_or_default();
        let armed = b.actions().arm();
        let mut opens = b.tabs().watch_popups();
        try_tool!(until_dialog(&events, b.input().click_at(x, y, 1)).await);
        // Popups the click's handlers opened synchronously.
        let opened_now = opens.opened();
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
            first_url = b.tabs().committed_url(id).await;
            let grace = Duration::from_millis(if opened_now == 0 { 50 } else { 0 });
            if started.elapsed() < grace {
                tokio::time::sleep(grace - started.elapsed()).await;
            }
        }
        let caused = try_tool!(b.actions().settle(armed).await);
        let found = new_popups();
        let revision = b.revision();
        match found.as_slice() {
            [] => ToolOutcome::Failed(
                Failure::of(FailureKind::NoPopup, "the click opened no popup")
                    .with("revision", revision)
                    .with("caused", CausedReport::field(&caused)),
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
                        None => match b.tabs().committed_url(&one.target_id).await {
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
                ToolOutcome::ok(&PopupResult {
                    ok: true,
                    element: resolved.r,
                    popup: PopupSeen {
                        target_id: one.target_id.clone(),
                        url: redact::url_without_query(&url),
                        selected: false,
                    },
                    revision,
                })
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

/// `listFrames`.
pub const LIST_FRAMES: Tool = Tool {
    name: "listFrames",
    title: "List frames",
    description: "The selected page's frames, cross-origin ones too (frameId, parentId, url, crossProcess, selected).",
    group: ToolGroup::Standard,
    family: Family::Tabs,
    schema: input_schema::<NoArgs>,
    output: crate::tools::kernel::output::result_of::<FramesResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(NoArgs, run_list_frames),
};

/// `selectFrame`.
pub const SELECT_FRAME: Tool = Tool {
    name: "selectFrame",
    title: "Select a frame",
    description: "Make a frame from listFrames the one observe and actions work in; \"main\" returns to the main frame.",
    group: ToolGroup::Standard,
    family: Family::Tabs,
    schema: input_schema::<FrameArgs>,
    output: crate::tools::kernel::output::result_of::<FrameResult>,
    effects: &[Effect::Steers],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Changes,
    run: crate::handler!(FrameArgs, run_select_frame),
};

fn run_list_frames(services: Arc<Services>, _: Call<NoArgs>) -> ToolFuture {
    Box::pin(async move {
        let mut b = try_tool!(session_for(&services, &LIST_FRAMES).await);
        let (_, selected) = try_tool!(b.agent_target());
        let frames = try_tool!(b.frames().list().await);
        let frames = frames
            .iter()
            .map(|f| FrameEntry {
                frame_id: f.id.clone(),
                parent_id: f.parent.clone(),
                url: redact::url_without_query(&f.url),
                cross_process: f.oop,
                selected: f.id == selected,
            })
            .collect();
        ToolOutcome::ok(&FramesResult { frames })
    })
}

fn run_select_frame(services: Arc<Services>, input: Call<FrameArgs>) -> ToolFuture {
    Box::pin(async move {
        let id = input.args.frame_id;
        let mut b = try_tool!(session_for(&services, &SELECT_FRAME).await);
        let main = try_tool!(b.page()).main_frame.clone();
        if id == "main" || id == main {
            b.frames().select_main();
            return ToolOutcome::ok(&FrameResult {
                frame_id: main,
                selected: true,
                cross_process: None,
                url: None,
            });
        }
        let Some(f) = try_tool!(b.frames().select(&id).await) else {
            return ToolOutcome::Failed(Failure::of(
                FailureKind::UnknownFrame,
                "the page has no frame with this id; call listFrames",
            ));
        };
        ToolOutcome::ok(&FrameResult {
            url: Some(redact::url_without_query(&f.url)),
            frame_id: f.id,
            selected: true,
            cross_process: Some(f.oop),
        })
    })
}

/// The result of `listTargets`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TargetsResult {
    /// The open tabs.
    pub targets: Vec<TargetEntry>,
}

/// One tab.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetEntry {
    /// Its id.
    pub target_id: String,
    /// Its URL, query stripped.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// Its title.
    #[schemars(extend("x-glassPageContent" = true))]
    pub title: String,
    /// It is the selected tab.
    pub selected: bool,
    /// The tab that opened it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opener_id: Option<String>,
}

/// The result of `createTarget` and `selectTarget`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetResult {
    /// The tab.
    pub target_id: String,
    /// It is now the selected tab (createTarget leaves the selection alone).
    pub selected: bool,
    /// selectTarget: its URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: Option<String>,
    /// selectTarget: its title.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub title: Option<String>,
    /// selectTarget: its page revision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<u64>,
}

/// The result of `closeTarget`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedResult {
    /// The closed tab.
    pub closed: String,
    /// It was the selected tab (no tab is selected now; selectTarget one).
    pub was_selected: bool,
}

/// The result of `clickExpectPopup`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PopupResult {
    /// One popup opened.
    pub ok: bool,
    /// The element clicked.
    #[serde(rename = "ref")]
    pub element: String,
    /// The popup.
    pub popup: PopupSeen,
    /// The page revision after the click.
    pub revision: u64,
}

/// The popup a click opened.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PopupSeen {
    /// Its tab's id.
    pub target_id: String,
    /// Its URL, query stripped.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// It is selected (never: selectTarget it).
    pub selected: bool,
}

/// The result of `listFrames`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FramesResult {
    /// The selected page's frames.
    pub frames: Vec<FrameEntry>,
}

/// One frame.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FrameEntry {
    /// Its id.
    pub frame_id: String,
    /// Its parent frame's id (none for the main frame).
    pub parent_id: Option<String>,
    /// Its URL, query stripped.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// It runs in its own process.
    pub cross_process: bool,
    /// It is the selected frame.
    pub selected: bool,
}

/// The result of `selectFrame`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FrameResult {
    /// The frame now selected.
    pub frame_id: String,
    /// Always true.
    pub selected: bool,
    /// A child frame: it runs in its own process.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cross_process: Option<bool>,
    /// A child frame: its URL, query stripped.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: Option<String>,
}
