//! Progress of calls that can run for seconds (`batch`, `executeTask`, a long `verify`): when
//! the client gave a `progressToken`, the server sets a sink for the call and tools report
//! through [`report`]; elsewhere reporting does nothing. Messages are Glass's own words
//! (step counts and tool names), never page text or arguments.

use std::future::Future;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Fewest milliseconds between two reports of one call (the last one always goes out).
const MIN_GAP: Duration = Duration::from_millis(200);

/// What a sink does with one report: progress, total, message.
type Report = Box<dyn Fn(u64, Option<u64>, &str) + Send + Sync>;

/// Where one call's progress goes: the server's notification writer for its token.
pub struct Sink {
    send: Report,
    last: Mutex<Option<Instant>>,
}

impl Sink {
    /// A sink that hands each report (progress, total, message) to `send`.
    pub fn new(send: impl Fn(u64, Option<u64>, &str) + Send + Sync + 'static) -> Sink {
        Sink {
            send: Box::new(send),
            last: Mutex::new(None),
        }
    }
}

tokio::task_local! {
    static SINK: Sink;
}

/// Run a call with its progress going to `sink`.
pub async fn with_sink<F: Future>(sink: Sink, call: F) -> F::Output {
    SINK.scope(sink, call).await
}

/// Report that `done` of `total` units are done, with a short message of Glass's own. At most
/// five a second per call; the one that completes the total always goes out.
pub fn report(done: u64, total: Option<u64>, message: &str) {
    let _ = SINK.try_with(|sink| {
        let now = Instant::now();
        let mut last = sink.last.lock().unwrap_or_else(|p| p.into_inner());
        let final_one = total.is_some_and(|t| done >= t);
        if !final_one && last.is_some_and(|l| now.duration_since(l) < MIN_GAP) {
            return;
        }
        *last = Some(now);
        (sink.send)(done, total, message);
    });
}
