//! Targeting and verified actions.
//!
//! A target resolves to exactly one element or fails with a bounded targeting error (at most
//! eight candidate summaries); a stale ref fails with recovery data and is never retargeted.
//! Pointer actions run only on an element that is connected, visible, enabled and stable, and
//! whose centre hit-tests to itself; afterwards Glass reports what the action caused.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::time::Duration;

use serde_json::{Map, Value, json};
use tokio::sync::broadcast::{Receiver, error::TryRecvError};

use super::agent::MISSED_BINDING;
use super::agent_calls::{Actionable, Resolve, Settle, Similar, WaitParsed};
use super::cdp::CdpEvent;
use super::error::BrowserError;
use super::events::{OpenDialog, PageEvents};
use super::locator::{self, Locator};
use super::missed::{Missed, focus_moved, missed_input, missed_target};
use super::page::Browser;
use super::refs::RefInfo;
use crate::failure::{Failure, FailureKind};
use crate::redact;

/// How long an action waits, from its input, for what it caused to settle: DOM mutations
/// quiet for two animation frames and the requests it started answered.
pub const ACTION_SETTLE: Duration = Duration::from_millis(500);

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

/// Most candidate summaries in a targeting error.
pub const MAX_CANDIDATES: usize = 8;

/// Why an action could not target or act.
#[derive(Debug)]
pub enum ActError {
    /// The browser itself failed.
    Browser(BrowserError),
    /// The target did not resolve to one actionable element: a bounded JSON object.
    Targeting(Failure),
}

impl From<BrowserError> for ActError {
    fn from(e: BrowserError) -> Self {
        ActError::Browser(e)
    }
}

pub(super) fn targeting(failure: FailureKind, reason: &str, extra: Map<String, Value>) -> ActError {
    ActError::Targeting(Failure::of(failure, reason).extend(extra))
}

/// One element that a target resolved to.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// Its ref.
    pub r: String,
    /// Its role.
    pub role: String,
    /// Its name (bounded).
    pub name: String,
    /// Typing into it reaches a password field (it is one, or a label for one): callers that
    /// gate password input decide from the resolve alone.
    pub password: bool,
}

/// Bounded candidate summaries from an agent answer.
fn candidates(v: &Value) -> Value {
    let list = v.as_array().map(Vec::as_slice).unwrap_or(&[]);
    Value::Array(
        list.iter()
            .take(MAX_CANDIDATES)
            .map(|c| {
                let mut out = json!({
                    "ref": c["ref"],
                    "role": redact::bounded_text(c["role"].as_str().unwrap_or(""), 32),
                    "name": redact::bounded_text(c["name"].as_str().unwrap_or(""), 80),
                });
                if let Some(ctx) = c["context"].as_str() {
                    out["context"] = json!(redact::bounded_text(ctx, 60));
                }
                out
            })
            .collect(),
    )
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
    /// The page went quiet within the settle budget (see [`ACTION_SETTLE`]).
    pub settled: bool,
}

/// Where events and requests stood just before an action's input (see [`Actions::arm`]).
pub struct Armed {
    rx: Receiver<Arc<CdpEvent>>,
    mark: u64,
    /// The page's URL before the input.
    url: String,
}

impl Armed {
    /// Where the page's request sequence stood at the input: a later mark past it means the
    /// input (or the page) started requests since.
    pub fn network_mark(&self) -> u64 {
        self.mark
    }
}

/// How long an action waits for a document still being parsed before resolving its target
/// once more.
const PARSE_WAIT_MS: u64 = 5_000;

/// The CDP deadline of that wait: the wait itself plus a round trip.
const PARSE_WAIT_CALL: Duration = Duration::from_millis(PARSE_WAIT_MS + 2_000);

