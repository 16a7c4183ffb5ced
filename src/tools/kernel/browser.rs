//! What every browser tool shares: acquiring the session, the open-dialog rule, and mapping
//! browser and targeting failures to bounded tool errors.

use std::sync::Arc;

use serde_json::json;

use crate::browser::act::ActError;
use crate::browser::{BrowserError, BrowserGuard};
use crate::failure::{Failure, FailureKind, Kind};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::tool::{Needs, Services, Tool};

/// A browser failure as a tool failure.
pub fn browser_failure(e: &BrowserError) -> ToolOutcome {
    let failure = match e {
        BrowserError::Unavailable(_) => FailureKind::Unavailable,
        BrowserError::Closed => FailureKind::Closed,
        BrowserError::Timeout => FailureKind::Timeout,
        BrowserError::Refused(_) => FailureKind::Refused,
        BrowserError::NoPage => FailureKind::NoPage,
        BrowserError::Agent => FailureKind::Agent,
        BrowserError::FrameGone => FailureKind::FrameGone,
        BrowserError::DialogOpen(d) => return dialog_open(d),
        BrowserError::RendererHung => FailureKind::RendererHung,
        BrowserError::RendererCrashed => FailureKind::RendererCrashed,
    };
    ToolOutcome::Failed(Failure::of(failure, e.to_string()))
}

/// An action failure as a tool failure.
pub fn act_failure(e: ActError) -> ToolOutcome {
    match e {
        ActError::Browser(e) => browser_failure(&e),
        ActError::Targeting(f) => ToolOutcome::Failed(f),
    }
}

impl From<ActError> for ToolOutcome {
    fn from(e: ActError) -> Self {
        act_failure(e)
    }
}

impl From<BrowserError> for ToolOutcome {
    fn from(e: BrowserError) -> Self {
        browser_failure(&e)
    }
}

tokio::task_local! {
    /// The `expectedRevision` of the guarded call running, until the first check takes it.
    static EXPECTED: std::cell::Cell<Option<u64>>;
}

/// Run a call of `tool` with its `expectedRevision` (the call path does, for every call): a
/// guarded tool's first acquisition of the page checks it, so no handler has to.
pub async fn with_expected_revision<F: std::future::Future>(
    expected: Option<u64>,
    call: F,
) -> F::Output {
    EXPECTED.scope(std::cell::Cell::new(expected), call).await
}

/// The `expectedRevision` a call of a guarded tool gives (the guard of any other tool is its
/// own, or it has none).
pub fn expected_revision(
    tool: &Tool,
    args: &serde_json::Map<String, serde_json::Value>,
) -> Option<u64> {
    if tool.revision != crate::tools::kernel::tool::RevisionRule::Guarded {
        return None;
    }
    args.get("expectedRevision")
        .and_then(serde_json::Value::as_u64)
}

/// Refuse a page that is not at the revision the caller observed: nothing is sent.
fn check_revision(b: &crate::browser::Browser, expected: u64) -> Result<(), ToolOutcome> {
    if b.page().is_err() {
        return Err(ToolOutcome::Failed(Failure::of(
            FailureKind::NoPage,
            "no tab is selected",
        )));
    }
    if expected == b.revision() {
        return Ok(());
    }
    Err(ToolOutcome::Failed(
        Failure::of(
            FailureKind::StaleRevision,
            "the page is not at the expected revision; observe again",
        )
        .with("expectedRevision", expected)
        .with("currentRevision", b.revision()),
    ))
}

/// The browser for `tool`, as its declared [`Needs`] say, with every event Chrome sent before
/// the call applied, at the revision its call expects: the one place these rules live.
pub async fn session_for<'a>(
    services: &'a Arc<Services>,
    tool: &Tool,
) -> Result<BrowserGuard<'a>, ToolOutcome> {
    session_with(services, tool, tool.needs).await
}

