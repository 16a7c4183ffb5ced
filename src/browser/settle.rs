//! Settling: when what an input caused has happened. Every action that presses, types or
//! answers a dialog waits here (DOM quiet, the requests and socket messages it started
//! answered, a navigation loaded, a busy indicator it brought up gone) and learns what it
//! caused, so the rule for "done" is one for every tool.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::broadcast::{Receiver, error::TryRecvError};

use super::act::{ActError, Actions};
use super::agent::MISSED_BINDING;
use super::agent_calls::Settle;
use super::cdp::CdpEvent;
use super::error::BrowserError;
use super::events::{OpenDialog, PageEvents};
use super::missed::{Missed, missed_input, missed_target};
use crate::redact;

/// How long an action waits, from its input, for what it caused to settle: DOM mutations
/// quiet for two animation frames and the requests it started answered.
pub const ACTION_SETTLE: Duration = Duration::from_millis(500);

/// How long an action waits, from its input, while the page shows a busy indicator the input
/// brought up (a spinner in the pressed button, "Running..."): the work's result is what the
/// model needs to read next, and an indicator that outlasts this leaves the action unsettled.
pub const BUSY_SETTLE: Duration = Duration::from_secs(5);

/// How long after a socket's answer to an input the page may still bring up a busy indicator
/// that the action waits for (a server's work shown on the app's own schedule: Streamlit shows
/// "Running..." 500 ms after a rerun is asked for, then fades it in; a loaded machine draws it
/// later still).
pub const BUSY_SHOWN_WITHIN: Duration = Duration::from_millis(1200);

/// How soon after the input a request or socket message the page sends is heard of: an
/// action whose page was quiet at once waits this long for word of one before it answers.
const SENT_WITHIN: Duration = Duration::from_millis(40);

/// How long a navigation waits after its load event for the page to render (a single-page
/// app fills an empty shell after load).
pub const LOAD_SETTLE: Duration = Duration::from_millis(1500);

/// Run input that may open a JavaScript dialog. Chrome may not acknowledge such input until the
/// dialog closes, so the wait ends as soon as a dialog opens; the caller's `settle` reports it.
/// Input that leaves the renderer stuck or crashed ends the wait with that error.
pub async fn until_dialog(
    events: &PageEvents,
    input: impl std::future::Future<Output = Result<(), BrowserError>>,
) -> Result<(), BrowserError> {
    tokio::select! {
        r = input => r,
        _ = events.dialog_opened() => Ok(()),
        f = events.renderer_failed() => Err(BrowserError::from(f)),
    }
}

/// What an action caused, reported in its result.
#[derive(Debug, Default)]
pub struct Caused {
    /// The main frame navigated (to this URL, query stripped).
    pub navigation: Option<String>,
    /// A dialog opened.
    pub dialog: Option<OpenDialog>,
    /// Popups opened by this page.
    pub popups: Vec<String>,
    /// A download started.
    pub download: bool,
    /// The page went quiet within the settle budget (see [`ACTION_SETTLE`]), and no busy
    /// indicator the input brought up is still shown (see [`BUSY_SETTLE`]).
    pub settled: bool,
}

/// What the agent saw of the page after input: quiet within the budget, and whether it waited
/// for a busy indicator the input brought up.
#[derive(Clone, Copy, Debug)]
struct Quiet {
    settled: bool,
    busy: bool,
}

/// Where events and requests stood just before an action's input (see [`Actions::arm`]).
pub struct Armed {
    rx: Receiver<Arc<CdpEvent>>,
    mark: u64,
    /// The page's URL before the input.
    url: String,
    /// How long a page quiet at once is listened to for a request or message the input
    /// makes it send (see [`SENT_WITHIN`]).
    listen: Duration,
}

impl Armed {
    /// Where the page's request sequence stood at the input: a later mark past it means the
    /// input (or the page) started requests since.
    pub fn network_mark(&self) -> u64 {
        self.mark
    }
}

