//! State kept current by the event watcher: the page's revision and document, dialogs,
//! popups, downloads, out-of-process frames, diagnostics and renderer faults.
//!
//! It lives apart from the browser handle because it is read without the session lock (the
//! result header, confirmation tokens, waits) while one call holds the browser.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::sync::Notify;

use super::cdp::{CALL_TIMEOUT, Cdp, CdpEvent};

/// Name of the page agent's isolated world: the watcher records where Chrome re-creates it.
pub const WORLD_NAME: &str = "glass";

/// A JavaScript dialog that is open on the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenDialog {
    /// Which dialog of the session this is (1, 2, ...): a page may open the next one the
    /// moment the last closes, and only the one handled may be forgotten.
    pub id: u64,
    /// alert, confirm, prompt or beforeunload.
    pub kind: String,
    /// The dialog's message, bounded.
    pub message: String,
}

/// State kept current by the event watcher, readable without the session lock.
#[derive(Debug, Default)]
pub struct PageEvents {
    /// The page revision: bumped by every main-frame navigation and every mutating action.
    pub revision: AtomicU64,
    /// Bumped by every cross-document main-frame navigation: refs and the agent live per
    /// document.
    pub document: AtomicU64,
    /// The revision the last main-frame navigation left the page at (for `verify`'s
    /// "navigation occurred since revision N").
    pub navigated_at: AtomicU64,
    /// The open JavaScript dialog, if any.
    pub dialog: Mutex<Option<OpenDialog>>,
    /// Dialogs opened so far (the last one's id).
    pub dialogs_opened: AtomicU64,
    /// Renderers known to be hung or crashed, by the page's CDP session.
    pub faults: Mutex<std::collections::HashMap<String, RendererFault>>,
    /// The main frame's URL as its last navigation (to another document or within one) left
    /// it: what an action's same-URL history entry is compared with.
    pub url: Mutex<String>,
    /// Woken on every change above.
    pub changed: Notify,
    /// The last event (by `seq`) the watcher has applied here.
    pub applied_seq: AtomicU64,
    /// Woken each time the watcher has applied an event.
    pub applied: Notify,
    /// The CDP session of the selected page: only its events count here.
    pub session: Mutex<Option<String>>,
    /// The selected page's main frame id.
    pub main_frame: Mutex<Option<String>>,
    /// Requests in flight and load state, for network idle.
    pub network: Mutex<super::network::NetworkActivity>,
    /// Page targets opened by another target, not yet reported.
    pub popups: Mutex<Vec<Popup>>,
    /// Every download of this session.
    pub downloads: Mutex<Vec<Download>>,
    /// Out-of-process iframes of the selected page.
    pub oop_frames: Mutex<Vec<OopFrame>>,
    /// The agent's isolated world in each frame of the selected page, as Chrome reports it.
    pub agent_worlds: Mutex<std::collections::HashMap<String, i64>>,
    /// The page's own world in each frame of the selected page (where `evaluate` runs in a
    /// selected frame), as Chrome reports it.
    pub page_worlds: Mutex<std::collections::HashMap<String, i64>>,
    /// Console messages and network failures of the selected page, bounded.
    pub diagnostics: Mutex<Diagnostics>,
    /// Requests the host rules refused since the last result.
    pub denials: Mutex<Vec<Value>>,
    /// Every request of the selected page's document (`listRequests`, `getRequest`).
    pub requests: Mutex<super::requests::RequestLog>,
    /// Every console message of the selected page's document (`consoleMessages`).
    pub console: Mutex<super::console::ConsoleLog>,
}

/// Most entries kept per diagnostics list; older ones are dropped and counted.
pub const MAX_DIAGNOSTICS: usize = 200;

/// Bounded, redacted console and network records.
#[derive(Debug, Default)]
pub struct Diagnostics {
    /// Console messages and uncaught exceptions: `{level, text}`.
    pub console: std::collections::VecDeque<Value>,
    /// Failed requests and error responses: `{url, status | error, type}`.
    pub network: std::collections::VecDeque<Value>,
    /// Entries dropped from `console` because it was full.
    pub console_dropped: u64,
    /// Entries dropped from `network` because it was full.
    pub network_dropped: u64,
}

