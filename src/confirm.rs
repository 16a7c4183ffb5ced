//! Confirmation tokens for actions of the confirm class.
//!
//! A confirm-class call first fails with `confirmationRequired`, a short summary and a token.
//! The token is single-use, expires after a minute, and is bound to the exact tool, a digest of
//! its arguments (target included) and the page it was issued on (the selected tab's document),
//! so it cannot be spent after the page changed; repeating the same call with `confirmToken` on
//! the same page lets it run.
//! Tokens are never logged and never written to the transcript.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::failure::{Failure, FailureKind, Kind};

/// How long a token stays valid.
pub const TOKEN_TTL: Duration = Duration::from_secs(60);
/// Most outstanding tokens; the oldest are dropped past this.
const MAX_TOKENS: usize = 64;

struct Pending {
    tool: &'static str,
    digest: [u8; 32],
    expires: Instant,
}

/// Outstanding tokens of this process.
#[derive(Default)]
pub struct Confirmations {
    pending: Mutex<HashMap<String, Pending>>,
    counter: Mutex<u64>,
}

impl std::fmt::Debug for Confirmations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Confirmations { .. }")
    }
}

/// Arguments in a canonical form (keys sorted at every level), so equal calls digest equally.
fn canonical(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            Value::Object(
                keys.into_iter()
                    .map(|k| (k.clone(), canonical(&m[k])))
                    .collect(),
            )
        }
        Value::Array(a) => Value::Array(a.iter().map(canonical).collect()),
        other => other.clone(),
    }
}

fn digest(tool: &str, args: &Map<String, Value>, page: &str) -> [u8; 32] {
    let mut args = args.clone();
    args.remove("confirmToken");
    let text = canonical(&Value::Object(args)).to_string();
    let mut h = Sha256::new();
    h.update(tool.as_bytes());
    h.update([0]);
    h.update(page.as_bytes());
    h.update([0]);
    h.update(text.as_bytes());
    h.finalize().into()
}

/// Why a presented token was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Unknown, already used, or never issued.
    Unknown,
    /// Issued, but more than a minute ago.
    Expired,
    /// Issued for another tool, other arguments or another page.
    Mismatch,
}

/// Sixteen bytes from the OS's randomness (the keys of fresh `RandomState`s), for keys that
/// make a token, a continuation or a checkpoint digest unguessable to a client.
pub fn random_bytes() -> [u8; 16] {
    use std::hash::{BuildHasher, Hasher};
    let mut out = [0u8; 16];
    for (i, chunk) in out.chunks_mut(8).enumerate() {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_usize(i);
        chunk.copy_from_slice(&h.finish().to_le_bytes());
    }
    out
}

impl Confirmations {
    fn new_token(&self) -> String {
        let mut counter = self.counter.lock().unwrap_or_else(|p| p.into_inner());
        *counter += 1;
        // Keys of a fresh RandomState come from the OS's randomness.
        let words: Vec<u64> = (0..2)
            .map(|i| {
                let mut h = std::collections::hash_map::RandomState::new().build_hasher();
                h.write_u64(*counter);
                h.write_u64(i);
                h.write_u128(Instant::now().elapsed().as_nanos());
                h.finish()
            })
            .collect();
        format!("ct_{:016x}{:016x}", words[0], words[1])
    }

    /// Issue a token for this exact call on this page (see [`crate::browser::Session::page_identity`]).
    pub fn issue(&self, tool: &'static str, args: &Map<String, Value>, page: &str) -> String {
        let token = self.new_token();
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        pending.retain(|_, p| p.expires > now);
        if pending.len() >= MAX_TOKENS {
            if let Some(oldest) = pending
                .iter()
                .min_by_key(|(_, p)| p.expires)
                .map(|(k, _)| k.clone())
            {
                pending.remove(&oldest);
            }
        }
        pending.insert(
            token.clone(),
            Pending {
                tool,
                digest: digest(tool, args, page),
                expires: now + TOKEN_TTL,
            },
        );
        token
    }

    /// Consume `token` for this exact call on this page. A token is single-use: any
    /// presentation spends it.
    pub fn redeem(
        &self,
        token: &str,
        tool: &str,
        args: &Map<String, Value>,
        page: &str,
    ) -> Result<(), Refusal> {
        let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
        let Some(p) = pending.remove(token) else {
            return Err(Refusal::Unknown);
        };
        if p.expires <= Instant::now() {
            return Err(Refusal::Expired);
        }
        if p.tool != tool || p.digest != digest(tool, args, page) {
            return Err(Refusal::Mismatch);
        }
        Ok(())
    }
}

