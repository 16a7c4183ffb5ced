//! The connection: the read loop that turns stdin bytes into decoded frames (with the frame
//! deadline), and the one writer task that owns stdout, fed from a bounded queue, each response
//! in the framing of its request.
//!
//! It knows frames and bytes, not MCP: the server hands it a function for each decoded frame.

use std::future::Future;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc;

use super::jsonrpc::{self, RequestId};
use super::transcript::Transcript;
use super::transport::{self, Decoded, FrameDecoder, Framing};

/// Responses that may wait for stdout before producers are held back.
pub const MAX_QUEUED_RESPONSES: usize = 16;
/// Time a started frame has to complete.
pub const FRAME_DEADLINE: Duration = Duration::from_secs(10);

enum Outgoing {
    Bytes(Vec<u8>),
    Shutdown,
}

/// The sending half: serializes, bounds, records and queues responses for the writer.
pub struct Outbox {
    out: mpsc::Sender<Outgoing>,
    transcript: Option<Transcript>,
}

/// Serialize a response; one larger than `limit` becomes a small error with the same id.
fn serialize_bounded(message: &Value, limit: usize) -> Vec<u8> {
    let body = serde_json::to_vec(message).unwrap_or_default();
    if body.len() <= limit {
        return body;
    }
    let id = message
        .get("id")
        .and_then(RequestId::from_value)
        .unwrap_or(RequestId::Null);
    let err = jsonrpc::error(
        &id,
        jsonrpc::RESPONSE_TOO_LARGE,
        "MCP response exceeds the size limit",
        None,
    );
    serde_json::to_vec(&err).unwrap_or_default()
}

impl Outbox {
    /// Serialize, bound and queue one message.
    pub async fn send(&self, framing: Framing, message: Value) {
        if let Some(t) = &self.transcript {
            t.record(false, &message);
        }
        let body = serialize_bounded(&message, transport::MAX_RESPONSE_BYTES);
        let _ = self
            .out
            .send(Outgoing::Bytes(transport::encode(framing, &body)))
            .await;
    }

    /// A success response.
    pub async fn reply(&self, framing: Framing, id: &RequestId, result: Value) {
        self.send(framing, jsonrpc::success(id, result)).await;
    }

    /// An error response.
    pub async fn fail(&self, framing: Framing, id: &RequestId, code: i64, message: &str) {
        self.send(framing, jsonrpc::error(id, code, message, None))
            .await;
    }

    /// Record an incoming message in the transcript, when one is kept.
    pub fn record_incoming(&self, message: &Value) {
        if let Some(t) = &self.transcript {
            t.record(true, message);
        }
    }

    /// Tell the writer to finish once what is queued is written.
    pub async fn shutdown(&self) {
        let _ = self.out.send(Outgoing::Shutdown).await;
    }
}

/// Start the writer task on `output`; the outbox feeds it.
pub fn writer<W>(output: W) -> (Outbox, tokio::task::JoinHandle<std::io::Result<()>>)
where
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (tx, rx) = mpsc::channel(MAX_QUEUED_RESPONSES);
    let task = tokio::spawn(write_loop(output, rx));
    let outbox = Outbox {
        out: tx,
        transcript: Transcript::from_env(),
    };
    (outbox, task)
}

async fn write_loop<W: AsyncWrite + Unpin>(
    mut output: W,
    mut rx: mpsc::Receiver<Outgoing>,
) -> std::io::Result<()> {
    while let Some(msg) = rx.recv().await {
        match msg {
            Outgoing::Bytes(bytes) => {
                output.write_all(&bytes).await?;
                output.flush().await?;
            }
            Outgoing::Shutdown => break,
        }
    }
    output.flush().await
}

/// How reading ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Input closed (or failed): running calls may still answer.
    Eof,
    /// The stop signal came: answer nothing more.
    Stopped,
}

/// Read frames from `input` until it ends or `stop` resolves, handing each decoded frame (or
/// framing fault) to `on_frame` in order. A frame that has started must complete within
/// [`FRAME_DEADLINE`], counted again after each completed frame.
pub async fn read_frames<R, F, Fut>(
    mut input: R,
    stop: impl Future<Output = ()>,
    mut on_frame: F,
) -> Ended
where
    R: AsyncRead + Unpin,
    F: FnMut(Decoded) -> Fut,
    Fut: Future<Output = ()>,
{
    let mut decoder = FrameDecoder::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut decoded = Vec::new();
    let mut deadline: Option<tokio::time::Instant> = None;
    tokio::pin!(stop);
    let ended = loop {
        let read = async {
            match deadline {
                Some(at) => tokio::time::timeout_at(at, input.read(&mut buf)).await,
                None => Ok(input.read(&mut buf).await),
            }
        };
        let n = tokio::select! {
            r = read => r,
            _ = &mut stop => break Ended::Stopped,
        };
        match n {
            Err(_elapsed) => {
                deadline = None;
                if let Some(event) = decoder.expire() {
                    tracing::debug!("frame deadline expired");
                    on_frame(event).await;
                }
            }
            Ok(Ok(0)) => break Ended::Eof,
            Ok(Ok(n)) => {
                decoder.feed(&buf[..n], &mut decoded);
                let completed = !decoded.is_empty();
                for event in decoded.drain(..) {
                    on_frame(event).await;
                }
                deadline = if !decoder.in_frame() {
                    None
                } else if completed || deadline.is_none() {
                    Some(tokio::time::Instant::now() + FRAME_DEADLINE)
                } else {
                    deadline
                };
            }
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "stdin read failed");
                break Ended::Eof;
            }
        }
    };
    if decoder.finish() {
        tracing::debug!("input ended inside a frame; partial frame dropped");
    }
    ended
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn oversized_response_becomes_a_small_error_with_its_id() {
        let big = jsonrpc::success(&RequestId::Num("7".into()), json!({"x": "y".repeat(100)}));
        let out: Value = serde_json::from_slice(&serialize_bounded(&big, 64)).unwrap();
        assert_eq!(out["id"], 7);
        assert_eq!(out["error"]["code"], jsonrpc::RESPONSE_TOO_LARGE);
        let small: Value = serde_json::from_slice(&serialize_bounded(&big, 1 << 20)).unwrap();
        assert_eq!(small, big);
    }
}
