//! JSON-RPC 2.0 envelopes and the error-code table.
//!
//! Requests are parsed from `serde_json::Value` by hand rather than derived, so that every
//! malformed shape maps to a precise, bounded error instead of a serde message that could echo
//! the client's input back.

use serde_json::{Map, Value, json};

/// Invalid JSON.
pub const PARSE_ERROR: i64 = -32700;
/// Not a valid request object, or not allowed now (second `initialize`, duplicate id).
pub const INVALID_REQUEST: i64 = -32600;
/// Unknown method.
pub const METHOD_NOT_FOUND: i64 = -32601;
/// Bad parameters, failed negotiation, unknown tool.
pub const INVALID_PARAMS: i64 = -32602;
/// A server fault; never carries details.
pub const INTERNAL_ERROR: i64 = -32603;
/// Too many active requests.
pub const OVERLOADED: i64 = -32000;
/// The serialized response exceeded the response limit.
pub const RESPONSE_TOO_LARGE: i64 = -32001;
/// A request arrived before `notifications/initialized`.
pub const NOT_INITIALIZED: i64 = -32002;
/// The request was cancelled by `notifications/cancelled`.
pub const CANCELLED: i64 = -32800;
/// A daemon's lease request refused (another client holds it, or the token is not this
/// client's); the data says who holds the lease and until when.
pub const LEASE_REFUSED: i64 = -32003;
/// A request named a protocol revision this server does not speak (MCP 2026-07-28).
pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;

/// A JSON-RPC request id: a string, a number, or null.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RequestId {
    /// A string id.
    Str(String),
    /// A numeric id, kept as its JSON text so 1 and 1.0 stay distinct, as the client sent them.
    Num(String),
    /// An explicit null id.
    Null,
}

impl RequestId {
    /// Parse an id value; `None` for a type JSON-RPC does not allow.
    pub fn from_value(v: &Value) -> Option<RequestId> {
        match v {
            Value::String(s) => Some(RequestId::Str(s.clone())),
            Value::Number(n) => Some(RequestId::Num(n.to_string())),
            Value::Null => Some(RequestId::Null),
            _ => None,
        }
    }

    /// The id as JSON, exactly as the client sent it.
    pub fn to_value(&self) -> Value {
        match self {
            RequestId::Str(s) => Value::String(s.clone()),
            RequestId::Num(n) => serde_json::from_str(n).unwrap_or(Value::Null),
            RequestId::Null => Value::Null,
        }
    }
}

/// A message received from the client, classified.
#[derive(Debug)]
pub enum Incoming {
    /// A request that expects a response.
    Request {
        id: RequestId,
        method: String,
        params: Option<Value>,
    },
    /// A notification (no id): never answered.
    Notification {
        method: String,
        params: Option<Value>,
    },
    /// A response to a request Glass sent the client (a question for the person): its id and
    /// its result, or `None` when the client answered with an error.
    Response {
        id: Option<RequestId>,
        result: Option<Value>,
    },
    /// Not a valid JSON-RPC message; answered with this error (id if one could be read).
    Invalid {
        id: RequestId,
        message: &'static str,
    },
}

/// Classify a parsed JSON value as a JSON-RPC message.
pub fn classify(value: Value) -> Incoming {
    let Value::Object(mut obj) = value else {
        let message = if value.is_array() {
            "batch requests are not supported"
        } else {
            "a JSON-RPC message must be an object"
        };
        return Incoming::Invalid {
            id: RequestId::Null,
            message,
        };
    };
    let id = match obj.get("id") {
        None => None,
        Some(v) => match RequestId::from_value(v) {
            Some(id) => Some(id),
            None => {
                return Incoming::Invalid {
                    id: RequestId::Null,
                    message: "invalid JSON-RPC request id",
                };
            }
        },
    };
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Incoming::Invalid {
            id: id.unwrap_or(RequestId::Null),
            message: "jsonrpc must be \"2.0\"",
        };
    }
    let method = match obj.remove("method") {
        Some(Value::String(m)) => m,
        Some(_) => {
            return Incoming::Invalid {
                id: id.unwrap_or(RequestId::Null),
                message: "method must be a string",
            };
        }
        None if obj.contains_key("result") || obj.contains_key("error") => {
            return Incoming::Response {
                id,
                result: obj.remove("result"),
            };
        }
        None => {
            return Incoming::Invalid {
                id: id.unwrap_or(RequestId::Null),
                message: "a JSON-RPC request needs a method",
            };
        }
    };
    let params = obj.remove("params");
    if let Some(p) = &params {
        if !p.is_object() && !p.is_array() {
            return Incoming::Invalid {
                id: id.unwrap_or(RequestId::Null),
                message: "params must be an object or an array",
            };
        }
    }
    match id {
        Some(id) => Incoming::Request { id, method, params },
        None => Incoming::Notification { method, params },
    }
}

/// A successful response body.
pub fn success(id: &RequestId, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id.to_value(), "result": result})
}

/// An error response body; `data` is omitted when `None`.
pub fn error(id: &RequestId, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut err = Map::new();
    err.insert("code".into(), code.into());
    err.insert("message".into(), message.into());
    if let Some(d) = data {
        err.insert("data".into(), d);
    }
    json!({"jsonrpc": "2.0", "id": id.to_value(), "error": Value::Object(err)})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_requests_notifications_and_faults() {
        let r = classify(json!({"jsonrpc":"2.0","id":1,"method":"ping"}));
        assert!(matches!(r, Incoming::Request { ref method, .. } if method == "ping"));
        let n = classify(json!({"jsonrpc":"2.0","method":"notifications/initialized"}));
        assert!(matches!(n, Incoming::Notification { .. }));
        let bad_id = classify(json!({"jsonrpc":"2.0","id":{},"method":"ping"}));
        assert!(matches!(
            bad_id,
            Incoming::Invalid {
                id: RequestId::Null,
                ..
            }
        ));
        let batch = classify(json!([]));
        assert!(matches!(batch, Incoming::Invalid { message, .. } if message.contains("batch")));
        let resp = classify(json!({"jsonrpc":"2.0","id":1,"result":{}}));
        assert!(matches!(resp, Incoming::Response { .. }));
        let old = classify(json!({"jsonrpc":"1.0","id":"a","method":"ping"}));
        assert!(matches!(old, Incoming::Invalid { id: RequestId::Str(ref s), .. } if s == "a"));
    }

    #[test]
    fn ids_round_trip_exactly() {
        for v in [json!(7), json!(-1), json!(1.5), json!("x"), Value::Null] {
            assert_eq!(RequestId::from_value(&v).unwrap().to_value(), v);
        }
    }
}
