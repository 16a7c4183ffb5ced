//! One CDP connection to Chrome: calls with deadlines, session routing and a raw event bus.
//!
//! Why our own layer: chromiumoxide's `Handler` has fixed timeouts, drops drifted events and
//! cannot address arbitrary sessions (see `reference/chromiumoxide.md`). We only borrow its
//! generated protocol types. Two transports carry the same JSON messages:
//! `--remote-debugging-pipe` (NUL-terminated JSON, for a Chrome we launch) and a websocket
//! (for `--attach`). One reader task dispatches answers and events, one writer task owns the
//! outgoing half, and every [`Cdp`] clone shares an id -> oneshot map.

use std::collections::HashMap;

mod inputs;
mod messages;

use self::inputs::dispatches_input;
pub use self::inputs::{inputs_sent, note_input};
pub use self::messages::{CdpError, CdpEvent};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use chromiumoxide_types::Command;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tracing::{debug, trace};

/// Deadline for ordinary CDP calls.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(15);

/// Tunables of a connection; the defaults suit a local Chrome.
#[derive(Debug, Clone)]
pub struct CdpOptions {
    /// Events buffered per subscriber; a slower subscriber loses the oldest and is told how many.
    pub event_capacity: usize,
    /// Largest accepted message; Chrome itself stops near 256 MiB. Bigger ones are skipped.
    pub max_message_bytes: usize,
    /// Outgoing messages queued for the writer task before callers wait (within their deadline).
    pub write_queue: usize,
}

impl Default for CdpOptions {
    fn default() -> Self {
        CdpOptions {
            event_capacity: 1024,
            max_message_bytes: 512 << 20,
            write_queue: 256,
        }
    }
}

type Reply = Result<Box<RawValue>, CdpError>;

/// The pending-call table plus the closed flag, under one lock so "closed" and
/// "insert a call" can never race.
struct Pending {
    closed: bool,
    calls: HashMap<u64, oneshot::Sender<Reply>>,
}

/// State shared by the handles and both tasks.
struct Shared {
    pending: Mutex<Pending>,
    closed_tx: watch::Sender<bool>,
    events: broadcast::WeakSender<Arc<CdpEvent>>,
    /// Events dispatched so far (the last one's `seq`).
    event_count: std::sync::atomic::AtomicU64,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Pending> {
        // A poisoned lock only means another thread panicked mid-update of a plain map.
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Marks the connection dead and fails every pending call at once. Idempotent.
    fn close(&self, why: &str) {
        let drained = {
            let mut p = self.lock();
            if p.closed {
                return;
            }
            p.closed = true;
            std::mem::take(&mut p.calls)
        };
        debug!(why, failed_calls = drained.len(), "CDP connection closed");
        for (_, tx) in drained {
            let _ = tx.send(Err(CdpError::Closed));
        }
        self.closed_tx.send_replace(true);
    }

    /// Routes one incoming message: an answer to its caller, an event to the bus.
    /// Never panics; malformed input is logged at debug and skipped.
    fn dispatch(&self, bytes: &[u8], events: &broadcast::Sender<Arc<CdpEvent>>) {
        let msg: Incoming = match serde_json::from_slice(bytes) {
            Ok(m) => m,
            Err(e) => {
                debug!(error = %e, len = bytes.len(), "skipping malformed CDP message");
                return;
            }
        };
        if let Some(id) = msg.id {
            let Some(tx) = self.lock().calls.remove(&id) else {
                trace!(id, "dropping answer nobody waits for");
                return;
            };
            let reply = match (msg.error, msg.result) {
                (Some(err), _) => Err(CdpError::Protocol {
                    code: err.code,
                    message: err.message,
                }),
                (None, Some(result)) => Ok(result),
                // An answer with neither: treat as an empty result.
                (None, None) => serde_json::value::to_raw_value(&serde_json::Map::new())
                    .map_err(|e| decode_error("(answer)", e)),
            };
            let _ = tx.send(reply);
        } else if let Some(method) = msg.method {
            trace!(method = %method, "CDP event");
            let seq = self
                .event_count
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst)
                + 1;
            let event = CdpEvent {
                method,
                session_id: msg.session_id,
                params: msg.params.unwrap_or(Value::Null),
                seq,
            };
            // An error only means nobody is subscribed right now.
            let _ = events.send(Arc::new(event));
        } else {
            debug!("skipping CDP message with neither id nor method");
        }
    }
}

/// The fields of any message Chrome sends; `result` stays raw so typed calls decode once.
#[derive(Deserialize)]
struct Incoming {
    id: Option<u64>,
    method: Option<String>,
    #[serde(rename = "sessionId")]
    session_id: Option<String>,
    params: Option<Value>,
    result: Option<Box<RawValue>>,
    error: Option<IncomingError>,
}

