//! Every request of the selected page's current document, from its `Network` events, for
//! `listRequests` and `getRequest`.
//!
//! Kept apart from [`super::network`] (which only counts what is in flight) because this keeps
//! what a person debugging the page asks about: each request's URL, status, timing, sizes and
//! headers. Bounded: at most [`MAX_REQUESTS`] per document (older ones are dropped and
//! counted), at most [`MAX_HEADERS`] headers of at most [`MAX_HEADER_CHARS`] characters each.
//! URLs and headers are kept as Chrome reports them and redacted when reported, so the policy
//! decides at read time what a client sees.

use std::collections::{HashMap, VecDeque};

use serde_json::Value;

use super::cdp::CdpEvent;

/// Requests kept per document; older ones are dropped and counted.
pub const MAX_REQUESTS: usize = 1000;

/// Headers kept per request and direction.
pub const MAX_HEADERS: usize = 32;

/// Characters kept per header value.
pub const MAX_HEADER_CHARS: usize = 256;

/// One request (one hop of a redirect chain is one request).
#[derive(Clone, Debug, Default)]
pub struct RequestEntry {
    /// Glass's number for it, unique in the session (`r12` on the wire).
    pub id: u64,
    /// Chrome's request id (shared by the hops of a redirect chain).
    pub chrome_id: String,
    /// GET, POST...
    pub method: String,
    /// The URL as Chrome requested it (redacted when reported).
    pub url: String,
    /// Chrome's resource type: Document, Script, Image, Fetch...
    pub resource_type: String,
    /// The HTTP status, once a response arrived.
    pub status: Option<i64>,
    /// The response's MIME type.
    pub mime: Option<String>,
    /// Chrome's monotonic timestamp (seconds) when it was sent.
    pub started: f64,
    /// When it finished, failed or was redirected.
    pub ended: Option<f64>,
    /// Bytes received on the wire (headers and body).
    pub transfer: Option<u64>,
    /// Bytes of the body once decoded.
    pub body_bytes: u64,
    /// Served from the memory, disk or prefetch cache.
    pub from_cache: bool,
    /// Why it failed: a net error code, `canceled`, or `blocked:REASON`.
    pub failure: Option<String>,
    /// The request's headers as Chrome reported them (bounded).
    pub request_headers: Vec<(String, String)>,
    /// The response's headers (bounded).
    pub response_headers: Vec<(String, String)>,
    /// It carried a body (a form post, a JSON fetch).
    pub has_post_data: bool,
}

impl RequestEntry {
    /// Milliseconds from being sent to its end, when it ended.
    pub fn duration_ms(&self) -> Option<u64> {
        self.ended
            .map(|e| ((e - self.started).max(0.0) * 1000.0).round() as u64)
    }

    /// Whether it failed or got an error response.
    pub fn failed(&self) -> bool {
        self.failure.is_some() || self.status.is_some_and(|s| s >= 400)
    }
}

/// The selected page's requests since its last cross-document navigation.
#[derive(Debug, Default)]
pub struct RequestLog {
    /// The page session the entries belong to: another page's start a new log.
    session: Option<String>,
    /// This document's requests, oldest first, with consecutive ids.
    entries: VecDeque<RequestEntry>,
    /// Chrome's request id -> the id of its latest entry (the last hop of a redirect).
    by_chrome_id: HashMap<String, u64>,
    /// Requests of this document dropped for space.
    dropped: u64,
    /// The next id to hand out.
    next_id: u64,
    /// When the document's own request was sent: request times count from there.
    origin: Option<f64>,
}

impl RequestLog {
    /// Take note of one event of page session `session`.
    pub fn record(&mut self, session: &str, ev: &CdpEvent) {
        if self.session.as_deref() != Some(session) {
            self.session = Some(session.to_owned());
            self.clear(None);
        }
        let p = &ev.params;
        let Some(chrome_id) = p["requestId"].as_str() else {
            return;
        };
        let timestamp = p["timestamp"].as_f64();
        match ev.method.as_str() {
            "Network.requestWillBeSent" => {
                if let Some(redirect) = p.get("redirectResponse").filter(|r| r.is_object()) {
                    if let Some(hop) = self.latest(chrome_id) {
                        hop.status = redirect["status"].as_i64();
                        hop.mime = redirect["mimeType"].as_str().map(str::to_owned);
                        hop.response_headers = headers(&redirect["headers"]);
                        hop.ended = timestamp;
                    }
                }
                self.push(chrome_id, p, timestamp.unwrap_or(0.0));
            }
            "Network.responseReceived" => {
                if let Some(e) = self.latest(chrome_id) {
                    let r = &p["response"];
                    e.status = r["status"].as_i64();
                    e.mime = r["mimeType"].as_str().map(str::to_owned);
                    e.response_headers = headers(&r["headers"]);
                    e.from_cache |= r["fromDiskCache"] == true || r["fromPrefetchCache"] == true;
                }
            }
            "Network.requestServedFromCache" => {
                if let Some(e) = self.latest(chrome_id) {
                    e.from_cache = true;
                }
            }
            "Network.dataReceived" => {
                if let Some(e) = self.latest(chrome_id) {
                    e.body_bytes += p["dataLength"].as_u64().unwrap_or(0);
                }
            }
            "Network.loadingFinished" => {
                if let Some(e) = self.latest(chrome_id) {
                    e.ended = timestamp;
                    e.transfer = p["encodedDataLength"].as_f64().map(|b| b.max(0.0) as u64);
                }
            }
            "Network.loadingFailed" => {
                if let Some(e) = self.latest(chrome_id) {
                    e.ended = timestamp;
                    e.failure = failure(p);
                }
            }
            _ => {}
        }
    }

