//! What an action changed, told in its own result. After a tool that sends input answers, the
//! call path takes the compact observation again and compares it with the last one this client
//! was sent (the comparison `observe`'s delta makes), then tells the difference in about 1 KB:
//! a validation message, a menu that opened, a row that appeared. Most actions then need no
//! observation after them, and a click that changed nothing says so.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::observation::{PageObservation, observation, observed_page};
use crate::tools::kernel::observed::{
    MAX_GONE, Snapshot, difference, fields_changed, flatten, listed, reads_the_same, regions,
};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::ref_number;
use crate::tools::kernel::tool::{Services, Tool};

/// About how many bytes the told changes take at most; the rest is counted in `more` and
/// left for the next observation.
pub const MAX_BYTES: usize = 1024;

/// Whether `tool`'s results tell what changed: tools that send input to the page, and those
/// that run such calls as steps (the steps themselves do not; the whole run does).
pub fn applies(tool: &Tool) -> bool {
    tool.effects
        .iter()
        .any(|e| matches!(e, Effect::Input | Effect::RunsSteps))
}

/// The `changes` field of an action's result.
#[derive(Debug, Default, Serialize, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ActionChanges {
    /// The revision of the observation compared with (the last one this client was sent).
    pub since: u64,
    /// Elements that appeared, as observe lists them (`in`: the region they sit in).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub added: Vec<Value>,
    /// Elements that came back as they read when they went (a modal closed): refs only, a run
    /// of refs as one `eA-eB` entry.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "crate::tools::kernel::output::ref_runs"
    )]
    pub back: Vec<String>,
    /// Elements that read differently: `ref` and each field that changed, as it reads now
    /// (`null`: the field is gone), to merge into what the client last read of it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub changed: Vec<Value>,
    /// Refs that are gone, a run of refs as one `eA-eB` entry.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "crate::tools::kernel::output::ref_runs"
    )]
    pub removed: Vec<String>,
    /// Elements that read as before (their refs still work).
    pub unchanged: usize,
    /// Earlier refs this observation's budgets did not reach (they may still be there).
    #[serde(skip_serializing_if = "crate::tools::kernel::output::is_zero")]
    pub unlisted: usize,
    /// Changes left out to stay small: the next observe lists them.
    #[serde(skip_serializing_if = "crate::tools::kernel::output::is_zero")]
    pub more: usize,
    /// Text no listed element shows changed too (a paragraph, a cell): getText reads it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub text_changed: bool,
}

/// Add `changes` to a successful result of `tool`, when the client was sent an observation of
/// this same document to compare with. Anything that stands in the way (another document now,
/// a dialog open, the page gone) leaves the result as it is: the action's own report stands.
pub async fn told(services: &Arc<Services>, outcome: ToolOutcome) -> ToolOutcome {
    let ToolOutcome::Ok(mut result) = outcome else {
        return outcome;
    };
    if let Some(changes) = compare(services).await {
        if let (Value::Object(map), Ok(v)) = (&mut result, serde_json::to_value(&changes)) {
            map.insert("changes".into(), v);
        }
    }
    ToolOutcome::Ok(result)
}

async fn compare(services: &Arc<Services>) -> Option<ActionChanges> {
    let before = services.observed.take()?;
    let mut b = crate::tools::kernel::browser::page_session(services)
        .await
        .ok()?;
    b.events_applied().await;
    let page = observed_page(&services.session, &b);
    if page != before.page {
        return None;
    }
    let now = observation(&mut b, None, None, false).await.ok()?;
    let (changes, kept) = summarize(&before, &now.page, now.revision, &now.url);
    services.observed.told(kept);
    Some(changes)
}