/// Actions on elements: resolving a target, checking it can take the action, and settling what the action caused.
/// Reached through [`Browser::actions`].
pub struct Actions<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Actions`] handle over this browser.
    pub fn actions(&mut self) -> Actions<'_> {
        Actions { browser: self }
    }
}

impl Actions<'_> {
    /// Record refs an agent answer minted, and advance the ref counter.
    pub fn record_refs<'a>(&mut self, next_ref: &Value, items: impl Iterator<Item = &'a Value>) {
        if let Some(n) = next_ref.as_u64() {
            self.browser.next_ref = self.browser.next_ref.max(n);
        }
        let (revision, document) = (self.browser.revision(), self.browser.document());
        let frame = self
            .browser
            .agent_target()
            .map(|(_, f)| f)
            .unwrap_or_default();
        // Observations nest items under their regions.
        let mut todo: Vec<&Value> = items.collect();
        while let Some(item) = todo.pop() {
            if let Some(r) = item["ref"].as_str() {
                self.browser.refs.remember(
                    r,
                    RefInfo {
                        revision,
                        document,
                        role: item["role"].as_str().unwrap_or("").to_owned(),
                        name: redact::bounded_text(item["name"].as_str().unwrap_or(""), 80),
                        frame: frame.clone(),
                    },
                );
            }
            if let Some(children) = item["children"].as_array() {
                todo.extend(children.iter());
            }
        }
    }

    /// Resolve a target string to exactly one element.
    pub async fn resolve(&mut self, target: &str) -> Result<Resolved, ActError> {
        let loc = locator::parse(target)
            .map_err(|e| targeting(FailureKind::InvalidLocator, e.0, Map::new()))?;
        let next_ref = self.browser.next_ref;
        let mut answer = self
            .browser
            .agent()
            .run(&Resolve(loc.to_agent(), next_ref))
            .await?;
        // On a document still being parsed (a navigation that returned at commit), a
        // target not found yet may be further down the HTML: the parse ends first, then
        // the target is resolved once more, so a missing element is only said of a whole
        // document.
        if answer["loading"] == true {
            self.record_refs(&answer["nextRef"], std::iter::empty());
            self.browser
                .agent()
                .run_within(&WaitParsed(PARSE_WAIT_MS), PARSE_WAIT_CALL)
                .await?;
            let next_ref = self.browser.next_ref;
            answer = self
                .browser
                .agent()
                .run(&Resolve(loc.to_agent(), next_ref))
                .await?;
        }
        let minted: Vec<Value> = match answer["status"].as_str() {
            Some("ok") => vec![answer.clone()],
            Some("ambiguous") | Some("none") => {
                answer["candidates"].as_array().cloned().unwrap_or_default()
            }
            _ => Vec::new(),
        };
        self.record_refs(&answer["nextRef"], minted.iter());
        match answer["status"].as_str() {
            Some("ok") => Ok(Resolved {
                r: answer["ref"].as_str().unwrap_or("").to_owned(),
                role: answer["role"].as_str().unwrap_or("").to_owned(),
                name: redact::bounded_text(answer["name"].as_str().unwrap_or(""), 80),
                password: answer["password"] == true,
            }),
            Some("ambiguous") => {
                let mut extra = Map::new();
                extra.insert("count".into(), answer["count"].clone());
                extra.insert("candidates".into(), candidates(&answer["candidates"]));
                Err(targeting(
                    FailureKind::Ambiguous,
                    "the target matches several elements; use one of the candidate refs",
                    extra,
                ))
            }
            Some("invalidLocator") => Err(targeting(
                FailureKind::InvalidLocator,
                "the CSS selector is not valid",
                Map::new(),
            )),
            Some("stale") | Some("unknown") => {
                let Locator::Ref(r) = &loc else {
                    return Err(ActError::Browser(BrowserError::Agent));
                };
                Err(self.stale(r).await?)
            }
            Some("notVisible") => {
                let mut extra = Map::new();
                extra.insert("count".into(), answer["count"].clone());
                let reason = match super::frames::element_summary(&answer["behind"]) {
                    Some(dialog) => {
                        extra.insert("blocker".into(), dialog);
                        "the target is behind an open dialog (`blocker`) that covers the page; answer or close it first; nothing was done"
                    }
                    None => {
                        "the target exists but is not visible (hidden, clipped away, or covered by its container); nothing was done"
                    }
                };
                Err(targeting(FailureKind::NotVisible, reason, extra))
            }
            Some("none") => {
                let mut extra = Map::new();
                let reason = if answer["candidates"].is_array() {
                    extra.insert("candidates".into(), candidates(&answer["candidates"]));
                    "no element has that name; the candidates' names contain it (use one's ref or exact name)"
                } else {
                    "no element matches the target"
                };
                Err(targeting(FailureKind::NotFound, reason, extra))
            }
            other => {
                tracing::debug!(status = ?other, detail = %answer["detail"], "the page agent resolved the target with an unknown status");
                Err(ActError::Browser(BrowserError::Agent))
            }
        }
    }

    /// The error for a ref that no longer resolves, with recovery data.
    async fn stale(&mut self, r: &str) -> Result<ActError, BrowserError> {
        let Some(info) = self.browser.refs.get(r).cloned() else {
            return Ok(targeting(
                FailureKind::NotFound,
                "this ref was never issued in this session; call observe for current refs",
                Map::new(),
            ));
        };
        let current_frame = self.browser.agent_target()?.1;
        if info.frame != current_frame {
            return Ok(targeting(
                FailureKind::WrongFrame,
                "this ref belongs to another frame; select that frame, or observe this one",
                Map::new(),
            ));
        }
        let name = (!info.name.is_empty()).then_some(info.name.clone());
        let next_ref = self.browser.next_ref;
        let similar = self
            .browser
            .agent()
            .run(&Similar(
                &info.role,
                name.as_deref(),
                MAX_CANDIDATES,
                next_ref,
            ))
            .await?;
        let found: Vec<Value> = similar["candidates"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        self.record_refs(&similar["nextRef"], found.iter());
        let mut extra = Map::new();
        extra.insert("refRevision".into(), json!(info.revision));
        extra.insert("currentRevision".into(), json!(self.browser.revision()));
        extra.insert("candidates".into(), candidates(&similar["candidates"]));
        Ok(targeting(
            FailureKind::StaleRef,
            "the element of this ref is gone (the page changed); it was not retargeted",
            extra,
        ))
    }

    /// Check that `r` is actionable for `action` and return the point to act at.
    pub async fn actionable(&mut self, r: &str, action: &str) -> Result<(f64, f64), ActError> {
        if !matches!(action, "type" | "select" | "hover") {
            // A press comes at a person's pace after keys: looked at once that has passed.
            self.browser.keys_paced().await;
        }
        let answer = self
            .browser
            .agent()
            .run_within(&Actionable(r, action), Duration::from_secs(5))
            .await?;
        if answer["ok"] == true {
            let (Some(x), Some(y)) = (answer["x"].as_f64(), answer["y"].as_f64()) else {
                tracing::debug!(x = %answer["x"], y = %answer["y"], "the page agent found the target actionable without a point");
                return Err(ActError::Browser(BrowserError::Agent));
            };
            return match self.browser.frames().point_in_page(x, y).await {
                Ok(point) => Ok(point),
                Err(super::frames::FramePointError::Browser(e)) => Err(e.into()),
                Err(super::frames::FramePointError::Covered(blocker)) => {
                    let mut extra = Map::new();
                    extra.insert("blocker".into(), blocker);
                    Err(targeting(
                        FailureKind::Blocked,
                        "an element of an enclosing page covers the frame there",
                        extra,
                    ))
                }
            };
        }
        let said = answer["failure"].as_str().unwrap_or("");
        if said == "stale" || said == "detached" || said == "unknown" {
            return Err(self.stale(r).await?);
        }
        let failure = FailureKind::from_agent(said).unwrap_or(FailureKind::NotActionable);
        let reason = match failure {
            FailureKind::NotVisible => "the element is not visible",
            FailureKind::Disabled => "the element is disabled",
            FailureKind::NotEditable => "the element is not editable",
            FailureKind::Unstable => "the element kept moving",
            FailureKind::Blocked => "another element would receive the pointer event",
            _ => "the element cannot be acted on",
        };
        let mut extra = Map::new();
        if let Some(b) = super::frames::element_summary(&answer["blocker"]) {
            extra.insert("blocker".into(), b);
        }
        Err(targeting(failure, reason, extra))
    }

    /// Focus `r` for keys, and watch where they go (see [`Actions::settle`]). Refused, before
    /// any key, when the page hands the focus on to another element as `r` takes it: the keys
    /// would go there.
    pub async fn focus_for_keys(&mut self, r: &str) -> Result<(), ActError> {
        let answer = self
            .browser
            .agent()
            .run(&super::agent_calls::Focus(r))
            .await?;
        if answer["ok"] == false {
            return Err(self.stale(r).await?);
        }
        match super::frames::element_summary(&answer["elsewhere"]) {
            None => Ok(()),
            Some(received_by) => Err(ActError::Targeting(focus_moved(received_by))),
        }
    }

    /// Whether the keys sent since the agent last focused or selected in a field reached it
    /// (see [`Actions::settle`], which asks the same of a whole action): for the steps inside
    /// one (`clear`'s keys, each field of `fillForm`).
    pub async fn keys_reached(&mut self) -> Result<(), ActError> {
        let v = self
            .browser
            .agent()
            .run(&super::agent_calls::InputMissed())
            .await?;
        match missed_input(&v["missed"]) {
            None => Ok(()),
            Some(m) => Err(ActError::Targeting(missed_target(m))),
        }
    }

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
    async fn dom_quiet(&self, budget: Duration) -> Option<bool> {
        self.dom_quiet_after_press(budget).await.map(|q| q.0)
    }

    /// [`Actions::dom_quiet`], and what the input the agent watched for met: `Some((element,
    /// keys))` (a bounded role, name and tag; whether it was keys, else a press) when it reached
    /// another element than its target.
    async fn dom_quiet_after_press(&self, budget: Duration) -> Option<(bool, Option<Missed>)> {
        let agent = self.browser.agent_context.clone()?;
        let ms = budget.as_millis().max(1);
        let r = self
            .browser
            .cdp
            .call_raw(
                Some(&agent.session),
                "Runtime.evaluate",
                json!({"expression": self.browser.in_turn(&format!("__glassAgent.settle({ms}, 2)")),
                       "contextId": agent.id, "awaitPromise": true, "returnByValue": true}),
                budget + Duration::from_secs(1),
            )
            .await
            .ok()?;
        if r.get("exceptionDetails").is_some() {
            return None;
        }
        let v = &r["result"]["value"];
        Some((v["settled"] == true, missed_input(&v["missed"])))
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
        let Armed { mut rx, mark, url } = armed;
        let events = Arc::clone(&self.browser.events);
        let session = self.browser.page()?.session_id.clone();
        let main_frame = self.browser.page()?.main_frame.clone();
        let target_id = self.browser.page()?.target_id.clone();
        // Counted from the end of the input (typing a long text takes a while itself).
        let deadline = tokio::time::Instant::now() + ACTION_SETTLE;
        let left = || deadline.saturating_duration_since(tokio::time::Instant::now());
        let mut caused = Caused::default();
        let mut quiet = None;
        tokio::select! {
            q = self.dom_quiet_after_press(left()) => if let Some((settled, m)) = q {
                quiet = Some(settled);
                *missed = m;
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
        // Requests the input started: wait for their answers, then for the DOM they change.
        let pending =
            || events.requests_pending_since(mark) || started.lock().is_ok_and(|s| !s.is_empty());
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
                        q = self.dom_quiet(left()) => q,
                        d = events.dialog_opened() => { caused.dialog = Some(d); None }
                    }
                };
            }
            drain(&mut rx, &mut caused, &mut navigating, &mut loaded);
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
