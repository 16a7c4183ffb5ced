//! Optional transcript: `GLASS_MCP_TRANSCRIPT=<file>` appends every message in and out as JSON
//! lines, for debugging a client integration.
//!
//! Nothing secret is written: tool arguments are reduced to their names (selectors, typed text
//! and scripts never reach the file), image data is left out, and confirmation tokens are
//! replaced.

use std::fs::File;
use std::io::Write;
use std::sync::Mutex;

use serde_json::{Map, Value, json};

/// An open transcript file.
#[derive(Debug)]
pub struct Transcript {
    file: Mutex<File>,
}

impl Transcript {
    /// Open the file named by `GLASS_MCP_TRANSCRIPT`, if set.
    pub fn from_env() -> Option<Transcript> {
        let path = std::env::var_os("GLASS_MCP_TRANSCRIPT").filter(|p| !p.is_empty())?;
        match crate::files::append_private(std::path::Path::new(&path)) {
            Ok(file) => Some(Transcript {
                file: Mutex::new(file),
            }),
            Err(e) => {
                tracing::warn!(error = %e, "cannot open the transcript file");
                None
            }
        }
    }

    /// Record one message; `incoming` tells its direction.
    pub fn record(&self, incoming: bool, message: &Value) {
        let clean = if incoming {
            scrub_incoming(message)
        } else {
            scrub_outgoing(message)
        };
        let line = json!({"dir": if incoming { "in" } else { "out" }, "message": clean});
        if let Ok(mut f) = self.file.lock() {
            let mut bytes = line.to_string().into_bytes();
            bytes.push(b'\n');
            let _ = f.write_all(&bytes);
        }
    }
}

/// Tool arguments keep only their names.
fn scrub_incoming(message: &Value) -> Value {
    let mut m = message.clone();
    // A lease call's parameters are its token and lifetime: only their names are kept.
    if m["method"]
        .as_str()
        .is_some_and(|n| n.starts_with("lease/"))
    {
        if let Some(params) = m.get_mut("params").and_then(Value::as_object_mut) {
            for v in params.values_mut() {
                *v = json!("<redacted>");
            }
        }
    }
    if m["method"] == "tools/call" {
        // A stateless call's next round carries the confirmation it was given back.
        if let Some(state) = m["params"].get_mut("requestState") {
            *state = json!("<redacted>");
        }
        if let Some(args) = m["params"]
            .get_mut("arguments")
            .and_then(Value::as_object_mut)
        {
            let names: Map<String, Value> = args
                .keys()
                .map(|k| (k.clone(), json!("<redacted>")))
                .collect();
            *args = names;
        }
    }
    m
}

/// Fields that hold a token a client could spend: confirmations and daemon leases.
const SECRET_KEYS: &[&str] = &["confirmToken", "leaseToken", "token", "requestState"];

/// Image data and tokens are left out.
fn scrub_outgoing(message: &Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(map) => {
                if map.get("type") == Some(&json!("image")) && map.contains_key("data") {
                    map.insert("data".into(), json!("<image omitted>"));
                }
                for key in SECRET_KEYS {
                    if map.contains_key(*key) {
                        map.insert((*key).into(), json!("<redacted>"));
                    }
                }
                if let Some(Value::String(text)) = map.get_mut("text") {
                    if SECRET_KEYS
                        .iter()
                        .any(|k| text.contains(&format!("\"{k}\"")))
                    {
                        *text = "<redacted: carries a token>".into();
                    }
                }
                map.values_mut().for_each(walk);
            }
            Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    let mut m = message.clone();
    walk(&mut m);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_images_and_tokens_are_left_out() {
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "type", "arguments": {"target": "css=#x", "text": "hunter2"}}});
        let s = scrub_incoming(&call).to_string();
        assert!(!s.contains("hunter2") && !s.contains("#x") && s.contains("\"text\""));
        let out = json!({"result": {"content": [{"type": "image", "data": "AAAA"}, {"type": "text", "text": "{\"confirmToken\":\"ct_1\"}"}], "structuredContent": {"confirmToken": "ct_1"}}});
        let s = scrub_outgoing(&out).to_string();
        assert!(!s.contains("AAAA") && !s.contains("ct_1"));
        let lease = json!({"result": {"token": "lt_9", "holder": null}});
        assert!(!scrub_outgoing(&lease).to_string().contains("lt_9"));
        let renew = json!({"method": "lease/renew", "params": {"token": "lt_9", "ttlMs": 5000}});
        assert!(!scrub_incoming(&renew).to_string().contains("lt_9"));
        let asking = json!({"result": {"resultType": "input_required", "requestState": "ct_2"}});
        assert!(!scrub_outgoing(&asking).to_string().contains("ct_2"));
        let round = json!({"method": "tools/call", "params": {"name": "type", "arguments": {}, "requestState": "ct_2"}});
        assert!(!scrub_incoming(&round).to_string().contains("ct_2"));
    }
}