/// Compare observation `tree` with `before` and tell the difference within [`MAX_BYTES`]:
/// what the page announces first, then removed refs (acting on one fails), then added and
/// changed elements in page order.
/// Also what the client now knows of the page, to compare the next observation with: what was
/// not told stays as `before` had it, so the next observation tells it.
pub fn summarize(
    before: &Snapshot,
    seen: &PageObservation,
    revision: u64,
    url: &str,
) -> (ActionChanges, Snapshot) {
    let (tree, truncated) = (&seen.elements, seen.truncated);
    let mut now = Vec::new();
    flatten(tree, &mut now);
    let d = difference(before, &now, truncated, seen.text_digest.as_deref());
    let regions = regions(tree);
    let mut out = ActionChanges {
        since: before.revision,
        unchanged: d.unchanged,
        text_changed: d.text_changed,
        unlisted: d.unlisted.len(),
        ..ActionChanges::default()
    };
    let old: HashMap<&str, &Value> = before
        .elements
        .iter()
        .map(|(r, v)| (r.as_str(), v))
        .collect();
    let mut t = Teller {
        added: d.added.iter().map(String::as_str).collect(),
        changed: d.changed.iter().map(String::as_str).collect(),
        gone: before.gone.iter().map(|(r, v)| (r.as_str(), v)).collect(),
        old: &old,
        regions: &regions,
        told: HashSet::new(),
        // The envelope (`since`, `unchanged`, `more`, the field names) is about 80 bytes.
        left: MAX_BYTES.saturating_sub(80),
        full: false,
        out: &mut out,
    };
    // What the page announces first (an alert, a status line, a dialog that opened: what a
    // person reads as the action's effect), then refs that went (acting on one fails), then the
    // rest in page order.
    for (r, e) in now.iter().filter(|(_, e)| announced(e)) {
        t.element(r, e);
    }
    for r in &d.removed {
        t.removed(r);
    }
    for (r, e) in now.iter().filter(|(_, e)| !announced(e)) {
        t.element(r, e);
    }
    let (added, changed, told) = (t.added, t.changed, t.told);
    let mut elements = Vec::with_capacity(now.len());
    for (r, e) in &now {
        let key = r.as_str();
        if told.contains(key) || !(added.contains(key) || changed.contains(key)) {
            elements.push((r.clone(), e.clone()));
        } else if let Some(was) = old.get(key) {
            elements.push((r.clone(), (*was).clone()));
        }
    }
    for r in d.removed.iter().chain(&d.unlisted) {
        if let (false, Some(was)) = (told.contains(r.as_str()), old.get(r.as_str())) {
            elements.push((r.clone(), (*was).clone()));
        }
    }
    // What the client was told went, as it last read; what came back leaves the list.
    let mut gone: Vec<(String, Value)> = before
        .gone
        .iter()
        .filter(|(r, _)| !out.back.contains(r))
        .cloned()
        .collect();
    for r in &out.removed {
        if let Some(was) = old.get(r.as_str()) {
            gone.retain(|(g, _)| g != r);
            gone.push((r.clone(), (*was).clone()));
        }
    }
    if gone.len() > MAX_GONE {
        gone.drain(..gone.len() - MAX_GONE);
    }
    let kept = Snapshot {
        page: before.page.clone(),
        revision,
        url: url.to_owned(),
        truncated,
        elements,
        text: seen.text_digest.clone(),
        gone,
    };
    (out, kept)
}

/// Whether an element is what a person reads first after an action: what the page announces
/// (the page agent marks it `live`: a status line, an alert, a log, an `<output>`, an
/// `aria-live` region such as a toast container, by the one rule it lists them by) or a dialog.
fn announced(e: &Value) -> bool {
    e["live"] == true || matches!(e["role"].as_str(), Some("dialog" | "alertdialog"))
}

/// Tells changes into `out` within the bytes `left`; once one does not fit, nothing after it
/// is told (the rest is counted in `more`), so what is told is a prefix of the order it is
/// given.
struct Teller<'n, 'o> {
    added: HashSet<&'n str>,
    changed: HashSet<&'n str>,
    gone: HashMap<&'n str, &'n Value>,
    old: &'o HashMap<&'n str, &'n Value>,
    regions: &'o HashMap<String, String>,
    told: HashSet<&'n str>,
    left: usize,
    full: bool,
    out: &'o mut ActionChanges,
}

