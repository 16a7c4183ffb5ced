//! Every console message and uncaught exception of the selected page's current document, for
//! `consoleMessages`: level, text, where it came from and, for errors, a short stack.
//!
//! Apart from the `diagnostics` lists (which a call empties and which keep only a level and a
//! text) because this is a log to page through: numbered, kept per document, bounded to
//! [`MAX_MESSAGES`] (older ones dropped and counted), texts cut to [`MAX_TEXT`] characters,
//! URLs without query, fragment or credentials.

use std::collections::VecDeque;

use serde_json::{Value, json};

use super::cdp::CdpEvent;
use crate::redact::{bounded_text, url_without_query};

/// Messages kept per document.
pub const MAX_MESSAGES: usize = 1000;

/// Characters kept of a message's text.
pub const MAX_TEXT: usize = 500;

/// Stack frames kept for an error.
pub const MAX_FRAMES: usize = 5;

/// One console message or uncaught exception.
#[derive(Clone, Debug)]
pub struct ConsoleEntry {
    /// Its number in the session (`after` pages from it).
    pub seq: u64,
    /// debug, log, info, warning or error.
    pub level: &'static str,
    /// The message, bounded (page content).
    pub text: String,
    /// Where it came from: `url:line:column` (1-based), when known.
    pub source: Option<String>,
    /// For errors: the innermost frames, `function url:line:column`.
    pub stack: Vec<String>,
    /// An uncaught exception rather than a console call.
    pub uncaught: bool,
    /// Chrome's own report (a failed resource, a violation) rather than the page's.
    pub browser: bool,
}

impl ConsoleEntry {
    /// The entry as `consoleMessages` reports it: absent fields left out.
    pub fn to_json(&self) -> Value {
        let mut v = json!({"seq": self.seq, "level": self.level, "text": self.text});
        if let Some(s) = &self.source {
            v["source"] = json!(s);
        }
        if !self.stack.is_empty() {
            v["stack"] = json!(self.stack);
        }
        if self.uncaught {
            v["uncaught"] = json!(true);
        }
        if self.browser {
            v["browser"] = json!(true);
        }
        v
    }
}

/// The selected page's console since its last cross-document navigation.
#[derive(Debug, Default)]
pub struct ConsoleLog {
    session: Option<String>,
    entries: VecDeque<ConsoleEntry>,
    dropped: u64,
    next_seq: u64,
}