/// The failure that asks for confirmation.
pub fn required(tool: &str, summary: &str, token: &str) -> Failure {
    Failure::bare(Kind::ConfirmationRequired)
        .with("summary", summary)
        .with("confirmToken", token)
        .with("expiresInMs", TOKEN_TTL.as_millis() as u64)
        .with(
            "reason",
            format!("repeat the same {tool} call with confirmToken to go ahead"),
        )
}

/// The failure for a refused token.
pub fn refused(r: Refusal) -> Failure {
    let (failure, reason) = match r {
        Refusal::Unknown => (
            FailureKind::UnknownToken,
            "the confirmation token is unknown or already used",
        ),
        Refusal::Expired => (
            FailureKind::ExpiredToken,
            "the confirmation token expired; call again without it",
        ),
        Refusal::Mismatch => (
            FailureKind::TokenMismatch,
            "the confirmation token was issued for another call",
        ),
    };
    Failure::of(failure, reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const PAGE: &str = "tab-1:doc-1";

    fn args(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn tokens_are_single_use_and_bound_to_the_call() {
        let c = Confirmations::default();
        let a = args(json!({"target": "e1", "files": ["/tmp/a"]}));
        let t = c.issue("upload", &a, PAGE);
        assert!(t.starts_with("ct_") && t.len() == 35);
        let reordered = args(json!({"files": ["/tmp/a"], "target": "e1", "confirmToken": t}));
        assert_eq!(c.redeem(&t, "upload", &reordered, PAGE), Ok(()));
        assert_eq!(c.redeem(&t, "upload", &a, PAGE), Err(Refusal::Unknown));
        let t2 = c.issue("upload", &a, PAGE);
        assert_eq!(
            c.redeem(
                &t2,
                "upload",
                &args(json!({"target": "e2", "files": ["/tmp/a"]})),
                PAGE
            ),
            Err(Refusal::Mismatch)
        );
        let t3 = c.issue("upload", &a, PAGE);
        assert_eq!(c.redeem(&t3, "download", &a, PAGE), Err(Refusal::Mismatch));
        assert_ne!(c.issue("upload", &a, PAGE), c.issue("upload", &a, PAGE));
        // Bound to the page: the same call after the page changed is refused.
        let t4 = c.issue("upload", &a, PAGE);
        assert_eq!(
            c.redeem(&t4, "upload", &a, "tab-1:doc-2"),
            Err(Refusal::Mismatch)
        );
    }

    #[test]
    fn issuing_more_tokens_keeps_the_fresh_ones_and_drops_only_past_the_cap() {
        let c = Confirmations::default();
        let a = args(json!({"target": "e1"}));
        let first = c.issue("upload", &a, PAGE);
        let second = c.issue("upload", &a, PAGE);
        // Issuing a second token neither expires nor evicts the first.
        assert_eq!(c.redeem(&first, "upload", &a, PAGE), Ok(()));
        assert_eq!(c.redeem(&second, "upload", &a, PAGE), Ok(()));
        // Past the cap the oldest goes, the newest stays.
        let tokens: Vec<String> = (0..=MAX_TOKENS)
            .map(|_| c.issue("upload", &a, PAGE))
            .collect();
        assert_eq!(
            c.redeem(&tokens[0], "upload", &a, PAGE),
            Err(Refusal::Unknown)
        );
        assert_eq!(c.redeem(&tokens[MAX_TOKENS], "upload", &a, PAGE), Ok(()));
        assert_eq!(c.redeem(&tokens[1], "upload", &a, PAGE), Ok(()));
    }

    #[test]
    fn tokens_never_show_in_debug_output_and_failures_have_their_shape() {
        let c = Confirmations::default();
        let t = c.issue("upload", &args(json!({})), PAGE);
        let shown = format!("{c:?}");
        assert_eq!(shown, "Confirmations { .. }");
        assert!(!shown.contains(&t));
        let r = required("upload", "give 1 file", &t).to_json();
        assert_eq!(r["kind"], "confirmationRequired");
        assert_eq!(r["confirmToken"], t.as_str());
        assert_eq!(r["expiresInMs"], 60_000);
        assert_eq!(r["summary"], "give 1 file");
        for (refusal, kind) in [
            (Refusal::Unknown, "unknownToken"),
            (Refusal::Expired, "expiredToken"),
            (Refusal::Mismatch, "tokenMismatch"),
        ] {
            let v = refused(refusal).to_json();
            assert_eq!(v["kind"], "confirmationRejected");
            assert_eq!(v["failureKind"], kind);
            assert!(v["reason"].as_str().is_some_and(|s| !s.is_empty()));
        }
    }
}
