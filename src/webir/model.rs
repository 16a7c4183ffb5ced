//! Web IR v1 draft data model: the closed vocabularies, the validated draft
//! and the error type.
//!
//! Every type here serializes with its fields in wire order, so responses are
//! byte-for-byte stable without relying on `serde_json`'s `preserve_order`.

use serde::Serialize;

/// Declares a closed enum whose wire form is one fixed string per variant.
///
/// Hand-parsing from `serde_json::Value` (instead of deriving `Deserialize`)
/// keeps error messages free of caller values, so each enum only needs an
/// exact string table; this macro keeps that table in one place.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $variant:ident => $wire:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $(
                #[doc = concat!("Wire value `", $wire, "`.")]
                $variant,
            )+
        }

        impl $name {
            /// Every value, in declaration order (which is also the `Ord` order).
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The exact wire string, so callers never format enums by hand.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $wire,)+
                }
            }

            /// Parses the exact wire string; anything else is `None`, so the
            /// caller decides on a safe error without echoing the input.
            pub fn from_wire(value: &str) -> Option<Self> {
                match value {
                    $($wire => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl ::schemars::JsonSchema for $name {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                ::schemars::json_schema!({"type": "string", "enum": [$($wire,)+]})
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use wire_enum;

/// The only draft schema version this module accepts and emits.
pub const DRAFT_SCHEMA_VERSION: u32 = 1;
/// Upper bound on entities in one draft (the original's draft bound).
pub const MAX_ENTITIES: usize = 4096;
/// Upper bound on relationships in one draft.
pub const MAX_RELATIONSHIPS: usize = 8192;
/// Upper bound on an entity ID, in bytes, so IDs stay cheap to index and log.
pub const MAX_ENTITY_ID_BYTES: usize = 128;
/// Upper bound on `coverage.reasons` entries (adopted from Web IR v1) so that
/// `inspect` output stays bounded by construction.
pub const MAX_COVERAGE_REASONS: usize = 16;
/// Upper bound on one `coverage.reasons` entry, in bytes (adopted from Web IR v1).
pub const MAX_COVERAGE_REASON_BYTES: usize = 128;
/// Upper bound on the canonical serialized draft, in bytes.
///
/// 4 MiB equals the MCP request-body limit, so any draft that fits in a
/// request passes, and it admits 4096 entities plus 8192 relationships with
/// short fields (about 1 MiB) with a wide margin.
pub const MAX_DRAFT_BYTES: usize = 4 * 1024 * 1024;

wire_enum! {
    /// The kind of a draft entity (18 kinds in the draft vocabulary).
    pub enum EntityKind {
        Page => "page",
        Region => "region",
        Form => "form",
        Field => "field",
        Action => "action",
        Link => "link",
        NavigationItem => "navigationItem",
        Tab => "tab",
        Table => "table",
        Row => "row",
        Cell => "cell",
        Collection => "collection",
        CollectionItem => "collectionItem",
        Dialog => "dialog",
        PaginationControl => "paginationControl",
        Text => "text",
        UnknownInteractive => "unknownInteractive",
        OpaqueRegion => "opaqueRegion",
    }
}

wire_enum! {
    /// The kind of a directed relationship between two entities.
    pub enum RelationshipKind {
        Contains => "contains",
        Labels => "labels",
        Owns => "owns",
        Controls => "controls",
        NavigatesTo => "navigatesTo",
        Opens => "opens",
        Confirms => "confirms",
        Cancels => "cancels",
        Continues => "continues",
        Submits => "submits",
        HeaderFor => "headerFor",
        CellOf => "cellOf",
        Selects => "selects",
        RepeatsAs => "repeatsAs",
        ScopedTo => "scopedTo",
    }
}

wire_enum! {
    /// How well an entity or a coverage dimension is supported by evidence.
    pub enum EvidenceQuality {
        Confirmed => "confirmed",
        Strong => "strong",
        Partial => "partial",
        Inferred => "inferred",
        Conflicted => "conflicted",
        Opaque => "opaque",
    }
}

impl EvidenceQuality {
    /// Strength rank (opaque 0 .. confirmed 5), for callers that need a floor.
    pub const fn rank(self) -> u8 {
        match self {
            EvidenceQuality::Opaque => 0,
            EvidenceQuality::Conflicted => 1,
            EvidenceQuality::Inferred => 2,
            EvidenceQuality::Partial => 3,
            EvidenceQuality::Strong => 4,
            EvidenceQuality::Confirmed => 5,
        }
    }
}

wire_enum! {
    /// Where a piece of evidence came from.
    pub enum EvidenceSource {
        Dom => "dom",
        Accessibility => "accessibility",
        Layout => "layout",
        Forms => "forms",
        Navigation => "navigation",
        Tables => "tables",
        Collections => "collections",
        Dialogs => "dialogs",
        Frames => "frames",
        ShadowDom => "shadowDom",
        BoundedProbe => "boundedProbe",
    }
}

wire_enum! {
    /// Outcome of a relationship hint during reconciliation. The original
    /// serializes these in PascalCase (its enum had no rename), and drafts made
    /// for it must keep validating here.
    pub enum HintStatus {
        Validated => "Validated",
        Emitted => "Emitted",
        UnmatchedParent => "UnmatchedParent",
    }
}

/// One node of the draft graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Entity {
    /// Revision-local ID: unique, at most 128 bytes, no whitespace or control characters.
    pub id: String,
    /// What the entity is.
    pub kind: EntityKind,
    /// Accessible role, when observed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Accessible name, when observed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Evidence strength for this entity.
    pub quality: EvidenceQuality,
    /// Sources that observed it; sorted and deduplicated in a validated draft.
    pub evidence_sources: Vec<EvidenceSource>,
}

/// One directed edge of the draft graph; `(from, to, kind)` is unique.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Relationship {
    /// Source entity ID.
    pub from: String,
    /// Target entity ID (never equal to `from`).
    pub to: String,
    /// Edge kind.
    pub kind: RelationshipKind,
}

/// How much of the page the draft covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Coverage {
    /// Structural coverage quality.
    pub structural: EvidenceQuality,
    /// Semantic coverage quality.
    pub semantic: EvidenceQuality,
    /// Number of interactive entities the extractor observed.
    pub interactive_entities_observed: u32,
    /// Number of opaque regions; must equal the count of `opaqueRegion` entities.
    pub opaque_regions: u32,
    /// Short machine reasons for reduced coverage (bounded, see [`MAX_COVERAGE_REASONS`]).
    pub reasons: Vec<String>,
}

/// Extraction budget outcome (`limits` in the draft).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtractionLimits {
    /// True when the extractor stopped at a budget.
    pub truncated: bool,
    /// Facts left out because of budgets.
    pub omitted_facts: u32,
    /// Text bytes consumed.
    pub text_bytes: u32,
    /// Sources that could not be consulted.
    pub missing_sources: Vec<EvidenceSource>,
}

