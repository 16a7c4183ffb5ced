//! Secrets by reference: values the person stores outside the model (`glass secrets set NAME
//! --host HOST`), each bound to the hosts it may be typed on. The model names a secret
//! (`type {secret: NAME}`) and never sees its value: Glass types it only into a password or
//! credential field on a bound host, and scrubs the value from everything it returns or writes
//! as a last line of defence ([`scrub`]). Kept in the data directory, owner-only.

use std::path::PathBuf;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::policy::HostRule;

/// Longest secret value (a password, a one-time code, a recovery phrase).
pub const MAX_VALUE: usize = 4096;

/// What stands for a secret's value wherever it would have appeared.
pub const SCRUBBED: &str = "[secret]";

/// One stored secret.
#[derive(Clone, Serialize, Deserialize)]
pub struct Secret {
    /// Its name, the only thing the model sees with its hosts.
    pub name: String,
    /// The hosts it may be typed on (`accounts.example.com`, `*.example.com`).
    pub hosts: Vec<String>,
    /// The value, kept hex-encoded in the file: not encryption (the file is owner-only), but a
    /// search of the data directory for the value, or a glance at the file, finds nothing.
    #[serde(with = "hex")]
    value: String,
}

/// The value's bytes as hex in the file.
mod hex {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &str, s: S) -> Result<S::Ok, S::Error> {
        let hex: String = value.bytes().map(|b| format!("{b:02x}")).collect();
        s.serialize_str(&hex)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        let hex = String::deserialize(d)?;
        let bytes = (0..hex.len())
            .step_by(2)
            .map(|i| {
                hex.get(i..i + 2)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
            })
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| serde::de::Error::custom("a secret's value is not hex"))?;
        String::from_utf8(bytes)
            .map_err(|_| serde::de::Error::custom("a secret's value is not UTF-8"))
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Secret")
            .field("name", &self.name)
            .field("hosts", &self.hosts)
            .finish_non_exhaustive()
    }
}

impl Secret {
    /// The value, to type.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// Whether it may be typed on `host`.
    pub fn bound_to(&self, host: &str) -> bool {
        self.hosts
            .iter()
            .filter_map(|h| HostRule::parse(h))
            .any(|r| r.matches(host))
    }
}

/// Why a secret cannot be stored.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    /// The name is not 1 to 64 letters, digits, `_`, `-` or `.`.
    #[error("a secret's name is 1 to 64 letters, digits, '_', '-' or '.'")]
    BadName,
    /// A host is not a host name or `*.domain`.
    #[error("--host takes a host name such as accounts.example.com or *.example.com")]
    BadHost,
    /// No host given.
    #[error("a secret needs at least one --host it may be typed on")]
    NoHost,
    /// Empty or too long a value.
    #[error("the value (read from stdin) must be 1 to 4096 bytes on one line")]
    BadValue,
    /// The store cannot be read or written.
    #[error("the secrets file in the data directory cannot be read or written")]
    Io,
}

/// Whether `name` may name a secret.
pub fn valid_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.')
}

fn path() -> PathBuf {
    crate::paths::data_dir().join("secrets.json")
}

/// Every stored secret (none when there is no file, or it cannot be read); their values are
/// registered for scrubbing.
pub fn load() -> Vec<Secret> {
    let list: Vec<Secret> = std::fs::read(path())
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default();
    for s in &list {
        remember(&s.value);
    }
    list
}

/// The secret named `name`, if stored.
pub fn find(name: &str) -> Option<Secret> {
    load().into_iter().find(|s| s.name == name)
}

fn save(list: &[Secret]) -> Result<(), SecretError> {
    let dir = crate::paths::data_dir();
    std::fs::create_dir_all(&dir).map_err(|_| SecretError::Io)?;
    crate::files::private_dir(&dir).map_err(|_| SecretError::Io)?;
    let bytes = serde_json::to_vec(list).map_err(|_| SecretError::Io)?;
    crate::files::write_in_place(&path(), &bytes).map_err(|_| SecretError::Io)
}