impl<'n> Teller<'n, '_> {
    /// Take `size` bytes if they fit and nothing was refused before.
    fn takes(&mut self, size: usize) -> bool {
        if self.full || size > self.left {
            self.full = true;
            self.out.more += 1;
            return false;
        }
        self.left -= size;
        true
    }

    /// Tell a ref that went.
    fn removed(&mut self, r: &'n str) {
        if self.takes(ref_cost(r, &self.out.removed)) {
            self.told.insert(r);
            self.out.removed.push(r.to_owned());
        }
    }

    /// Tell element `e` (ref `r`) if it appeared or changed: back by ref (it reads as it did
    /// when it went), added whole, or changed as a patch.
    fn element(&mut self, r: &'n str, e: &Value) {
        let is_added = self.added.contains(r);
        if !is_added && !self.changed.contains(r) {
            return;
        }
        let returned = is_added && self.gone.get(r).is_some_and(|was| reads_the_same(was, e));
        let told_as = if returned {
            Value::String(r.to_owned())
        } else if is_added {
            listed(e, self.regions.get(r))
        } else {
            patch(self.old.get(r).copied(), e, r)
        };
        let size = if returned {
            ref_cost(r, &self.out.back)
        } else {
            serde_json::to_string(&told_as).map_or(usize::MAX, |s| s.len() + 1)
        };
        if !self.takes(size) {
            return;
        }
        self.told.insert(r);
        match (returned, is_added) {
            (true, _) => self.out.back.push(r.to_owned()),
            (false, true) => self.out.added.push(told_as),
            (false, false) => self.out.changed.push(told_as),
        }
    }
}

/// About how many bytes ref `r` adds to a ref list already holding `told`, as written
/// ([`crate::tools::kernel::output::ref_runs`]): next to a told ref it only moves a run's end.
fn ref_cost(r: &str, told: &[String]) -> usize {
    let next_to_one = ref_number(r).is_some_and(|n| {
        told.iter()
            .filter_map(|t| ref_number(t))
            .any(|t| t + 1 == n || n + 1 == t)
    });
    if next_to_one { 2 } else { r.len() + 3 }
}