impl Actions<'_> {
    /// Take note of where events and requests stand, just before input: what follows is
    /// what the input caused.
    pub fn arm(&self) -> Armed {
        Armed {
            rx: self.browser.cdp.subscribe(),
            mark: self.network_mark(),
            url: self
                .browser
                .events
                .url
                .lock()
                .map(|u| u.clone())
                .unwrap_or_default(),
            listen: SENT_WITHIN,
        }
    }

    /// [`Actions::arm`] before text typed into fields with no key that acts (no Enter, no
    /// press): what a page sends as text comes in (a search as you type) it sends after a
    /// pause of its own, well past [`SENT_WITHIN`], so a quiet page is not listened to.
    pub fn arm_text(&self) -> Armed {
        Armed {
            listen: Duration::ZERO,
            ..self.arm()
        }
    }

    /// Where the selected page's request sequence stands (see [`Actions::settle_document`]).
    pub fn network_mark(&self) -> u64 {
        self.browser
            .events
            .network
            .lock()
            .map(|n| n.mark())
            .unwrap_or(0)
    }

    /// Wait, within `budget`, for the agent's document to be quiet (no DOM mutation for two
    /// animation frames). `None` when the document went away (a navigation) or a dialog
    /// blocks its scripts.
    async fn dom_quiet(&self, budget: Duration, watch: Duration) -> Option<Quiet> {
        self.dom_quiet_after_press(budget, watch).await.map(|q| q.0)
    }

    /// [`Actions::dom_quiet`], and what the input the agent watched for met: `Some((element,
    /// keys))` (a bounded role, name and tag; whether it was keys, else a press) when it reached
    /// another element than its target. A busy indicator the input brought up is waited for
    /// up to [`BUSY_SETTLE`] from now, and looked for until `watch` has passed.
    async fn dom_quiet_after_press(
        &self,
        budget: Duration,
        watch: Duration,
    ) -> Option<(Quiet, Option<Missed>)> {
        let agent = self.browser.agent_context.clone()?;
        let ms = budget.as_millis().max(1);
        let (busy_ms, watch_ms) = (BUSY_SETTLE.as_millis(), watch.as_millis());
        let r = self
            .browser
            .cdp
            .call_raw(
                Some(&agent.session),
                "Runtime.evaluate",
                json!({"expression": self.browser.in_turn(&format!("__glassAgent.settle({ms}, 2, {busy_ms}, {watch_ms})")),
                       "contextId": agent.id, "awaitPromise": true, "returnByValue": true}),
                budget.max(BUSY_SETTLE).max(watch) + Duration::from_secs(1),
            )
            .await
            .ok()?;
        if r.get("exceptionDetails").is_some() {
            return None;
        }
        let v = &r["result"]["value"];
        let quiet = Quiet {
            settled: v["settled"] == true,
            busy: v["busy"] == true,
        };
        Some((quiet, missed_input(&v["missed"])))
    }

    /// After a document loaded: wait within `budget` until it has rendered (a single-page app
    /// fills an empty shell after load): the requests started since `mark` that it waits on
    /// answered, its DOM quiet for two frames, and something on the page. Whether it did.
    pub async fn settle_document(&mut self, mark: u64, budget: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + budget;
        let left = || deadline.saturating_duration_since(tokio::time::Instant::now());
        let events = Arc::clone(&self.browser.events);
        let pending = || events.requests_pending_since(mark);
        let mut empty_rounds = 0;
        loop {
            while pending() && !left().is_zero() {
                tokio::select! {
                    _ = tokio::time::sleep(left().min(Duration::from_millis(20))) => {}
                    _ = events.dialog_opened() => return false,
                }
            }
            if left().is_zero() {
                return false;
            }
            let ms = left().as_millis().max(1) as u64;
            let call = Settle(ms, 2);
            let mut agent = self.browser.agent();
            let answer = tokio::select! {
                a = agent.run_within(&call, left() + Duration::from_secs(1)) => a,
                _ = events.dialog_opened() => return false,
            };
            let Ok(v) = answer else { return false };
            if !v.settled {
                return false;
            }
            // What a loaded page fetched or heard lately (an app's lazy code, its server's
            // view) is drawn on the app's own schedule (React reveals it up to 300 ms later).
            if let Some(wait) = events
                .stirred_ago()
                .and_then(|a| super::network::DRAWS_AFTER.checked_sub(a))
            {
                tokio::time::sleep(wait.min(left())).await;
                continue;
            }
            if !pending() {
                // Nothing to show yet: give the page one more quiet round to fill in,
                // then take it as it is (some pages are empty).
                if v.content || empty_rounds == 1 {
                    return true;
                }
                empty_rounds += 1;
            }
            if left().is_zero() {
                return false;
            }
        }
    }

    /// After input: wait until what it caused has happened, or [`ACTION_SETTLE`] has passed
    /// (DOM quiet for two frames, requests it started answered, a navigation it started
    /// loaded), then report what happened. A press or keys that reached another element than
    /// the one they were aimed at (the page moved or covered it between the last look and the
    /// press, or moved the focus away) are a `missedTarget` failure, whatever they caused:
    /// never a success. Every action that presses or types settles here, so the rule holds for
    /// all of them.
    pub async fn settle(&mut self, armed: Armed) -> Result<Caused, ActError> {
        let mut missed = None;
        let caused = self.settle_input(armed, &mut missed).await?;
        match missed {
            None => Ok(caused),
            Some(m) => Err(ActError::Targeting(missed_target(m))),
        }
    }

    /// Wait for what answering a JavaScript dialog started (armed before the answer): the
    /// page's script resumes there as after a press (a confirmed delete animates its row away,
    /// navigates, opens the next dialog). No input went anywhere, so none is judged.
    pub async fn settle_answer(&mut self, armed: Armed) -> Result<Caused, BrowserError> {
        let mut missed = None;
        self.settle_input(armed, &mut missed).await
    }

    async fn settle_input(
        &mut self,
        armed: Armed,
        missed: &mut Option<Missed>,
    ) -> Result<Caused, BrowserError> {
        let Armed {
            mut rx,
            mark,
            url,
            listen,
        } = armed;
        let events = Arc::clone(&self.browser.events);
        let session = self.browser.page()?.session_id.clone();
        let main_frame = self.browser.page()?.main_frame.clone();
        let target_id = self.browser.page()?.target_id.clone();
        // Counted from the end of the input (typing a long text takes a while itself).
        // Moved on (in ms from the input) once the page was busy: see below.
        let (start, moved) = (tokio::time::Instant::now(), AtomicU64::new(0));
        let deadline = || start + ACTION_SETTLE + Duration::from_millis(moved.load(Relaxed));
        let left = || deadline().saturating_duration_since(tokio::time::Instant::now());
        // Work a busy indicator showed may end by sending its result (a dialog that validates,
        // then creates): once it is gone, the requests it starts get a budget of their own.
        let after_busy = || moved.fetch_max(start.elapsed().as_millis() as u64, Relaxed);
        let mut caused = Caused::default();
        let mut quiet = None;
        tokio::select! {
            q = self.dom_quiet_after_press(left(), Duration::ZERO) => if let Some((q, m)) = q {
                quiet = Some(q.settled);
                *missed = m;
                if q.busy {
                    after_busy();
                }
            },
            d = events.dialog_opened() => caused.dialog = Some(d),
        }
        let mut navigating = false;
        let mut loaded = false;
        // Links the page asked to open in a new tab (a Control or middle click): Chrome opens
        // those without an opener, so their tabs are this action's when they come after it.
        let tabs_asked = AtomicUsize::new(0);
        let tabs_opened = AtomicUsize::new(0);
        // The requests the input started that an action waits on, as this receiver sees them,
        // in order: the event watcher records the same concurrently and may be behind it.
        let started: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
        // Where the agent said the input went, when not to its target (see `MISSED_BINDING`).
        let told: std::sync::Mutex<Option<Value>> = std::sync::Mutex::new(None);
        // The last event this receiver saw: the watcher must have applied it before the
        // revision is read (see the end).
        let last_seen = AtomicU64::new(0);
        let scan =
            |ev: &CdpEvent, caused: &mut Caused, navigating: &mut bool, loaded: &mut bool| {
                last_seen.fetch_max(ev.seq, Relaxed);
                let p = &ev.params;
                match ev.method.as_str() {
                    "Target.targetCreated" | "Target.attachedToTarget" => {
                        let info = &p["targetInfo"];
                        let ours = info["openerId"] == target_id.as_str();
                        let asked = info["openerId"].is_null()
                            && ev.method == "Target.targetCreated"
                            && tabs_opened.load(Relaxed) < tabs_asked.load(Relaxed);
                        if info["type"] == "page" && (ours || asked) {
                            if let Some(id) = info["targetId"].as_str() {
                                if !caused.popups.iter().any(|p| p == id) {
                                    caused.popups.push(id.to_owned());
                                    // A link's new tab counts whether Chrome gave it an
                                    // opener or not (target=_blank keeps one).
                                    tabs_opened.fetch_add(1, Relaxed);
                                }
                            }
                        }
                    }
                    "Browser.downloadWillBegin" if p["frameId"] == main_frame.as_str() => {
                        caused.download = true
                    }
                    // Any frame's agent's word that the input went elsewhere.
                    "Runtime.bindingCalled" if p["name"] == MISSED_BINDING => {
                        if let Ok(mut told) = told.lock() {
                            told.get_or_insert(p["payload"].clone());
                        }
                    }
                    _ if ev.session_id.as_deref() != Some(session.as_str()) => {}
                    // A link opening a new tab is a popup, not a navigation of this page.
                    "Page.frameRequestedNavigation"
                        if p["frameId"] == main_frame.as_str()
                            && p["disposition"] == "currentTab" =>
                    {
                        *navigating = true;
                    }
                    "Page.frameRequestedNavigation"
                        if p["disposition"] == "newTab" || p["disposition"] == "newWindow" =>
                    {
                        tabs_asked.fetch_add(1, Relaxed);
                    }
                    "Page.frameStartedLoading" if p["frameId"] == main_frame.as_str() => {
                        *navigating = true;
                    }
                    "Page.frameNavigated" if p["frame"].get("parentId").is_none() => {
                        *navigating = true;
                        caused.navigation =
                            Some(redact::page_url(p["frame"]["url"].as_str().unwrap_or("")));
                    }
                    // A history entry for the URL the page was already at (an app's router
                    // re-stating its state) moved nothing: not reported as a navigation.
                    "Page.navigatedWithinDocument"
                        if p["frameId"] == main_frame.as_str() && p["url"] != url.as_str() =>
                    {
                        caused.navigation = Some(redact::page_url(p["url"].as_str().unwrap_or("")));
                    }
                    "Network.requestWillBeSent" if super::network::awaited(p) => {
                        if let (Ok(mut s), Some(id)) = (started.lock(), p["requestId"].as_str()) {
                            if s.len() < 256 && !s.iter().any(|x| x == id) {
                                s.push(id.to_owned());
                            }
                        }
                    }
                    "Network.loadingFinished" | "Network.loadingFailed" => {
                        if let (Ok(mut s), Some(id)) = (started.lock(), p["requestId"].as_str()) {
                            s.retain(|x| x != id);
                        }
                    }
                    "Page.loadEventFired" => *loaded = true,
                    "Page.frameStoppedLoading" if p["frameId"] == main_frame.as_str() => {
                        *loaded = true;
                    }
                    "Page.downloadWillBegin" => caused.download = true,
                    _ => {}
                }
            };
        let drain = |rx: &mut Receiver<Arc<CdpEvent>>,
                     caused: &mut Caused,
                     navigating: &mut bool,
                     loaded: &mut bool| {
            loop {
                match rx.try_recv() {
                    Ok(ev) => scan(&ev, caused, navigating, loaded),
                    Err(TryRecvError::Lagged(_)) => continue,
                    Err(_) => break,
                }
            }
        };
        drain(&mut rx, &mut caused, &mut navigating, &mut loaded);
        // Requests the input started: wait for their answers, then for the DOM they change;
        // once more when the page then said it was busy (its work may end in requests).
        let pending =
            || events.requests_pending_since(mark) || started.lock().is_ok_and(|s| !s.is_empty());
        let mut watched = false;
        // What the page sends a moment after its first frame (Streamlit posts the rerun a
        // press asks for over its socket) is heard of a little later: listened for until
        // SENT_WITHIN, and no longer once something is on its way.
        let sent_by = start + listen;
        while !navigating && caused.dialog.is_none() && !pending() {
            tokio::select! {
                ev = rx.recv() => match ev {
                    Ok(ev) => scan(&ev, &mut caused, &mut navigating, &mut loaded),
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                    Err(_) => return Err(BrowserError::Closed),
                },
                d = events.dialog_opened() => caused.dialog = Some(d),
                // The watcher records a request concurrently with this receiver: re-checked.
                _ = tokio::time::sleep_until(sent_by.min(tokio::time::Instant::now() + Duration::from_millis(10))) => {
                    if tokio::time::Instant::now() >= sent_by { break; }
                }
            }
        }
        for _ in 0..2 {
            let mut busy = false;
            if !navigating && caused.dialog.is_none() && pending() {
                while pending() && !left().is_zero() && !navigating {
                    // Re-checked at least every 20 ms: the watcher records a request's end
                    // concurrently with this receiver.
                    let step = left().min(Duration::from_millis(20));
                    tokio::select! {
                        ev = rx.recv() => match ev {
                            Ok(ev) => scan(&ev, &mut caused, &mut navigating, &mut loaded),
                            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                            Err(_) => return Err(BrowserError::Closed),
                        },
                        d = events.dialog_opened() => { caused.dialog = Some(d); break; }
                        _ = tokio::time::sleep(step) => {}
                    }
                }
                if !navigating && caused.dialog.is_none() {
                    quiet = if pending() || left().is_zero() {
                        Some(false)
                    } else {
                        tokio::select! {
                            q = self.dom_quiet(left(), Duration::ZERO) => q.map(|q| { busy = q.busy; q.settled }),
                            d = events.dialog_opened() => { caused.dialog = Some(d); None }
                        }
                    };
                }
                drain(&mut rx, &mut caused, &mut navigating, &mut loaded);
            }
            // A server that answered over a socket may have the page say it is busy only a
            // while later (Streamlit shows "Running..." half a second into a run): look on.
            let late = events
                .socket_answered_ago(mark)
                .and_then(|a| BUSY_SHOWN_WITHIN.checked_sub(a));
            if let (false, false, None, Some(true), Some(watch)) =
                (watched, navigating, &caused.dialog, quiet, late)
            {
                watched = true;
                tokio::select! {
                    q = self.dom_quiet(left(), watch) => if let Some(q) = q {
                        quiet = Some(q.settled);
                        busy = q.busy;
                    },
                    d = events.dialog_opened() => caused.dialog = Some(d),
                }
                drain(&mut rx, &mut caused, &mut navigating, &mut loaded);
            }
            if !busy {
                break;
            }
            after_busy();
        }
        if navigating && !loaded && caused.dialog.is_none() && !caused.download {
            let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
            loop {
                let ev = tokio::select! {
                    ev = rx.recv() => ev,
                    d = events.dialog_opened() => { caused.dialog = Some(d); break; }
                    _ = tokio::time::sleep_until(deadline) => break,
                };
                match ev {
                    Ok(ev) => scan(&ev, &mut caused, &mut navigating, &mut loaded),
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(_) => return Err(BrowserError::Closed),
                }
                if loaded || caused.download {
                    break;
                }
            }
        }
        // A tab the page asked for that Chrome has not reported yet: wait for it, within
        // the settle budget, so the action reports the tab it opened.
        while tabs_opened.load(Relaxed) < tabs_asked.load(Relaxed) && !left().is_zero() {
            let ev = tokio::select! {
                ev = rx.recv() => ev,
                _ = tokio::time::sleep(left()) => break,
            };
            match ev {
                Ok(ev) => scan(&ev, &mut caused, &mut navigating, &mut loaded),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(_) => return Err(BrowserError::Closed),
            }
        }
        if navigating && loaded && caused.dialog.is_none() && !caused.download {
            // A new document: let it render what it fills in after load.
            quiet = Some(self.settle_document(mark, LOAD_SETTLE).await);
        }
        if caused.dialog.is_none() {
            caused.dialog = self.browser.events.dialog();
        }
        caused.settled = quiet.unwrap_or(caused.dialog.is_some() || caused.download);
        if !caused.popups.is_empty() {
            // A popup comes to the front; the selected page stays selected, so keep it in
            // front too (a hidden page paints no frames and throttles its timers). Sent now,
            // not awaited: Chrome handles it before anything sent after it.
            self.browser.cdp.send_detached(
                None,
                "Target.activateTarget",
                json!({"targetId": target_id}),
                Duration::from_secs(2),
            );
        }
        // What this receiver saw (a history entry the page made) is in the revision too.
        drain(&mut rx, &mut caused, &mut navigating, &mut loaded);
        // A miss the agent told holds though its document could no longer be asked.
        if missed.is_none() {
            let said = told.lock().ok().and_then(|mut t| t.take());
            let said: Option<Value> = said.and_then(|p| serde_json::from_str(p.as_str()?).ok());
            *missed = said.as_ref().and_then(missed_input);
        }
        self.browser
            .events
            .caught_up(last_seen.load(Relaxed), Duration::from_millis(250))
            .await;
        self.browser.bump_revision();
        Ok(caused)
    }
}
