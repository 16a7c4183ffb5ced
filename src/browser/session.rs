//! The single browser session of a Glass process.
//!
//! One `Session` owns at most one Chrome (launched lazily, or attached) and one selected page.
//! Every browser operation holds the session lock for its whole duration, so operations run
//! one at a time in arrival order; browser-free tools never touch it. Cancelling a call drops
//! its future, which releases the lock and drops its pending CDP answers; input Chrome already
//! accepted is not undone. If Chrome dies or the connection breaks, the current call fails
//! and the next one starts a fresh session.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{MappedMutexGuard, MutexGuard, Notify};

use super::cdp::{Cdp, CdpError, CdpEvent};
use super::launch::{self, ChromeProcess, LaunchError, LaunchOptions};
use crate::cli::Interaction;

/// Deadline for ordinary CDP calls.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(15);

/// Which profile a launched Chrome uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProfileChoice {
    /// A named profile kept under Glass's data directory.
    Persistent(String),
    /// A throwaway profile deleted when the session ends.
    Incognito,
}

/// How the session starts Chrome: fixed at start-up from the command line.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// `--chrome-path`, if given.
    pub chrome_path: Option<PathBuf>,
    /// Headless unless `--headed`.
    pub headless: bool,
    /// The profile to launch with.
    pub profile: ProfileChoice,
    /// `--attach` endpoint: connect instead of launching.
    pub attach: Option<String>,
    /// Input style.
    pub interaction: Interaction,
    /// Host rules Chrome must enforce, when any are set.
    pub host_rules: Option<crate::policy::Policy>,
    /// The policy denies downloads: Chrome itself then refuses them, so a page cannot write
    /// files to disk that no tool will ever claim.
    pub downloads_denied: bool,
    /// Downloads past this size are cancelled (`--download-max-mb`).
    pub download_max_bytes: u64,
}

/// Why a browser operation could not run. Display texts are fixed and safe for clients.
#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    /// Chrome could not be started or attached; the text says why in a line or two.
    #[error("{0}")]
    Unavailable(String),
    /// The connection to Chrome broke during this call.
    #[error("the browser connection closed; the next browser call starts a fresh session")]
    Closed,
    /// A CDP call did not answer in time.
    #[error("the browser did not answer in time")]
    Timeout,
    /// Chrome refused a call (only the code is kept).
    #[error("the browser refused the operation (code {0})")]
    Refused(i64),
    /// No page target is selected.
    #[error("no page is selected; use listTargets and selectTarget, or navigate")]
    NoPage,
    /// The in-page agent failed unexpectedly.
    #[error("the page agent failed")]
    Agent,
    /// The selected frame no longer exists.
    #[error("the selected frame is gone; use listFrames and selectFrame")]
    FrameGone,
    /// A JavaScript dialog opened while the call waited on the page, which cannot answer
    /// until the dialog is resolved.
    #[error("a JavaScript dialog is open; resolve it with acceptDialog or dismissDialog")]
    DialogOpen(OpenDialog),
    /// The page's renderer does not answer: a script that never ends holds it.
    #[error("the page does not answer (a script is stuck); navigate to replace its renderer")]
    RendererHung,
    /// The page's renderer crashed (out of memory, killed).
    #[error("the page's renderer crashed; navigate to start a new one")]
    RendererCrashed,
}

impl From<CdpError> for BrowserError {
    fn from(e: CdpError) -> Self {
        match e {
            CdpError::Closed | CdpError::Io(_) => BrowserError::Closed,
            CdpError::Timeout { .. } => BrowserError::Timeout,
            CdpError::Protocol { code, message } => {
                tracing::debug!(code, %message, "CDP refused a call");
                BrowserError::Refused(code)
            }
            CdpError::Decode { method, detail } => {
                tracing::debug!(%method, %detail, "CDP answer did not decode");
                BrowserError::Refused(0)
            }
        }
    }
}