impl Diagnostics {
    fn push_console(&mut self, entry: Value) {
        if self.console.len() == MAX_DIAGNOSTICS {
            self.console.pop_front();
            self.console_dropped += 1;
        }
        self.console.push_back(entry);
    }

    fn push_network(&mut self, entry: Value) {
        if self.network.len() == MAX_DIAGNOSTICS {
            self.network.pop_front();
            self.network_dropped += 1;
        }
        self.network.push_back(entry);
    }

    fn record(&mut self, ev: &CdpEvent) {
        use crate::redact::{bounded_text, url_without_query};
        let p = &ev.params;
        match ev.method.as_str() {
            "Runtime.consoleAPICalled" => {
                let text = super::console::args_text(&p["args"], 8);
                let level = match p["type"].as_str().unwrap_or("log") {
                    "warning" => "warning",
                    "error" | "assert" => "error",
                    "debug" => "debug",
                    _ => "info",
                };
                self.push_console(json!({"level": level, "text": bounded_text(&text, 200)}));
            }
            "Runtime.exceptionThrown" => {
                let first_line = super::console::exception_text(&p["exceptionDetails"]);
                self.push_console(json!({"level": "error", "text": bounded_text(first_line, 200), "uncaught": true}));
            }
            "Network.responseReceived" => {
                let status = p["response"]["status"].as_i64().unwrap_or(0);
                if status >= 400 {
                    self.push_network(json!({
                        "url": url_without_query(p["response"]["url"].as_str().unwrap_or("")),
                        "status": status,
                        "type": p["type"],
                    }));
                }
            }
            _ => {}
        }
    }

    /// A request that failed, as the request log knows it (its URL, type and why), or
    /// unnamed when the log no longer has it.
    fn request_failed(&mut self, request: Option<&super::requests::RequestEntry>) {
        // A body the page let go of after its response came (an error response is already
        // listed by its status) is one request, not a second failure.
        if request.is_some_and(|r| r.status.is_some() && r.failure.as_deref() == Some("canceled")) {
            return;
        }
        let (url, kind, error) = request.map_or_else(Default::default, |r| {
            (
                crate::redact::url_without_query(&r.url),
                r.resource_type.clone(),
                r.failure.clone(),
            )
        });
        self.push_network(json!({"url": url, "error": error, "type": kind}));
    }

    /// What `diagnostics` reports; `clear` empties the lists afterwards.
    pub fn report(&mut self, clear: bool) -> DiagnosticsReport {
        let out = DiagnosticsReport {
            console: self.console.iter().cloned().collect(),
            network: self.network.iter().cloned().collect(),
            console_dropped: self.console_dropped,
            network_dropped: self.network_dropped,
        };
        if clear {
            self.console.clear();
            self.network.clear();
            self.console_dropped = 0;
            self.network_dropped = 0;
        }
        out
    }
}

/// A copy of the collected diagnostics, taken under the lock and shaped by the tool.
#[derive(Debug, Default)]
pub struct DiagnosticsReport {
    /// Console messages and uncaught exceptions, oldest first.
    pub console: Vec<Value>,
    /// Failed requests and error responses, oldest first.
    pub network: Vec<Value>,
    /// Console entries dropped because the list was full.
    pub console_dropped: u64,
    /// Network entries dropped because the list was full.
    pub network_dropped: u64,
}

/// A page target that another target opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Popup {
    /// The new target.
    pub target_id: String,
    /// The target that opened it.
    pub opener_id: String,
    /// Whether a result header has listed it.
    pub reported: bool,
    /// Whether it has closed.
    pub closed: bool,
}

