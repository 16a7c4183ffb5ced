//! Network quiet of the selected page, tracked from its `Network` events.
//!
//! Chrome's own "networkIdle" lifecycle signal needs lifecycle events switched on, and those
//! make the renderer do paint-timing work after every load that an observation right after a
//! navigation then waits for. Counting requests ourselves costs nothing extra: `Network` is
//! enabled for diagnostics anyway.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Requests tracked by id at most; more are only counted.
const MAX_TRACKED: usize = 4096;

/// How long after a loaded page last fetched or heard what it waits on it may still be drawing
/// it (React reveals what a lazy chunk brought up to 300 ms later).
pub const DRAWS_AFTER: Duration = Duration::from_millis(350);

/// How long the page must be loaded with nothing in flight to count as network-idle.
pub const QUIET: Duration = Duration::from_millis(500);

/// How long a socket's question (its opening, or a message the page sent) is waited for an
/// answer: an app that draws what its server says over a WebSocket (Streamlit's script runs)
/// has not settled before the answer came.
const ANSWER: Duration = Duration::from_millis(400);
/// How long after a message a socket still counts as talking (the next one of a burst).
const BETWEEN_MESSAGES: Duration = Duration::from_millis(60);
/// Sockets tracked at most.
const MAX_SOCKETS: usize = 64;

/// A WebSocket of the page, as settling reads it.
#[derive(Debug, Default)]
struct Socket {
    /// Its last question not answered yet: (sequence number, when).
    asked: Option<(u64, Instant)>,
    /// Its last question's sequence number, answered or not.
    last_asked: u64,
    /// When its last question was answered.
    answered: Option<Instant>,
    /// When it last heard a message.
    heard: Option<Instant>,
}

/// In-flight requests and load state of the selected page's current document.
#[derive(Debug, Default)]
pub struct NetworkActivity {
    /// Request id -> (start sequence number, whether an action waits for it).
    inflight: HashMap<String, (u64, bool)>,
    /// Requests beyond [`MAX_TRACKED`], still in flight.
    untracked: usize,
    loaded: bool,
    /// When the page last became loaded with nothing in flight.
    quiet_since: Option<Instant>,
    /// Requests started so far (their sequence numbers).
    seq: u64,
    /// In-flight script requests: id -> URL. A worker's script finishes loading in the
    /// worker's own target, so the page hears of its end only as the worker starting.
    scripts: HashMap<String, String>,
    /// Its WebSockets by request id.
    sockets: HashMap<String, Socket>,
    /// When, since the document loaded, an awaited request last started or ended or a socket
    /// last heard a message: what it fetched then (an app's lazy code, its server's view) is
    /// drawn some time after, on the app's own schedule.
    stirred: Option<Instant>,
}

/// Whether an action (or a navigation's settling) waits for the request `Network.requestWillBeSent`
/// announces: what the page fetched to show its effect, a document, data, or code (an app's
/// route chunk or a web component's module, imported as it is needed: a page that renders
/// once its code arrives is not settled before), not images, media, beacons or event streams.
/// A worker's script is not the page's code: it finishes loading in the worker's target, so
/// the page never hears of its end; Chrome gives it the worker as its document.
pub fn awaited(request: &serde_json::Value) -> bool {
    match request["type"].as_str().unwrap_or("") {
        "Document" | "XHR" | "Fetch" => true,
        "Script" => request["documentURL"] != request["request"]["url"],
        _ => false,
    }
}

impl NetworkActivity {
    /// `Network.requestWillBeSent` (a redirect reuses the id: still one request).
    pub fn started(&mut self, id: &str, awaited: bool) {
        if !self.inflight.contains_key(id) {
            self.seq += 1;
            if awaited {
                self.stir();
            }
            if self.inflight.len() < MAX_TRACKED {
                self.inflight.insert(id.to_owned(), (self.seq, awaited));
            } else {
                self.untracked += 1;
            }
        }
        self.quiet_since = None;
    }

    /// A script request's URL (see `scripts`), after [`NetworkActivity::started`].
    pub fn script(&mut self, id: &str, url: &str) {
        if self.inflight.contains_key(id) && self.scripts.len() < MAX_TRACKED {
            self.scripts.insert(id.to_owned(), url.to_owned());
        }
    }

    /// A worker started from `url` (its target attached): the page's request for its script
    /// ends here, else the page would never count as network-idle.
    pub fn worker_attached(&mut self, url: &str) {
        let ids: Vec<String> = self
            .scripts
            .iter()
            .filter(|(_, u)| u.as_str() == url)
            .map(|(id, _)| id.clone())
            .collect();
        for id in ids {
            self.ended(&id);
        }
    }

    /// `Network.loadingFinished` or `Network.loadingFailed`.
    pub fn ended(&mut self, id: &str) {
        self.scripts.remove(id);
        match self.inflight.remove(id) {
            Some((_, true)) => self.stir(),
            Some(_) => {}
            None => self.untracked = self.untracked.saturating_sub(1),
        }
        self.became_quiet();
    }