#[derive(Deserialize)]
struct IncomingError {
    code: i64,
    #[serde(default)]
    message: String,
}

/// The outgoing call envelope.
#[derive(Serialize)]
struct Outgoing<'a, P: Serialize + ?Sized> {
    id: u64,
    method: &'a str,
    #[serde(rename = "sessionId", skip_serializing_if = "Option::is_none")]
    session_id: Option<&'a str>,
    params: &'a P,
}

/// What every clone of [`Cdp`] holds. When the last handle goes, `outgoing` drops, the
/// writer task ends and the connection closes (a websocket gets a Close frame; a piped
/// Chrome sees EOF and exits by itself, which is why `ChromeProcess` keeps a clone).
struct Handle {
    shared: Arc<Shared>,
    outgoing: mpsc::Sender<String>,
    next_id: AtomicU64,
    closed_rx: watch::Receiver<bool>,
}

/// A cloneable handle to one CDP connection. Cheap to clone; all clones share the pending
/// calls, the event bus and the closed state.
#[derive(Clone)]
pub struct Cdp {
    inner: Arc<Handle>,
}

impl std::fmt::Debug for Cdp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cdp")
            .field("closed", &self.closed())
            .finish_non_exhaustive()
    }
}

/// Removes a call's entry when its future ends for any reason (answer, timeout, or the
/// caller dropping the future), so the map never keeps dead entries.
struct PendingGuard<'a> {
    shared: &'a Shared,
    id: u64,
}

/// A call handed to the writer, awaiting its answer.
struct InFlight<'a> {
    rx: oneshot::Receiver<Reply>,
    _guard: PendingGuard<'a>,
    started: std::time::Instant,
}

impl Drop for PendingGuard<'_> {
    fn drop(&mut self) {
        self.shared.lock().calls.remove(&self.id);
    }
}

impl Cdp {
    /// Builds the shared state, returning the handle, the event sender for the reader task,
    /// and the outgoing queue for the writer task.
    fn new(
        opts: &CdpOptions,
    ) -> (
        Cdp,
        broadcast::Sender<Arc<CdpEvent>>,
        mpsc::Receiver<String>,
    ) {
        let (events_tx, _) = broadcast::channel(opts.event_capacity.max(1));
        let (closed_tx, closed_rx) = watch::channel(false);
        let (out_tx, out_rx) = mpsc::channel(opts.write_queue.max(1));
        let shared = Arc::new(Shared {
            pending: Mutex::new(Pending {
                closed: false,
                calls: HashMap::new(),
            }),
            closed_tx,
            events: events_tx.downgrade(),
            event_count: std::sync::atomic::AtomicU64::new(0),
        });
        let cdp = Cdp {
            inner: Arc::new(Handle {
                shared,
                outgoing: out_tx,
                next_id: AtomicU64::new(1),
                closed_rx,
            }),
        };
        (cdp, events_tx, out_rx)
    }

    /// Speaks CDP over `--remote-debugging-pipe`: `writer` is Chrome's fd 3 (its input),
    /// `reader` its fd 4 (its output); messages are JSON terminated by a NUL byte.
    /// Must be called inside a tokio runtime (spawns the reader and writer tasks).
    pub fn from_pipe<R, W>(reader: R, writer: W, opts: &CdpOptions) -> Cdp
    where
        R: AsyncRead + Unpin + Send + 'static,
        W: AsyncWrite + Unpin + Send + 'static,
    {
        let (cdp, events, out_rx) = Cdp::new(opts);
        let shared = cdp.inner.shared.clone();
        tokio::spawn(pipe_writer(writer, out_rx, shared.clone()));
        tokio::spawn(pipe_reader(reader, shared, events, opts.max_message_bytes));
        cdp
    }

