//! The audit log for teams (`--audit-log PATH`, off by default): every call with an effect
//! (navigation, input, a file written, cookies changed, a confirmation asked and answered)
//! appends one JSON line saying when, which tool and effects, on which host, at what (a ref or
//! the kind of locator, never its text), how it ended, its execution id and who confirmed it.
//! Written by the call path, the one place every call passes; never holds typed text, selectors,
//! URLs' paths or queries, tokens or secret values. Format in docs/policy.md.

use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use serde_json::{Map, Value, json};

use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::outcome::ToolOutcome;

/// An open audit log: lines are appended whole, one per call, by one writer at a time.
#[derive(Debug)]
pub struct AuditLog {
    file: Mutex<std::fs::File>,
}

impl AuditLog {
    /// Open (or create, owner-only) the log at `path` for appending.
    pub fn open(path: &Path) -> std::io::Result<AuditLog> {
        Ok(AuditLog {
            file: Mutex::new(crate::files::append_private(path)?),
        })
    }

    /// Append one line.
    fn append(&self, line: &Value) {
        let mut bytes = line.to_string().into_bytes();
        bytes.push(b'\n');
        if let Ok(mut f) = self.file.lock() {
            if let Err(e) = f.write_all(&bytes) {
                tracing::warn!(error = %e, "cannot append to the audit log");
            }
        }
    }
}

/// Who confirmed a call, if it needed a confirmation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmed {
    /// It needed none (or did not get as far as asking).
    Nobody,
    /// The model spent a token it was given.
    Model,
    /// The person was asked; their answer (`accept`, `decline`, `cancel`, `none`).
    Person(&'static str),
}

/// One call to record: the call path writes one for each call with an effect.
pub struct Call<'a> {
    /// The tool's name.
    pub tool: &'static str,
    /// Its declared effects.
    pub effects: &'a [Effect],
    /// Its arguments (only which effects they trigger and the target's kind are read).
    pub args: &'a Map<String, Value>,
    /// The selected page's host once it ended.
    pub host: Option<String>,
}

/// Append the line of one call.
pub fn record(log: &AuditLog, call: &Call<'_>, outcome: &AuditOutcome<'_>, confirmed: Confirmed) {
    let args = call.args;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let mut line = json!({
        "time": utc(now.as_secs()),
        "tool": call.tool,
        "effects": call.effects.iter().filter(|e| e.when().may(args)).map(effect_name).collect::<Vec<_>>(),
    });
    if let Some(host) = &call.host {
        line["host"] = json!(host);
    }
    if let Some(target) = target_of(args) {
        line["target"] = json!(target);
    }
    let (ended, execution) = outcome.summary();
    line["outcome"] = json!(ended);
    if let Some(id) = execution {
        line["executionId"] = json!(id);
    }
    match confirmed {
        Confirmed::Nobody => {}
        Confirmed::Model => line["confirmation"] = json!({"by": "model"}),
        Confirmed::Person(answer) => {
            line["confirmation"] = json!({"by": "person", "answer": answer});
        }
    }
    log.append(&line);
}

/// How a call ended, for its line.
pub enum AuditOutcome<'a> {
    /// Its outcome.
    Done(&'a ToolOutcome),
    /// It ended asking the person (a stateless round).
    Asking,
}

impl AuditOutcome<'_> {
    /// `ok`, `kind` or `kind/failureKind`, and the execution id when the call has one.
    fn summary(&self) -> (String, Option<String>) {
        match self {
            AuditOutcome::Asking => ("askingPerson".into(), None),
            AuditOutcome::Done(ToolOutcome::Ok(v) | ToolOutcome::WithImages(v, _)) => (
                "ok".into(),
                v.get("executionId")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            ),
            AuditOutcome::Done(ToolOutcome::Failed(f)) => {
                let kind = f.kind().as_str();
                let ended = match f.failure_kind() {
                    Some(k) => format!("{kind}/{}", k.as_str()),
                    None => kind.to_owned(),
                };
                (
                    ended,
                    f.get("executionId")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                )
            }
        }
    }
}

/// What a call acted on, without its text: a ref as given, the kind of any other locator, the
/// host of a URL, how many files or steps.
fn target_of(args: &Map<String, Value>) -> Option<String> {
    if let Some(t) = args.get("target").and_then(Value::as_str) {
        use crate::browser::locator::{Locator, parse};
        return Some(match parse(t) {
            Ok(Locator::Ref(r)) => r,
            Ok(Locator::Css(_)) => "css locator".into(),
            Ok(Locator::Text(_)) => "text locator".into(),
            Ok(Locator::Role { .. }) => "role locator".into(),
            Ok(Locator::Name(_)) => "name locator".into(),
            Err(_) => "locator".into(),
        });
    }
    if let Some(url) = args.get("url").and_then(Value::as_str) {
        return crate::policy::scheme_and_host(url)
            .map(|(scheme, host)| format!("{scheme}://{host}"));
    }
    if let Some(files) = args.get("files").and_then(Value::as_array) {
        return Some(format!("{} file(s)", files.len()));
    }
    if let Some(steps) = args.get("steps").and_then(Value::as_array) {
        return Some(format!("{} step(s)", steps.len()));
    }
    None
}

/// An effect's name in the log.
fn effect_name(e: &Effect) -> &'static str {
    match e {
        Effect::ReadsPage => "readsPage",
        Effect::ReadsFormValues(_) => "readsFormValues",
        Effect::ReadsNetworkDetails(_) => "readsNetworkDetails",
        Effect::CapturesPixels(_) => "capturesPixels",
        Effect::Navigates(_) => "navigates",
        Effect::Input => "input",
        Effect::ProducesText => "producesText",
        Effect::WritesFile(..) => "writesFile",
        Effect::Persists(_) => "persists",
        Effect::Cookies(_) => "cookies",
        Effect::Evaluates => "evaluates",
        Effect::ClicksCoordinate => "clicksCoordinate",
        Effect::Uploads(_) => "uploads",
        Effect::Downloads => "downloads",
        Effect::Steers => "steers",
        Effect::ClosesPage => "closesPage",
        Effect::Learns => "learns",
        Effect::ChangesKnowledge => "changesKnowledge",
        Effect::Deletes => "deletes",
        Effect::RunsSteps => "runsSteps",
        Effect::Leases => "leases",
        Effect::Irreversible => "irreversible",
    }
}

/// Seconds since the epoch as an RFC 3339 UTC time (civil date from days, proleptic
/// Gregorian).
fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_utc_rfc3339() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_796_512_861), "2026-12-05T23:21:01Z");
    }

    #[test]
    fn a_target_is_a_ref_or_the_kind_of_locator_never_its_text() {
        let t = |v: Value| target_of(v.as_object().unwrap());
        assert_eq!(t(json!({"target": "e12"})).as_deref(), Some("e12"));
        assert_eq!(
            t(json!({"target": "css=#secret-id"})).as_deref(),
            Some("css locator")
        );
        assert_eq!(
            t(json!({"target": "text=Pay Alice"})).as_deref(),
            Some("text locator")
        );
        assert_eq!(
            t(json!({"url": "https://bank.example/acct?id=9"})).as_deref(),
            Some("https://bank.example")
        );
        assert_eq!(
            t(json!({"files": ["/a", "/b"]})).as_deref(),
            Some("2 file(s)")
        );
    }
}
