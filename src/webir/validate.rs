//! Parsing a draft from JSON, the graph invariants, canonical ordering and
//! the revision-transition rule.
//!
//! The parser walks the `serde_json::Value` by schema instead of using
//! `serde::Deserialize`: serde's messages can quote caller values, and a
//! schema-driven walk never descends into values it does not expect, so a
//! deeply nested value anywhere in the draft costs one type check, not a
//! recursion. Unknown fields are ignored, as in the original draft type.

use std::collections::HashSet;
use std::io;

use serde_json::{Map, Value};

use super::model::{
    Coverage, DRAFT_SCHEMA_VERSION, Draft, Entity, EntityKind, EvidenceQuality, EvidenceSource,
    ExtractionLimits, HintDiagnostic, HintStatus, MAX_COVERAGE_REASON_BYTES, MAX_COVERAGE_REASONS,
    MAX_DRAFT_BYTES, MAX_ENTITIES, MAX_ENTITY_ID_BYTES, MAX_RELATIONSHIPS, Relationship,
    RelationshipKind, WebIrError,
};

/// Fixed reasons. Those marked "original" are the original's exact wording;
/// the others are ours because the original's text was not available.
pub(crate) mod reason {
    // Structural (parse) reasons: ours.
    pub const NOT_OBJECT: &str = "expected a JSON object";
    pub const NOT_ARRAY: &str = "expected an array";
    pub const NOT_STRING: &str = "expected a string";
    pub const NOT_BOOL: &str = "expected a boolean";
    pub const NOT_U32: &str = "expected a non-negative integer no larger than 4294967295";
    pub const NOT_U64: &str = "expected a non-negative integer";
    pub const MISSING: &str = "missing required field";
    pub const UNKNOWN_ENTITY_KIND: &str = "unknown entity kind";
    pub const UNKNOWN_RELATIONSHIP_KIND: &str = "unknown relationship kind";
    pub const UNKNOWN_QUALITY: &str = "unknown evidence quality";
    pub const UNKNOWN_SOURCE: &str = "unknown evidence source";
    pub const UNKNOWN_HINT_STATUS: &str = "unknown relationship hint status";
    // Invariants.
    pub const SCHEMA_VERSION: &str = "unsupported Web IR draft schema version";
    /// original
    pub const ENTITY_COUNT: &str = "entity count must be between 1 and the draft bound";
    /// original
    pub const ONE_PAGE: &str = "drafts must contain exactly one page entity";
    /// original
    pub const ENTITY_ID: &str = "entity IDs must be unique, bounded, and non-whitespace";
    pub const OPAQUE_REGION: &str =
        "opaque regions must have opaque quality and no evidence sources";
    pub const OPAQUE_QUALITY: &str = "only opaque regions may have opaque quality";
    pub const EVIDENCE: &str = "entities other than page and opaque regions require evidence";
    pub const OPAQUE_COUNT: &str = "opaque region count must equal coverage.opaqueRegions";
    pub const RELATIONSHIP_COUNT: &str = "relationship count exceeds the draft bound";
    /// original
    pub const RELATIONSHIP: &str =
        "relationships must be unique and reference two distinct known entities";
    pub const COVERAGE_REASONS: &str = "coverage reasons exceed their count or byte bound";
    pub const DRAFT_SIZE: &str = "serialized draft exceeds the draft size bound";
    /// original
    pub const OLDER_REVISION: &str = "target revision is older than the source revision";
    /// original
    pub const SAME_REVISION: &str = "same-revision drafts must have identical content";
}

type Result<T> = std::result::Result<T, WebIrError>;

/// Parses a draft, checks every invariant and returns it in canonical order.
pub(crate) fn parse_draft(value: &Value) -> Result<Draft> {
    let mut draft = parse_structure(value)?;
    check_invariants(&draft)?;
    canonicalize(&mut draft);
    check_size(&draft)?;
    Ok(draft)
}

/// Checks that `next` may follow `prev`: revisions never go back, and an
/// equal revision means identical (canonical) content.
pub(crate) fn check_transition(prev: &Draft, next: &Draft) -> Result<()> {
    if next.revision < prev.revision {
        return Err(WebIrError::new("revision", reason::OLDER_REVISION));
    }
    if next.revision == prev.revision && prev != next {
        return Err(WebIrError::new("revision", reason::SAME_REVISION));
    }
    Ok(())
}

/// True when `id` could be a draft entity ID: non-empty, at most 128 bytes,
/// no whitespace, no control characters.
pub(crate) fn is_valid_entity_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ENTITY_ID_BYTES
        && !id.chars().any(|c| c.is_whitespace() || c.is_control())
}

