//! The session's last compact observation, element by element: kept by the call path where
//! `observe` or `navigate` answers, read by `observeDelta` to say only what changed.

use std::sync::Mutex;

use serde_json::Value;

/// The last compact observation of the session (from `observe` without options, `navigate`
/// or `observeDelta`), element by element.
#[derive(Debug, Default)]
pub struct LastObservation(Mutex<Option<Snapshot>>);

/// One compact observation, kept to compare the next one with.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// Which page and document it was of (see `Session::page_identity`).
    pub page: String,
    /// The page revision it was taken at.
    pub revision: u64,
    /// The page's URL then.
    pub url: String,
    /// Whether the observation was cut short (more elements than it lists).
    pub truncated: bool,
    /// Each element without its children, by ref, in page order.
    pub elements: Vec<(String, Value)>,
}

impl LastObservation {
    /// Keep this compact observation as the one to compare the next with.
    pub fn remember(
        &self,
        page: String,
        revision: u64,
        url: &str,
        seen: &[Value],
        truncated: bool,
    ) {
        let mut elements = Vec::new();
        flatten(seen, &mut elements);
        if let Ok(mut last) = self.0.lock() {
            *last = Some(Snapshot {
                page,
                revision,
                url: url.to_owned(),
                truncated,
                elements,
            });
        }
    }

    pub fn take(&self) -> Option<Snapshot> {
        self.0.lock().ok().and_then(|l| l.clone())
    }
}

/// Elements depth first, each without `children`, keyed by ref.
pub fn flatten(elements: &[Value], out: &mut Vec<(String, Value)>) {
    for e in elements {
        let mut shallow = e.clone();
        let children = shallow
            .as_object_mut()
            .and_then(|o| o.remove("children"))
            .unwrap_or(Value::Null);
        if let Some(r) = e["ref"].as_str() {
            out.push((r.to_owned(), shallow));
        }
        if let Some(list) = children.as_array() {
            flatten(list, out);
        }
    }
}