    /// A new document committed in the main frame: its requests start a new list, which
    /// keeps the document's own request (`loader`, and the redirects that led to it).
    pub fn new_document(&mut self, loader: Option<&str>) {
        self.clear(loader);
    }

    fn clear(&mut self, keep: Option<&str>) {
        self.entries.retain(|e| Some(e.chrome_id.as_str()) == keep);
        self.by_chrome_id.retain(|k, _| Some(k.as_str()) == keep);
        self.dropped = 0;
        self.origin = self.entries.front().map(|e| e.started);
    }

    fn push(&mut self, chrome_id: &str, p: &Value, started: f64) {
        if self.entries.len() == MAX_REQUESTS {
            if let Some(old) = self.entries.pop_front() {
                if self.by_chrome_id.get(&old.chrome_id) == Some(&old.id) {
                    self.by_chrome_id.remove(&old.chrome_id);
                }
            }
            self.dropped += 1;
        }
        self.next_id += 1;
        let r = &p["request"];
        let entry = RequestEntry {
            id: self.next_id,
            chrome_id: chrome_id.to_owned(),
            method: crate::redact::bounded_text(r["method"].as_str().unwrap_or("GET"), 16),
            url: r["url"].as_str().unwrap_or("").chars().take(4096).collect(),
            resource_type: crate::redact::bounded_text(p["type"].as_str().unwrap_or("Other"), 24),
            started,
            request_headers: headers(&r["headers"]),
            has_post_data: r["hasPostData"] == true,
            ..RequestEntry::default()
        };
        if self.origin.is_none() || p["type"] == "Document" && self.entries.is_empty() {
            self.origin = Some(started);
        }
        self.by_chrome_id.insert(chrome_id.to_owned(), entry.id);
        self.entries.push_back(entry);
    }

    fn latest(&mut self, chrome_id: &str) -> Option<&mut RequestEntry> {
        let id = *self.by_chrome_id.get(chrome_id)?;
        self.get_mut(id)
    }

    /// The latest entry (the last hop of a redirect chain) of Chrome's request `chrome_id`.
    pub fn by_chrome_id(&self, chrome_id: &str) -> Option<&RequestEntry> {
        self.get(*self.by_chrome_id.get(chrome_id)?)
    }

    fn get_mut(&mut self, id: u64) -> Option<&mut RequestEntry> {
        let first = self.entries.front()?.id;
        let index = usize::try_from(id.checked_sub(first)?).ok()?;
        self.entries.get_mut(index)
    }

    /// Request `id` of this document, if it is still kept.
    pub fn get(&self, id: u64) -> Option<&RequestEntry> {
        let first = self.entries.front()?.id;
        let index = usize::try_from(id.checked_sub(first)?).ok()?;
        self.entries.get(index)
    }

    /// This document's requests from id `from` on, oldest first.
    pub fn from(&self, from: u64) -> impl Iterator<Item = &RequestEntry> {
        self.entries.iter().filter(move |e| e.id >= from)
    }

    /// Requests of this document kept, and dropped for space.
    pub fn counts(&self) -> (usize, u64) {
        (self.entries.len(), self.dropped)
    }

    /// Milliseconds from the document's own request to `e`'s start.
    pub fn offset_ms(&self, e: &RequestEntry) -> u64 {
        self.origin
            .map_or(0, |o| ((e.started - o).max(0.0) * 1000.0).round() as u64)
    }
}