    /// Connects to a `ws://` DevTools endpoint (the browser target URL from
    /// `/json/version`), within `timeout`.
    pub async fn connect_ws(
        url: &str,
        opts: &CdpOptions,
        timeout: Duration,
    ) -> Result<Cdp, CdpError> {
        let config = WebSocketConfig::default()
            .max_message_size(Some(opts.max_message_bytes))
            .max_frame_size(Some(opts.max_message_bytes));
        let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
        let (ws, _response) = match tokio::time::timeout(timeout, connect).await {
            Err(_) => {
                return Err(CdpError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "websocket connect timed out",
                )));
            }
            Ok(Err(e)) => return Err(CdpError::Io(ws_io_error(e))),
            Ok(Ok(pair)) => pair,
        };
        let (sink, stream) = ws.split();
        let (cdp, events, out_rx) = Cdp::new(opts);
        let shared = cdp.inner.shared.clone();
        tokio::spawn(ws_writer(sink, out_rx, shared.clone()));
        tokio::spawn(ws_reader(stream, shared, events));
        Ok(cdp)
    }

    /// Sends a typed command (method name from the generated type) to `session` (`None` =
    /// the browser session) and decodes its typed answer, all within `timeout`.
    pub async fn call<C: Command>(
        &self,
        session: Option<&str>,
        cmd: C,
        timeout: Duration,
    ) -> Result<C::Response, CdpError> {
        let method = cmd.identifier();
        let raw = self.call_inner(session, &method, &cmd, timeout).await?;
        serde_json::from_str::<C::Response>(raw.get()).map_err(|e| decode_error(&method, e))
    }

    /// Sends any method with raw JSON params and returns the raw JSON answer: for methods
    /// missing from the generated types and for big or drift-prone answers.
    /// `Value::Null` params are sent as `{}`.
    pub async fn call_raw(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
        timeout: Duration,
    ) -> Result<Value, CdpError> {
        let params = if params.is_null() {
            Value::Object(Default::default())
        } else {
            params
        };
        let deadline = tokio::time::Instant::now() + timeout;
        let pending = self.enqueue(session, method, &params, deadline).await?;
        self.answer_value(pending, method, deadline).await
    }

    /// Send a call and leave its answer to a spawned task nobody waits for: for calls whose
    /// outcome changes nothing here (Chrome still runs them in send order), or that a dying
    /// target may never answer. Failures are dropped.
    pub fn send_detached(
        &self,
        session: Option<&str>,
        method: &'static str,
        params: Value,
        timeout: Duration,
    ) {
        let cdp = self.clone();
        let session = session.map(str::to_owned);
        tokio::spawn(async move {
            let _ = cdp
                .call_raw(session.as_deref(), method, params, timeout)
                .await;
        });
    }

    /// The one path every call takes: register, enqueue, await the answer, all under one
    /// deadline; the guard removes the entry however the future ends.
    async fn call_inner<P: Serialize + ?Sized>(
        &self,
        session: Option<&str>,
        method: &str,
        params: &P,
        timeout: Duration,
    ) -> Result<Box<RawValue>, CdpError> {
        let deadline = tokio::time::Instant::now() + timeout;
        let pending = self.enqueue(session, method, params, deadline).await?;
        self.answer(pending, method, deadline).await
    }

    /// Raw calls to one session, each sent right behind the one before without waiting for
    /// its answer: Chrome runs them in this order, and the whole sequence costs one round
    /// trip. Answers come back in call order; a call that could not be sent fails, and so do
    /// the ones after it.
    pub async fn call_raw_sequence<P: Serialize>(
        &self,
        session: Option<&str>,
        calls: &[(&str, P)],
        timeout: Duration,
    ) -> Vec<Result<Value, CdpError>> {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut sent = Vec::with_capacity(calls.len());
        let mut failure = None;
        for (method, params) in calls {
            match self.enqueue(session, method, params, deadline).await {
                Ok(p) => sent.push((p, *method)),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        let answered = futures_util::future::join_all(
            sent.into_iter()
                .map(|(p, method)| self.answer_value(p, method, deadline)),
        )
        .await;
        let mut out = answered;
        if let Some(e) = failure {
            out.push(Err(e));
            while out.len() < calls.len() {
                out.push(Err(CdpError::Closed));
            }
        }
        out
    }

    async fn answer_value(
        &self,
        pending: InFlight<'_>,
        method: &str,
        deadline: tokio::time::Instant,
    ) -> Result<Value, CdpError> {
        let raw = self.answer(pending, method, deadline).await?;
        serde_json::from_str(raw.get()).map_err(|e| decode_error(method, e))
    }

    /// Registers a call and hands it to the writer, in call order.
    async fn enqueue<'a, P: Serialize + ?Sized>(
        &'a self,
        session: Option<&str>,
        method: &str,
        params: &P,
        deadline: tokio::time::Instant,
    ) -> Result<InFlight<'a>, CdpError> {
        let shared = &*self.inner.shared;
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let text = serde_json::to_string(&Outgoing {
            id,
            method,
            session_id: session,
            params,
        })
        .map_err(|e| decode_error(method, e))?;
        let (tx, rx) = oneshot::channel();
        {
            let mut p = shared.lock();
            if p.closed {
                return Err(CdpError::Closed);
            }
            p.calls.insert(id, tx);
        }
        let guard = PendingGuard { shared, id };
        // Counted before it is sent: once queued it may reach Chrome whatever happens next.
        if dispatches_input(method) {
            note_input();
        }
        match tokio::time::timeout_at(deadline, self.inner.outgoing.send(text)).await {
            Ok(Ok(())) => Ok(InFlight {
                rx,
                _guard: guard,
                started: std::time::Instant::now(),
            }),
            Ok(Err(_)) => Err(CdpError::Closed),
            Err(_) => Err(CdpError::Timeout {
                method: method.to_owned(),
            }),
        }
    }

    /// Waits for the answer to an enqueued call until `deadline` or the connection closes.
    async fn answer(
        &self,
        pending: InFlight<'_>,
        method: &str,
        deadline: tokio::time::Instant,
    ) -> Result<Box<RawValue>, CdpError> {
        let InFlight {
            rx,
            _guard,
            started,
        } = pending;
        let mut closed_rx = self.inner.closed_rx.clone();
        let result = tokio::time::timeout_at(deadline, async {
            tokio::select! {
                biased;
                // A dropped sender means the table was torn down: the connection closed.
                r = rx => r.unwrap_or(Err(CdpError::Closed)),
                _ = closed_rx.wait_for(|c| *c) => Err(CdpError::Closed),
            }
        })
        .await;
        // Method names and timings only: parameters may carry page or user data.
        trace!(
            method,
            micros = started.elapsed().as_micros() as u64,
            "CDP call"
        );
        match result {
            Ok(Err(CdpError::Protocol { code, message })) => {
                debug!(method, code, %message, "CDP protocol error");
                Err(CdpError::Protocol { code, message })
            }
            Ok(r) => r,
            Err(_) => Err(CdpError::Timeout {
                method: method.to_owned(),
            }),
        }
    }

    /// Subscribes to every event from now on (all sessions). Subscribe *before* triggering
    /// the action whose events you want. A subscriber that falls more than
    /// [`CdpOptions::event_capacity`] behind gets `RecvError::Lagged(n)` and loses those `n`;
    /// after the connection closes and the buffer drains it gets `RecvError::Closed`.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<CdpEvent>> {
        match self.inner.shared.events.upgrade() {
            Some(tx) => tx.subscribe(),
            None => {
                // The reader task is gone: hand out a receiver that reports Closed at once.
                let (tx, rx) = broadcast::channel(1);
                drop(tx);
                rx
            }
        }
    }

    /// True once the transport is dead; every later call fails with [`CdpError::Closed`].
    pub fn closed(&self) -> bool {
        *self.inner.closed_rx.borrow()
    }

    /// Resolves when the connection closes (Chrome exited, transport error, or [`Cdp::close`]).
    pub async fn wait_closed(&self) {
        let mut rx = self.inner.closed_rx.clone();
        // Err only if the sender is gone, which also means closed.
        let _ = rx.wait_for(|c| *c).await;
    }

    /// Closes the connection now for every clone: pending calls fail with `Closed` and the
    /// tasks stop. An attached Chrome keeps running; a piped Chrome sees EOF on its input and
    /// exits by itself (~0.1 s measured), so use `ChromeProcess::shutdown` for a clean stop.
    pub fn close(&self) {
        self.inner.shared.close("closed by caller");
    }

    /// How many events Chrome has sent on this connection so far (the last one's `seq`).
    pub fn events_received(&self) -> u64 {
        self.inner
            .shared
            .event_count
            .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Number of calls waiting for an answer; a diagnostic that should return to zero.
    pub fn pending_calls(&self) -> usize {
        self.inner.shared.lock().calls.len()
    }
}