impl From<LaunchError> for BrowserError {
    fn from(e: LaunchError) -> Self {
        BrowserError::Unavailable(e.to_string())
    }
}

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
    /// The open JavaScript dialog, if any.
    pub dialog: Mutex<Option<OpenDialog>>,
    /// Dialogs opened so far (the last one's id).
    pub dialogs_opened: AtomicU64,
    /// Renderers known to be hung or crashed, by the page's CDP session.
    pub faults: Mutex<std::collections::HashMap<String, super::health::RendererFault>>,
    /// Woken on every change above.
    pub changed: Notify,
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
    /// Console messages and network failures of the selected page, bounded.
    pub diagnostics: Mutex<Diagnostics>,
    /// Requests the host rules refused since the last result.
    pub denials: Mutex<Vec<Value>>,
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
    /// Request id -> URL (query stripped), for naming failed requests.
    requests: std::collections::HashMap<String, (String, String)>,
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
                let text: Vec<String> = p["args"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or(&[])
                    .iter()
                    .take(8)
                    .map(|a| match &a["value"] {
                        Value::String(s) => s.clone(),
                        Value::Null => a["description"].as_str().unwrap_or("").to_owned(),
                        v => v.to_string(),
                    })
                    .collect();
                let level = match p["type"].as_str().unwrap_or("log") {
                    "warning" => "warning",
                    "error" | "assert" => "error",
                    "debug" => "debug",
                    _ => "info",
                };
                self.push_console(
                    json!({"level": level, "text": bounded_text(&text.join(" "), 200)}),
                );
            }
            "Runtime.exceptionThrown" => {
                let d = &p["exceptionDetails"];
                let text = d["exception"]["description"]
                    .as_str()
                    .or(d["text"].as_str())
                    .unwrap_or("exception");
                let first_line = text.lines().next().unwrap_or("");
                self.push_console(json!({"level": "error", "text": bounded_text(first_line, 200), "uncaught": true}));
            }
            "Network.requestWillBeSent" => {
                if self.requests.len() >= 2_000 {
                    self.requests.clear();
                }
                if let Some(id) = p["requestId"].as_str() {
                    self.requests.insert(
                        id.to_owned(),
                        (
                            url_without_query(p["request"]["url"].as_str().unwrap_or("")),
                            p["type"].as_str().unwrap_or("Other").to_owned(),
                        ),
                    );
                }
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
            "Network.loadingFailed" => {
                let (url, kind) = p["requestId"]
                    .as_str()
                    .and_then(|id| self.requests.get(id).cloned())
                    .unwrap_or_default();
                let error = if p["canceled"] == true {
                    Some("canceled".to_owned())
                } else {
                    p["blockedReason"]
                        .as_str()
                        .map(|r| format!("blocked:{}", bounded_text(r, 40)))
                        .or_else(|| {
                            p["errorText"]
                                .as_str()
                                .and_then(crate::redact::net_error_code)
                        })
                };
                self.push_network(json!({"url": url, "error": error, "type": kind}));
            }
            _ => {}
        }
    }

    /// The report of `diagnostics`; `clear` empties the lists afterwards.
    pub fn report(&mut self, clear: bool) -> Value {
        let out = json!({
            "console": self.console,
            "network": self.network,
            "dropped": {"console": self.console_dropped, "network": self.network_dropped},
        });
        if clear {
            self.console.clear();
            self.network.clear();
            self.console_dropped = 0;
            self.network_dropped = 0;
        }
        out
    }
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

/// Where the page agent lives now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentContext {
    /// Execution context id of the isolated world.
    pub id: i64,
    /// Document generation it was made in.
    pub document: u64,
    /// Frame it belongs to.
    pub frame: String,
    /// CDP session of that frame.
    pub session: String,
    /// Whether the agent is known to be in it. Chrome re-creates a named world in every new
    /// document of a frame it was made for, empty: the first call there installs the agent
    /// in the same evaluation.
    pub installed: bool,
}

/// A frame chosen with `selectFrame`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameSelection {
    /// The frame id.
    pub frame_id: String,
    /// The CDP session that owns it: the page's, or an out-of-process frame's own.
    pub session_id: String,
    /// Whether it is an out-of-process (cross-origin) frame.
    pub out_of_process: bool,
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