/// [`session_for`] for a call whose arguments resolve an open JavaScript dialog although its
/// tool declares [`Needs::Page`] (`executeTask` confirming, cancelling or reading a dialog):
/// every other rule of the call path still applies.
pub async fn session_resolving_dialog<'a>(
    services: &'a Arc<Services>,
    tool: &Tool,
) -> Result<BrowserGuard<'a>, ToolOutcome> {
    session_with(services, tool, Needs::Dialog).await
}

/// The browser for `tool` as `needs` say, events applied, at the expected revision.
async fn session_with<'a>(
    services: &'a Arc<Services>,
    tool: &Tool,
    needs: Needs,
) -> Result<BrowserGuard<'a>, ToolOutcome> {
    let b = session_as_needed(services, needs).await?;
    b.events_applied().await;
    if tool.revision == crate::tools::kernel::tool::RevisionRule::Guarded {
        if let Some(expected) = EXPECTED.try_with(|e| e.take()).ok().flatten() {
            check_revision(&b, expected)?;
        }
    }
    Ok(b)
}

/// The browser as `needs` say.
async fn session_as_needed(
    services: &Arc<Services>,
    needs: Needs,
) -> Result<BrowserGuard<'_>, ToolOutcome> {
    match needs {
        Needs::Nothing => Err(ToolOutcome::Failed(Failure::new(
            Kind::Internal,
            "this tool does not use the browser",
        ))),
        Needs::Browser => services
            .session
            .acquire()
            .await
            .map_err(|e| browser_failure(&e)),
        Needs::Dialog => {
            let b = services
                .session
                .acquire()
                .await
                .map_err(|e| browser_failure(&e))?;
            b.page().map_err(|e| browser_failure(&e))?;
            Ok(b)
        }
        Needs::Navigate => page_session_to_navigate(services).await,
        Needs::Page => page_session(services).await,
    }
}

/// Acquire the browser for a page tool. While a JavaScript dialog is open, only the dialog
/// tools may proceed; every other tool reports the dialog instead of hanging on it. A page
/// whose renderer is stuck or crashed is reported at once; only `navigate` runs on it.
pub async fn page_session(services: &Arc<Services>) -> Result<BrowserGuard<'_>, ToolOutcome> {
    let mut browser = page_session_to_navigate(services).await?;
    if let Some(fault) = browser.health().renderer_check().await {
        return Err(browser_failure(&crate::browser::BrowserError::from(fault)));
    }
    Ok(browser)
}

/// [`page_session`] for `navigate`, which replaces a stuck or crashed renderer.
async fn page_session_to_navigate(
    services: &Arc<Services>,
) -> Result<BrowserGuard<'_>, ToolOutcome> {
    let browser = services
        .session
        .acquire()
        .await
        .map_err(|e| browser_failure(&e))?;
    browser.page().map_err(|e| browser_failure(&e))?;
    if let Some(d) = browser.events().dialog() {
        return Err(dialog_open(&d));
    }
    Ok(browser)
}

/// The failure of a page tool that met an open JavaScript dialog.
fn dialog_open(d: &crate::browser::OpenDialog) -> ToolOutcome {
    ToolOutcome::Failed(
        Failure::new(
            Kind::DialogOpen,
            "a JavaScript dialog is open; resolve it with acceptDialog or dismissDialog",
        )
        .with("dialog", json!({"type": d.kind, "message": d.message})),
    )
}

/// Unwrap an outcome-or-value, returning the outcome from the enclosing async block.
#[macro_export]
macro_rules! try_tool {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return $crate::tools::kernel::outcome::ToolOutcome::from(e),
        }
    };
}

/// Resolve an optional target to a ref.
pub async fn optional_ref(
    b: &mut crate::browser::Browser,
    target: Option<&crate::tools::kernel::args::Target>,
) -> Result<Option<String>, ToolOutcome> {
    match target {
        None => Ok(None),
        Some(t) => Ok(Some(b.actions().resolve(t.as_str()).await?.r)),
    }
}