impl ConsoleLog {
    /// Take note of one event of page session `session`.
    pub fn record(&mut self, session: &str, ev: &CdpEvent) {
        if self.session.as_deref() != Some(session) {
            self.session = Some(session.to_owned());
            self.new_document();
        }
        let p = &ev.params;
        let entry = match ev.method.as_str() {
            "Runtime.consoleAPICalled" => {
                let text = args_text(&p["args"], 16);
                let level = match p["type"].as_str().unwrap_or("log") {
                    "warning" => "warning",
                    "error" | "assert" => "error",
                    "debug" => "debug",
                    "info" => "info",
                    _ => "log",
                };
                let frames = &p["stackTrace"]["callFrames"];
                (level, text, source_of(&frames[0]), frames, false, false)
            }
            "Runtime.exceptionThrown" => {
                let d = &p["exceptionDetails"];
                let first = exception_text(d).to_owned();
                let source = d["url"].as_str().filter(|u| !u.is_empty()).map(|u| {
                    location(
                        u,
                        d["lineNumber"].as_i64().unwrap_or(0),
                        d["columnNumber"].as_i64().unwrap_or(0),
                    )
                });
                let frames = &d["stackTrace"]["callFrames"];
                (
                    "error",
                    first,
                    source.or_else(|| source_of(&frames[0])),
                    frames,
                    true,
                    false,
                )
            }
            "Log.entryAdded" => {
                let e = &p["entry"];
                let level = match e["level"].as_str().unwrap_or("info") {
                    "verbose" => "debug",
                    "warning" => "warning",
                    "error" => "error",
                    _ => "info",
                };
                let source = e["url"]
                    .as_str()
                    .filter(|u| !u.is_empty())
                    .map(|u| location(u, e["lineNumber"].as_i64().unwrap_or(-1), -1));
                let frames = &e["stackTrace"]["callFrames"];
                let text = e["text"].as_str().unwrap_or("").to_owned();
                (level, text, source, frames, false, true)
            }
            _ => return,
        };
        let (level, text, source, frames, uncaught, browser) = entry;
        let stack = if level == "error" {
            frames
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or(&[])
                .iter()
                .take(MAX_FRAMES)
                .map(|f| {
                    let name = bounded_text(f["functionName"].as_str().unwrap_or(""), 60);
                    let at = source_of(f).unwrap_or_default();
                    if name.is_empty() {
                        at
                    } else {
                        format!("{name} {at}")
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        if self.entries.len() == MAX_MESSAGES {
            self.entries.pop_front();
            self.dropped += 1;
        }
        self.next_seq += 1;
        self.entries.push_back(ConsoleEntry {
            seq: self.next_seq,
            level,
            text: bounded_text(&text, MAX_TEXT),
            source,
            stack,
            uncaught,
            browser,
        });
    }

    /// A new document committed in the main frame: its messages start a new list.
    pub fn new_document(&mut self) {
        self.entries.clear();
        self.dropped = 0;
    }

    /// This document's messages after `after`, oldest first.
    pub fn after(&self, after: u64) -> impl Iterator<Item = &ConsoleEntry> {
        self.entries.iter().filter(move |e| e.seq > after)
    }

    /// Messages of this document kept, and dropped for space.
    pub fn counts(&self) -> (usize, u64) {
        (self.entries.len(), self.dropped)
    }
}

/// What a console call printed: its first `max` arguments (strings as they are, objects by
/// Chrome's description), joined by spaces.
pub fn args_text(args: &Value, max: usize) -> String {
    let parts: Vec<String> = args
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[])
        .iter()
        .take(max)
        .map(|a| match &a["value"] {
            Value::String(s) => s.clone(),
            Value::Null => a["description"].as_str().unwrap_or("").to_owned(),
            v => v.to_string(),
        })
        .collect();
    parts.join(" ")
}

/// What an uncaught exception says (`Runtime.exceptionThrown`'s details): the first line of
/// its description, since the rest repeats the stack.
pub fn exception_text(details: &Value) -> &str {
    details["exception"]["description"]
        .as_str()
        .or(details["text"].as_str())
        .unwrap_or("exception")
        .lines()
        .next()
        .unwrap_or("")
}

/// A call frame's `url:line:column` (1-based), when it has a URL.
fn source_of(frame: &Value) -> Option<String> {
    let url = frame["url"].as_str().filter(|u| !u.is_empty())?;
    Some(location(
        url,
        frame["lineNumber"].as_i64().unwrap_or(0),
        frame["columnNumber"].as_i64().unwrap_or(0),
    ))
}

/// `url:line:column` from Chrome's 0-based numbers; a negative number is left out.
fn location(url: &str, line: i64, column: i64) -> String {
    let mut s = url_without_query(url);
    if line >= 0 {
        s.push_str(&format!(":{}", line + 1));
        if column >= 0 {
            s.push_str(&format!(":{}", column + 1));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(method: &str, params: Value) -> CdpEvent {
        CdpEvent::on_session(method, params)
    }

    #[test]
    fn messages_keep_level_source_and_an_error_stack() {
        let mut log = ConsoleLog::default();
        let frames = json!([{"functionName": "save", "url": "http://a.test/app.js?v=9", "lineNumber": 9, "columnNumber": 4},
                            {"functionName": "", "url": "http://a.test/app.js", "lineNumber": 1, "columnNumber": 0}]);
        log.record(
            "s",
            &ev(
                "Runtime.consoleAPICalled",
                json!({"type": "log", "args": [{"type": "string", "value": "hello"}, {"type": "number", "value": 2}],
                       "stackTrace": {"callFrames": frames}}),
            ),
        );
        log.record(
            "s",
            &ev(
                "Runtime.consoleAPICalled",
                json!({"type": "error", "args": [{"type": "string", "value": "boom"}],
                       "stackTrace": {"callFrames": frames}}),
            ),
        );
        let all: Vec<Value> = log.after(0).map(ConsoleEntry::to_json).collect();
        assert_eq!(
            all[0],
            json!({"seq": 1, "level": "log", "text": "hello 2", "source": "http://a.test/app.js:10:5"})
        );
        assert_eq!(
            all[1]["stack"],
            json!(["save http://a.test/app.js:10:5", "http://a.test/app.js:2:1"])
        );
        assert_eq!(log.after(1).count(), 1);
    }

    #[test]
    fn exceptions_and_chrome_reports_are_messages_too() {
        let mut log = ConsoleLog::default();
        log.record(
            "s",
            &ev(
                "Runtime.exceptionThrown",
                json!({"exceptionDetails": {"text": "Uncaught", "url": "http://a.test/x.js", "lineNumber": 0, "columnNumber": 7,
                       "exception": {"description": "TypeError: x is null\n    at f (http://a.test/x.js:1:8)"}}}),
            ),
        );
        log.record(
            "s",
            &ev(
                "Log.entryAdded",
                json!({"entry": {"source": "network", "level": "error", "text": "Failed to load resource: 404", "url": "http://a.test/gone.png"}}),
            ),
        );
        let all: Vec<Value> = log.after(0).map(ConsoleEntry::to_json).collect();
        assert_eq!(all[0]["text"], "TypeError: x is null");
        assert_eq!(all[0]["source"], "http://a.test/x.js:1:8");
        assert_eq!(all[0]["uncaught"], true);
        assert_eq!(all[1]["browser"], true);
        assert_eq!(all[1]["source"], "http://a.test/gone.png");
    }

    #[test]
    fn the_log_is_bounded_per_document() {
        let mut log = ConsoleLog::default();
        for _ in 0..(MAX_MESSAGES + 3) {
            log.record(
                "s",
                &ev(
                    "Runtime.consoleAPICalled",
                    json!({"type": "log", "args": []}),
                ),
            );
        }
        assert_eq!(log.counts(), (MAX_MESSAGES, 3));
        log.new_document();
        assert_eq!(log.counts(), (0, 0));
    }
}
