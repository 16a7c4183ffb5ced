//! `webIr.continuity`: what became of one entity between two revisions.
//!
//! Entity IDs are revision-local, so a caller holding an ID from an older
//! draft needs to know whether it still names the same thing. The answer is
//! conservative: a new ID is offered only when exactly one entity left and
//! exactly one compatible entity arrived.

use std::collections::HashSet;

use serde::Serialize;

use super::WebIrError;
use super::model::{Draft, Entity, EntityKind};
use super::validate::{check_transition, is_valid_entity_id};

/// Fixed reasons; all but the two marked "ours" are the original's wording.
pub(crate) mod reason {
    pub const NOT_IN_SOURCE: &str = "entity was not present in the source revision";
    pub const UNCHANGED: &str = "semantic identity remains compatible";
    pub const CHANGED: &str = "same revision-local ID has changed semantic identity";
    pub const NO_IDENTITY: &str = "entity has no semantic identity for bounded rebinding";
    pub const NOT_OBSERVED: &str = "no compatible semantic identity was observed";
    pub const REBOUND: &str = "revision-local ID changed but semantic identity remained unique";
    pub const AMBIGUOUS_TARGET: &str = "multiple compatible semantic identities were observed";
    /// ours
    pub const AMBIGUOUS_SOURCE: &str =
        "multiple source entities with this semantic identity were removed";
    /// ours
    pub const BAD_REQUEST_ID: &str =
        "requested entity ID must be non-empty, bounded, and non-whitespace";
}

/// Outcome class for one entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ContinuityStatus {
    /// Same ID, same semantic identity.
    Unchanged,
    /// Same ID, different semantic identity: the caller should re-check it.
    Changed,
    /// New ID, same unique semantic identity.
    Rebound,
    /// No current entity corresponds.
    Removed,
    /// Several current entities could correspond; none is chosen.
    Ambiguous,
}

/// `continuityWebIr` success body: `{requestedId, status, currentId?, reason}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Continuity {
    /// The caller's own ID, echoed back (it was checked to be a bounded ID).
    pub requested_id: String,
    /// Classification.
    pub status: ContinuityStatus,
    /// The current revision-local ID, only when exactly one entity is identified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_id: Option<String>,
    /// Fixed explanation.
    pub reason: &'static str,
}

/// Semantic identity: kind plus lowercased role and name; `None` when an
/// entity has neither role nor name, because a bare kind identifies nothing.
type IdentityKey = (EntityKind, Option<String>, Option<String>);

fn identity(entity: &Entity) -> Option<IdentityKey> {
    if entity.role.is_none() && entity.name.is_none() {
        return None;
    }
    Some((
        entity.kind,
        entity.role.as_deref().map(str::to_lowercase),
        entity.name.as_deref().map(str::to_lowercase),
    ))
}

/// Classifies `entity_id` of `before` against `after`, after checking that
/// `after` may follow `before`.
pub fn continuity(
    before: &Draft,
    after: &Draft,
    entity_id: &str,
) -> Result<Continuity, WebIrError> {
    check_transition(before, after)?;
    if !is_valid_entity_id(entity_id) {
        // No draft can contain such an ID; refusing it also keeps the echoed
        // `requestedId` bounded.
        return Err(WebIrError::new("entityId", reason::BAD_REQUEST_ID));
    }
    let result = |status, current_id: Option<&str>, reason| Continuity {
        requested_id: entity_id.to_owned(),
        status,
        current_id: current_id.map(str::to_owned),
        reason,
    };

    let Some(source) = before.entities().iter().find(|e| e.id == entity_id) else {
        return Ok(result(
            ContinuityStatus::Removed,
            None,
            reason::NOT_IN_SOURCE,
        ));
    };
    if let Some(current) = after.entities().iter().find(|e| e.id == entity_id) {
        let same = source.kind == current.kind && identity(source) == identity(current);
        return Ok(if same {
            result(
                ContinuityStatus::Unchanged,
                Some(entity_id),
                reason::UNCHANGED,
            )
        } else {
            result(ContinuityStatus::Changed, Some(entity_id), reason::CHANGED)
        });
    }
    let Some(key) = identity(source) else {
        return Ok(result(ContinuityStatus::Removed, None, reason::NO_IDENTITY));
    };

    // Candidates are only entities whose IDs appeared in `after`: an ID that
    // exists in both revisions continues its own entity, not ours. Likewise
    // the source side counts every entity with this identity that left.
    let before_ids: HashSet<&str> = before.entities().iter().map(|e| e.id.as_str()).collect();
    let after_ids: HashSet<&str> = after.entities().iter().map(|e| e.id.as_str()).collect();
    let mut arrived = after
        .entities()
        .iter()
        .filter(|e| !before_ids.contains(e.id.as_str()) && identity(e).as_ref() == Some(&key));
    let Some(first) = arrived.next() else {
        return Ok(result(
            ContinuityStatus::Removed,
            None,
            reason::NOT_OBSERVED,
        ));
    };
    if arrived.next().is_some() {
        return Ok(result(
            ContinuityStatus::Ambiguous,
            None,
            reason::AMBIGUOUS_TARGET,
        ));
    }
    let departed = before
        .entities()
        .iter()
        .filter(|e| !after_ids.contains(e.id.as_str()) && identity(e).as_ref() == Some(&key))
        .count();
    if departed > 1 {
        return Ok(result(
            ContinuityStatus::Ambiguous,
            None,
            reason::AMBIGUOUS_SOURCE,
        ));
    }
    Ok(result(
        ContinuityStatus::Rebound,
        Some(first.id.as_str()),
        reason::REBOUND,
    ))
}
