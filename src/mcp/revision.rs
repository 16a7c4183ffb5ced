//! MCP protocol revisions and how a request selects one.
//!
//! Glass is dual-era: clients of the handshake revisions open with `initialize`; clients of the
//! stateless revision name their revision in every request's `_meta` and never initialize. Each
//! request is classified on its own, so both kinds of client work on one connection.

use serde_json::Value;

/// The stateless revision: every request carries its revision and client capabilities.
pub const STATELESS: &str = "2026-07-28";
/// Handshake revisions, newest first; the first is offered when a client asks for another.
pub const HANDSHAKE: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];
/// `_meta` key naming a stateless request's revision.
pub const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// `_meta` key carrying a stateless request's client capabilities.
pub const META_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
/// `_meta` key carrying server identity on stateless results.
pub const META_SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// Every revision Glass speaks, newest first.
pub fn supported() -> Vec<&'static str> {
    std::iter::once(STATELESS)
        .chain(HANDSHAKE.iter().copied())
        .collect()
}

/// The revision answered to an `initialize` asking for `requested`: the same one when it is a
/// handshake revision we speak, otherwise the newest handshake revision.
pub fn negotiate_handshake(requested: &str) -> &'static str {
    HANDSHAKE
        .iter()
        .copied()
        .find(|v| *v == requested)
        .unwrap_or(HANDSHAKE[0])
}

/// Whether results under `revision` carry `structuredContent` (2025-06-18 and later).
pub fn has_structured_content(revision: &str) -> bool {
    revision >= "2025-06-18"
}

/// How one request declares its revision.
#[derive(Debug, PartialEq, Eq)]
pub enum Declared {
    /// No per-request revision: served under the connection's handshake.
    Handshake,
    /// A valid stateless request.
    Stateless,
    /// `_meta` is present but malformed: a required key is missing or of the wrong type.
    Malformed(&'static str),
    /// A revision this server does not speak statelessly (bounded copy of what was asked).
    Unsupported(String),
}

/// Classify a request by its `params._meta`.
pub fn declared(params: Option<&Value>) -> Declared {
    let Some(meta) = params.and_then(|p| p.get("_meta")) else {
        return Declared::Handshake;
    };
    let Some(version) = meta.get(META_VERSION) else {
        return Declared::Handshake;
    };
    let Some(version) = version.as_str() else {
        return Declared::Malformed(
            "_meta io.modelcontextprotocol/protocolVersion must be a string",
        );
    };
    if version != STATELESS {
        let mut bounded: String = version.chars().take(32).collect();
        bounded.retain(|c| !c.is_control());
        return Declared::Unsupported(bounded);
    }
    match meta.get(META_CAPABILITIES) {
        Some(Value::Object(_)) => Declared::Stateless,
        _ => Declared::Malformed(
            "missing required _meta field: io.modelcontextprotocol/clientCapabilities",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn handshake_falls_back_to_newest() {
        assert_eq!(negotiate_handshake("2024-11-05"), "2024-11-05");
        assert_eq!(negotiate_handshake("2026-07-28"), "2025-11-25");
        assert_eq!(negotiate_handshake("1999-01-01"), "2025-11-25");
    }

    #[test]
    fn classifies_meta() {
        assert_eq!(declared(None), Declared::Handshake);
        let ok = json!({"_meta": {META_VERSION: STATELESS, META_CAPABILITIES: {}}});
        assert_eq!(declared(Some(&ok)), Declared::Stateless);
        let old = json!({"_meta": {META_VERSION: "1900-01-01", META_CAPABILITIES: {}}});
        assert_eq!(
            declared(Some(&old)),
            Declared::Unsupported("1900-01-01".into())
        );
        let no_caps = json!({"_meta": {META_VERSION: STATELESS}});
        assert!(matches!(declared(Some(&no_caps)), Declared::Malformed(_)));
        assert!(has_structured_content("2025-06-18"));
        assert!(!has_structured_content("2025-03-26"));
    }

    #[test]
    fn every_revision_is_spoken_newest_first() {
        assert_eq!(
            supported(),
            vec![
                "2026-07-28",
                "2025-11-25",
                "2025-06-18",
                "2025-03-26",
                "2024-11-05"
            ]
        );
    }
}