/// The selected page target.
#[derive(Clone, Debug)]
pub struct PageTarget {
    /// CDP target id.
    pub target_id: String,
    /// Flattened session id used for every call to this page.
    pub session_id: String,
    /// The main frame's id (stable across navigations).
    pub main_frame: String,
}

/// The running browser: the connection, the Chrome process (if ours) and the selected page.
pub struct Browser {
    /// The CDP connection.
    pub cdp: Cdp,
    chrome: Option<ChromeProcess>,
    incognito_dir: Option<PathBuf>,
    attached: bool,
    /// The selected page.
    pub page: Option<PageTarget>,
    /// Targets Glass created in attach mode, closed when the session ends.
    created_targets: Vec<String>,
    /// Event-derived state of the selected page.
    pub events: Arc<PageEvents>,
    watcher: tokio::task::JoinHandle<()>,
    /// Isolated-world context of the page agent, with what it was made for.
    pub agent_context: Option<AgentContext>,
    /// The selected frame; `None` is the page's main frame.
    pub frame: Option<FrameSelection>,
    /// Next session-unique element reference number.
    pub next_ref: u64,
    /// Input style.
    pub interaction: Interaction,
    /// Last pointer position, for human-style moves.
    pub pointer: (f64, f64),
    /// Refs issued, with where they came from, for stale-ref recovery.
    pub refs: super::refs::RefTable,
    download_dir: PathBuf,
    /// The host-rule enforcer, when rules are set.
    enforcer: Option<tokio::task::JoinHandle<()>>,
}

impl std::fmt::Debug for Browser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browser")
            .field("attached", &self.attached)
            .field("page", &self.page)
            .finish_non_exhaustive()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.watcher.abort();
        if let Some(e) = self.enforcer.take() {
            e.abort();
        }
        if let Some(mut chrome) = self.chrome.take() {
            chrome.kill();
        }
        if let Some(dir) = self.incognito_dir.take() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// The session: configuration plus the lazily started browser behind one lock.
#[derive(Debug)]
pub struct Session {
    config: SessionConfig,
    browser: tokio::sync::Mutex<Option<Browser>>,
    /// Event state of the running browser, readable without waiting for the lock.
    events: Mutex<Option<Arc<PageEvents>>>,
}

/// Exclusive access to the running browser for one operation.
pub type BrowserGuard<'a> = MappedMutexGuard<'a, Browser>;

impl Session {
    /// A session that starts Chrome on first use.
    pub fn new(config: SessionConfig) -> Session {
        Session {
            config,
            browser: tokio::sync::Mutex::new(None),
            events: Mutex::new(None),
        }
    }

    /// What happened since the last result (popups, downloads, an open dialog), if a browser
    /// is running; reading it marks it reported.
    pub fn take_header(&self) -> Option<Value> {
        let events = self.events.lock().ok()?.clone()?;
        events.take_header()
    }

    /// Which page is current: the selected tab's CDP session and its document count, or
    /// `none` before a browser runs. Confirmation tokens are bound to it, so a token issued on
    /// one page cannot be spent after a navigation or on another tab. Read without the lock.
    pub fn page_identity(&self) -> String {
        let Some(events) = self.events.lock().ok().and_then(|e| e.clone()) else {
            return "none".to_owned();
        };
        let session = events
            .session
            .lock()
            .ok()
            .and_then(|s| s.clone())
            .unwrap_or_default();
        let document = events.document.load(std::sync::atomic::Ordering::SeqCst);
        format!("{session}:{document}")
    }