// ---------------------------------------------------------------------------
// Structure

fn parse_structure(value: &Value) -> Result<Draft> {
    let root = value
        .as_object()
        .ok_or_else(|| WebIrError::new("$", reason::NOT_OBJECT))?;
    let schema_version = u32_field(root, "schemaVersion", "schemaVersion")?;
    let revision = u64_field(root, "revision", "revision")?;
    let entities = array_field(root, "entities", "entities")?
        .iter()
        .map(parse_entity)
        .collect::<Result<Vec<_>>>()?;
    let relationships = array_field(root, "relationships", "relationships")?
        .iter()
        .map(parse_relationship)
        .collect::<Result<Vec<_>>>()?;
    let coverage = parse_coverage(required(root, "coverage", "coverage")?)?;
    let limits = parse_limits(required(root, "limits", "limits")?)?;
    let diagnostics = match optional(root, "diagnostics") {
        None => Vec::new(),
        Some(v) => string_array(v, "diagnostics")?,
    };
    let relationship_hint_diagnostics = match optional(root, "relationshipHintDiagnostics") {
        None => Vec::new(),
        Some(v) => array(v, "relationshipHintDiagnostics")?
            .iter()
            .map(parse_hint)
            .collect::<Result<Vec<_>>>()?,
    };
    Ok(Draft {
        schema_version,
        revision,
        entities,
        relationships,
        coverage,
        limits,
        diagnostics,
        relationship_hint_diagnostics,
    })
}

fn parse_entity(value: &Value) -> Result<Entity> {
    let obj = object(value, "entities")?;
    Ok(Entity {
        id: string_field(obj, "id", "entities.id")?,
        kind: wire_field(
            obj,
            "kind",
            "entities.kind",
            EntityKind::from_wire,
            reason::UNKNOWN_ENTITY_KIND,
        )?,
        role: optional_string(obj, "role", "entities.role")?,
        name: optional_string(obj, "name", "entities.name")?,
        quality: wire_field(
            obj,
            "quality",
            "entities.quality",
            EvidenceQuality::from_wire,
            reason::UNKNOWN_QUALITY,
        )?,
        evidence_sources: source_array(
            required(obj, "evidenceSources", "entities.evidenceSources")?,
            "entities.evidenceSources",
        )?,
    })
}

fn parse_relationship(value: &Value) -> Result<Relationship> {
    let obj = object(value, "relationships")?;
    Ok(Relationship {
        from: string_field(obj, "from", "relationships.from")?,
        to: string_field(obj, "to", "relationships.to")?,
        kind: wire_field(
            obj,
            "kind",
            "relationships.kind",
            RelationshipKind::from_wire,
            reason::UNKNOWN_RELATIONSHIP_KIND,
        )?,
    })
}

fn parse_coverage(value: &Value) -> Result<Coverage> {
    let obj = object(value, "coverage")?;
    Ok(Coverage {
        structural: wire_field(
            obj,
            "structural",
            "coverage.structural",
            EvidenceQuality::from_wire,
            reason::UNKNOWN_QUALITY,
        )?,
        semantic: wire_field(
            obj,
            "semantic",
            "coverage.semantic",
            EvidenceQuality::from_wire,
            reason::UNKNOWN_QUALITY,
        )?,
        interactive_entities_observed: u32_field(
            obj,
            "interactiveEntitiesObserved",
            "coverage.interactiveEntitiesObserved",
        )?,
        opaque_regions: u32_field(obj, "opaqueRegions", "coverage.opaqueRegions")?,
        reasons: string_array(
            required(obj, "reasons", "coverage.reasons")?,
            "coverage.reasons",
        )?,
    })
}

fn parse_limits(value: &Value) -> Result<ExtractionLimits> {
    let obj = object(value, "limits")?;
    let truncated = required(obj, "truncated", "limits.truncated")?
        .as_bool()
        .ok_or_else(|| WebIrError::new("limits.truncated", reason::NOT_BOOL))?;
    Ok(ExtractionLimits {
        truncated,
        omitted_facts: u32_field(obj, "omittedFacts", "limits.omittedFacts")?,
        text_bytes: u32_field(obj, "textBytes", "limits.textBytes")?,
        missing_sources: source_array(
            required(obj, "missingSources", "limits.missingSources")?,
            "limits.missingSources",
        )?,
    })
}