/// One download Chrome is making for this session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Download {
    /// Chrome's id; also the file name in the download directory.
    pub guid: String,
    /// The frame that started it.
    pub frame_id: String,
    /// The name the site suggested (bounded, sanitized when saved).
    pub suggested_name: String,
    /// inProgress, completed or canceled.
    pub state: String,
    /// Bytes received so far.
    pub received: u64,
    /// Whether a result header has listed it.
    pub reported: bool,
    /// Whether a `download` call has taken it.
    pub claimed: bool,
    /// Glass cancelled it for passing `--download-max-mb` (it may have completed first).
    pub capped: bool,
}

impl PageEvents {
    /// What happened since the last result: new popups, started downloads, an open dialog.
    pub fn take_header(&self) -> Option<Value> {
        let mut header = serde_json::Map::new();
        if let Ok(mut popups) = self.popups.lock() {
            let fresh: Vec<Value> = popups
                .iter_mut()
                .filter(|p| !p.reported)
                .map(|p| {
                    p.reported = true;
                    json!(p.target_id)
                })
                .collect();
            if !fresh.is_empty() {
                header.insert("popups".into(), Value::Array(fresh));
            }
        }
        if let Ok(mut downloads) = self.downloads.lock() {
            let fresh: Vec<Value> = downloads
                .iter_mut()
                .filter(|d| !d.reported)
                .map(|d| {
                    d.reported = true;
                    json!({"name": d.suggested_name, "state": d.state})
                })
                .collect();
            if !fresh.is_empty() {
                header.insert("downloads".into(), Value::Array(fresh));
            }
        }
        if let Some(d) = self.dialog() {
            header.insert(
                "dialog".into(),
                json!({"type": d.kind, "message": d.message}),
            );
        }
        if let Ok(mut denials) = self.denials.lock() {
            if !denials.is_empty() {
                header.insert(
                    "blocked".into(),
                    Value::Array(std::mem::take(&mut *denials)),
                );
            }
        }
        (!header.is_empty()).then_some(Value::Object(header))
    }
}

impl PageEvents {
    /// Whether a request an action waits on, started after `mark` (see
    /// [`super::network::NetworkActivity::mark`]), is still in flight.
    pub fn requests_pending_since(&self, mark: u64) -> bool {
        self.network
            .lock()
            .map(|n| n.pending_since(mark))
            .unwrap_or(false)
    }

    /// How long ago a socket of the selected page asked since `mark` last had an answer.
    pub fn socket_answered_ago(&self, mark: u64) -> Option<std::time::Duration> {
        self.network.lock().ok().and_then(|n| n.answered_ago(mark))
    }

    /// How long ago the selected page, loaded, last fetched or heard what it waits on.
    pub fn stirred_ago(&self) -> Option<std::time::Duration> {
        self.network.lock().ok().and_then(|n| n.stirred_ago())
    }

    /// The selected page's out-of-process frames as they stand now.
    pub fn oop_frames(&self) -> Vec<OopFrame> {
        self.oop_frames
            .lock()
            .map(|f| f.clone())
            .unwrap_or_default()
    }

    /// The open dialog, if any.
    pub fn dialog(&self) -> Option<OpenDialog> {
        self.dialog.lock().map(|d| d.clone()).unwrap_or(None)
    }

    /// Forget dialog `id` once it was handled, unless the page already opened the next one.
    pub fn dialog_handled(&self, id: u64) {
        if let Ok(mut d) = self.dialog.lock() {
            if d.as_ref().is_some_and(|x| x.id == id) {
                *d = None;
            }
        }
    }

    /// Resolves once a dialog is open.
    pub async fn dialog_opened(&self) -> OpenDialog {
        self.until(PageEvents::dialog).await
    }

    /// Wait (at most `within`) until the watcher has applied event `seq`, so state read next
    /// (the revision, requests in flight) includes what a caller's own receiver already saw.
    pub async fn caught_up(&self, seq: u64, within: std::time::Duration) {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let applied = self.applied.notified();
            if self.applied_seq.load(Ordering::SeqCst) >= seq {
                return;
            }
            tokio::select! {
                _ = applied => {}
                _ = tokio::time::sleep_until(deadline) => return,
            }
        }
    }

    /// Resolves with the first `Some` that `check` gives, checked again on every change.
    pub async fn until<T>(&self, check: impl Fn(&PageEvents) -> Option<T>) -> T {
        loop {
            let notified = self.changed.notified();
            if let Some(v) = check(self) {
                return v;
            }
            notified.await;
        }
    }
}