/// Reconciliation record for one relationship hint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HintDiagnostic {
    /// Index of the evidence fact that carried the hint.
    pub fact_index: u64,
    /// Source of that fact.
    pub source: EvidenceSource,
    /// The hinted relationship kind.
    pub hint: RelationshipKind,
    /// Role of the hinted parent, when the fact named one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_role: Option<String>,
    /// What became of the hint.
    pub status: HintStatus,
}

/// A Web IR v1 draft that passed every graph invariant, in canonical order.
///
/// Fields are private so a `Draft` can only come from [`crate::webir::parse_draft`];
/// diff and continuity rely on the invariants (unique IDs, known edge ends).
/// Serializing it yields the canonical JSON of the original's §2.4 rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    pub(super) schema_version: u32,
    pub(super) revision: u64,
    pub(super) entities: Vec<Entity>,
    pub(super) relationships: Vec<Relationship>,
    pub(super) coverage: Coverage,
    pub(super) limits: ExtractionLimits,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) diagnostics: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) relationship_hint_diagnostics: Vec<HintDiagnostic>,
}

impl Draft {
    /// Draft schema version (always [`DRAFT_SCHEMA_VERSION`]).
    pub fn schema_version(&self) -> u32 {
        self.schema_version
    }

    /// Page revision this draft describes.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Entities: the page entity first, then by ID.
    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    /// Relationships sorted by `(from, to, kind)`.
    pub fn relationships(&self) -> &[Relationship] {
        &self.relationships
    }

    /// Coverage metadata.
    pub fn coverage(&self) -> &Coverage {
        &self.coverage
    }

    /// Extraction limits metadata.
    pub fn limits(&self) -> &ExtractionLimits {
        &self.limits
    }

    /// Free-form extractor diagnostics, in the order given.
    pub fn diagnostics(&self) -> &[String] {
        &self.diagnostics
    }

    /// Relationship-hint diagnostics in canonical order.
    pub fn relationship_hint_diagnostics(&self) -> &[HintDiagnostic] {
        &self.relationship_hint_diagnostics
    }

    /// Canonical JSON text: equal drafts give equal bytes whatever the input order.
    pub fn to_canonical_json(&self) -> String {
        // Serializing plain structs of strings, numbers and enums cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A draft failed to parse, failed an invariant, or two drafts form an
/// invalid revision transition.
///
/// `path` names the draft field to correct; `reason` is a fixed sentence that
/// never contains caller values or page content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct WebIrError {
    /// Draft field path, e.g. `entities.id` or `$` for the whole document.
    pub path: String,
    /// Fixed, display-safe explanation.
    pub reason: String,
}

impl WebIrError {
    /// Builds an error from a path and one of this module's fixed reasons.
    pub(crate) fn new(path: impl Into<String>, reason: &str) -> Self {
        WebIrError {
            path: path.into(),
            reason: reason.to_owned(),
        }
    }

    /// The MCP error body `{"kind":"webIrValidation","path":…,"reason":…}`.
    pub fn response(&self) -> WebIrErrorResponse<'_> {
        WebIrErrorResponse {
            kind: "webIrValidation",
            path: &self.path,
            reason: &self.reason,
        }
    }
}

/// Serialized error body for `isError: true` tool results, fields in wire order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct WebIrErrorResponse<'a> {
    /// Always `webIrValidation`.
    pub kind: &'static str,
    /// See [`WebIrError::path`].
    pub path: &'a str,
    /// See [`WebIrError::reason`].
    pub reason: &'a str,
}