fn parse_hint(value: &Value) -> Result<HintDiagnostic> {
    const P: &str = "relationshipHintDiagnostics";
    let obj = object(value, P)?;
    Ok(HintDiagnostic {
        fact_index: u64_field(obj, "factIndex", "relationshipHintDiagnostics.factIndex")?,
        source: wire_field(
            obj,
            "source",
            "relationshipHintDiagnostics.source",
            EvidenceSource::from_wire,
            reason::UNKNOWN_SOURCE,
        )?,
        hint: wire_field(
            obj,
            "hint",
            "relationshipHintDiagnostics.hint",
            RelationshipKind::from_wire,
            reason::UNKNOWN_RELATIONSHIP_KIND,
        )?,
        parent_role: optional_string(obj, "parentRole", "relationshipHintDiagnostics.parentRole")?,
        status: wire_field(
            obj,
            "status",
            "relationshipHintDiagnostics.status",
            HintStatus::from_wire,
            reason::UNKNOWN_HINT_STATUS,
        )?,
    })
}

// Small typed accessors. Each takes the full path to report, so messages stay
// precise without ever quoting a value.

fn object<'a>(value: &'a Value, path: &str) -> Result<&'a Map<String, Value>> {
    value
        .as_object()
        .ok_or_else(|| WebIrError::new(path, reason::NOT_OBJECT))
}

fn array<'a>(value: &'a Value, path: &str) -> Result<&'a Vec<Value>> {
    value
        .as_array()
        .ok_or_else(|| WebIrError::new(path, reason::NOT_ARRAY))
}

fn required<'a>(obj: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a Value> {
    obj.get(key)
        .ok_or_else(|| WebIrError::new(path, reason::MISSING))
}

/// An optional field: absent and `null` both mean "not given", as serde's
/// `Option` does in the original.
fn optional<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    obj.get(key).filter(|v| !v.is_null())
}

fn array_field<'a>(obj: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a Vec<Value>> {
    array(required(obj, key, path)?, path)
}

fn string_field(obj: &Map<String, Value>, key: &str, path: &str) -> Result<String> {
    required(obj, key, path)?
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| WebIrError::new(path, reason::NOT_STRING))
}

fn optional_string(obj: &Map<String, Value>, key: &str, path: &str) -> Result<Option<String>> {
    optional(obj, key)
        .map(|v| {
            v.as_str()
                .map(str::to_owned)
                .ok_or_else(|| WebIrError::new(path, reason::NOT_STRING))
        })
        .transpose()
}

fn u64_field(obj: &Map<String, Value>, key: &str, path: &str) -> Result<u64> {
    required(obj, key, path)?
        .as_u64()
        .ok_or_else(|| WebIrError::new(path, reason::NOT_U64))
}

fn u32_field(obj: &Map<String, Value>, key: &str, path: &str) -> Result<u32> {
    required(obj, key, path)?
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| WebIrError::new(path, reason::NOT_U32))
}

fn wire_field<T>(
    obj: &Map<String, Value>,
    key: &str,
    path: &str,
    parse: fn(&str) -> Option<T>,
    unknown: &str,
) -> Result<T> {
    let text = required(obj, key, path)?
        .as_str()
        .ok_or_else(|| WebIrError::new(path, reason::NOT_STRING))?;
    parse(text).ok_or_else(|| WebIrError::new(path, unknown))
}

fn string_array(value: &Value, path: &str) -> Result<Vec<String>> {
    array(value, path)?
        .iter()
        .map(|v| {
            v.as_str()
                .map(str::to_owned)
                .ok_or_else(|| WebIrError::new(path, reason::NOT_STRING))
        })
        .collect()
}