fn decode_error(method: &str, e: serde_json::Error) -> CdpError {
    debug!(method, error = %e, "CDP answer did not decode");
    CdpError::Decode {
        method: method.to_owned(),
        detail: e.to_string(),
    }
}

fn ws_io_error(e: tokio_tungstenite::tungstenite::Error) -> std::io::Error {
    match e {
        tokio_tungstenite::tungstenite::Error::Io(io) => io,
        other => std::io::Error::other(other.to_string()),
    }
}

/// Writes NUL-terminated messages to Chrome's input pipe until the queue ends, a write fails
/// or the connection closes.
async fn pipe_writer<W: AsyncWrite + Unpin>(
    mut writer: W,
    mut queue: mpsc::Receiver<String>,
    shared: Arc<Shared>,
) {
    let mut closed = shared.closed_tx.subscribe();
    let why = loop {
        let msg = tokio::select! {
            biased;
            _ = closed.wait_for(|c| *c) => break "closed",
            m = queue.recv() => m,
        };
        let Some(msg) = msg else {
            break "all handles dropped";
        };
        let mut bytes = msg.into_bytes();
        bytes.push(0);
        let write = async {
            writer.write_all(&bytes).await?;
            writer.flush().await
        };
        let res = tokio::select! {
            biased;
            _ = closed.wait_for(|c| *c) => break "closed",
            r = write => r,
        };
        if let Err(e) = res {
            debug!(error = %e, "CDP pipe write failed");
            break "pipe write failed";
        }
    };
    shared.close(why);
    let _ = writer.shutdown().await;
}