/// Store (or replace) `name` with `value`, bound to `hosts`.
pub fn set(name: &str, hosts: &[String], value: &str) -> Result<(), SecretError> {
    if !valid_name(name) {
        return Err(SecretError::BadName);
    }
    if hosts.is_empty() {
        return Err(SecretError::NoHost);
    }
    if hosts.iter().any(|h| HostRule::parse(h).is_none()) {
        return Err(SecretError::BadHost);
    }
    if value.is_empty() || value.len() > MAX_VALUE || value.contains('\n') {
        return Err(SecretError::BadValue);
    }
    let mut list = load();
    list.retain(|s| s.name != name);
    list.push(Secret {
        name: name.to_owned(),
        hosts: hosts.to_vec(),
        value: value.to_owned(),
    });
    list.sort_by(|a, b| a.name.cmp(&b.name));
    save(&list)
}

/// Remove `name`; whether it was there.
pub fn remove(name: &str) -> Result<bool, SecretError> {
    let mut list = load();
    let before = list.len();
    list.retain(|s| s.name != name);
    if list.len() == before {
        return Ok(false);
    }
    save(&list)?;
    Ok(true)
}

/// Values this process has loaded: what [`scrub`] takes out.
static KNOWN: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn remember(value: &str) {
    // Too short a value would scrub ordinary text; such a secret is still never echoed by
    // Glass itself (the type tool never returns what it typed).
    if value.len() < 4 {
        return;
    }
    if let Ok(mut known) = KNOWN.lock() {
        if !known.iter().any(|k| k == value) {
            known.push(value.to_owned());
        }
    }
}

/// `text` with every known secret value replaced by [`SCRUBBED`].
pub fn scrub(text: &str) -> std::borrow::Cow<'_, str> {
    match KNOWN.lock() {
        Ok(known) => scrub_with(&known, text),
        Err(_) => text.into(),
    }
}

fn scrub_with<'t>(known: &[String], text: &'t str) -> std::borrow::Cow<'t, str> {
    if !known.iter().any(|k| text.contains(k.as_str())) {
        return text.into();
    }
    let mut out = text.to_owned();
    for k in known {
        out = out.replace(k.as_str(), SCRUBBED);
    }
    out.into()
}

/// Scrub every string in `value`, in place (nothing to walk while no secret is known).
pub fn scrub_value(value: &mut Value) {
    let Ok(known) = KNOWN.lock() else {
        return;
    };
    if !known.is_empty() {
        walk(&known, value);
    }
}

fn walk(known: &[String], value: &mut Value) {
    match value {
        Value::String(s) => {
            if let std::borrow::Cow::Owned(clean) = scrub_with(known, s) {
                *s = clean;
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|v| walk(known, v)),
        Value::Object(m) => m.values_mut().for_each(|v| walk(known, v)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_hosts_and_binding_follow_the_host_rules() {
        assert!(valid_name("github_login") && valid_name("a.b-c"));
        assert!(!valid_name("") && !valid_name("has space") && !valid_name(&"x".repeat(65)));
        let s = Secret {
            name: "n".into(),
            hosts: vec!["*.example.com".into(), "127.0.0.1".into()],
            value: "v".into(),
        };
        assert!(s.bound_to("accounts.example.com") && s.bound_to("127.0.0.1"));
        assert!(!s.bound_to("example.com.evil.test") && !s.bound_to("localhost"));
        assert!(!format!("{s:?}").contains("\"v\""));
    }

    #[test]
    fn the_file_holds_the_value_hex_encoded_and_reads_it_back() {
        let s = Secret {
            name: "n".into(),
            hosts: vec!["h.test".into()],
            value: "pä55".into(),
        };
        let json = serde_json::to_string(&[&s]).unwrap();
        assert!(
            !json.contains("pä55") && json.contains("70c3a43535"),
            "{json}"
        );
        let back: Vec<Secret> = serde_json::from_str(&json).unwrap();
        assert_eq!(back[0].value(), "pä55");
    }

    #[test]
    fn a_known_value_is_scrubbed_from_text_and_json() {
        remember("s3cr3t-unit-value");
        assert_eq!(scrub("a s3cr3t-unit-value b"), "a [secret] b");
        let mut v = serde_json::json!({"x": ["s3cr3t-unit-value!"], "n": 1});
        scrub_value(&mut v);
        assert_eq!(v, serde_json::json!({"x": ["[secret]!"], "n": 1}));
    }
}