/// An out-of-process iframe Chrome attached to the page session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OopFrame {
    /// The frame's id (its target id).
    pub frame_id: String,
    /// Its own CDP session.
    pub session_id: String,
    /// Its URL when attached.
    pub url: String,
    /// The session it was attached through: the page's, or its out-of-process parent's. The
    /// frame's owner element lives in that session's document.
    pub parent_session: String,
    /// The frame it is embedded in, when Chrome says.
    pub parent_frame: Option<String>,
}

/// Keep `PageEvents` current from the event stream.
pub(super) async fn watch(
    cdp: Cdp,
    mut rx: tokio::sync::broadcast::Receiver<Arc<CdpEvent>>,
    events: Arc<PageEvents>,
    download_max_bytes: u64,
    downloads_denied: bool,
) {
    loop {
        let ev = match rx.recv().await {
            Ok(ev) => ev,
            Err(tokio::sync::broadcast::error::RecvError::Lagged(n)) => {
                tracing::debug!(n, "event watcher lagged");
                continue;
            }
            Err(_) => return,
        };
        observe_event(&events, &ev);
        attach_nested_frames(&cdp, &events, &ev);
        cap_download(&cdp, &events, &ev, download_max_bytes);
        // Denied downloads: Chrome refuses them itself; one that begins anyway (a race under
        // load, a context the setting missed) is cancelled at its first event.
        if downloads_denied && ev.method == "Browser.downloadWillBegin" {
            if let Some(guid) = ev.params["guid"].as_str() {
                cdp.send_detached(
                    None,
                    "Browser.cancelDownload",
                    json!({"guid": guid}),
                    CALL_TIMEOUT,
                );
            }
        }
        events.applied_seq.fetch_max(ev.seq, Ordering::SeqCst);
        events.applied.notify_waiters();
    }
}

/// Cancel a download once it passes `max` bytes, or is announced larger (Chrome deletes its
/// partial file); `download` then reports it as `tooLarge` and deletes a file that completed
/// before the cancel arrived.
fn cap_download(cdp: &Cdp, events: &PageEvents, ev: &CdpEvent, max: u64) {
    if ev.method != "Browser.downloadProgress" {
        return;
    }
    let Some(guid) = ev.params["guid"].as_str() else {
        return;
    };
    let Ok(mut downloads) = events.downloads.lock() else {
        return;
    };
    let Some(d) = downloads.iter_mut().find(|d| d.guid == guid) else {
        return;
    };
    let total = ev.params["totalBytes"].as_f64().unwrap_or(0.0) as u64;
    if d.capped || d.state != "inProgress" || (d.received <= max && total <= max) {
        return;
    }
    d.capped = true;
    cdp.send_detached(
        None,
        "Browser.cancelDownload",
        json!({"guid": guid}),
        CALL_TIMEOUT,
    );
}

/// Whether `session` is an out-of-process frame of the selected page.
fn is_frame_session(events: &PageEvents, session: Option<&str>) -> bool {
    session.is_some_and(|s| {
        events
            .oop_frames
            .lock()
            .is_ok_and(|f| f.iter().any(|f| f.session_id == s))
    })
}

/// An out-of-process frame attaches its own cross-origin children only when asked: ask, so
/// frames nested at any depth can be listed and driven. (Under host rules the enforcer does
/// this for every target it holds.)
fn attach_nested_frames(cdp: &Cdp, events: &PageEvents, ev: &CdpEvent) {
    let p = &ev.params;
    if ev.method != "Target.attachedToTarget"
        || p["targetInfo"]["type"] != "iframe"
        || p["waitingForDebugger"] == true
    {
        return;
    }
    let Some(session) = p["sessionId"].as_str().map(str::to_owned) else {
        return;
    };
    if !is_frame_session(events, Some(&session)) {
        return;
    }
    cdp.send_detached(
        Some(&session),
        "Target.setAutoAttach",
        json!({"autoAttach": true, "waitForDebuggerOnStart": false, "flatten": true}),
        CALL_TIMEOUT,
    );
}

