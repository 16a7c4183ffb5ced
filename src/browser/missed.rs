//! Where input went when not to its target: the one judgment of every action's input, so that
//! input which reached another element is a failure and never a success, whichever tool sent
//! it (and a drop the page put elsewhere, see `drops`).

use serde_json::{Map, Value};

use crate::failure::{Failure, FailureKind};

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
fn received_by(failure: FailureKind, reason: &str, by: Value) -> Failure {
    let mut extra = Map::new();
    extra.insert("receivedBy".into(), by);
    Failure::of(failure, reason).extend(extra)
}

/// The failure of input that reached `by` instead of its target: never a success.
pub(super) fn missed_target((by, reason): Missed) -> Failure {
    received_by(FailureKind::MissedTarget, reason, by)
}

/// The refusal, before any key, of an element that took no focus: it stayed on `by`.
pub fn focus_refused(by: Value) -> Failure {
    received_by(
        FailureKind::FocusMoved,
        "this element did not take the focus, which stayed on another element; nothing was typed",
        by,
    )
}

/// The refusal, before any key, of a field that handed the focus on to `by`.
pub fn focus_moved(by: Value) -> Failure {
    received_by(
        FailureKind::FocusMoved,
        "the page moved the focus to another element as this one took it; nothing was typed",
        by,
    )
}
