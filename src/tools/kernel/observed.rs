//! Each client's last compact observation, element by element: kept by the call path where
//! `observe` or `navigate` answers, read by `observe` (which then answers only what changed)
//! and `observeDelta`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

use serde_json::Value;

/// Baselines kept at once (a daemon's clients come and go; each has its own).
const MAX_CLIENTS: usize = 64;

/// The last compact observation sent to each client (from `observe` without options,
/// `navigate` or `observeDelta`), element by element: a daemon's clients each compare with
/// what they themselves were sent.
#[derive(Debug, Default)]
pub struct LastObservation(Mutex<HashMap<u64, Snapshot>>);

/// One compact observation, kept to compare the next one with.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// Which page, document and frame it was of (see `Session::page_identity`).
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

/// The client a call runs for (0 outside a daemon).
fn client() -> u64 {
    super::lease::CLIENT.try_with(|c| c.0).unwrap_or(0)
}

impl LastObservation {
    /// Keep this compact observation as the one to compare the calling client's next with.
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
        let snapshot = Snapshot {
            page,
            revision,
            url: url.to_owned(),
            truncated,
            elements,
        };
        if let Ok(mut last) = self.0.lock() {
            let me = client();
            if last.len() >= MAX_CLIENTS && !last.contains_key(&me) {
                last.clear();
            }
            last.insert(me, snapshot);
        }
    }

    /// The calling client's last compact observation.
    pub fn take(&self) -> Option<Snapshot> {
        self.0.lock().ok().and_then(|l| l.get(&client()).cloned())
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

/// How an observation differs from an earlier one of the same document, element by element
/// (matched by ref: a ref names one element for the document's life).
#[derive(Debug, Default)]
pub struct Difference {
    /// Refs that appeared, in page order.
    pub added: Vec<String>,
    /// Refs whose element reads differently, in page order.
    pub changed: Vec<String>,
    /// Refs that are gone from the page.
    pub removed: Vec<String>,
    /// Refs the later observation did not reach (its budgets cut it): they may still be there.
    pub unlisted: Vec<String>,
    /// Refs that read the same.
    pub unchanged: usize,
}

/// Compare `now` (flattened) with `before`. An element missing from a cut-short observation is
/// unlisted, not removed.
pub fn difference(before: &Snapshot, now: &[(String, Value)], now_truncated: bool) -> Difference {
    let old: BTreeMap<&str, &Value> = before
        .elements
        .iter()
        .map(|(r, v)| (r.as_str(), v))
        .collect();
    let current: BTreeSet<&str> = now.iter().map(|(r, _)| r.as_str()).collect();
    let mut d = Difference::default();
    for (r, e) in now {
        match old.get(r.as_str()) {
            None => d.added.push(r.clone()),
            Some(was) if *was != e => d.changed.push(r.clone()),
            Some(_) => d.unchanged += 1,
        }
    }
    for (r, _) in &before.elements {
        if !current.contains(r.as_str()) {
            if now_truncated {
                d.unlisted.push(r.clone());
            } else {
                d.removed.push(r.clone());
            }
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn snap(elements: Value) -> Snapshot {
        let mut flat = Vec::new();
        flatten(elements.as_array().unwrap(), &mut flat);
        Snapshot {
            page: "p".into(),
            revision: 1,
            url: String::new(),
            truncated: false,
            elements: flat,
        }
    }

    #[test]
    fn a_difference_names_each_element_once_by_what_became_of_it() {
        let before = snap(json!([
            {"ref": "e1", "role": "button", "name": "Save"},
            {"ref": "e2", "role": "list", "children": [{"ref": "e3", "role": "listitem", "name": "a"}]},
            {"ref": "e4", "role": "status", "name": "idle"}
        ]));
        let mut now = Vec::new();
        flatten(
            json!([
                {"ref": "e1", "role": "button", "name": "Save"},
                {"ref": "e2", "role": "list", "children": [{"ref": "e5", "role": "listitem", "name": "b"}]},
                {"ref": "e4", "role": "status", "name": "saved"}
            ])
            .as_array()
            .unwrap(),
            &mut now,
        );
        let d = difference(&before, &now, false);
        assert_eq!(d.added, ["e5"]);
        assert_eq!(d.changed, ["e4"]);
        assert_eq!(d.removed, ["e3"]);
        assert_eq!(d.unchanged, 2);
        // Cut short: what it did not reach is not called gone.
        let d = difference(&before, &now, true);
        assert!(d.removed.is_empty());
        assert_eq!(d.unlisted, ["e3"]);
    }
}