fn observe_event(events: &PageEvents, ev: &CdpEvent) {
    if ev.session_id.is_none() {
        return observe_browser_event(events, ev);
    }
    let selected = events.session.lock().ok().and_then(|s| s.clone());
    if ev.session_id != selected {
        // Out-of-process frames report their own out-of-process children.
        let nesting = matches!(
            ev.method.as_str(),
            "Target.attachedToTarget" | "Target.detachedFromTarget"
        );
        if !nesting || !is_frame_session(events, ev.session_id.as_deref()) {
            return;
        }
    }
    if ev.method.starts_with("Network.") {
        if let Ok(mut n) = events.network.lock() {
            n.apply(&ev.method, &ev.params);
        }
    }
    match ev.method.as_str() {
        "Inspector.targetCrashed" => {
            if let Some(s) = ev.session_id.as_deref() {
                events.set_fault(s, Some(RendererFault::Crashed));
            }
        }
        "Inspector.targetReloadedAfterCrash" => {
            if let Some(s) = ev.session_id.as_deref() {
                events.set_fault(s, None);
            }
        }
        "Page.frameNavigated" if ev.params["frame"].get("parentId").is_none() => {
            // A committed document has a working renderer.
            if let Some(s) = ev.session_id.as_deref() {
                events.set_fault(s, None);
            }
            events.document.fetch_add(1, Ordering::SeqCst);
            if let Ok(mut url) = events.url.lock() {
                ev.params["frame"]["url"]
                    .as_str()
                    .unwrap_or_default()
                    .clone_into(&mut url);
            }
            let revision = events.revision.fetch_add(1, Ordering::SeqCst) + 1;
            events.navigated_at.fetch_max(revision, Ordering::SeqCst);
            if let Ok(mut n) = events.network.lock() {
                n.new_document();
            }
            if let Ok(mut r) = events.requests.lock() {
                r.new_document(ev.params["frame"]["loaderId"].as_str());
            }
            if let Ok(mut c) = events.console.lock() {
                c.new_document();
            }
            events.changed.notify_waiters();
        }
        "Page.loadEventFired" => {
            if let Ok(mut n) = events.network.lock() {
                n.loaded();
            }
        }
        "Network.loadingFinished" | "Network.dataReceived" | "Network.requestServedFromCache" => {
            record_request(events, ev)
        }
        "Log.entryAdded" => record_console(events, ev),
        "Target.attachedToTarget" if ev.params["targetInfo"]["type"] == "iframe" => {
            let p = &ev.params;
            if let (Ok(mut frames), Some(fid), Some(sid)) = (
                events.oop_frames.lock(),
                p["targetInfo"]["targetId"].as_str(),
                p["sessionId"].as_str(),
            ) {
                if frames.len() < 64 {
                    frames.retain(|f| f.frame_id != fid);
                    frames.push(OopFrame {
                        frame_id: fid.to_owned(),
                        session_id: sid.to_owned(),
                        url: p["targetInfo"]["url"].as_str().unwrap_or("").to_owned(),
                        parent_session: ev.session_id.clone().unwrap_or_default(),
                        parent_frame: p["targetInfo"]["parentFrameId"].as_str().map(str::to_owned),
                    });
                }
            }
        }
        "Target.detachedFromTarget" => {
            if let (Ok(mut frames), Some(sid)) =
                (events.oop_frames.lock(), ev.params["sessionId"].as_str())
            {
                // A frame's detach takes its nested frames with it.
                let mut gone = vec![sid.to_owned()];
                while let Some(s) = gone.pop() {
                    frames.retain(|f| {
                        let keep = f.session_id != s && f.parent_session != s;
                        if !keep && f.session_id != s {
                            gone.push(f.session_id.clone());
                        }
                        keep
                    });
                }
            }
        }
        "Runtime.consoleAPICalled"
        | "Runtime.exceptionThrown"
        | "Network.requestWillBeSent"
        | "Network.responseReceived"
        | "Network.loadingFailed" => {
            if ev.method.starts_with("Network.") {
                record_request(events, ev);
            } else {
                record_console(events, ev);
            }
            if let Ok(mut d) = events.diagnostics.lock() {
                if ev.method == "Network.loadingFailed" {
                    // The request log, just updated, names the request and says why it failed.
                    let log = events.requests.lock();
                    let id = ev.params["requestId"].as_str().unwrap_or("");
                    d.request_failed(log.as_ref().ok().and_then(|l| l.by_chrome_id(id)));
                } else {
                    d.record(ev);
                }
            }
        }
        // The agent's world and the page's own world in each frame, as Chrome makes them.
        "Runtime.executionContextCreated" => {
            let c = &ev.params["context"];
            let worlds = if c["name"] == WORLD_NAME {
                Some(&events.agent_worlds)
            } else {
                (c["auxData"]["isDefault"] == true).then_some(&events.page_worlds)
            };
            if let (Some(Ok(mut worlds)), Some(frame), Some(id)) = (
                worlds.map(|w| w.lock()),
                c["auxData"]["frameId"].as_str(),
                c["id"].as_i64(),
            ) {
                worlds.insert(frame.to_owned(), id);
            }
        }
        "Runtime.executionContextDestroyed" => {
            let id = ev.params["executionContextId"].as_i64();
            for worlds in [&events.agent_worlds, &events.page_worlds] {
                if let Ok(mut worlds) = worlds.lock() {
                    worlds.retain(|_, v| Some(*v) != id);
                }
            }
        }
        "Runtime.executionContextsCleared" => {
            for worlds in [&events.agent_worlds, &events.page_worlds] {
                if let Ok(mut worlds) = worlds.lock() {
                    worlds.clear();
                }
            }
        }
        "Page.navigatedWithinDocument" => {
            let main = events.main_frame.lock().ok().and_then(|f| f.clone());
            if main.as_deref() == ev.params["frameId"].as_str() {
                if let Ok(mut url) = events.url.lock() {
                    ev.params["url"]
                        .as_str()
                        .unwrap_or_default()
                        .clone_into(&mut url);
                }
            }
            events.revision.fetch_add(1, Ordering::SeqCst);
            events.changed.notify_waiters();
        }
        "Page.javascriptDialogOpening" => {
            let kind = ev.params["type"].as_str().unwrap_or("alert").to_owned();
            let message =
                crate::redact::bounded_text(ev.params["message"].as_str().unwrap_or(""), 300);
            let id = events.dialogs_opened.fetch_add(1, Ordering::SeqCst) + 1;
            if let Ok(mut d) = events.dialog.lock() {
                *d = Some(OpenDialog { id, kind, message });
            }
            events.changed.notify_waiters();
        }
        "Page.javascriptDialogClosed" => {
            if let Ok(mut d) = events.dialog.lock() {
                *d = None;
            }
            events.changed.notify_waiters();
        }
        _ => {}
    }
}