/// Headers as Chrome reports them (an object), bounded.
fn headers(v: &Value) -> Vec<(String, String)> {
    v.as_object()
        .map(|m| {
            m.iter()
                .take(MAX_HEADERS)
                .map(|(k, v)| {
                    (
                        k.chars().take(128).collect(),
                        v.as_str()
                            .unwrap_or("")
                            .chars()
                            .take(MAX_HEADER_CHARS)
                            .collect(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Why a request failed, in Glass's words.
fn failure(p: &Value) -> Option<String> {
    if p["canceled"] == true {
        return Some("canceled".to_owned());
    }
    p["blockedReason"]
        .as_str()
        .map(|r| format!("blocked:{}", crate::redact::bounded_text(r, 40)))
        .or_else(|| {
            p["errorText"]
                .as_str()
                .and_then(crate::redact::net_error_code)
        })
        .or_else(|| Some("failed".to_owned()))
}

/// Whether a header's value is a secret (credentials, cookies, tokens, keys): reported as
/// redacted whatever the policy.
pub fn sensitive_header(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    matches!(
        n.as_str(),
        "authorization" | "proxy-authorization" | "cookie" | "set-cookie" | "set-cookie2"
    ) || [
        "token",
        "secret",
        "auth",
        "session",
        "key",
        "password",
        "csrf",
        "xsrf",
        "signature",
    ]
    .iter()
    .any(|w| n.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ev(method: &str, params: Value) -> CdpEvent {
        CdpEvent::on_session(method, params)
    }

    fn sent(log: &mut RequestLog, id: &str, url: &str, t: f64) {
        log.record(
            "s",
            &ev(
                "Network.requestWillBeSent",
                json!({"requestId": id, "timestamp": t, "type": "Image",
                       "request": {"url": url, "method": "GET", "headers": {"Accept": "*/*"}}}),
            ),
        );
    }

    #[test]
    fn a_request_is_followed_to_its_end() {
        let mut log = RequestLog::default();
        sent(&mut log, "1", "http://a.test/x.png", 10.0);
        log.record(
            "s",
            &ev(
                "Network.responseReceived",
                json!({"requestId": "1", "response": {"status": 200, "mimeType": "image/png", "headers": {"Set-Cookie": "a=b"}}}),
            ),
        );
        log.record(
            "s",
            &ev(
                "Network.dataReceived",
                json!({"requestId": "1", "dataLength": 300}),
            ),
        );
        log.record(
            "s",
            &ev(
                "Network.loadingFinished",
                json!({"requestId": "1", "timestamp": 10.25, "encodedDataLength": 420}),
            ),
        );
        let e = log.get(1).unwrap();
        assert_eq!(
            (e.status, e.duration_ms(), e.transfer, e.body_bytes),
            (Some(200), Some(250), Some(420), 300)
        );
        assert_eq!(e.response_headers[0].0, "Set-Cookie");
    }

    #[test]
    fn a_redirect_hop_is_a_request_of_its_own() {
        let mut log = RequestLog::default();
        sent(&mut log, "1", "http://a.test/old", 1.0);
        log.record(
            "s",
            &ev(
                "Network.requestWillBeSent",
                json!({"requestId": "1", "timestamp": 1.1, "type": "Document",
                       "redirectResponse": {"status": 302, "headers": {}},
                       "request": {"url": "http://a.test/new", "method": "GET", "headers": {}}}),
            ),
        );
        log.record(
            "s",
            &ev(
                "Network.loadingFailed",
                json!({"requestId": "1", "timestamp": 1.2, "errorText": "net::ERR_CONNECTION_RESET"}),
            ),
        );
        assert_eq!(log.get(1).unwrap().status, Some(302));
        assert_eq!(
            log.get(2).unwrap().failure.as_deref(),
            Some("ERR_CONNECTION_RESET")
        );
        // A new document keeps its own request chain only.
        sent(&mut log, "9", "http://a.test/y.png", 1.3);
        log.new_document(Some("1"));
        assert_eq!(log.counts(), (2, 0));
        assert!(log.get(3).is_none());
    }

    #[test]
    fn the_log_is_bounded_and_counts_what_it_dropped() {
        let mut log = RequestLog::default();
        for i in 0..(MAX_REQUESTS + 5) {
            sent(&mut log, &i.to_string(), "http://a.test/", i as f64);
        }
        assert_eq!(log.counts(), (MAX_REQUESTS, 5));
        assert!(log.get(5).is_none());
        assert_eq!(log.get(6).unwrap().chrome_id, "5");
        // Another page's events start another log.
        log.record(
            "other",
            &ev(
                "Network.requestWillBeSent",
                json!({"requestId": "x", "timestamp": 1.0, "request": {"url": "http://b.test/"}}),
            ),
        );
        assert_eq!(log.counts(), (1, 0));
    }

    #[test]
    fn secrets_in_headers_are_recognised() {
        for h in [
            "Authorization",
            "cookie",
            "X-CSRF-Token",
            "x-api-key",
            "X-Session-Id",
        ] {
            assert!(sensitive_header(h), "{h}");
        }
        for h in ["Accept", "Content-Type", "Cache-Control", "User-Agent"] {
            assert!(!sensitive_header(h), "{h}");
        }
    }
}
