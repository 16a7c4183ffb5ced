//! Performance traces of the selected page: Chrome's own trace (the categories the DevTools
//! Performance panel records, so DevTools opens the file), read back through a stream, and
//! the long tasks of the page's main thread taken from it.

use std::time::Duration;

use serde_json::{Value, json};

use super::error::BrowserError;
use super::navigate::next_event_of;
use super::page::{Browser, CALL_TIMEOUT};

/// The categories recorded: DevTools' timeline, loading (LCP, layout shifts), user timing,
/// V8's sampling profiler and stacks. Screenshots are left out (they would multiply the
/// file's size).
const CATEGORIES: &[&str] = &[
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "disabled-by-default-devtools.timeline.stack",
    "disabled-by-default-v8.cpu_profiler",
    "disabled-by-default-lighthouse",
    "blink.console",
    "blink.user_timing",
    "latencyInfo",
    "loading",
    "toplevel",
    "v8.execute",
    "v8",
];

/// The largest trace read back; a longer one is cut (the summary then covers its start).
pub const MAX_TRACE_BYTES: usize = 256 * 1024 * 1024;

/// How long Chrome may take to flush a trace after it stops.
const FLUSH_TIMEOUT: Duration = Duration::from_secs(60);

/// A task of the page's main thread longer than 50 ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LongTask {
    /// When it started, ms after the document's navigation started (0 when unknown).
    pub start_ms: u64,
    /// How long it ran, ms.
    pub ms: u64,
}