    /// How long ago the loaded page last stirred (see `stirred`); `None` if it has not.
    pub fn stirred_ago(&self) -> Option<Duration> {
        self.stirred.map(|at| at.elapsed())
    }

    fn stir(&mut self) {
        if self.loaded {
            self.stirred = Some(Instant::now());
        }
    }

    /// A point in the request sequence: requests started after it are "since the mark".
    pub fn mark(&self) -> u64 {
        self.seq
    }

    /// Whether a request an action waits for, started after `mark`, is still in flight, or a
    /// WebSocket is still talking: asked since `mark` (opened, or sent a message) and not
    /// answered yet, within [`ANSWER`], or heard within [`BETWEEN_MESSAGES`].
    pub fn pending_since(&self, mark: u64) -> bool {
        self.pending_at(mark, Instant::now())
    }

    /// [`NetworkActivity::pending_since`] as it stands at `now`.
    fn pending_at(&self, mark: u64, now: Instant) -> bool {
        let within = |at: Instant, d: Duration| now.saturating_duration_since(at) < d;
        self.inflight
            .values()
            .any(|&(seq, awaited)| awaited && seq > mark)
            || self.sockets.values().any(|s| {
                s.asked
                    .is_some_and(|(seq, at)| seq > mark && within(at, ANSWER))
                    || s.heard.is_some_and(|at| within(at, BETWEEN_MESSAGES))
            })
    }

    /// How long ago a socket asked since `mark` last had an answer: the page's server is at
    /// work on what the input asked, and may say it is busy on its own schedule.
    pub fn answered_ago(&self, mark: u64) -> Option<Duration> {
        self.sockets
            .values()
            .filter(|s| s.last_asked > mark)
            .filter_map(|s| s.answered)
            .max()
            .map(|at| at.elapsed())
    }

    /// A `Network` event of the selected page: requests starting and ending, sockets asking
    /// and answering.
    pub fn apply(&mut self, method: &str, params: &serde_json::Value) {
        let Some(id) = params["requestId"].as_str() else {
            return;
        };
        match method {
            "Network.requestWillBeSent" => {
                self.started(id, awaited(params));
                if params["type"] == "Script" {
                    self.script(id, params["request"]["url"].as_str().unwrap_or(""));
                }
            }
            "Network.loadingFinished" | "Network.loadingFailed" => self.ended(id),
            // A cross-site frame's document is requested here but loads in the frame's own
            // process, which reports its end there: its response is its end here, else a page
            // with such a frame would never be network-idle. (The main document's end is the
            // load event's part.)
            "Network.responseReceived" if params["type"] == "Document" => self.ended(id),
            _ => {
                if let Some(what) = method.strip_prefix("Network.webSocket") {
                    self.socket(id, what);
                }
            }
        }
    }

    /// A `Network.webSocket*` event (`what`: the part after it, `Created`, `FrameSent`,
    /// `FrameReceived`, `Closed`...) of socket `id`.
    fn socket(&mut self, id: &str, what: &str) {
        if what == "Closed" {
            self.sockets.remove(id);
            return;
        }
        if !self.sockets.contains_key(id)
            && (what != "Created" || self.sockets.len() >= MAX_SOCKETS)
        {
            return;
        }
        let s = self.sockets.entry(id.to_owned()).or_default();
        match what {
            "Created" | "FrameSent" => {
                self.seq += 1;
                s.asked = Some((self.seq, Instant::now()));
                s.last_asked = self.seq;
            }
            "FrameReceived" => {
                if s.asked.take().is_some() {
                    s.answered = Some(Instant::now());
                }
                s.heard = Some(Instant::now());
                self.stir();
            }
            _ => {}
        }
    }

    /// A new document committed in the main frame: not loaded yet.
    pub fn new_document(&mut self) {
        self.loaded = false;
        self.quiet_since = None;
        self.stirred = None;
        // The last document's sockets went with it (closed or not, they say nothing of this one).
        self.sockets.clear();
    }

    /// The main frame's load event fired.
    pub fn loaded(&mut self) {
        self.loaded = true;
        self.became_quiet();
    }

    fn became_quiet(&mut self) {
        if self.loaded
            && self.inflight.is_empty()
            && self.untracked == 0
            && self.quiet_since.is_none()
        {
            self.quiet_since = Some(Instant::now());
        }
    }