/// Add a `Network` event of the selected page to its request log.
fn record_request(events: &PageEvents, ev: &CdpEvent) {
    if let (Ok(mut r), Some(s)) = (events.requests.lock(), ev.session_id.as_deref()) {
        r.record(s, ev);
    }
}

/// Add a console message, exception or browser report of the selected page to its log.
fn record_console(events: &PageEvents, ev: &CdpEvent) {
    if let (Ok(mut c), Some(s)) = (events.console.lock(), ev.session_id.as_deref()) {
        c.record(s, ev);
    }
}

/// Browser-level events: targets and downloads.
/// A worker's target appeared (as the browser reports every target): the page's request for
/// its script has ended as far as the page can tell.
fn worker_started(events: &PageEvents, info: &Value) {
    if !matches!(
        info["type"].as_str(),
        Some("worker" | "shared_worker" | "service_worker")
    ) {
        return;
    }
    if let (Ok(mut n), Some(url)) = (events.network.lock(), info["url"].as_str()) {
        n.worker_attached(url);
    }
}

fn observe_browser_event(events: &PageEvents, ev: &CdpEvent) {
    let p = &ev.params;
    match ev.method.as_str() {
        "Target.targetCreated" | "Target.attachedToTarget" | "Target.targetInfoChanged"
            if p["targetInfo"]["type"] != "page" =>
        {
            worker_started(events, &p["targetInfo"]);
        }
        "Target.targetCreated" => {
            let info = &p["targetInfo"];
            if let (Some("page"), Some(id), Some(opener)) = (
                info["type"].as_str(),
                info["targetId"].as_str(),
                info["openerId"].as_str(),
            ) {
                if let Ok(mut popups) = events.popups.lock() {
                    if popups.len() < 256 && !popups.iter().any(|x| x.target_id == id) {
                        popups.push(Popup {
                            target_id: id.to_owned(),
                            opener_id: opener.to_owned(),
                            reported: false,
                            closed: false,
                        });
                    }
                }
                events.changed.notify_waiters();
            }
        }
        "Target.targetDestroyed" => {
            if let (Ok(mut popups), Some(id)) = (events.popups.lock(), p["targetId"].as_str()) {
                if let Some(x) = popups.iter_mut().find(|x| x.target_id == id) {
                    x.closed = true;
                }
            }
            events.changed.notify_waiters();
        }
        "Browser.downloadWillBegin" => {
            if let (Ok(mut downloads), Some(guid)) = (events.downloads.lock(), p["guid"].as_str()) {
                if downloads.len() < 256 {
                    downloads.push(Download {
                        guid: guid.to_owned(),
                        frame_id: p["frameId"].as_str().unwrap_or("").to_owned(),
                        suggested_name: crate::redact::bounded_text(
                            p["suggestedFilename"].as_str().unwrap_or("download"),
                            120,
                        ),
                        state: "inProgress".into(),
                        received: 0,
                        reported: false,
                        claimed: false,
                        capped: false,
                    });
                }
            }
            events.changed.notify_waiters();
        }
        "Browser.downloadProgress" => {
            if let (Ok(mut downloads), Some(guid)) = (events.downloads.lock(), p["guid"].as_str()) {
                if let Some(d) = downloads.iter_mut().find(|d| d.guid == guid) {
                    d.received = p["receivedBytes"].as_f64().unwrap_or(0.0) as u64;
                    if let Some(state) = p["state"].as_str() {
                        d.state = state.to_owned();
                    }
                }
            }
            events.changed.notify_waiters();
        }
        _ => {}
    }
}

