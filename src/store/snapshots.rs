//! Redacted page snapshots: the page model (a Web IR v1 draft) of a page at one revision,
//! kept so two moments can be compared later without the browser. What is stored is
//! redacted first: no query strings or fragments in any URL, no form values, text bounded, and
//! any text that names a secret (password, token, cookie...) replaced.

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::{Store, StoreError};

/// Most snapshots kept; the oldest are deleted first.
pub const MAX_SNAPSHOTS: usize = 64;
/// Largest snapshot, in bytes of its stored draft.
pub const MAX_SNAPSHOT_BYTES: usize = 128 * 1024;
/// Longest text kept in a snapshot.
const MAX_TEXT: usize = 512;
/// Words that make a text look like a secret.
const SECRET_WORDS: &[&str] = &[
    "password",
    "passwd",
    "token",
    "secret",
    "cookie",
    "authorization",
    "api_key",
    "apikey",
];
/// Keys whose strings are page text or URLs (a draft's ids, kinds and roles are Glass's own).
const TEXT_KEYS: &[&str] = &[
    "name",
    "text",
    "label",
    "title",
    "description",
    "url",
    "href",
    "src",
    "action",
];
/// Keys that would hold what a user typed or a page stored for them.
const VALUE_KEYS: &[&str] = &["value", "values", "formValues", "checkedValue"];

/// What a listing says of one snapshot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotMeta {
    /// Its id: `snap-REVISION-HASH`.
    pub id: String,
    /// When it was made, in Unix seconds.
    pub created: u64,
    /// The page's URL, without query or fragment.
    pub url: String,
    /// The page's title (bounded, redacted).
    pub title: String,
    /// The page revision it shows.
    pub revision: u64,
    /// Entities in its draft.
    pub entities: u64,
    /// Bytes of its stored draft.
    pub bytes: u64,
}

/// Why a snapshot was not saved or found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// The store itself failed.
    #[error("{0}")]
    Store(StoreError),
    /// The redacted draft is over [`MAX_SNAPSHOT_BYTES`].
    #[error("the page model is over 128 KiB; snapshot one region")]
    TooLarge,
    /// No snapshot has this id.
    #[error("no snapshot has this id")]
    Unknown,
}

impl From<StoreError> for SnapshotError {
    fn from(e: StoreError) -> SnapshotError {
        SnapshotError::Store(e)
    }
}

/// A text as a snapshot keeps it: a URL without its query and fragment, a secret-looking text
/// replaced, anything else cut to 512 characters.
pub fn redact_text(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let looks_like_url = lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("file:")
        || s.starts_with('/');
    let s = if looks_like_url {
        s.split(['?', '#']).next().unwrap_or("")
    } else {
        s
    };
    let lower = s.to_ascii_lowercase();
    if SECRET_WORDS.iter().any(|w| lower.contains(w)) {
        return "[REDACTED]".to_owned();
    }
    crate::redact::bounded_text(s, MAX_TEXT)
}

/// Redact a draft in place: page text and URLs through [`redact_text`], value keys dropped.
pub fn redact(v: &mut Value) {
    match v {
        Value::Array(a) => a.iter_mut().for_each(redact),
        Value::Object(m) => {
            m.retain(|k, _| !VALUE_KEYS.contains(&k.as_str()));
            for (k, x) in m.iter_mut() {
                match x {
                    Value::String(s) if TEXT_KEYS.contains(&k.as_str()) => *s = redact_text(s),
                    _ => redact(x),
                }
            }
        }
        _ => {}
    }
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Store a snapshot of `draft` (redacted here) and prune beyond [`MAX_SNAPSHOTS`].
pub fn save(
    store: &Store,
    url: &str,
    title: &str,
    revision: u64,
    mut draft: Value,
) -> Result<SnapshotMeta, SnapshotError> {
    redact(&mut draft);
    // A page that shows a stored secret (an echoed password) is not kept with it.
    crate::secrets::scrub_value(&mut draft);
    let body = draft.to_string();
    if body.len() > MAX_SNAPSHOT_BYTES {
        return Err(SnapshotError::TooLarge);
    }
    let hash = Sha256::digest(body.as_bytes());
    let hex: String = hash[..6].iter().map(|b| format!("{b:02x}")).collect();
    let entities = draft["entities"].as_array().map_or(0, Vec::len) as u64;
    let meta = SnapshotMeta {
        id: format!("snap-{revision}-{hex}"),
        created: now(),
        url: redact_text(&crate::secrets::scrub(url)),
        title: redact_text(&crate::secrets::scrub(title)),
        revision,
        entities,
        bytes: body.len() as u64,
    };
    store.with(|c| {
        let tx = c.transaction()?;
        tx.execute(
            "INSERT OR REPLACE INTO snapshots (id, created, url, title, revision, entities, bytes, draft)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            rusqlite::params![
                meta.id,
                meta.created as i64,
                meta.url,
                meta.title,
                meta.revision as i64,
                meta.entities as i64,
                meta.bytes as i64,
                body
            ],
        )?;
        tx.execute(
            "DELETE FROM snapshots WHERE id NOT IN
             (SELECT id FROM snapshots ORDER BY created DESC, rowid DESC LIMIT ?1)",
            [MAX_SNAPSHOTS as i64],
        )?;
        tx.commit()
    })?;
    Ok(meta)
}

fn meta_of(r: &rusqlite::Row<'_>) -> Result<SnapshotMeta, rusqlite::Error> {
    Ok(SnapshotMeta {
        id: r.get(0)?,
        created: r.get::<_, i64>(1)? as u64,
        url: r.get(2)?,
        title: r.get(3)?,
        revision: r.get::<_, i64>(4)? as u64,
        entities: r.get::<_, i64>(5)? as u64,
        bytes: r.get::<_, i64>(6)? as u64,
    })
}