fn source_array(value: &Value, path: &str) -> Result<Vec<EvidenceSource>> {
    array(value, path)?
        .iter()
        .map(|v| {
            let text = v
                .as_str()
                .ok_or_else(|| WebIrError::new(path, reason::NOT_STRING))?;
            EvidenceSource::from_wire(text)
                .ok_or_else(|| WebIrError::new(path, reason::UNKNOWN_SOURCE))
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Invariants, in order. Every pass is linear (hash sets), so a maximal draft
// costs O(entities + relationships).

fn check_invariants(draft: &Draft) -> Result<()> {
    if draft.schema_version != DRAFT_SCHEMA_VERSION {
        return Err(WebIrError::new("schemaVersion", reason::SCHEMA_VERSION));
    }
    if draft.entities.is_empty() || draft.entities.len() > MAX_ENTITIES {
        return Err(WebIrError::new("entities", reason::ENTITY_COUNT));
    }
    let pages = draft
        .entities
        .iter()
        .filter(|e| e.kind == EntityKind::Page)
        .count();
    if pages != 1 {
        return Err(WebIrError::new("entities", reason::ONE_PAGE));
    }

    let mut ids: HashSet<&str> = HashSet::with_capacity(draft.entities.len());
    for entity in &draft.entities {
        if !is_valid_entity_id(&entity.id) || !ids.insert(entity.id.as_str()) {
            return Err(WebIrError::new("entities.id", reason::ENTITY_ID));
        }
    }

    let mut opaque_regions: u64 = 0;
    for entity in &draft.entities {
        if entity.kind == EntityKind::OpaqueRegion {
            opaque_regions += 1;
            if entity.quality != EvidenceQuality::Opaque || !entity.evidence_sources.is_empty() {
                return Err(WebIrError::new(
                    "entities.opaqueRegion",
                    reason::OPAQUE_REGION,
                ));
            }
            continue;
        }
        if entity.quality == EvidenceQuality::Opaque {
            return Err(WebIrError::new("entities.quality", reason::OPAQUE_QUALITY));
        }
        if entity.kind != EntityKind::Page && entity.evidence_sources.is_empty() {
            return Err(WebIrError::new(
                "entities.evidenceSources",
                reason::EVIDENCE,
            ));
        }
    }
    if opaque_regions != u64::from(draft.coverage.opaque_regions) {
        return Err(WebIrError::new(
            "coverage.opaqueRegions",
            reason::OPAQUE_COUNT,
        ));
    }

    if draft.relationships.len() > MAX_RELATIONSHIPS {
        return Err(WebIrError::new("relationships", reason::RELATIONSHIP_COUNT));
    }
    let mut edges: HashSet<(&str, &str, RelationshipKind)> =
        HashSet::with_capacity(draft.relationships.len());
    for rel in &draft.relationships {
        let valid = rel.from != rel.to
            && ids.contains(rel.from.as_str())
            && ids.contains(rel.to.as_str())
            && edges.insert((rel.from.as_str(), rel.to.as_str(), rel.kind));
        if !valid {
            return Err(WebIrError::new("relationships", reason::RELATIONSHIP));
        }
    }

    let reasons = &draft.coverage.reasons;
    if reasons.len() > MAX_COVERAGE_REASONS
        || reasons.iter().any(|r| r.len() > MAX_COVERAGE_REASON_BYTES)
    {
        return Err(WebIrError::new(
            "coverage.reasons",
            reason::COVERAGE_REASONS,
        ));
    }
    Ok(())
}

/// Puts a valid draft in canonical order (§2.4 of the draft rules): the page
/// entity first then entities by ID; evidence sources sorted and deduplicated;
/// relationships by `(from, to, kind)`; hint diagnostics by
/// `(factIndex, source, lowercase parentRole, hint, status)`. Diagnostics,
/// coverage reasons and missing sources keep the order given.
fn canonicalize(draft: &mut Draft) {
    // IDs are unique after validation, so the order is total.
    draft.entities.sort_unstable_by(|a, b| {
        (a.kind != EntityKind::Page, &a.id).cmp(&(b.kind != EntityKind::Page, &b.id))
    });
    for entity in &mut draft.entities {
        entity.evidence_sources.sort_unstable();
        entity.evidence_sources.dedup();
    }
    // (from, to, kind) is unique after validation, so the order is total.
    draft
        .relationships
        .sort_unstable_by(|a, b| (&a.from, &a.to, a.kind).cmp(&(&b.from, &b.to, b.kind)));
    // The exact parentRole is the last tie-break, so elements that compare
    // equal are identical and the result does not depend on input order.
    draft.relationship_hint_diagnostics.sort_by_cached_key(|h| {
        (
            h.fact_index,
            h.source,
            h.parent_role.as_ref().map(|r| r.to_lowercase()),
            h.hint,
            h.status,
            h.parent_role.clone(),
        )
    });
}

/// A writer that only counts bytes and fails once past its budget, so the
/// size check stops early and allocates nothing.
struct ByteBudget {
    remaining: usize,
}

impl io::Write for ByteBudget {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.remaining = self
            .remaining
            .checked_sub(buf.len())
            .ok_or_else(|| io::Error::other("draft size bound exceeded"))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn check_size(draft: &Draft) -> Result<()> {
    let mut budget = ByteBudget {
        remaining: MAX_DRAFT_BYTES,
    };
    serde_json::to_writer(&mut budget, draft).map_err(|_| WebIrError::new("$", reason::DRAFT_SIZE))
}