    /// Exclusive access to the browser, starting it first if needed, or again if it died.
    pub async fn acquire(&self) -> Result<BrowserGuard<'_>, BrowserError> {
        let mut guard = self.browser.lock().await;
        if guard.as_ref().is_some_and(|b| b.cdp.closed()) {
            tracing::info!("browser connection lost; starting a fresh session");
            *guard = None;
        }
        if guard.is_none() {
            let browser = start(&self.config).await?;
            if let Ok(mut events) = self.events.lock() {
                *events = Some(Arc::clone(&browser.events));
            }
            *guard = Some(browser);
        }
        Ok(MutexGuard::map(guard, |b| {
            b.as_mut().expect("browser was just ensured")
        }))
    }

    /// End the session: close the Chrome Glass started (or the tabs it opened when attached).
    pub async fn shutdown(&self) {
        let Some(mut browser) = self.browser.lock().await.take() else {
            return;
        };
        if browser.attached {
            for target in std::mem::take(&mut browser.created_targets) {
                let _ = browser
                    .cdp
                    .call_raw(
                        None,
                        "Target.closeTarget",
                        json!({"targetId": target}),
                        Duration::from_secs(2),
                    )
                    .await;
            }
        } else if let Some(chrome) = browser.chrome.take() {
            chrome.shutdown().await;
        }
        let profile = browser.incognito_dir.take();
        let staging = browser.download_dir.clone();
        drop(browser);
        if let Some(dir) = profile {
            remove_profile(&dir).await;
        } else {
            // Downloads no tool claimed go with the session, like an incognito profile's.
            let _ = std::fs::remove_dir_all(&staging);
        }
    }
}

