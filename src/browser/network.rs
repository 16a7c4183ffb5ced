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

/// How long the page must be loaded with nothing in flight to count as network-idle.
pub const QUIET: Duration = Duration::from_millis(500);

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
        if self.inflight.remove(id).is_none() && self.untracked > 0 {
            self.untracked -= 1;
        }
        self.became_quiet();
    }

    /// A point in the request sequence: requests started after it are "since the mark".
    pub fn mark(&self) -> u64 {
        self.seq
    }

    /// Whether a request an action waits for, started after `mark`, is still in flight.
    pub fn pending_since(&self, mark: u64) -> bool {
        self.inflight
            .values()
            .any(|&(seq, awaited)| awaited && seq > mark)
    }

    /// A new document committed in the main frame: not loaded yet.
    pub fn new_document(&mut self) {
        self.loaded = false;
        self.quiet_since = None;
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
