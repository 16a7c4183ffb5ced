//! Where input went when not to its target, and whether a drop was taken: the one judgment of
//! every action's input, so that input which reached another element, or a drop the page did
//! not take, is a failure and never a success, whichever tool sent it.

use serde_json::{Map, Value};

use super::act::{ActError, Actions, Caused, targeting};
use super::agent_calls::DropMissed;
use crate::failure::FailureKind;

/// The element an action's input reached instead of its target (a bounded role, name and
/// tag), and the reason the failure gives.
pub(super) type Missed = (Value, &'static str);

/// The agent's answer on where watched input went (its `inputMissed`): the element it reached
/// instead of the target, and why that is so in the words of the input that went astray
/// (a press, keys, the pointer's move, a drag's drop). None when it reached it.
pub(super) fn missed_input(v: &Value) -> Option<Missed> {
    let by = super::frames::element_summary(v)?;
    let reason = match v["input"].as_str() {
        Some("keys") => {
            "the keys reached another element: the page moved the focus away from the target; look at the page before repeating"
        }
        Some("hover") => {
            "the pointer came onto another element: the page moved or covered the target as the pointer reached it; look at the page before repeating"
        }
        Some("release") => {
            "the drop landed on another element: the page moved or covered the destination during the drag; look at the page before repeating"
        }
        Some("placed") => {
            "the page put the dragged element into another element than the destination as the drag passed over it; look at the page before repeating"
        }
        _ => {
            "the press reached another element: the page moved or covered the target as it was pressed; look at the page before repeating"
        }
    };
    Some((by, reason))
}

/// A failure naming the element that took the input (`receivedBy`) instead of the target.
fn received_by(failure: FailureKind, reason: &str, by: Value) -> ActError {
    let mut extra = Map::new();
    extra.insert("receivedBy".into(), by);
    targeting(failure, reason, extra)
}

/// The failure of input that reached `by` instead of its target: never a success.
pub(super) fn missed_target((by, reason): Missed) -> ActError {
    received_by(FailureKind::MissedTarget, reason, by)
}

/// The refusal, before any key, of a field that handed the focus on to `by`.
pub fn focus_moved(by: Value) -> ActError {
    received_by(
        FailureKind::FocusMoved,
        "the page moved the focus to another element as this one took it; nothing was typed",
        by,
    )
}

impl Actions<'_> {
    /// After a drag has settled: whether the page took the drop. A sortable list decides a
    /// drop while the dragged element hovers and moves the element itself, so a drop is judged
    /// by where that element ends (in another list: `missedTarget`), and a page left as it was
    /// before the drag, when the drag caused nothing else either (no request since `mark`, no
    /// navigation, dialog, popup or download), did not take it (`notDropped`).
    pub async fn drop_taken(&mut self, caused: &Caused, mark: u64) -> Result<(), ActError> {
        let quiet = caused.navigation.is_none()
            && caused.dialog.is_none()
            && caused.popups.is_empty()
            && !caused.download
            && self.network_mark() == mark;
        let v = self.browser.agent().run(&DropMissed(quiet)).await?;
        let missed = &v["missed"];
        if missed["input"] == "notDropped" {
            let mut extra = Map::new();
            if let Some(dragged) = super::frames::element_summary(missed) {
                extra.insert("dragged".into(), dragged);
            }
            return Err(targeting(
                FailureKind::NotDropped,
                "the page left everything as it was before the drag: it did not take the drop on the destination; look at the page before repeating",
                extra,
            ));
        }
        match missed_input(missed) {
            None => Ok(()),
            Some(m) => Err(missed_target(m)),
        }
    }
}
