//! Navigation that always returns promptly: loads, same-document jumps, 204s, downloads,
//! failures and dialogs each end the wait with their own outcome.

use std::time::Duration;

use serde_json::json;
use tokio::sync::broadcast::error::RecvError;

use super::error::BrowserError;
use super::events::OpenDialog;
use super::page::{Browser, CALL_TIMEOUT};
use crate::redact;

/// When a navigation counts as done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitUntil {
    /// The load event.
    Load,
    /// DOMContentLoaded.
    DomContentLoaded,
    /// Committed: the new document exists.
    Commit,
}

/// What a navigation did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NavOutcome {
    /// A new document loaded (as far as `WaitUntil` asked).
    Loaded {
        /// HTTP status of the document, when known.
        status: Option<i64>,
    },
    /// Only the fragment or history state changed.
    SameDocument,
    /// The response became a download.
    Download,
    /// The response had no content to show (such as 204), so the page stayed.
    NoContent,
    /// The navigation failed with a network error code.
    Failed {
        /// `ERR_...` code.
        net_error: Option<String>,
    },
    /// A JavaScript dialog opened before the navigation finished.
    Dialog(OpenDialog),
    /// The load did not finish in time (the document may still be loading).
    Timeout {
        /// HTTP status of the document, when known.
        status: Option<i64>,
    },
    /// The tab ended on a host the policy refuses (a redirect or a page script took it
    /// there), so it shows Chrome's error page: reported as such, never as `loaded`.
    Blocked {
        /// The refused host.
        host: String,
    },
}

impl NavOutcome {
    /// The outcome's wire name.
    pub fn name(&self) -> &'static str {
        match self {
            NavOutcome::Loaded { .. } => "loaded",
            NavOutcome::SameDocument => "sameDocument",
            NavOutcome::Download => "download",
            NavOutcome::NoContent => "noContent",
            NavOutcome::Failed { .. } => "error",
            NavOutcome::Dialog(_) => "dialog",
            NavOutcome::Timeout { .. } => "timeout",
            NavOutcome::Blocked { .. } => "blocked",
        }
    }
}

/// How long a failed navigation waits for Chrome's error page to commit.
const ERROR_PAGE_COMMIT: Duration = Duration::from_secs(2);

/// How long a same-document navigation waits for the tab's history to record it.
const SAME_DOCUMENT_COMMIT: Duration = Duration::from_secs(2);

/// How long a navigation whose frame stopped loading waits for its commit anyway.
const STOP_GRACE: Duration = Duration::from_millis(100);

