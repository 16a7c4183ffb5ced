//! The running browser: the CDP connection, the Chrome process (if Glass started it) and the
//! selected page, frame and input style that every page tool works on.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use serde_json::Value;

use chromiumoxide_types::Command;

use super::cdp::Cdp;
use super::error::BrowserError;
use super::events::PageEvents;
use super::launch::ChromeProcess;

pub use super::cdp::CALL_TIMEOUT;

/// Pointer and keyboard input style. Both send the events a person's input causes (a key
/// press per typed character); they differ only in pacing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Interaction {
    /// Events back to back, pipelined: what a coding agent wants.
    #[default]
    Fast,
    /// Pointer moves in small steps, with short pauses between presses and keys.
    Human,
}

impl Interaction {
    /// The flag value.
    pub fn as_str(self) -> &'static str {
        match self {
            Interaction::Fast => "fast",
            Interaction::Human => "human",
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

/// When keys were last sent, and to which page and document: only a press on that same
/// document waits for its debounce (a new document dropped whatever the keys left unsaved, and
/// another tab never saw them).
#[derive(Clone, Debug)]
pub struct KeysSent {
    pub(super) at: std::time::Instant,
    pub(super) target: String,
    pub(super) document: u64,
}

/// The running browser: the connection, the Chrome process (if ours) and the selected page.
pub struct Browser {
    /// The CDP connection.
    pub(super) cdp: Cdp,
    pub(super) chrome: Option<ChromeProcess>,
    pub(super) incognito_dir: Option<PathBuf>,
    pub(super) attached: bool,
    /// The selected page.
    pub(super) page: Option<PageTarget>,
    /// Targets Glass created in attach mode, closed when the session ends.
    pub(super) created_targets: Vec<String>,
    /// Event-derived state of the selected page.
    pub(super) events: Arc<PageEvents>,
    pub(super) watcher: tokio::task::JoinHandle<()>,
    /// Isolated-world context of the page agent, with what it was made for.
    pub(super) agent_context: Option<AgentContext>,
    /// Which hold of the session's lock this is: every agent call carries it, and the agent
    /// drops what an earlier hold armed (input watches, the mutation count), so a watch is only
    /// ever judged by the call that armed it, whichever tool it is (see `Session::acquire`).
    pub(super) turn: u64,
    /// The selected frame; `None` is the page's main frame.
    pub(super) frame: Option<FrameSelection>,
    /// Next session-unique element reference number.
    pub(super) next_ref: u64,
    /// Input style.
    pub(super) interaction: Interaction,
    /// Last pointer position, for human-style moves.
    pub(super) pointer: (f64, f64),
    /// When and where keys were last sent: a press that follows soon after on that same
    /// document waits out a person's pace (see `input::KEYS_TO_PRESS`).
    pub(super) keys_sent: Option<KeysSent>,
    /// The modifiers held down with `keyDown` until their `keyUp`: every key and pointer event
    /// carries them, as a keyboard's do (Shift held, then Enter, is Shift+Enter).
    pub(super) held: i64,
    /// Refs issued, with where they came from, for stale-ref recovery.
    pub(super) refs: super::refs::RefTable,
    pub(super) download_dir: PathBuf,
    /// The host-rule enforcer, when rules are set.
    pub(super) enforcer: Option<tokio::task::JoinHandle<()>>,
    /// Chrome keeps response bodies for `getRequest` (see `SessionConfig::keep_bodies`).
    pub(super) keep_bodies: bool,
    /// The policy denies downloads: responses that would become one are refused before their
    /// bytes reach Chrome (see `enforce`).
    pub(super) downloads_denied: bool,
    /// The page session a performance trace records, while one does.
    pub(super) trace_session: Option<String>,
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

/// The viewport of a Chrome that Glass launches, in CSS pixels: what pages lay out for and
/// what a viewport screenshot shows.
pub const VIEWPORT: (i64, i64) = (1280, 720);

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

    /// Event-derived state of the selected page (readable without the session lock too).
    pub fn events(&self) -> &Arc<PageEvents> {
        &self.events
    }

    /// Waits (at most a second) until the event watcher has applied every event Chrome sent
    /// before now: an answer to a call can overtake the events sent before it, and what a tool
    /// reads next (the revision, the request log, the console) must include them.
    pub async fn events_applied(&self) {
        let received = self.cdp.events_received();
        self.events
            .caught_up(received, std::time::Duration::from_secs(1))
            .await;
    }

    /// The next session-unique element reference number (the agent mints refs from it).
    pub fn next_ref(&self) -> u64 {
        self.next_ref
    }

    /// The newest refs of the current document, newest first (ref, role, name).
    pub fn newest_refs(&self, max: usize) -> Vec<(String, String, String)> {
        self.refs
            .newest_in(self.document(), max)
            .into_iter()
            .map(|(r, i)| (r.to_owned(), i.role.clone(), i.name.clone()))
            .collect()
    }

    /// The selected child frame's id, or `None` for the main frame.
    pub fn selected_frame(&self) -> Option<&str> {
        self.frame.as_ref().map(|f| f.frame_id.as_str())
    }

    /// The selected tab, if one is.
    pub fn selected_tab(&self) -> Option<&PageTarget> {
        self.page.as_ref()
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

    /// Send a typed CDP command to the selected page's session; a hung or crashed renderer
    /// ends the wait at once.
    pub async fn page_command<C: Command>(&self, cmd: C) -> Result<C::Response, BrowserError> {
        let session = self.page()?.session_id.clone();
        tokio::select! {
            r = self.cdp.call(Some(&session), cmd, CALL_TIMEOUT) => Ok(r?),
            f = self.events.renderer_failed() => Err(BrowserError::from(f)),
        }
    }

    /// Call a CDP method on the selected page's session with raw JSON, for answers Glass
    /// reads only in part (or that drift between Chrome versions).
    pub async fn page_call(&self, method: &str, params: Value) -> Result<Value, BrowserError> {
        let session = self.page()?.session_id.clone();
        tokio::select! {
            r = self.cdp.call_raw(Some(&session), method, params, CALL_TIMEOUT) => Ok(r?),
            f = self.events.renderer_failed() => Err(BrowserError::from(f)),
        }
    }
}