/// Every snapshot, newest first.
pub fn list(store: &Store) -> Result<Vec<SnapshotMeta>, SnapshotError> {
    Ok(store.with(|c| {
        let mut q = c.prepare(
            "SELECT id, created, url, title, revision, entities, bytes FROM snapshots
             ORDER BY created DESC, rowid DESC",
        )?;
        let rows = q.query_map([], meta_of)?;
        rows.collect()
    })?)
}

/// One snapshot and its draft.
pub fn get(store: &Store, id: &str) -> Result<(SnapshotMeta, Value), SnapshotError> {
    let found = store.with(|c| {
        let mut q = c.prepare(
            "SELECT id, created, url, title, revision, entities, bytes, draft FROM snapshots WHERE id = ?1",
        )?;
        let mut rows = q.query([id])?;
        match rows.next()? {
            Some(r) => Ok(Some((meta_of(r)?, r.get::<_, String>(7)?))),
            None => Ok(None),
        }
    })?;
    let (meta, body) = found.ok_or(SnapshotError::Unknown)?;
    let draft =
        serde_json::from_str(&body).map_err(|_| SnapshotError::Store(StoreError::Corrupt))?;
    Ok((meta, draft))
}

/// Delete every snapshot; how many there were.
pub fn purge(store: &Store) -> Result<usize, SnapshotError> {
    Ok(store.with(|c| c.execute("DELETE FROM snapshots", []))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn redaction_drops_queries_values_and_secrets() {
        let mut d = json!({"entities": [
            {"kind": "link", "href": "https://x.test/a?token=canary#frag", "name": "Next"},
            {"kind": "link", "href": "https://x.test/b#only-a-fragment", "name": "Anchor"},
            {"kind": "field", "name": "Email", "value": "canary@x.test"},
            {"kind": "text", "text": "Your password is hunter2"},
            {"kind": "text", "text": "x".repeat(2000)}
        ]});
        redact(&mut d);
        let s = d.to_string();
        assert!(
            !s.contains("canary")
                && !s.contains("hunter2")
                && !s.contains("frag")
                && !s.contains("only-a-fragment"),
            "{s}"
        );
        assert_eq!(d["entities"][0]["href"], "https://x.test/a");
        assert_eq!(d["entities"][1]["href"], "https://x.test/b");
        assert_eq!(d["entities"][3]["text"], "[REDACTED]");
        assert!(d["entities"][4]["text"].as_str().unwrap().len() <= MAX_TEXT + 4);
    }

    #[test]
    fn snapshots_are_saved_listed_read_pruned_and_purged() {
        let dir = std::env::temp_dir().join(format!("glass-snap-{}", std::process::id()));
        let store = Store::open(&dir.join(super::super::FILE_NAME)).unwrap();
        purge(&store).unwrap();
        let m = save(
            &store,
            "http://a.test/p?q=1",
            "T",
            3,
            json!({"entities": [{"id": "x"}]}),
        )
        .unwrap();
        assert!(m.id.starts_with("snap-3-"), "{m:?}");
        assert_eq!(m.url, "http://a.test/p");
        let (again, draft) = get(&store, &m.id).unwrap();
        assert_eq!(again, m);
        assert_eq!(draft["entities"][0]["id"], "x");
        for r in 0..(MAX_SNAPSHOTS as u64 + 5) {
            save(
                &store,
                "http://a.test/",
                "T",
                100 + r,
                json!({"entities": [], "r": r}),
            )
            .unwrap();
        }
        let all = list(&store).unwrap();
        assert_eq!(all.len(), MAX_SNAPSHOTS);
        assert_eq!(
            all[0].revision,
            100 + MAX_SNAPSHOTS as u64 + 4,
            "newest first"
        );
        assert_eq!(
            get(&store, "snap-0-nope").err(),
            Some(SnapshotError::Unknown)
        );
        assert_eq!(purge(&store).unwrap(), MAX_SNAPSHOTS);
        assert!(list(&store).unwrap().is_empty());
    }

    // Covers: S23 an oversized draft is refused and leaves no row; S21 every secret word (any case),
    // a path's query and fragment, and every value key redacted.

    #[test]
    fn an_oversized_draft_is_refused_and_leaves_no_row() {
        let store = Store::open(&super::super::scratch_file("too-large")).unwrap();
        let entities: Vec<Value> = (0..400)
            .map(|i| json!({"id": format!("e{i}"), "kind": "text", "text": "x".repeat(400)}))
            .collect();
        assert_eq!(
            save(
                &store,
                "http://a.test/",
                "T",
                1,
                json!({"entities": entities})
            )
            .err(),
            Some(SnapshotError::TooLarge)
        );
        assert!(list(&store).unwrap().is_empty());
    }

    #[test]
    fn every_secret_word_and_every_value_key_is_redacted() {
        for s in [
            "Authorization: Bearer abc",
            "Set-Cookie: a=b",
            "api_key=1",
            "APIKEY 2",
            "passwd: x",
            "My Token",
            "secret sauce",
        ] {
            assert_eq!(redact_text(s), "[REDACTED]", "{s}");
        }
        assert_eq!(redact_text("/path?q=1#frag"), "/path");
        assert_eq!(redact_text("Plain text"), "Plain text");
        let mut d = json!({"a": {"values": [1], "formValues": {"x": 1}, "checkedValue": "on",
                                     "value": "v", "kind": "field"}});
        redact(&mut d);
        assert_eq!(d, json!({"a": {"kind": "field"}}));
    }
}