/// Pages and history: going to a URL, moving through history, where the tab is.
/// Reached through [`Browser::pages`].
pub struct Pages<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Pages`] handle over this browser.
    pub fn pages(&mut self) -> Pages<'_> {
        Pages { browser: self }
    }
}

impl Pages<'_> {
    /// Navigate the selected page's main frame to `url`. The tab navigates whichever frame
    /// was selected, so its main frame is selected from now on (a child frame would be gone
    /// with the old document).
    pub async fn navigate(
        &mut self,
        url: &str,
        timeout: Duration,
        until: WaitUntil,
    ) -> Result<NavOutcome, BrowserError> {
        let page = self.browser.page()?.clone();
        self.browser.frames().select_main();
        let mut rx = self.browser.cdp.subscribe();
        let events = std::sync::Arc::clone(&self.browser.events);
        let deadline = tokio::time::Instant::now() + timeout;
        // A renderer already crashed is what this navigation replaces; one that crashes while
        // loading the new document ends the wait at once. (A busy one does not: loading may
        // keep it busy, and the navigation has its own deadline.)
        let watch_renderer = events.renderer_fault().is_none();
        let crashed = || {
            events.until(|e| {
                (e.renderer_fault() == Some(super::events::RendererFault::Crashed)).then_some(())
            })
        };
        let nav = tokio::select! {
            r = self.browser.cdp.call_raw(Some(&page.session_id), "Page.navigate", json!({"url": url}), timeout) => r,
            d = events.dialog_opened() => return Ok(NavOutcome::Dialog(d)),
        };
        self.browser.agent_context = None;
        let nav = match nav {
            Ok(nav) => nav,
            // No response within the navigation's own deadline: the navigation timed out
            // (the browser is fine); it is stopped so the tab is not left loading.
            Err(super::cdp::CdpError::Timeout { .. }) => {
                self.stop_loading(&page.session_id).await;
                self.browser.bump_revision();
                return Ok(NavOutcome::Timeout { status: None });
            }
            Err(e) => return Err(e.into()),
        };
        if let Some(error) = nav["errorText"].as_str().filter(|e| !e.is_empty()) {
            let code = redact::net_error_code(error);
            if code.as_deref() == Some("ERR_ABORTED") {
                // A download or a no-content response: the events already sent tell which.
                let download = drain_for(&mut rx, Duration::from_millis(150), |ev| {
                    ev.method.ends_with("downloadWillBegin")
                })
                .await;
                return Ok(if download {
                    NavOutcome::Download
                } else {
                    NavOutcome::NoContent
                });
            }
            // Chrome commits its error page for the URL next: wait for it (bounded), so the
            // revision and location describe the page the tab is on. Refs into the old
            // document are gone either way.
            let before = self.browser.revision();
            let session = page.session_id.clone();
            drain_for(&mut rx, ERROR_PAGE_COMMIT, |ev| {
                ev.method == "Page.frameNavigated"
                    && ev.session_id.as_deref() == Some(session.as_str())
                    && ev.params["frame"].get("parentId").is_none()
            })
            .await;
            if self.browser.revision() == before {
                self.browser.bump_revision();
            }
            return Ok(NavOutcome::Failed { net_error: code });
        }
        let Some(loader) = nav["loaderId"].as_str().map(str::to_owned) else {
            // Chrome answers a same-document navigation before the tab's history holds its
            // entry; the main frame's `navigatedWithinDocument` says it does. Answering
            // earlier would let a following goBack read the history without it.
            let session = page.session_id.clone();
            let main_frame = page.main_frame.clone();
            let window = deadline.saturating_duration_since(tokio::time::Instant::now());
            drain_for(&mut rx, window.min(SAME_DOCUMENT_COMMIT), |ev| {
                ev.method == "Page.navigatedWithinDocument"
                    && ev.session_id.as_deref() == Some(session.as_str())
                    && ev.params["frameId"] == main_frame.as_str()
            })
            .await;
            return Ok(NavOutcome::SameDocument);
        };
        let mut status = None;
        let mut committed = false;
        // When the frame stopped loading before our document committed. The previous
        // document's late stop event can arrive here too, so it only ends the wait if no
        // commit follows shortly.
        let mut stopped: Option<tokio::time::Instant> = None;
        loop {
            let give_up = stopped.map_or(deadline, |t| (t + STOP_GRACE).min(deadline));
            let ev = tokio::select! {
                ev = next_event_of(&mut rx, &page.session_id) => ev?,
                d = events.dialog_opened() => return Ok(NavOutcome::Dialog(d)),
                _ = crashed(), if watch_renderer => return Err(BrowserError::RendererCrashed),
                _ = tokio::time::sleep_until(give_up) => {
                    return Ok(if stopped.is_some() && give_up < deadline {
                        NavOutcome::NoContent
                    } else {
                        NavOutcome::Timeout { status }
                    });
                }
            };
            let p = &ev.params;
            match ev.method.as_str() {
                "Network.responseReceived" if p["requestId"] == loader.as_str() => {
                    status = p["response"]["status"].as_i64();
                }
                "Page.frameNavigated"
                    if p["frame"].get("parentId").is_none()
                        && p["frame"]["loaderId"] == loader.as_str() =>
                {
                    committed = true;
                    stopped = None;
                    if until == WaitUntil::Commit {
                        return Ok(NavOutcome::Loaded { status });
                    }
                }
                // Main-frame events of the page, so of our document once it committed.
                "Page.domContentEventFired"
                    if committed && until == WaitUntil::DomContentLoaded =>
                {
                    return Ok(NavOutcome::Loaded { status });
                }
                "Page.loadEventFired" if committed => {
                    return Ok(NavOutcome::Loaded { status });
                }
                "Page.downloadWillBegin" => return Ok(NavOutcome::Download),
                "Page.frameStoppedLoading"
                    if p["frameId"] == page.main_frame.as_str() && !committed =>
                {
                    // Stopped without committing a new document: nothing to wait for, unless
                    // the commit is still on its way.
                    stopped.get_or_insert_with(tokio::time::Instant::now);
                }
                _ => {}
            }
        }
    }

    /// Stop a load that ran out of time, so the tab is not left loading (best effort).
    async fn stop_loading(&self, session: &str) {
        let _ = self
            .browser
            .cdp
            .call_raw(Some(session), "Page.stopLoading", json!({}), CALL_TIMEOUT)
            .await;
    }

    /// The URL of the history entry `step` (-1 back, +1 forward) away, if the tab has one.
    pub async fn history_entry(&self, step: i64) -> Result<Option<(i64, String)>, BrowserError> {
        let history = self
            .browser
            .page_call("Page.getNavigationHistory", json!({}))
            .await?;
        let index = history["currentIndex"].as_i64().unwrap_or(0) + step;
        let entry = usize::try_from(index)
            .ok()
            .and_then(|i| history["entries"].get(i));
        Ok(entry.and_then(|e| {
            Some((
                e["id"].as_i64()?,
                e["url"].as_str().unwrap_or("").to_owned(),
            ))
        }))
    }

    /// Go to the history entry `entry` (from [`Pages::history_entry`]), or reload the page
    /// when `None`, with the outcomes of [`Pages::navigate`]: the wait ends on the main
    /// frame's new document loading (as far as `until` asks), a same-document move, a
    /// dialog, a crash, or the deadline (the load is then stopped).
    pub async fn move_in_history(
        &mut self,
        entry: Option<(i64, String)>,
        timeout: Duration,
        until: WaitUntil,
    ) -> Result<NavOutcome, BrowserError> {
        let page = self.browser.page()?.clone();
        self.browser.frames().select_main();
        let mut rx = self.browser.cdp.subscribe();
        let events = std::sync::Arc::clone(&self.browser.events);
        let deadline = tokio::time::Instant::now() + timeout;
        let (method, params, destination) = match entry {
            Some((id, url)) => (
                "Page.navigateToHistoryEntry",
                json!({"entryId": id}),
                Some(url),
            ),
            None => ("Page.reload", json!({}), None),
        };
        let sent = tokio::select! {
            r = self.browser.cdp.call_raw(Some(&page.session_id), method, params, timeout) => r,
            d = events.dialog_opened() => return Ok(NavOutcome::Dialog(d)),
        };
        self.browser.agent_context = None;
        sent?;
        let mut status = None;
        let mut loader: Option<String> = None;
        loop {
            let ev = tokio::select! {
                ev = next_event_of(&mut rx, &page.session_id) => ev?,
                d = events.dialog_opened() => return Ok(NavOutcome::Dialog(d)),
                _ = tokio::time::sleep_until(deadline) => {
                    self.stop_loading(&page.session_id).await;
                    return Ok(NavOutcome::Timeout { status });
                }
            };
            let p = &ev.params;
            let main = p["frameId"] == page.main_frame.as_str();
            match ev.method.as_str() {
                "Network.responseReceived" if p["type"] == "Document" && main => {
                    status = p["response"]["status"].as_i64();
                }
                // Only the move to the entry asked for: a late event of an earlier
                // same-document navigation is not this one.
                "Page.navigatedWithinDocument"
                    if main
                        && loader.is_none()
                        && destination.as_deref().is_none_or(|u| p["url"] == u) =>
                {
                    return Ok(NavOutcome::SameDocument);
                }
                "Page.frameNavigated" if p["frame"].get("parentId").is_none() => {
                    loader = p["frame"]["loaderId"].as_str().map(str::to_owned);
                    if until == WaitUntil::Commit {
                        return Ok(NavOutcome::Loaded { status });
                    }
                }
                "Page.domContentEventFired"
                    if loader.is_some() && until == WaitUntil::DomContentLoaded =>
                {
                    return Ok(NavOutcome::Loaded { status });
                }
                "Page.loadEventFired" if loader.is_some() => {
                    return Ok(NavOutcome::Loaded { status });
                }
                _ => {}
            }
        }
    }

    /// The URL the main frame could not load, when it shows Chrome's error page for it.
    pub async fn unreachable_url(&self) -> Option<String> {
        let tree = self
            .browser
            .page_call("Page.getFrameTree", json!({}))
            .await
            .ok()?;
        tree["frameTree"]["frame"]["unreachableUrl"]
            .as_str()
            .filter(|u| !u.is_empty())
            .map(str::to_owned)
    }

    /// The page's current URL and title: from the page's navigation history (current as of
    /// the last commit), or from the browser's target list on error pages, which have none.
    pub async fn location(&self) -> Result<(String, String), BrowserError> {
        if let Ok(history) = self
            .browser
            .page_call("Page.getNavigationHistory", json!({}))
            .await
        {
            let index = history["currentIndex"].as_u64().unwrap_or(0) as usize;
            let entry = &history["entries"][index];
            if entry.is_object() {
                return Ok((
                    entry["url"].as_str().unwrap_or("").to_owned(),
                    entry["title"].as_str().unwrap_or("").to_owned(),
                ));
            }
        }
        let target = self.browser.page()?.target_id.clone();
        let info = self
            .browser
            .cdp
            .call_raw(
                None,
                "Target.getTargetInfo",
                json!({"targetId": target}),
                CALL_TIMEOUT,
            )
            .await?;
        let info = &info["targetInfo"];
        Ok((
            info["url"].as_str().unwrap_or("").to_owned(),
            info["title"].as_str().unwrap_or("").to_owned(),
        ))
    }
}

/// The next event of CDP session `session`. Events the channel dropped (it lagged) cannot be
/// waited for, so they are skipped; a closed connection is the browser gone.
pub async fn next_event_of(
    rx: &mut tokio::sync::broadcast::Receiver<std::sync::Arc<super::cdp::CdpEvent>>,
    session: &str,
) -> Result<std::sync::Arc<super::cdp::CdpEvent>, BrowserError> {
    loop {
        match rx.recv().await {
            Ok(ev) if ev.session_id.as_deref() == Some(session) => return Ok(ev),
            Ok(_) | Err(RecvError::Lagged(_)) => continue,
            Err(RecvError::Closed) => return Err(BrowserError::Closed),
        }
    }
}

/// Wait up to `window` for an event matching `pred` (events already queued count).
pub async fn drain_for(
    rx: &mut tokio::sync::broadcast::Receiver<std::sync::Arc<super::cdp::CdpEvent>>,
    window: Duration,
    pred: impl Fn(&super::cdp::CdpEvent) -> bool,
) -> bool {
    let end = tokio::time::Instant::now() + window;
    loop {
        match tokio::time::timeout_at(end, rx.recv()).await {
            Ok(Ok(ev)) if pred(&ev) => return true,
            Ok(Ok(_)) | Ok(Err(RecvError::Lagged(_))) => continue,
            Ok(Err(RecvError::Closed)) | Err(_) => return false,
        }
    }
}
