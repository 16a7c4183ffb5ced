//! Web IR v1 draft: a browser-free graph contract describing one page
//! revision (entities, relationships, coverage), with validation, a bounded
//! summary, revision diffs and entity continuity.
//!
//! Nothing here starts Chrome or performs I/O (a live draft is mapped from an observation the
//! caller took). Outputs carry counts,
//! revisions and caller-supplied IDs only, never entity payloads or page
//! content, and every error is a `{path, reason}` pair with a fixed reason.

mod continuity;
mod diff;
mod extract;
mod inspect;
mod model;
mod validate;

#[cfg(test)]
mod tests;

use serde_json::Value;

pub use continuity::{Continuity, ContinuityStatus, continuity};
pub use diff::{DiffSummary, diff};
pub use extract::{LiveObservation, draft_from_observation};
pub use inspect::{InspectSummary, ValidateResult, inspect, validate_result};
pub(crate) use model::wire_enum;
pub use model::{
    Coverage, DRAFT_SCHEMA_VERSION, Draft, Entity, EntityKind, EvidenceQuality, EvidenceSource,
    ExtractionLimits, HintDiagnostic, HintStatus, MAX_COVERAGE_REASON_BYTES, MAX_COVERAGE_REASONS,
    MAX_DRAFT_BYTES, MAX_ENTITIES, MAX_ENTITY_ID_BYTES, MAX_RELATIONSHIPS, Relationship,
    RelationshipKind, WebIrError, WebIrErrorResponse,
};

/// Parses a draft from JSON and checks every graph invariant.
///
/// The result is in canonical order, so equal content compares equal and
/// serializes to equal bytes. Work is linear in the size of the value plus
/// hashing; nested values are never walked beyond the schema's own depth.
pub fn parse_draft(value: &Value) -> Result<Draft, WebIrError> {
    validate::parse_draft(value)
}

/// Checks that `next` may follow `prev` (used by diff and continuity; public
/// so other revision-aware code applies the same rule).
pub fn check_transition(prev: &Draft, next: &Draft) -> Result<(), WebIrError> {
    validate::check_transition(prev, next)
}