/// An element that changed, as a merge patch of what the client last read of it: its ref and
/// each field that differs (see [`fields_changed`]).
fn patch(was: Option<&Value>, now: &Value, r: &str) -> Value {
    let mut out = serde_json::Map::new();
    out.insert("ref".into(), Value::String(r.to_owned()));
    out.extend(fields_changed(was.unwrap_or(&Value::Null), now));
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::kernel::observed::snapshot_of;
    use serde_json::json;

    fn snap(elements: Value) -> Snapshot {
        Snapshot {
            text: Some("a".into()),
            ..snapshot_of(&elements, 4)
        }
    }

    fn seen(tree: &Value, text: &str) -> PageObservation {
        PageObservation {
            focused: None,
            elements: tree.as_array().unwrap().clone(),
            truncated: false,
            budgets_hit: Vec::new(),
            counts: None,
            omitted: None,
            omitted_text: None,
            text_digest: Some(text.into()),
        }
    }

    #[test]
    fn an_action_tells_what_changed_and_keeps_what_it_did_not_tell_for_the_next_look() {
        let before = snap(json!([
            {"ref": "e1", "role": "button", "name": "Save", "focused": true},
            {"ref": "e2", "role": "list", "children": [{"ref": "e3", "role": "button", "name": "a"}]}
        ]));
        // Nothing but focus moved: nothing changed, and a small answer says so.
        let same = json!([
            {"ref": "e1", "role": "button", "name": "Save"},
            {"ref": "e2", "role": "list", "children": [{"ref": "e3", "role": "button", "name": "a", "focused": true}]}
        ]);
        let (c, _) = summarize(&before, &seen(&same, "a"), 5, "");
        assert_eq!(
            c,
            ActionChanges {
                since: 4,
                unchanged: 3,
                ..Default::default()
            }
        );
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"since":4,"unchanged":3}"#
        );
        // Only text no element shows changed: said, so a model does not take it for nothing.
        let (c, _) = summarize(&before, &seen(&same, "b"), 5, "");
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"since":4,"unchanged":3,"textChanged":true}"#
        );
        // A message appeared in the list, the button's name changed, e3 went.
        let now = json!([
            {"ref": "e1", "role": "button", "name": "Saved"},
            {"ref": "e2", "role": "list", "children": [{"ref": "e9", "role": "status", "name": "", "text": "Done"}]}
        ]);
        let (c, kept) = summarize(&before, &seen(&now, "a"), 5, "");
        assert_eq!(c.removed, ["e3"]);
        // A changed element: its ref and what changed, to merge into what the client read.
        assert_eq!(c.changed, [json!({"ref": "e1", "name": "Saved"})]);
        assert_eq!(
            c.added,
            [json!({"ref": "e9", "role": "status", "name": "", "text": "Done", "in": "e2"})]
        );
        assert_eq!((c.unchanged, c.more), (1, 0));
        // All told: the next look compares with the page as it is now.
        let mut flat = Vec::new();
        flatten(now.as_array().unwrap(), &mut flat);
        let next = difference(&kept, &flat, false, Some("a"));
        assert!(next.added.is_empty() && next.changed.is_empty() && next.removed.is_empty());
        assert_eq!(kept.revision, 5);
        // e3 comes back as it was: named by ref only; a field it lost is null in a patch.
        let again = json!([
            {"ref": "e1", "role": "button", "name": "Saved", "disabled": true},
            {"ref": "e2", "role": "list", "children": [{"ref": "e3", "role": "button", "name": "a"}]}
        ]);
        let (c, kept) = summarize(&kept, &seen(&again, "a"), 6, "");
        assert_eq!(c.back, ["e3"]);
        assert!(c.added.is_empty());
        assert_eq!(c.removed, ["e9"]);
        assert_eq!(c.changed, [json!({"ref": "e1", "disabled": true})]);
        let (c, _) = summarize(&kept, &seen(&now, "a"), 7, "");
        assert_eq!(c.changed, [json!({"ref": "e1", "disabled": null})]);
        assert_eq!(c.back, ["e9"]);
    }

    #[test]
    fn a_large_change_is_cut_to_a_kilobyte_and_the_rest_is_left_for_the_next_observation() {
        let before = snap(json!([{"ref": "e1", "role": "button", "name": "Load"}]));
        let rows: Vec<Value> = (0..100)
            .map(|i| json!({"ref": format!("e{}", i + 10), "role": "link", "name": format!("Row number {i} of the results")}))
            .collect();
        let mut tree = vec![json!({"ref": "e1", "role": "button", "name": "Load"})];
        tree.extend(rows.iter().cloned());
        let (c, kept) = summarize(&before, &seen(&Value::Array(tree.clone()), "a"), 5, "");
        let bytes = serde_json::to_string(&c).unwrap().len();
        assert!(bytes <= MAX_BYTES, "{bytes} bytes");
        assert!(!c.added.is_empty());
        assert_eq!(c.added.len() + c.more, 100);
        // What was not told is still new to the client: the next observation lists it.
        let mut flat = Vec::new();
        flatten(&tree, &mut flat);
        let next = difference(&kept, &flat, false, Some("a"));
        assert_eq!(next.added.len(), c.more);
        assert_eq!(next.added[0], format!("e{}", 10 + c.added.len()));
    }

    #[test]
    fn what_the_page_announces_is_told_first_however_far_down_it_is() {
        let before = snap(json!([
            {"ref": "e1", "role": "button", "name": "Load"},
            {"ref": "e2", "role": "link", "name": "Old row"},
            {"ref": "e3", "role": "dialog", "name": "Filters"}
        ]));
        // Rows past the budget, the old row gone, and at the very end an alert, a toast and a
        // dialog that changed: those first, then the removal, then the rows.
        let mut tree = vec![json!({"ref": "e1", "role": "button", "name": "Load"})];
        tree.extend((0..100).map(|i| json!({"ref": format!("e{}", i + 10), "role": "link", "name": format!("Row number {i} of the results")})));
        tree.push(json!({"ref": "e3", "role": "dialog", "name": "Filters (2)"}));
        tree.push(json!({"ref": "e200", "role": "alert", "name": "", "text": "Loaded 100 rows", "live": true}));
        // An `aria-live` toast container, as the agent lists one (no role of its own).
        tree.push(
            json!({"ref": "e201", "role": "text", "name": "", "text": "Saved Close", "live": true}),
        );
        let (c, _) = summarize(&before, &seen(&Value::Array(tree), "a"), 5, "");
        assert_eq!(c.added[0]["ref"], "e200", "{c:?}");
        assert_eq!(c.added[1]["ref"], "e201", "{c:?}");
        assert_eq!(c.changed, [json!({"ref": "e3", "name": "Filters (2)"})]);
        assert_eq!(c.removed, ["e2"]);
        assert_eq!(c.added[2]["ref"], "e10", "{c:?}");
        let rows = c.added.len() - 2;
        assert!(rows > 0 && c.more > 0);
        assert_eq!(rows + c.more, 100);
    }
}
