//! The `webIr.validate` and `webIr.inspect` outputs.
//!
//! Both are structs rather than `serde_json::Value`: without `preserve_order`
//! a `Value` object sorts its keys, and the spec fixes the field order.

use serde::Serialize;

use super::model::{Coverage, Draft};

/// `validateWebIr` success body: `{"valid":true,"schemaVersion":1,"revision":7}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValidateResult {
    /// Always true: an invalid draft is an error, not a result.
    pub valid: bool,
    /// Draft schema version.
    pub schema_version: u32,
    /// Draft revision.
    pub revision: u64,
}

/// `inspectWebIr` success body: counts and coverage only, never entity IDs,
/// relationships or page content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InspectSummary<'a> {
    /// Draft schema version.
    pub schema_version: u32,
    /// Draft revision.
    pub revision: u64,
    /// Number of entities.
    pub entity_count: usize,
    /// Number of relationships.
    pub relationship_count: usize,
    /// The draft's coverage block (its reasons are bounded by validation).
    pub coverage: &'a Coverage,
    /// `limits.truncated` of the draft.
    pub truncated: bool,
    /// `coverage.opaqueRegions`, repeated at top level as in the original.
    pub opaque_regions: u32,
    /// Number of free-form diagnostics.
    pub diagnostic_count: usize,
    /// Number of relationship-hint diagnostics.
    pub relationship_hint_diagnostic_count: usize,
}

/// Builds the `validateWebIr` body for a draft that already validated.
pub fn validate_result(draft: &Draft) -> ValidateResult {
    ValidateResult {
        valid: true,
        schema_version: draft.schema_version(),
        revision: draft.revision(),
    }
}

/// Builds the bounded `inspectWebIr` summary.
pub fn inspect(draft: &Draft) -> InspectSummary<'_> {
    InspectSummary {
        schema_version: draft.schema_version(),
        revision: draft.revision(),
        entity_count: draft.entities().len(),
        relationship_count: draft.relationships().len(),
        coverage: draft.coverage(),
        truncated: draft.limits().truncated,
        opaque_regions: draft.coverage().opaque_regions,
        diagnostic_count: draft.diagnostics().len(),
        relationship_hint_diagnostic_count: draft.relationship_hint_diagnostics().len(),
    }
}
