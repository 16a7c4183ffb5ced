//! Progress of calls that can run for seconds (`batch`, `executeTask`, a long `verify`): when
//! the client gave a `progressToken`, the server sets a sink for the call and tools report
//! through [`report`]; elsewhere reporting does nothing. Messages are Glass's own words
//! (step counts and tool names), never page text or arguments. Cancellation of such calls is
//! here too: they stop between steps ([`Control`]).

use std::future::Future;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// One call's cooperative cancellation. A call that runs steps (`workflow`, `batch`) says so
/// with [`stop_between_steps`]; a `notifications/cancelled` for it then lets the step under
/// way end (its effect is then known) and the call stops before the next one, answering which
/// steps ran. Any other call is dropped where it stands, as before.
#[derive(Default)]
pub struct Control {
    stepwise: AtomicBool,
    cancelled: AtomicBool,
    notify: tokio::sync::Notify,
}

impl Control {
    /// Ask the call to stop. Returns whether it stops by itself between steps (else the caller
    /// drops it).
    pub fn cancel(&self) -> bool {
        if !self.stepwise.load(Ordering::SeqCst) {
            return false;
        }
        self.cancelled.store(true, Ordering::SeqCst);
        self.notify.notify_waiters();
        true
    }

    /// Whether the call was asked to stop and stopped by itself.
    pub fn was_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }
}

tokio::task_local! {
    static CONTROL: std::sync::Arc<Control>;
}

/// Run a call under `control`.
pub async fn with_control<F: Future>(control: std::sync::Arc<Control>, call: F) -> F::Output {
    CONTROL.scope(control, call).await
}

/// Say that this call stops by itself between steps when cancelled.
pub fn stop_between_steps() {
    let _ = CONTROL.try_with(|c| c.stepwise.store(true, Ordering::SeqCst));
}

/// Whether the client cancelled this call (checked between steps).
pub fn cancelled() -> bool {
    CONTROL
        .try_with(|c| c.cancelled.load(Ordering::SeqCst))
        .unwrap_or(false)
}

/// Resolves when the client cancels this call (never outside a controlled call): a step that
/// only reads may be abandoned midway.
pub async fn cancellation() {
    let Ok(control) = CONTROL.try_with(std::sync::Arc::clone) else {
        return std::future::pending().await;
    };
    loop {
        let notified = control.notify.notified();
        if control.cancelled.load(Ordering::SeqCst) {
            return;
        }
        notified.await;
    }
}

/// Run `f`, a wait of up to `total_ms`, reporting the milliseconds waited once a second while
/// the client follows the call's progress (nothing otherwise).
pub async fn with_ticks<F: Future>(total_ms: u64, message: &str, f: F) -> F::Output {
    if SINK.try_with(|_| ()).is_err() {
        return f.await;
    }
    let started = Instant::now();
    tokio::pin!(f);
    let mut tick = tokio::time::interval_at(
        tokio::time::Instant::now() + Duration::from_secs(1),
        Duration::from_secs(1),
    );
    loop {
        tokio::select! {
            out = &mut f => return out,
            _ = tick.tick() => {
                let waited = (started.elapsed().as_millis() as u64).min(total_ms.saturating_sub(1));
                report(waited, Some(total_ms), message);
            }
        }
    }
}