    /// How much longer until the page counts as network-idle: zero when it does, `None`
    /// while it is loading or has requests in flight.
    pub fn idle_in(&self) -> Option<Duration> {
        self.quiet_since
            .map(|since| QUIET.saturating_sub(since.elapsed()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workers_script_ends_when_the_worker_starts() {
        let mut n = NetworkActivity::default();
        n.loaded();
        n.started("w", false);
        n.script("w", "http://127.0.0.1:1/worker.js");
        n.started("s", false);
        n.script("s", "http://127.0.0.1:1/app.js");
        n.worker_attached("http://127.0.0.1:1/worker.js");
        assert_eq!(n.idle_in(), None, "the page's own script is still loading");
        n.ended("s");
        assert!(n.idle_in().is_some());
    }

    #[test]
    fn a_socket_asked_is_pending_until_answered_and_while_it_talks() {
        let mut n = NetworkActivity::default();
        let mark = n.mark();
        n.socket("ws", "Created");
        assert!(
            n.pending_since(mark),
            "opened: its first message is waited for"
        );
        n.socket("ws", "FrameReceived");
        assert!(n.pending_since(mark), "talking");
        let later = Instant::now() + BETWEEN_MESSAGES;
        assert!(!n.pending_at(mark, later), "quiet");
        let mark = n.mark();
        n.socket("ws", "FrameSent");
        assert!(n.pending_since(mark), "a question after the mark");
        assert!(
            !n.pending_at(mark, Instant::now() + ANSWER),
            "no answer in time: not waited for"
        );
        assert!(!n.pending_at(n.mark(), later), "asked before this mark");
        n.new_document();
        assert!(
            !n.pending_since(mark),
            "the last document's socket says nothing of this one"
        );
        n.socket("ws", "Created");
        n.socket("ws", "Closed");
        assert!(!n.pending_since(mark));
        n.socket("ws", "FrameSent");
        assert!(
            !n.pending_since(mark),
            "a socket never opened is not tracked"
        );
    }

    #[test]
    fn a_loaded_page_stirs_as_it_fetches_what_it_waits_on() {
        let mut n = NetworkActivity::default();
        n.started("doc", true);
        n.ended("doc");
        assert_eq!(
            n.stirred_ago(),
            None,
            "before its load: the load event's part"
        );
        n.loaded();
        n.started("img", false);
        assert_eq!(n.stirred_ago(), None, "an image is not waited on");
        n.started("chunk", true);
        assert!(n.stirred_ago().is_some());
        n.new_document();
        assert_eq!(n.stirred_ago(), None);
    }

    #[test]
    fn busy_until_loaded_and_every_request_ended() {
        let mut n = NetworkActivity::default();
        assert_eq!(n.idle_in(), None);
        n.started("doc", true);
        n.started("img", false);
        n.started("img", false); // a redirect
        n.ended("doc");
        n.loaded();
        assert_eq!(n.idle_in(), None, "img still in flight");
        n.ended("img");
        let left = n.idle_in().expect("quiet now");
        assert!(left <= QUIET && left > Duration::ZERO);
        n.started("xhr", true);
        assert_eq!(n.idle_in(), None);
        n.ended("xhr");
        assert!(n.idle_in().is_some());
        n.new_document();
        assert_eq!(n.idle_in(), None, "a new document is loading");
    }

    #[test]
    fn requests_beyond_the_cap_still_count() {
        let mut n = NetworkActivity::default();
        n.loaded();
        for i in 0..MAX_TRACKED + 3 {
            n.started(&format!("r{i}"), true);
        }
        for i in 0..MAX_TRACKED + 2 {
            n.ended(&format!("r{i}"));
        }
        assert_eq!(n.idle_in(), None, "one request is still in flight");
        n.ended(&format!("r{}", MAX_TRACKED + 2));
        assert!(n.idle_in().is_some());
    }

    #[test]
    fn unknown_endings_do_not_go_negative() {
        let mut n = NetworkActivity::default();
        n.ended("never-started");
        n.loaded();
        n.started("a", true);
        n.ended("other");
        assert_eq!(n.idle_in(), None);
        n.ended("a");
        assert!(n.idle_in().is_some());
    }

    #[test]
    fn only_awaited_requests_started_after_the_mark_are_pending() {
        let mut n = NetworkActivity::default();
        n.started("old", true);
        let mark = n.mark();
        assert!(!n.pending_since(mark), "started before the mark");
        n.started("img", false);
        assert!(!n.pending_since(mark), "an image is not awaited");
        n.started("xhr", true);
        assert!(n.pending_since(mark));
        n.ended("xhr");
        assert!(!n.pending_since(mark));
        let req = |kind: &str, url: &str, document: &str| serde_json::json!({"type": kind, "request": {"url": url}, "documentURL": document});
        let page = "http://127.0.0.1:1/app";
        assert!(awaited(&req("Fetch", "http://127.0.0.1:1/api", page)));
        assert!(awaited(&req("Document", page, page)));
        assert!(!awaited(&req("Image", "http://127.0.0.1:1/a.png", page)));
        assert!(!awaited(&req(
            "EventSource",
            "http://127.0.0.1:1/feed",
            page
        )));
        assert!(awaited(&req("Script", "http://127.0.0.1:1/chunk.js", page)));
        let worker = "http://127.0.0.1:1/worker.js";
        assert!(
            !awaited(&req("Script", worker, worker)),
            "a worker's own script"
        );
    }
}
