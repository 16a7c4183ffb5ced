//! `webIr.diff`: bounded change counts between two revisions of a page.
//!
//! Only counts and booleans leave this module, never entity payloads. The
//! matching is by hash lookup, so two maximal drafts diff in linear time.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::WebIrError;
use super::model::{DRAFT_SCHEMA_VERSION, Draft, Entity};
use super::validate::check_transition;

/// `diffWebIr` success body, fields in the spec's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiffSummary {
    /// Draft schema version of both sides.
    pub schema_version: u32,
    /// Revision of `before`.
    pub from_revision: u64,
    /// Revision of `after`.
    pub to_revision: u64,
    /// Entity IDs present only in `after`.
    pub entity_added_count: usize,
    /// Entity IDs present only in `before`.
    pub entity_removed_count: usize,
    /// Entity IDs present in both whose kind, role, name, quality or sources differ.
    pub entity_changed_count: usize,
    /// `(from, to, kind)` edges present only in `after`.
    pub relationship_added_count: usize,
    /// `(from, to, kind)` edges present only in `before`.
    pub relationship_removed_count: usize,
    /// Coverage blocks differ.
    pub coverage_changed: bool,
    /// Extraction limits differ.
    pub limits_changed: bool,
    /// Free-form diagnostics differ (compared in the order given).
    pub diagnostics_changed: bool,
    /// Relationship-hint diagnostics differ (compared in canonical order).
    pub relationship_hint_diagnostics_changed: bool,
}

/// Diffs two validated drafts after checking that `after` may follow `before`.
pub fn diff(before: &Draft, after: &Draft) -> Result<DiffSummary, WebIrError> {
    check_transition(before, after)?;
    Ok(diff_unchecked(before, after))
}

/// The diff without the revision-transition check.
///
/// Kept separate so the symmetry of the counting can be tested on arbitrary
/// pairs: swapping the sides swaps added and removed and keeps changed.
pub(crate) fn diff_unchecked(before: &Draft, after: &Draft) -> DiffSummary {
    let before_entities: HashMap<&str, &Entity> = before
        .entities()
        .iter()
        .map(|e| (e.id.as_str(), e))
        .collect();
    let mut matched = 0;
    let mut added = 0;
    let mut changed = 0;
    for entity in after.entities() {
        match before_entities.get(entity.id.as_str()) {
            Some(old) => {
                matched += 1;
                if *old != entity {
                    changed += 1;
                }
            }
            None => added += 1,
        }
    }
    // IDs are unique within a draft, so everything unmatched was removed.
    let removed = before.entities().len() - matched;

    let before_edges: HashSet<_> = before
        .relationships()
        .iter()
        .map(|r| (r.from.as_str(), r.to.as_str(), r.kind))
        .collect();
    let kept = after
        .relationships()
        .iter()
        .filter(|r| before_edges.contains(&(r.from.as_str(), r.to.as_str(), r.kind)))
        .count();

    DiffSummary {
        schema_version: DRAFT_SCHEMA_VERSION,
        from_revision: before.revision(),
        to_revision: after.revision(),
        entity_added_count: added,
        entity_removed_count: removed,
        entity_changed_count: changed,
        relationship_added_count: after.relationships().len() - kept,
        relationship_removed_count: before.relationships().len() - kept,
        coverage_changed: before.coverage() != after.coverage(),
        limits_changed: before.limits() != after.limits(),
        diagnostics_changed: before.diagnostics() != after.diagnostics(),
        relationship_hint_diagnostics_changed: before.relationship_hint_diagnostics()
            != after.relationship_hint_diagnostics(),
    }
}
