//! Whether the page took a drag's drop, judged once the page has settled: a drop is a failure
//! and never a success when the page put the dragged element elsewhere or left everything as it
//! was (see the agent's part 72).

use serde_json::Map;

use super::act::{ActError, Actions, targeting};
use super::agent_calls::{DropMissed, PageChanged};
use super::missed::{missed_input, missed_target};
use super::settle::Caused;
use crate::failure::FailureKind;

/// How long a drop that changed nothing yet is given to change the page before it counts as not
/// taken.
const DROP_GRACE_MS: u64 = 1000;

impl Actions<'_> {
    /// After a drag has settled: whether the page took the drop. A sortable list decides a
    /// drop while the dragged element hovers and moves the element itself, so a drop is judged
    /// by where that element ends (in another list: `missedTarget`), and a page left as it was
    /// before the drag, when the drag caused nothing else either (no request since `mark`, no
    /// navigation, dialog, popup or download), did not take it (`notDropped`).
    pub async fn drop_taken(&mut self, caused: &Caused, mark: u64) -> Result<(), ActError> {
        let caused_nothing = caused.navigation.is_none()
            && caused.dialog.is_none()
            && caused.popups.is_empty()
            && !caused.download;
        let quiet = |a: &Self| caused_nothing && a.network_mark() == mark;
        let ask = DropMissed(quiet(self), true);
        let first = self.browser.agent().run(&ask).await?;
        // Nothing changed yet: the page may answer after an animation of its own (the settle
        // waits 500 ms at most). Asked again once it changes, or a second later; any other
        // answer is the last (the agent kept the watch only for a drop not taken).
        let v = if first["missed"]["input"] == "notDropped" {
            let _ = self
                .browser
                .agent()
                .run(&PageChanged(DROP_GRACE_MS, 0))
                .await;
            let ask = DropMissed(quiet(self), false);
            self.browser.agent().run(&ask).await?
        } else {
            first
        };
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
            Some(m) => Err(ActError::Targeting(missed_target(m))),
        }
    }
}
