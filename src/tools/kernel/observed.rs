//! What each client has seen of the page, element by element: the last compact observation
//! it was sent (`observe` without options, `navigate`, `observeDelta`), and what it has been
//! told since (an action's `changes`). `observe` answers what changed since the told page;
//! `observeDelta` compares observations only; an action's result compares with the told page
//! and moves it on.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

use serde_json::Value;

use crate::tools::kernel::observation::PageObservation;

/// Baselines kept at once (a daemon's clients come and go; each has its own).
const MAX_CLIENTS: usize = 64;

/// Each client's baselines: a daemon's clients each compare with what they themselves were
/// sent.
#[derive(Debug, Default)]
pub struct LastObservation(Mutex<HashMap<u64, Seen>>);

/// One client's two baselines.
#[derive(Debug, Clone)]
struct Seen {
    /// The last compact observation sent.
    observed: Snapshot,
    /// The page as the client has been told it since (that observation, moved on by the
    /// changes actions told).
    told: Snapshot,
}

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
    /// A fingerprint of the page's whole text then, if taken.
    pub text: Option<String>,
    /// Elements the client was told went, as they last read (newest last, at most
    /// [`MAX_GONE`]): one that comes back as it was (a modal closed) is named by ref only.
    pub gone: Vec<(String, Value)>,
}

/// Gone elements kept per baseline.
pub const MAX_GONE: usize = 512;

/// The client a call runs for (0 outside a daemon).
fn client() -> u64 {
    super::lease::CLIENT.try_with(|c| c.0).unwrap_or(0)
}

impl LastObservation {
    /// Keep this compact observation, sent whole or as a delta, as both of the calling
    /// client's baselines.
    pub fn remember(&self, page: String, revision: u64, url: &str, seen: &PageObservation) {
        let mut elements = Vec::new();
        flatten(&seen.elements, &mut elements);
        self.update(|last| {
            // Elements gone earlier from this same document are remembered across observations.
            let gone = last
                .filter(|l| l.told.page == page)
                .map(|l| l.told.gone.clone())
                .unwrap_or_default();
            let snapshot = Snapshot {
                page,
                revision,
                url: url.to_owned(),
                truncated: seen.truncated,
                elements,
                text: seen.text_digest.clone(),
                gone,
            };
            Some(Seen {
                observed: snapshot.clone(),
                told: snapshot,
            })
        });
    }

    /// Keep what the calling client has now been told of the page by an action's `changes`
    /// (what it did not tell stays as it was, so the next observation tells it). The last
    /// observation stays as it was, for `observeDelta`.
    pub fn told(&self, snapshot: Snapshot) {
        self.update(|seen| {
            seen.map(|s| Seen {
                observed: s.observed.clone(),
                told: snapshot,
            })
        });
    }

    fn update(&self, next: impl FnOnce(Option<&Seen>) -> Option<Seen>) {
        if let Ok(mut last) = self.0.lock() {
            let me = client();
            if last.len() >= MAX_CLIENTS && !last.contains_key(&me) {
                last.clear();
            }
            if let Some(seen) = next(last.get(&me)) {
                last.insert(me, seen);
            }
        }
    }

    /// The page as the calling client has been told it.
    pub fn take(&self) -> Option<Snapshot> {
        self.0
            .lock()
            .ok()
            .and_then(|l| l.get(&client()).map(|s| s.told.clone()))
    }

    /// The calling client's last compact observation.
    pub fn last_observed(&self) -> Option<Snapshot> {
        self.0
            .lock()
            .ok()
            .and_then(|l| l.get(&client()).map(|s| s.observed.clone()))
    }
}