/// Reads NUL-terminated messages from Chrome's output pipe. Messages above `max` bytes are
/// skipped up to the next NUL, so memory stays bounded and the stream resynchronises.
async fn pipe_reader<R: AsyncRead + Unpin>(
    reader: R,
    shared: Arc<Shared>,
    events: broadcast::Sender<Arc<CdpEvent>>,
    max: usize,
) {
    let mut reader = BufReader::with_capacity(64 * 1024, reader);
    let mut closed = shared.closed_tx.subscribe();
    let mut buf: Vec<u8> = Vec::new();
    let mut skipping = false;
    let why = loop {
        let consumed = tokio::select! {
            biased;
            _ = closed.wait_for(|c| *c) => break "closed",
            chunk = reader.fill_buf() => match chunk {
                Err(e) => {
                    debug!(error = %e, "CDP pipe read failed");
                    break "pipe read failed";
                }
                Ok([]) => break "Chrome closed the pipe",
                Ok(chunk) => match chunk.iter().position(|b| *b == 0) {
                    Some(end) => {
                        if !skipping && buf.len() + end > max {
                            debug!(max, "skipping oversized CDP message");
                        } else if !skipping {
                            if buf.is_empty() {
                                shared.dispatch(&chunk[..end], &events);
                            } else {
                                buf.extend_from_slice(&chunk[..end]);
                                shared.dispatch(&buf, &events);
                            }
                        }
                        buf.clear();
                        if buf.capacity() > 1 << 20 {
                            buf.shrink_to(64 * 1024);
                        }
                        skipping = false;
                        end + 1
                    }
                    None => {
                        if !skipping {
                            if buf.len() + chunk.len() > max {
                                debug!(max, "skipping oversized CDP message");
                                skipping = true;
                                buf = Vec::new();
                            } else {
                                buf.extend_from_slice(chunk);
                            }
                        }
                        chunk.len()
                    }
                },
            },
        };
        reader.consume(consumed);
    };
    shared.close(why);
}

type WsStream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Sends queued messages as websocket text frames; on exit sends a Close frame.
async fn ws_writer(
    mut sink: futures_util::stream::SplitSink<WsStream, Message>,
    mut queue: mpsc::Receiver<String>,
    shared: Arc<Shared>,
) {
    let mut closed = shared.closed_tx.subscribe();
    let why = loop {
        let msg = tokio::select! {
            biased;
            _ = closed.wait_for(|c| *c) => break "closed",
            m = queue.recv() => m,
        };
        let Some(msg) = msg else {
            break "all handles dropped";
        };
        let res = tokio::select! {
            biased;
            _ = closed.wait_for(|c| *c) => break "closed",
            r = sink.send(Message::Text(msg.into())) => r,
        };
        if let Err(e) = res {
            debug!(error = %e, "CDP websocket write failed");
            break "websocket write failed";
        }
    };
    shared.close(why);
    let _ = tokio::time::timeout(Duration::from_secs(1), sink.close()).await;
}

/// Reads websocket frames; text and binary frames are CDP messages.
async fn ws_reader(
    mut stream: futures_util::stream::SplitStream<WsStream>,
    shared: Arc<Shared>,
    events: broadcast::Sender<Arc<CdpEvent>>,
) {
    let mut closed = shared.closed_tx.subscribe();
    let why = loop {
        let msg = tokio::select! {
            biased;
            _ = closed.wait_for(|c| *c) => break "closed",
            m = stream.next() => m,
        };
        match msg {
            None => break "websocket ended",
            Some(Err(e)) => {
                debug!(error = %e, "CDP websocket read failed");
                break "websocket read failed";
            }
            Some(Ok(Message::Text(text))) => shared.dispatch(text.as_bytes(), &events),
            Some(Ok(Message::Binary(bytes))) => shared.dispatch(&bytes, &events),
            Some(Ok(Message::Close(_))) => break "websocket closed by Chrome",
            Some(Ok(_)) => {} // ping/pong are answered by tungstenite
        }
    };
    shared.close(why);
}

#[cfg(test)]
mod tests;