/// Trace: recording a performance trace of the page.
/// Reached through [`Browser::trace`].
pub struct Trace<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Trace`] handle over this browser.
    pub fn trace(&mut self) -> Trace<'_> {
        Trace { browser: self }
    }
}

impl Trace<'_> {
    /// Whether a trace is recording in this session.
    pub fn running(&self) -> bool {
        self.browser.trace_session.is_some()
    }

    /// Start recording a trace of the selected page.
    pub async fn start(&mut self) -> Result<(), BrowserError> {
        let session = self.browser.page()?.session_id.clone();
        self.browser.cdp
            .call_raw(
                Some(&session),
                "Tracing.start",
                json!({"traceConfig": {"includedCategories": CATEGORIES, "excludedCategories": ["*"]},
                       "transferMode": "ReturnAsStream", "streamFormat": "json"}),
                CALL_TIMEOUT,
            )
            .await?;
        self.browser.trace_session = Some(session);
        Ok(())
    }

    /// Stop the trace and read it back whole (at most [`MAX_TRACE_BYTES`]): Chrome's JSON
    /// trace, as DevTools opens it.
    pub async fn stop(&mut self) -> Result<Vec<u8>, BrowserError> {
        let Some(session) = self.browser.trace_session.take() else {
            return Ok(Vec::new());
        };
        let mut rx = self.browser.cdp.subscribe();
        self.browser
            .cdp
            .call_raw(Some(&session), "Tracing.end", json!({}), CALL_TIMEOUT)
            .await?;
        let deadline = tokio::time::Instant::now() + FLUSH_TIMEOUT;
        let stream = loop {
            let ev = tokio::time::timeout_at(deadline, next_event_of(&mut rx, &session))
                .await
                .map_err(|_| BrowserError::Timeout)??;
            if ev.method == "Tracing.tracingComplete" {
                match ev.params["stream"].as_str() {
                    Some(s) => break s.to_owned(),
                    None => return Err(BrowserError::Refused(0)),
                }
            }
        };
        let mut out = Vec::new();
        loop {
            let chunk = self
                .browser
                .cdp
                .call_raw(
                    Some(&session),
                    "IO.read",
                    json!({"handle": stream, "size": 4 * 1024 * 1024}),
                    CALL_TIMEOUT,
                )
                .await?;
            let data = chunk["data"].as_str().unwrap_or("");
            if chunk["base64Encoded"] == true {
                out.extend(super::capture::decode_base64(data).unwrap_or_default());
            } else {
                out.extend_from_slice(data.as_bytes());
            }
            if chunk["eof"] == true || out.len() >= MAX_TRACE_BYTES {
                break;
            }
        }
        let _ = self
            .browser
            .cdp
            .call_raw(
                Some(&session),
                "IO.close",
                json!({"handle": stream}),
                CALL_TIMEOUT,
            )
            .await;
        Ok(out)
    }
}

/// Total blocking time: each long task's time past 50 ms, counting only its part after the
/// first contentful paint (none without one).
pub fn total_blocking_time(tasks: &[LongTask], fcp: Option<u64>) -> u64 {
    fcp.map_or(0, |f| {
        tasks
            .iter()
            .map(|t| {
                let end = t.start_ms + t.ms;
                end.saturating_sub(t.start_ms.max(f)).saturating_sub(50)
            })
            .sum()
    })
}

/// What a trace says of the page's main thread: its long tasks (longest first), and how many
/// events the trace holds.
pub fn long_tasks(trace: &[u8]) -> (Vec<LongTask>, usize) {
    let Ok(doc) = serde_json::from_slice::<Value>(trace) else {
        return (Vec::new(), 0);
    };
    let events = match &doc {
        Value::Array(all) => all.as_slice(),
        other => other["traceEvents"]
            .as_array()
            .map_or(&[][..], Vec::as_slice),
    };
    // The main frame and its renderer process: DevTools' own marker names them.
    let main_frame = events
        .iter()
        .filter(|e| e["name"] == "TracingStartedInBrowser")
        .flat_map(|e| {
            e["args"]["data"]["frames"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .find(|f| f.get("parent").is_none_or(Value::is_null));
    let main_pid = main_frame.as_ref().and_then(|f| f["processId"].as_i64());
    let main_frame_id = main_frame.as_ref().and_then(|f| f["frame"].as_str());
    let main_threads: Vec<(i64, i64)> = events
        .iter()
        .filter(|e| {
            e["ph"] == "M"
                && e["name"] == "thread_name"
                && e["args"]["name"] == "CrRendererMain"
                && main_pid.is_none_or(|p| e["pid"].as_i64() == Some(p))
        })
        .filter_map(|e| Some((e["pid"].as_i64()?, e["tid"].as_i64()?)))
        .collect();
    // The main frame's last navigation start to a document (not its first empty one, nor
    // another frame's that also says it loads a main frame): task times count from there, as
    // the page's own timeline does.
    let nav_start = events
        .iter()
        .filter(|e| {
            e["name"] == "navigationStart"
                && e["args"]["data"]["isLoadingMainFrame"] == true
                && e["args"]["data"]["documentLoaderURL"]
                    .as_str()
                    .is_none_or(|u| !u.is_empty())
                && main_frame_id.is_none_or(|f| e["args"]["frame"].as_str() == Some(f))
                && main_pid.is_none_or(|p| e["pid"].as_i64() == Some(p))
        })
        .filter_map(|e| e["ts"].as_f64())
        .fold(None, |m: Option<f64>, t| Some(m.map_or(t, |m| m.max(t))));
    let mut tasks: Vec<LongTask> = events
        .iter()
        .filter(|e| {
            e["name"] == "RunTask"
                && e["ph"] == "X"
                && main_threads
                    .iter()
                    .any(|(p, t)| e["pid"].as_i64() == Some(*p) && e["tid"].as_i64() == Some(*t))
        })
        .filter_map(|e| {
            let dur = e["dur"].as_f64()?;
            let ts = e["ts"].as_f64()?;
            (dur >= 50_000.0 && nav_start.is_none_or(|n| ts >= n)).then(|| LongTask {
                start_ms: nav_start.map_or(0, |n| ((ts - n) / 1000.0).round() as u64),
                ms: (dur / 1000.0).round() as u64,
            })
        })
        .collect();
    tasks.sort_by_key(|t| std::cmp::Reverse(t.ms));
    (tasks, events.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocking_time_counts_only_what_follows_the_first_paint() {
        let task = |start_ms, ms| LongTask { start_ms, ms };
        // After the paint: 120 - 50. Across it: the 150 ms after it, less 50. Before it: none.
        let tasks = [task(2000, 120), task(950, 200), task(100, 300)];
        assert_eq!(total_blocking_time(&tasks, Some(1000)), 70 + 100);
        assert_eq!(total_blocking_time(&tasks, None), 0);
        assert_eq!(total_blocking_time(&[task(1000, 50)], Some(1000)), 0);
    }

    #[test]
    fn long_tasks_are_the_main_threads_over_50_ms() {
        let trace = json!({"traceEvents": [
            {"name": "TracingStartedInBrowser", "ph": "I", "pid": 1, "tid": 1, "ts": 0,
             "args": {"data": {"frames": [{"processId": 7, "frame": "F"}, {"processId": 8, "parent": "F"}]}}},
            {"ph": "M", "name": "thread_name", "pid": 7, "tid": 70, "args": {"name": "CrRendererMain"}},
            {"ph": "M", "name": "thread_name", "pid": 8, "tid": 80, "args": {"name": "CrRendererMain"}},
            // The main frame's empty first document, its page, and another frame's start
            // that also says it loads a main frame: the page's counts.
            {"name": "navigationStart", "ph": "R", "pid": 7, "tid": 70, "ts": 990_000.0,
             "args": {"frame": "F", "data": {"isLoadingMainFrame": true, "documentLoaderURL": ""}}},
            {"name": "navigationStart", "ph": "R", "pid": 7, "tid": 70, "ts": 1_000_000.0,
             "args": {"frame": "F", "data": {"isLoadingMainFrame": true, "documentLoaderURL": "http://a/"}}},
            {"name": "navigationStart", "ph": "R", "pid": 7, "tid": 70, "ts": 1_060_000.0,
             "args": {"frame": "G", "data": {"isLoadingMainFrame": true, "documentLoaderURL": ""}}},
            {"name": "RunTask", "ph": "X", "pid": 7, "tid": 70, "ts": 1_200_000.0, "dur": 80_000.0},
            {"name": "RunTask", "ph": "X", "pid": 7, "tid": 70, "ts": 1_300_000.0, "dur": 20_000.0},
            {"name": "RunTask", "ph": "X", "pid": 7, "tid": 70, "ts": 1_400_000.0, "dur": 150_000.0},
            {"name": "RunTask", "ph": "X", "pid": 8, "tid": 80, "ts": 1_500_000.0, "dur": 900_000.0},
            {"name": "RunTask", "ph": "X", "pid": 7, "tid": 70, "ts": 500_000.0, "dur": 90_000.0},
        ]});
        let (tasks, events) = long_tasks(trace.to_string().as_bytes());
        assert_eq!(events, 11);
        assert_eq!(
            tasks,
            vec![
                LongTask {
                    start_ms: 400,
                    ms: 150
                },
                LongTask {
                    start_ms: 200,
                    ms: 80
                },
            ]
        );
        assert_eq!(long_tasks(b"not json"), (Vec::new(), 0));
    }
}
