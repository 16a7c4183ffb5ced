//! What a CDP connection hands its callers: the error of a call (described in words, never
//! Chrome's own text) and an event with its session.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// Errors of the CDP connection. Display texts are short and never contain raw CDP text,
/// page content or params, so they are safe to show to MCP clients.
#[derive(Debug, thiserror::Error)]
pub enum CdpError {
    /// The transport is gone (Chrome exited, pipe or socket closed); the connection is dead.
    #[error("the browser connection is closed")]
    Closed,
    /// No answer before the call's own deadline; the connection stays usable.
    #[error("CDP call {method} timed out")]
    Timeout {
        /// The CDP method, e.g. `Page.navigate`.
        method: String,
    },
    /// Chrome answered with a protocol error.
    #[error("CDP call failed with code {code} ({})", describe_code(*.code))]
    Protocol {
        /// The JSON-RPC style error code Chrome returned.
        code: i64,
        /// Chrome's raw message: for debug logs and internal decisions only, never for clients.
        message: String,
    },
    /// The answer did not have the shape the generated types expect (protocol drift).
    #[error("could not decode the answer to {method}")]
    Decode {
        /// The CDP method whose answer failed to decode.
        method: String,
        /// serde's description; may quote page data, so for debug logs only.
        detail: String,
    },
    /// Connecting the transport failed.
    #[error("browser connection I/O error: {0}")]
    Io(#[from] std::io::Error),
}

/// A short fixed description per error code, so Display never needs Chrome's own text.
fn describe_code(code: i64) -> &'static str {
    match code {
        -32700 => "parse error",
        -32600 => "invalid request",
        -32601 => "method not found",
        -32602 => "invalid params",
        -32603 => "internal error",
        -32000 => "server error",
        _ => "protocol error",
    }
}

/// One CDP event exactly as Chrome sent it. Consumers decode `params` into typed structs on
/// demand, so a drifted event only breaks the consumer that cares about it.
#[derive(Debug, Clone, PartialEq)]
pub struct CdpEvent {
    /// Event name, e.g. `Page.loadEventFired`.
    pub method: String,
    /// The flattened session the event belongs to; `None` for the browser session.
    pub session_id: Option<String>,
    /// The raw params object (`Null` when Chrome sent none).
    pub params: Value,
    /// Its place in the connection's event order (1, 2, ...): what lets a caller that saw an
    /// event wait until the event watcher has applied it too.
    pub seq: u64,
}

impl CdpEvent {
    /// True when this is the event `E` (compares against the generated method name).
    pub fn is<E: chromiumoxide_types::MethodType>(&self) -> bool {
        self.method == E::method_id()
    }

    /// Decodes `params` into a generated event struct (or any serde type) when asked.
    pub fn decode<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        T::deserialize(&self.params)
    }

    /// An event of page session `s`, for the unit tests of what the watcher records.
    #[cfg(test)]
    pub fn on_session(method: &str, params: Value) -> CdpEvent {
        CdpEvent {
            method: method.to_owned(),
            params,
            session_id: Some("s".into()),
            seq: 0,
        }
    }
}