/// What is wrong with a page's renderer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RendererFault {
    /// It does not answer (its main thread is stuck).
    Hung,
    /// It is gone (out of memory, killed, a bug).
    Crashed,
}

impl PageEvents {
    /// The selected page's renderer fault, if any.
    pub fn renderer_fault(&self) -> Option<RendererFault> {
        let session = self.session.lock().ok()?.clone()?;
        self.faults.lock().ok()?.get(&session).copied()
    }

    /// Record (or, with `None`, clear) the fault of the renderer behind `session`.
    pub fn set_fault(&self, session: &str, fault: Option<RendererFault>) {
        let Ok(mut faults) = self.faults.lock() else {
            return;
        };
        let changed = match fault {
            // A crash is not undone by a probe that happens to fail differently.
            Some(RendererFault::Hung) if faults.get(session) == Some(&RendererFault::Crashed) => {
                false
            }
            Some(f) => faults.insert(session.to_owned(), f) != Some(f),
            None => faults.remove(session).is_some(),
        };
        if faults.len() > 64 {
            faults.clear();
        }
        drop(faults);
        if changed {
            self.changed.notify_waiters();
        }
    }

    /// Resolves once the selected page's renderer is hung or crashed.
    pub async fn renderer_failed(&self) -> RendererFault {
        self.until(PageEvents::renderer_fault).await
    }
}