/// A baseline of `elements` (an observation's tree) for unit tests: page "p", no text taken.
#[cfg(test)]
pub fn snapshot_of(elements: &Value, revision: u64) -> Snapshot {
    let mut flat = Vec::new();
    flatten(
        elements.as_array().map_or(&[][..], Vec::as_slice),
        &mut flat,
    );
    Snapshot {
        page: "p".into(),
        revision,
        url: String::new(),
        truncated: false,
        elements: flat,
        text: None,
        gone: Vec::new(),
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

/// Each element's region (the element whose `children` hold it), by ref.
pub fn regions(elements: &[Value]) -> HashMap<String, String> {
    fn walk(elements: &[Value], parent: Option<&str>, out: &mut HashMap<String, String>) {
        for e in elements {
            let Some(r) = e["ref"].as_str() else { continue };
            if let Some(p) = parent {
                out.insert(r.to_owned(), p.to_owned());
            }
            if let Some(children) = e["children"].as_array() {
                walk(children, Some(r), out);
            }
        }
    }
    let mut out = HashMap::new();
    walk(elements, None, &mut out);
    out
}

/// A flattened element as a list of changes shows it: as a whole observation does, without
/// children, with `in` naming the region it sits in.
pub fn listed(element: &Value, region: Option<&String>) -> Value {
    let mut e = element.clone();
    if let (Some(o), Some(region)) = (e.as_object_mut(), region) {
        o.insert("in".into(), Value::String(region.clone()));
    }
    e
}

/// What differs between two readings of one element: each field the later one reads
/// differently, `null` for a field it no longer has. Focus is left out: the observation names
/// the focused element once (`focused`), and an action moves focus as a matter of course. The
/// one rule of what counts as a change, for deltas and actions' changes alike.
pub fn fields_changed(was: &Value, now: &Value) -> serde_json::Map<String, Value> {
    let empty = serde_json::Map::new();
    let before = was.as_object().unwrap_or(&empty);
    let after = now.as_object().unwrap_or(&empty);
    let mut out = serde_json::Map::new();
    for (k, v) in after {
        if k != "focused" && before.get(k) != Some(v) {
            out.insert(k.clone(), v.clone());
        }
    }
    for k in before.keys() {
        if k != "focused" && !after.contains_key(k) {
            out.insert(k.clone(), Value::Null);
        }
    }
    out
}

/// Whether two readings of one element say the same (see [`fields_changed`]).
pub fn reads_the_same(a: &Value, b: &Value) -> bool {
    fields_changed(a, b).is_empty()
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
    /// The page's text changed (when both observations fingerprinted it).
    pub text_changed: bool,
}

/// Compare `now` (flattened) with `before`. An element missing from a cut-short observation is
/// unlisted, not removed.
pub fn difference(
    before: &Snapshot,
    now: &[(String, Value)],
    now_truncated: bool,
    now_text: Option<&str>,
) -> Difference {
    let old: BTreeMap<&str, &Value> = before
        .elements
        .iter()
        .map(|(r, v)| (r.as_str(), v))
        .collect();
    let current: BTreeSet<&str> = now.iter().map(|(r, _)| r.as_str()).collect();
    let mut d = Difference {
        text_changed: matches!((before.text.as_deref(), now_text), (Some(a), Some(b)) if a != b),
        ..Difference::default()
    };
    for (r, e) in now {
        match old.get(r.as_str()) {
            None => d.added.push(r.clone()),
            Some(was) if !reads_the_same(was, e) => d.changed.push(r.clone()),
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

    #[test]
    fn a_difference_names_each_element_once_by_what_became_of_it() {
        let before = snapshot_of(
            &json!([
                {"ref": "e1", "role": "button", "name": "Save"},
                {"ref": "e2", "role": "list", "children": [{"ref": "e3", "role": "listitem", "name": "a"}]},
                {"ref": "e4", "role": "status", "name": "idle"}
            ]),
            1,
        );
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
        let d = difference(&before, &now, false, None);
        assert_eq!(d.added, ["e5"]);
        assert_eq!(d.changed, ["e4"]);
        assert_eq!(d.removed, ["e3"]);
        assert_eq!(d.unchanged, 2);
        // Cut short: what it did not reach is not called gone.
        let d = difference(&before, &now, true, None);
        assert!(d.removed.is_empty());
        assert_eq!(d.unlisted, ["e3"]);
    }
}