/// Delete throwaway profiles left by Glass processes that no longer run (killed before they
/// could clean up).
fn reap_abandoned_profiles() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten().take(10_000) {
        let name = entry.file_name();
        let Some(rest) = name
            .to_str()
            .and_then(|n| n.strip_prefix("glass-incognito-"))
        else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<i32>().ok()) else {
            continue;
        };
        let alive = pid as u32 == std::process::id() || process_alive(pid);
        if !alive {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Empty the download staging folders of Glass processes that no longer run (and files of the
/// older shared layout), so a killed session's partial downloads do not pile up.
fn reap_abandoned_downloads(incoming: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(incoming) else {
        return;
    };
    for entry in entries.flatten().take(10_000) {
        let path = entry.path();
        match entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        {
            Some(pid) if pid as u32 == std::process::id() || process_alive(pid) => {}
            Some(_) => {
                let _ = std::fs::remove_dir_all(&path);
            }
            None if path.is_file() => {
                let _ = std::fs::remove_file(&path);
            }
            None => {}
        }
    }
}

#[cfg(unix)]
fn process_alive(pid: i32) -> bool {
    // Signal 0 checks existence; EPERM still means the process exists.
    pid > 0
        && (unsafe { libc::kill(pid, 0) } == 0
            || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM))
}

#[cfg(not(unix))]
fn process_alive(_pid: i32) -> bool {
    true
}

/// Delete a throwaway profile. Chrome's last helper processes may still be writing into it for
/// a moment after the browser exits, so removal is retried briefly until the folder is gone.
async fn remove_profile(dir: &std::path::Path) {
    for _ in 0..20 {
        let _ = std::fs::remove_dir_all(dir);
        if !dir.exists() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tracing::warn!("could not delete the incognito profile");
}

fn valid_profile_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Start or attach Chrome and select a page.
async fn start(config: &SessionConfig) -> Result<Browser, BrowserError> {
    let (cdp, chrome, incognito_dir, attached) = match &config.attach {
        Some(endpoint) => (launch::attach(endpoint).await?, None, None, true),
        None => {
            let exe = launch::find_chrome(config.chrome_path.as_deref())?;
            let (dir, incognito) = match &config.profile {
                ProfileChoice::Persistent(name) => {
                    if !valid_profile_name(name) {
                        return Err(BrowserError::Unavailable(
                            "profile names use 1 to 64 ASCII letters, digits, - and _".into(),
                        ));
                    }
                    (crate::paths::data_dir().join("profiles").join(name), false)
                }
                ProfileChoice::Incognito => {
                    reap_abandoned_profiles();
                    let nanos = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_nanos())
                        .unwrap_or(0);
                    let dir = std::env::temp_dir()
                        .join(format!("glass-incognito-{}-{nanos}", std::process::id()));
                    (dir, true)
                }
            };
            std::fs::create_dir_all(&dir).map_err(|_| {
                BrowserError::Unavailable("cannot create the browser profile directory".into())
            })?;
            // Chrome reads this profile preference at start; the matching switch is ignored.
            super::enforce::confine_webrtc(&dir, config.host_rules.is_some());
            let mut opts = LaunchOptions::new(exe, &dir);
            opts.headless = config.headless;
            opts.extra_args
                .push(format!("--window-size={},{}", VIEWPORT.0, VIEWPORT.1));
            if let Some(rules) = config
                .host_rules
                .as_ref()
                .and_then(super::enforce::resolver_rules)
            {
                opts.extra_args
                    .push(format!("--host-resolver-rules={rules}"));
            }
            // Popups are reported and verified (clickExpectPopup), not silently blocked.
            opts.extra_args.push("--disable-popup-blocking".to_owned());
            // An automated page must not be slowed down as a background or occluded tab.
            opts.extra_args.extend(
                [
                    "--disable-renderer-backgrounding",
                    "--disable-background-timer-throttling",
                    "--disable-backgrounding-occluded-windows",
                    "--hide-scrollbars",
                    "--mute-audio",
                    // No back/forward cache (back/forward reloads, as automation expects) and
                    // no proactive BrowsingInstance swaps: less renderer work per navigation.
                    // RenderDocument stays on: without it Chromium 156 stopped starting
                    // downloads from `download` links after the tenth in one tab.
                    "--disable-features=BackForwardCache,ProactivelySwapBrowsingInstance",
                ]
                .map(str::to_owned),
            );
            match launch::launch(opts).await {
                Ok((chrome, cdp)) => (cdp, Some(chrome), incognito.then_some(dir), false),
                Err(e) => {
                    if incognito {
                        let _ = std::fs::remove_dir_all(&dir);
                    }
                    return Err(e.into());
                }
            }
        }
    };
    let events = Arc::new(PageEvents::default());
    // Subscribed here, so no event after this line is missed.
    let watcher = tokio::spawn(watch(
        cdp.clone(),
        cdp.subscribe(),
        Arc::clone(&events),
        config.download_max_bytes,
    ));
    tokio::spawn(super::health::monitor(cdp.clone(), Arc::clone(&events)));
    let download_dir = match &incognito_dir {
        Some(dir) => dir.join("glass-downloads"),
        None => {
            // One staging folder per process: partial or unclaimed files of a Glass that was
            // killed are removed here, never those of one still running.
            let incoming = crate::paths::data_dir().join("downloads").join(".incoming");
            reap_abandoned_downloads(&incoming);
            incoming.join(std::process::id().to_string())
        }
    };
    let _ = std::fs::create_dir_all(&download_dir);
    // The enforcer subscribes here, before any target can be held for it.
    let enforcer = config.host_rules.as_ref().map(|policy| {
        tokio::spawn(super::enforce::run(
            cdp.clone(),
            cdp.subscribe(),
            policy.clone(),
            Arc::clone(&events),
        ))
    });
    // Independent browser-level settings, sent together.
    let discover = cdp.call_raw(
        None,
        "Target.setDiscoverTargets",
        json!({"discover": true}),
        CALL_TIMEOUT,
    );
    // Under host rules, new targets (popups, workers, pages we create) start paused until
    // they are intercepted.
    let hold = async {
        if enforcer.is_none() {
            return Ok(Value::Null);
        }
        cdp.call_raw(
            None,
            "Target.setAutoAttach",
            json!({"autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true}),
            CALL_TIMEOUT,
        )
        .await
    };
    let downloads = async {
        if attached {
            return Ok(Value::Null);
        }
        let behavior = if config.downloads_denied {
            json!({"behavior": "deny", "eventsEnabled": true})
        } else {
            json!({"behavior": "allowAndName", "downloadPath": download_dir, "eventsEnabled": true})
        };
        cdp.call_raw(None, "Browser.setDownloadBehavior", behavior, CALL_TIMEOUT)
            .await
    };
    let (discover, hold, downloads) = tokio::join!(discover, hold, downloads);
    discover?;
    hold?;
    downloads?;
    let mut browser = Browser {
        cdp,
        chrome,
        incognito_dir,
        attached,
        page: None,
        created_targets: Vec::new(),
        events,
        watcher,
        agent_context: None,
        frame: None,
        next_ref: 1,
        interaction: config.interaction,
        pointer: (0.0, 0.0),
        refs: Default::default(),
        download_dir,
        enforcer,
    };
    browser.select_initial_page().await?;
    if !browser.attached {
        browser.size_viewport(VIEWPORT.0, VIEWPORT.1).await;
    }
    Ok(browser)
}

/// The viewport of a Chrome that Glass launches, in CSS pixels: what pages lay out for and
/// what a viewport screenshot shows.
pub const VIEWPORT: (i64, i64) = (1280, 720);

/// Keep `PageEvents` current from the event stream.
async fn watch(
    cdp: Cdp,
    mut rx: tokio::sync::broadcast::Receiver<Arc<CdpEvent>>,
    events: Arc<PageEvents>,
    download_max_bytes: u64,
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
    match ev.method.as_str() {
        "Inspector.targetCrashed" => {
            if let Some(s) = ev.session_id.as_deref() {
                events.set_fault(s, Some(super::health::RendererFault::Crashed));
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
            events.revision.fetch_add(1, Ordering::SeqCst);
            if let Ok(mut n) = events.network.lock() {
                n.new_document();
            }
            events.changed.notify_waiters();
        }
        "Page.loadEventFired" => {
            if let Ok(mut n) = events.network.lock() {
                n.loaded();
            }
        }
        "Network.loadingFinished" => {
            if let (Ok(mut n), Some(id)) = (events.network.lock(), ev.params["requestId"].as_str())
            {
                n.ended(id);
            }
        }
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
            if let (Ok(mut n), Some(id)) = (events.network.lock(), ev.params["requestId"].as_str())
            {
                match ev.method.as_str() {
                    "Network.requestWillBeSent" => n.started(
                        id,
                        super::network::awaited(ev.params["type"].as_str().unwrap_or("")),
                    ),
                    "Network.loadingFailed" => n.ended(id),
                    _ => {}
                }
            }
            if let Ok(mut d) = events.diagnostics.lock() {
                d.record(ev);
            }
        }
        "Runtime.executionContextCreated" => {
            let c = &ev.params["context"];
            if c["name"] == super::agent::WORLD_NAME {
                if let (Ok(mut worlds), Some(frame), Some(id)) = (
                    events.agent_worlds.lock(),
                    c["auxData"]["frameId"].as_str(),
                    c["id"].as_i64(),
                ) {
                    worlds.insert(frame.to_owned(), id);
                }
            }
        }
        "Runtime.executionContextDestroyed" => {
            if let (Ok(mut worlds), Some(id)) = (
                events.agent_worlds.lock(),
                ev.params["executionContextId"].as_i64(),
            ) {
                worlds.retain(|_, v| *v != id);
            }
        }
        "Runtime.executionContextsCleared" => {
            if let Ok(mut worlds) = events.agent_worlds.lock() {
                worlds.clear();
            }
        }
        "Page.navigatedWithinDocument" => {
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

/// Browser-level events: targets and downloads.
fn observe_browser_event(events: &PageEvents, ev: &CdpEvent) {
    let p = &ev.params;
    match ev.method.as_str() {
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

impl Browser {
    /// Where this session's downloads land before `download` moves them.
    pub fn download_dir(&self) -> &std::path::Path {
        &self.download_dir
    }

    /// Forget the selected page (it was closed): page tools then report that none is selected.
    pub fn unselect(&mut self) {
        self.page = None;
        self.agent_context = None;
        self.frame = None;
        if let Ok(mut s) = self.events.session.lock() {
            *s = None;
        }
        if let Ok(mut d) = self.events.dialog.lock() {
            *d = None;
        }
    }

    /// The session and frame the page agent works in: the selected frame, or the main frame.
    pub fn agent_target(&self) -> Result<(String, String), BrowserError> {
        let page = self.page()?;
        Ok(match &self.frame {
            Some(f) => (f.session_id.clone(), f.frame_id.clone()),
            None => (page.session_id.clone(), page.main_frame.clone()),
        })
    }

    /// The selected page, or a clear error.
    pub fn page(&self) -> Result<&PageTarget, BrowserError> {
        self.page.as_ref().ok_or(BrowserError::NoPage)
    }

    /// The current page revision.
    pub fn revision(&self) -> u64 {
        self.events.revision.load(Ordering::SeqCst)
    }

    /// The current document generation.
    pub fn document(&self) -> u64 {
        self.events.document.load(Ordering::SeqCst)
    }

    /// Note that an action may have changed the page.
    pub fn bump_revision(&self) -> u64 {
        self.events.revision.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// Call a CDP method on the selected page's session.
    pub async fn page_call(&self, method: &str, params: Value) -> Result<Value, BrowserError> {
        let session = self.page()?.session_id.clone();
        tokio::select! {
            r = self.cdp.call_raw(Some(&session), method, params, CALL_TIMEOUT) => Ok(r?),
            f = self.events.renderer_failed() => Err(f.error()),
        }
    }

    /// Make the selected page's viewport `width` x `height`: `--window-size` sizes the whole
    /// window, and even headless Chrome keeps room for its toolbar in it (720 tall gave a
    /// 577-pixel viewport), so the window grows by what is not viewport. Best effort.
    async fn size_viewport(&self, width: i64, height: i64) {
        let Ok(page) = self.page() else { return };
        let target = page.target_id.clone();
        let (inner, window) = tokio::join!(
            self.page_call(
                "Runtime.evaluate",
                json!({"expression": "[outerWidth - innerWidth, outerHeight - innerHeight]",
                       "returnByValue": true}),
            ),
            self.cdp.call_raw(
                None,
                "Browser.getWindowForTarget",
                json!({"targetId": target}),
                CALL_TIMEOUT,
            ),
        );
        let (Ok(inner), Ok(window)) = (inner, window) else {
            return;
        };
        let extra = &inner["result"]["value"];
        let (Some(dw), Some(dh), Some(id)) = (
            extra[0].as_i64(),
            extra[1].as_i64(),
            window["windowId"].as_i64(),
        ) else {
            return;
        };
        if (0..=1000).contains(&dw) && (0..=1000).contains(&dh) && (dw, dh) != (0, 0) {
            let _ = self
                .cdp
                .call_raw(
                    None,
                    "Browser.setWindowBounds",
                    json!({"windowId": id, "bounds": {"width": width + dw, "height": height + dh}}),
                    CALL_TIMEOUT,
                )
                .await;
        }
    }

    /// Pick the page to drive: the blank page Chrome opened, or a new tab when attached.
    async fn select_initial_page(&mut self) -> Result<(), BrowserError> {
        let target_id = if self.attached {
            let created = self
                .cdp
                .call_raw(
                    None,
                    "Target.createTarget",
                    json!({"url": "about:blank"}),
                    CALL_TIMEOUT,
                )
                .await?;
            let id = created["targetId"]
                .as_str()
                .ok_or(BrowserError::Agent)?
                .to_owned();
            self.created_targets.push(id.clone());
            id
        } else {
            let targets = self
                .cdp
                .call_raw(None, "Target.getTargets", json!({}), CALL_TIMEOUT)
                .await?;
            let existing = targets["targetInfos"]
                .as_array()
                .and_then(|list| list.iter().find(|t| t["type"] == "page"))
                .and_then(|t| t["targetId"].as_str())
                .map(str::to_owned);
            match existing {
                Some(id) => id,
                None => {
                    let created = self
                        .cdp
                        .call_raw(
                            None,
                            "Target.createTarget",
                            json!({"url": "about:blank"}),
                            CALL_TIMEOUT,
                        )
                        .await?;
                    created["targetId"]
                        .as_str()
                        .ok_or(BrowserError::Agent)?
                        .to_owned()
                }
            }
        };
        self.attach_page(&target_id).await
    }

    /// Attach to a page target, enable what Glass needs, and select it.
    pub async fn attach_page(&mut self, target_id: &str) -> Result<(), BrowserError> {
        let attached = self
            .cdp
            .call_raw(
                None,
                "Target.attachToTarget",
                json!({"targetId": target_id, "flatten": true}),
                CALL_TIMEOUT,
            )
            .await?;
        let session_id = attached["sessionId"]
            .as_str()
            .ok_or(BrowserError::Agent)?
            .to_owned();
        let s = Some(session_id.as_str());
        // No Page.setLifecycleEventsEnabled: it makes the renderer do paint-timing work after
        // each load that the next call would wait for (see `network`).
        // Inspector: the renderer-crash event.
        let (enable, network, tree, _) = tokio::join!(
            self.cdp.call_raw(s, "Page.enable", json!({}), CALL_TIMEOUT),
            self.cdp.call_raw(
                s,
                "Network.enable",
                json!({"maxTotalBufferSize": 0, "maxResourceBufferSize": 0}),
                CALL_TIMEOUT
            ),
            self.cdp
                .call_raw(s, "Page.getFrameTree", json!({}), CALL_TIMEOUT),
            self.cdp
                .call_raw(s, "Inspector.enable", json!({}), CALL_TIMEOUT),
        );
        enable?;
        network?;
        let tree = tree?;
        let main_frame = tree["frameTree"]["frame"]["id"]
            .as_str()
            .ok_or(BrowserError::Agent)?
            .to_owned();
        self.page = Some(PageTarget {
            target_id: target_id.to_owned(),
            session_id: session_id.clone(),
            main_frame: main_frame.clone(),
        });
        if let Ok(mut selected) = self.events.session.lock() {
            *selected = Some(session_id.clone());
        }
        if let Ok(mut frame) = self.events.main_frame.lock() {
            *frame = Some(main_frame.clone());
        }
        if let Ok(mut d) = self.events.dialog.lock() {
            *d = None;
        }
        if let Ok(mut frames) = self.events.oop_frames.lock() {
            frames.clear();
        }
        if let Ok(mut worlds) = self.events.agent_worlds.lock() {
            worlds.clear();
        }
        if let Ok(mut d) = self.events.diagnostics.lock() {
            *d = Diagnostics::default();
        }
        if let Ok(mut n) = self.events.network.lock() {
            *n = Default::default();
        }
        let enforcing = self.enforcer.is_some();
        if enforcing {
            super::enforce::intercept(&self.cdp, &session_id).await;
        }
        let s = Some(session_id.as_str());
        let (runtime, state, attach) = tokio::join!(
            // Runtime events feed diagnostics (console, exceptions) and report the agent's
            // worlds.
            self.cdp
                .call_raw(s, "Runtime.enable", json!({}), CALL_TIMEOUT),
            // A page that finished loading before it was selected sends no load event: ask.
            // (Its requests already in flight are not known; their ends are ignored.) A page
            // that does not answer at once (a dialog holds it) counts as loaded.
            self.cdp.call_raw(
                s,
                "Runtime.evaluate",
                json!({"expression": "document.readyState", "returnByValue": true}),
                Duration::from_millis(500),
            ),
            // Cross-origin iframes run in their own processes: attach them so they can be
            // driven (and, under host rules, held until their requests are intercepted).
            self.cdp.call_raw(
                s,
                "Target.setAutoAttach",
                json!({"autoAttach": true, "waitForDebuggerOnStart": enforcing, "flatten": true}),
                CALL_TIMEOUT,
            ),
        );
        runtime?;
        attach?;
        let loading = state.is_ok_and(|v| v["result"]["value"] != "complete");
        if !loading {
            if let Ok(mut n) = self.events.network.lock() {
                n.loaded();
            }
        }
        // Once the agent's world exists in the main frame, Chrome re-creates it (empty) in each
        // new document there on same-process navigations: one call fewer per observation.
        // (Runtime.enable above reported the worlds that exist already.)
        let has_world = self
            .events
            .agent_worlds
            .lock()
            .is_ok_and(|w| w.contains_key(&main_frame));
        if !has_world {
            let _ = self
                .cdp
                .call_raw(
                    s,
                    "Page.createIsolatedWorld",
                    json!({"frameId": main_frame, "worldName": super::agent::WORLD_NAME,
                           "grantUniveralAccess": true}),
                    CALL_TIMEOUT,
                )
                .await;
        }
        self.agent_context = None;
        self.frame = None;
        self.events.document.fetch_add(1, Ordering::SeqCst);
        self.events.revision.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}
