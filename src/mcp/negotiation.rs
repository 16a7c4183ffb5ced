//! The Glass discovery manifest and per-connection agreement.
//!
//! MCP's own handshake only agrees on the MCP revision. Glass clients also need to know which
//! Glass schemas and capabilities this build and this policy offer, and to fail early when a
//! capability they require is missing. The field names follow the original Glass so that its
//! clients keep working. Pure: no I/O, no async.

use serde_json::{Map, Value, json};

pub use crate::tools::ServerFacts;

/// The Glass protocol version this build speaks.
pub const GLASS_PROTOCOL_VERSION: u64 = 1;

/// Every Glass schema and the versions this build supports (all at version 1).
pub const SCHEMAS: &[(&str, &[u64])] = &[
    ("protocol", &[1]),
    ("task", &[1]),
    ("webIr", &[1]),
    ("action", &[1]),
    ("observation", &[1]),
    ("workflow", &[1]),
    ("checkpoint", &[1]),
    ("policy", &[1]),
    ("workflowCheckpoint", &[1]),
    ("trace", &[1]),
    ("intent", &[1]),
    ("knowledge", &[1]),
];

/// How usable a capability is on this connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapabilityStatus {
    /// Built, allowed and supported.
    Available,
    /// Usable, but not presented as certified (browser-free drafts, for example).
    AvailableUncertified,
    /// Usable only by clients that accept experimental capabilities.
    Experimental,
    /// The policy chosen at start-up forbids it.
    DisabledByPolicy,
    /// This platform cannot provide it.
    UnavailableOnPlatform,
    /// The component that provides it is not part of this build.
    MissingRuntimeDependency,
    /// A security precondition (such as a sandbox) is not met.
    BlockedBySecurityGate,
}

impl CapabilityStatus {
    /// The camelCase wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            CapabilityStatus::Available => "available",
            CapabilityStatus::AvailableUncertified => "availableUncertified",
            CapabilityStatus::Experimental => "experimental",
            CapabilityStatus::DisabledByPolicy => "disabledByPolicy",
            CapabilityStatus::UnavailableOnPlatform => "unavailableOnPlatform",
            CapabilityStatus::MissingRuntimeDependency => "missingRuntimeDependency",
            CapabilityStatus::BlockedBySecurityGate => "blockedBySecurityGate",
        }
    }

    /// Whether a client may use the capability (experimental ones only after acceptance).
    pub fn enabled(self) -> bool {
        matches!(
            self,
            CapabilityStatus::Available
                | CapabilityStatus::AvailableUncertified
                | CapabilityStatus::Experimental
        )
    }
}

/// The capability inventory, in a stable order: each capability with the tools that provide
/// it and its status when they are there. A capability no tool provides is missing from this
/// build; one whose tools this configuration does not offer (the policy, or `--tools`) is
/// disabled by it. Derived from the catalog, so the manifest cannot advertise what does not
/// work, nor hide what does.
pub const INVENTORY: &[(&str, &[&str], CapabilityStatus)] = &[
    (
        "action",
        &["click", "type", "select"],
        CapabilityStatus::Available,
    ),
    ("semanticRegions", &["observe"], CapabilityStatus::Available),
    (
        "taskProtocol",
        &["validateTask", "compileTask"],
        CapabilityStatus::AvailableUncertified,
    ),
    (
        "webIr",
        &["validateWebIr", "extractWebIr"],
        CapabilityStatus::AvailableUncertified,
    ),
    (
        "observationDiffs",
        &["observeDelta"],
        CapabilityStatus::Available,
    ),
    (
        "intentResolution",
        &["resolveIntent", "executeIntent"],
        CapabilityStatus::Available,
    ),
    (
        "workflowRuntime",
        &["workflow"],
        CapabilityStatus::Available,
    ),
    ("workflowResume", &["workflow"], CapabilityStatus::Available),
    (
        "persistentKnowledge",
        &["knowledgeList", "resolveIntentWithKnowledge"],
        CapabilityStatus::Available,
    ),
    ("workflowAuthoring", &[], CapabilityStatus::Available),
    ("reliabilityCertification", &[], CapabilityStatus::Available),
    ("rawCdp", &[], CapabilityStatus::Available),
    ("localDaemon", &["lease"], CapabilityStatus::Available),
    ("extensions", &[], CapabilityStatus::Available),
    ("mcpStdio", &["navigate"], CapabilityStatus::Available),
];

/// The capability inventory with each status for this build and this configuration.
pub fn capability_statuses(facts: &ServerFacts) -> Vec<(&'static str, CapabilityStatus)> {
    use CapabilityStatus::*;
    let knowledge_denied = facts
        .decisions
        .iter()
        .any(|(c, d)| *c == "knowledge-store" && *d == "deny");
    INVENTORY
        .iter()
        .map(|(name, tools, when_there)| {
            let exists = !tools.is_empty() && tools.iter().all(|t| crate::tools::find(t).is_some());
            let status = if !exists {
                MissingRuntimeDependency
            } else if *name == "localDaemon" {
                // `glass daemon` is part of every build; its lease tool is listed only there.
                *when_there
            } else if (*name == "persistentKnowledge" && knowledge_denied)
                || !tools
                    .iter()
                    .filter_map(|t| crate::tools::find(t))
                    .all(|t| crate::tools::offered(t, facts))
            {
                DisabledByPolicy
            } else {
                *when_there
            };
            (*name, status)
        })
        .collect()
}

/// The platform label of the running build.
pub fn platform() -> &'static str {
    platform_label(std::env::consts::OS, std::env::consts::ARCH)
}

/// The platform label of an OS and architecture as Rust names them.
fn platform_label(os: &str, arch: &str) -> &'static str {
    match (os, arch) {
        ("linux", "x86_64") => "linux-x86_64",
        ("linux", "aarch64") => "linux-arm64",
        ("macos", "x86_64") => "macos-x86_64",
        ("macos", "aarch64") => "macos-aarch64",
        ("windows", "x86_64") => "windows-x86_64",
        _ => "unsupported",
    }
}

fn constraints(facts: &ServerFacts) -> Value {
    json!({
        "platform": platform(),
        "browserFamily": "chromium",
        "policy": facts.policy.as_str(),
        "maxSessions": 1,
        "headless": facts.headless,
        "attach": facts.attach,
    })
}

/// The `glass` discovery manifest sent in the initialize result and in `server/discover`.
pub fn manifest(facts: &ServerFacts) -> Value {
    let statuses = capability_statuses(facts);
    let schemas: Map<String, Value> = SCHEMAS
        .iter()
        .map(|(name, versions)| ((*name).to_owned(), json!(versions)))
        .collect();
    let booleans: Map<String, Value> = statuses
        .iter()
        .map(|(name, s)| ((*name).to_owned(), Value::Bool(s.enabled())))
        .collect();
    let explicit: Map<String, Value> = statuses
        .iter()
        .map(|(name, s)| ((*name).to_owned(), Value::from(s.as_str())))
        .collect();
    json!({
        "protocolVersion": GLASS_PROTOCOL_VERSION,
        "glassVersion": env!("CARGO_PKG_VERSION"),
        "schemas": schemas,
        "capabilities": booleans,
        "capabilityStatuses": explicit,
        "constraints": constraints(facts),
        "policy": {
            "preset": facts.policy.as_str(),
            "capabilities": facts.decisions.iter().map(|(c, d)| ((*c).to_owned(), Value::from(*d))).collect::<Map<String, Value>>(),
            "allowHosts": facts.host_rules.0,
            "denyHosts": facts.host_rules.1,
            "confirmBy": facts.confirm_by.as_str(),
        },
    })
}

/// Why a client's Glass request cannot be agreed; `field` names the offending field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Glass capability negotiation failed: {field}: {detail}")]
pub struct NegotiationError {
    /// The request field at fault, such as `glass.requires.workflowResume`.
    pub field: String,
    /// What is wrong with it; never echoes client-supplied values other than schema or
    /// capability names, which are bounded identifiers.
    pub detail: String,
}

fn fail(field: impl Into<String>, detail: impl Into<String>) -> NegotiationError {
    NegotiationError {
        field: field.into(),
        detail: detail.into(),
    }
}

/// Longest schema or capability name echoed back in an error; longer names are cut.
const MAX_NAME_ECHO: usize = 64;

fn bounded_name(name: &str) -> String {
    let mut end = name.len().min(MAX_NAME_ECHO);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    name[..end]
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

fn version_list(value: &Value, field: &str) -> Result<Vec<u64>, NegotiationError> {
    let Some(items) = value.as_array() else {
        return Err(fail(field, "must be an array of positive integers"));
    };
    if items.is_empty() {
        return Err(fail(field, "version list must not be empty"));
    }
    items
        .iter()
        .map(|v| {
            v.as_u64()
                .filter(|n| *n > 0)
                .ok_or_else(|| fail(field, "must be an array of positive integers"))
        })
        .collect()
}

fn name_list(value: Option<&Value>, field: &str) -> Result<Vec<String>, NegotiationError> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) if items.len() <= 64 => items
            .iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| fail(field, "must be an array of capability names"))
            })
            .collect(),
        Some(_) => Err(fail(
            field,
            "must be an array of at most 64 capability names",
        )),
    }
}

/// The immutable agreement of one connection (or one stateless request).
pub fn negotiate(facts: &ServerFacts, request: Option<&Value>) -> Result<Value, NegotiationError> {
    agree(&capability_statuses(facts), facts, request)
}

/// [`negotiate`] over a given capability inventory (tests use one with an experimental entry,
/// which the shipped inventory does not have yet).
fn agree(
    statuses: &[(&'static str, CapabilityStatus)],
    facts: &ServerFacts,
    request: Option<&Value>,
) -> Result<Value, NegotiationError> {
    let empty = Map::new();
    let (req, explicit) = match request {
        None | Some(Value::Null) => (&empty, false),
        Some(Value::Object(map)) => (map, true),
        Some(_) => {
            return Err(fail(
                "glass",
                "invalid capability request: must be an object",
            ));
        }
    };

    // Glass protocol version: the list form, or the legacy singular field.
    let protocols = match (req.get("protocolVersions"), req.get("protocolVersion")) {
        (Some(list), _) => version_list(list, "glass.protocolVersions")?,
        (None, Some(v)) => vec![
            v.as_u64()
                .ok_or_else(|| fail("glass.protocolVersion", "must be a positive integer"))?,
        ],
        (None, None) => vec![GLASS_PROTOCOL_VERSION],
    };
    if !protocols.contains(&GLASS_PROTOCOL_VERSION) {
        return Err(fail(
            "glass.protocolVersions",
            format!("no common version; supported: [{GLASS_PROTOCOL_VERSION}]"),
        ));
    }

    // Schemas: each requested one must be known and share a version; none requested means all.
    let mut agreed = Map::new();
    match req.get("schemas") {
        None | Some(Value::Null) => {
            for (name, versions) in SCHEMAS {
                agreed.insert((*name).into(), json!(versions.iter().max()));
            }
        }
        Some(Value::Object(requested)) => {
            for (name, versions) in requested {
                let field = format!("glass.schemas.{}", bounded_name(name));
                let Some((_, supported)) = SCHEMAS.iter().find(|(n, _)| n == name) else {
                    return Err(fail(field, "unknown schema"));
                };
                let wanted = version_list(versions, &field)?;
                let best = wanted.iter().filter(|v| supported.contains(v)).max();
                let Some(best) = best else {
                    return Err(fail(
                        field,
                        format!(
                            "requested versions do not intersect supported versions {supported:?}"
                        ),
                    ));
                };
                agreed.insert(name.clone(), json!(best));
            }
        }
        Some(_) => return Err(fail("glass.schemas", "must be an object")),
    }

    let requires = name_list(req.get("requires"), "glass.requires")?;
    let optional = name_list(req.get("optional"), "glass.optional")?;
    let accepts_experimental = match req.get("acceptsExperimental") {
        None | Some(Value::Null) => !explicit,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(fail("glass.acceptsExperimental", "must be a boolean")),
    };
    let lookup = |name: &str| statuses.iter().find(|(n, _)| *n == name).map(|(_, s)| *s);

    let mut capabilities = Map::new();
    for name in &requires {
        let field = format!("glass.requires.{}", bounded_name(name));
        let status = lookup(name).ok_or_else(|| fail(&field, "unknown capability"))?;
        if !status.enabled() {
            return Err(fail(
                &field,
                format!("capability is not enabled ({})", status.as_str()),
            ));
        }
        if status == CapabilityStatus::Experimental && !accepts_experimental {
            return Err(fail(
                &field,
                "experimental capability requires acceptsExperimental=true",
            ));
        }
        capabilities.insert(name.clone(), json!({"status": status.as_str()}));
    }
    let considered: Vec<&str> = if requires.is_empty() && optional.is_empty() {
        statuses.iter().map(|(n, _)| *n).collect()
    } else {
        optional.iter().map(String::as_str).collect()
    };
    for name in considered {
        let Some(status) = lookup(name) else { continue };
        if status == CapabilityStatus::Experimental && !accepts_experimental {
            continue;
        }
        capabilities
            .entry(name.to_owned())
            .or_insert_with(|| json!({"status": status.as_str()}));
    }

    Ok(json!({
        "protocolVersion": GLASS_PROTOCOL_VERSION,
        "agreedSchemas": agreed,
        "capabilities": capabilities,
        "constraints": constraints(facts),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::PolicyPreset;

    fn facts() -> ServerFacts {
        ServerFacts {
            policy: PolicyPreset::Development,
            headless: true,
            attach: false,
            decisions: Vec::new(),
            host_rules: (0, 0),
            tools: Default::default(),
            incognito: false,
            session_args: Vec::new(),
            daemon: false,
            confirm_by: crate::policy::ConfirmBy::Auto,
            secrets: false,
        }
    }

    #[test]
    fn no_request_agrees_on_everything() {
        let a = negotiate(&facts(), None).unwrap();
        assert_eq!(a["agreedSchemas"]["webIr"], 1);
        assert_eq!(a["capabilities"]["mcpStdio"]["status"], "available");
        assert_eq!(a["capabilities"].as_object().unwrap().len(), 15);
    }

    #[test]
    fn failures_name_their_field() {
        let cases = [
            (
                json!({"schemas": {"nope": [1]}}),
                "glass.schemas.nope",
                "unknown schema",
            ),
            (
                json!({"schemas": {"task": []}}),
                "glass.schemas.task",
                "must not be empty",
            ),
            (
                json!({"schemas": {"task": [2]}}),
                "glass.schemas.task",
                "do not intersect",
            ),
            (
                json!({"protocolVersions": [2]}),
                "glass.protocolVersions",
                "no common",
            ),
            (
                json!({"requires": ["bogus"]}),
                "glass.requires.bogus",
                "unknown capability",
            ),
            (
                json!({"requires": ["rawCdp"]}),
                "glass.requires.rawCdp",
                "missingRuntimeDependency",
            ),
        ];
        for (req, field, detail) in cases {
            let e = negotiate(&facts(), Some(&req)).unwrap_err();
            assert_eq!(e.field, field);
            assert!(e.detail.contains(detail), "{e}");
        }
    }

    #[test]
    fn unknown_optional_capabilities_are_omitted() {
        let req = json!({"optional": ["mcpStdio", "bogus"], "schemas": {"task": [1]}});
        let a = negotiate(&facts(), Some(&req)).unwrap();
        assert_eq!(
            a["capabilities"],
            json!({"mcpStdio": {"status": "available"}})
        );
        assert_eq!(a["agreedSchemas"], json!({"task": 1}));
    }

    /// Every capability advertised as usable names tools of the catalog, and every schema is
    /// read or written by one: nothing is advertised without an operation behind it.
    #[test]
    fn every_advertised_capability_and_schema_has_an_operation() {
        for (name, tools, _) in INVENTORY {
            for t in *tools {
                assert!(crate::tools::find(t).is_some(), "{name}: {t}");
            }
        }
        let enabled: Vec<&str> = capability_statuses(&facts())
            .into_iter()
            .filter(|(_, s)| s.enabled())
            .map(|(n, _)| n)
            .collect();
        for name in [
            "workflowResume",
            "workflowRuntime",
            "observationDiffs",
            "intentResolution",
            "localDaemon",
            "persistentKnowledge",
        ] {
            assert!(
                enabled.contains(&name),
                "{name} works but is not advertised"
            );
        }
        let operations: &[(&str, &str)] = &[
            ("protocol", "navigate"),
            ("task", "validateTask"),
            ("webIr", "validateWebIr"),
            ("action", "click"),
            ("observation", "observe"),
            ("workflow", "workflow"),
            ("checkpoint", "exportCheckpoint"),
            ("policy", "navigate"),
            ("workflowCheckpoint", "workflow"),
            ("trace", "navigate"),
            ("intent", "resolveIntent"),
            ("knowledge", "knowledgeList"),
        ];
        for (schema, _) in SCHEMAS {
            let op = operations.iter().find(|(s, _)| s == schema);
            assert!(
                op.is_some_and(|(_, t)| crate::tools::find(t).is_some()),
                "schema {schema} has no operation"
            );
        }
        // The spec's own example request is agreed.
        let spec = json!({"protocolVersions": [1], "schemas": {"action": [1], "workflow": [1], "task": [1], "webIr": [1]},
                          "requires": ["workflowResume"], "optional": ["extensions"], "acceptsExperimental": false});
        let a = negotiate(&facts(), Some(&spec)).unwrap();
        assert_eq!(a["capabilities"]["workflowResume"]["status"], "available");
    }

    #[test]
    fn platform_labels_cover_the_release_targets() {
        assert_eq!(platform_label("linux", "x86_64"), "linux-x86_64");
        assert_eq!(platform_label("linux", "aarch64"), "linux-arm64");
        assert_eq!(platform_label("macos", "x86_64"), "macos-x86_64");
        assert_eq!(platform_label("macos", "aarch64"), "macos-aarch64");
        assert_eq!(platform_label("windows", "x86_64"), "windows-x86_64");
        assert_eq!(platform_label("freebsd", "x86_64"), "unsupported");
        assert_eq!(
            platform(),
            platform_label(std::env::consts::OS, std::env::consts::ARCH)
        );
    }

    #[test]
    fn only_usable_statuses_are_enabled() {
        use CapabilityStatus::*;
        for (status, enabled) in [
            (Available, true),
            (AvailableUncertified, true),
            (Experimental, true),
            (DisabledByPolicy, false),
            (UnavailableOnPlatform, false),
            (MissingRuntimeDependency, false),
            (BlockedBySecurityGate, false),
        ] {
            assert_eq!(status.enabled(), enabled, "{}", status.as_str());
        }
    }

    #[test]
    fn the_manifest_and_agreement_carry_the_server_facts() {
        let mut f = facts();
        f.policy = PolicyPreset::Hardened;
        f.attach = true;
        f.headless = false;
        f.decisions = vec![("evaluate", "deny")];
        f.host_rules = (2, 1);
        let expected = json!({
            "platform": platform(),
            "browserFamily": "chromium",
            "policy": "hardened",
            "maxSessions": 1,
            "headless": false,
            "attach": true,
        });
        let m = manifest(&f);
        assert_eq!(m["constraints"], expected);
        assert_eq!(m["protocolVersion"], GLASS_PROTOCOL_VERSION);
        assert_eq!(m["glassVersion"], env!("CARGO_PKG_VERSION"));
        assert_eq!(m["schemas"]["webIr"], json!([1]));
        assert_eq!(m["capabilities"]["mcpStdio"], true);
        assert_eq!(m["capabilities"]["rawCdp"], false);
        assert_eq!(
            m["capabilityStatuses"]["rawCdp"],
            "missingRuntimeDependency"
        );
        // Knowledge is off where the policy denies it; what works is advertised as working.
        f.decisions = vec![("knowledge-store", "deny")];
        let m = manifest(&f);
        assert_eq!(
            m["capabilityStatuses"]["persistentKnowledge"],
            "disabledByPolicy"
        );
        assert_eq!(m["capabilityStatuses"]["workflowResume"], "available");
        f.decisions = vec![("evaluate", "deny")];
        f.confirm_by = crate::policy::ConfirmBy::Person;
        let m = manifest(&f);
        assert_eq!(
            m["policy"],
            json!({"preset": "hardened", "capabilities": {"evaluate": "deny"}, "allowHosts": 2, "denyHosts": 1, "confirmBy": "person"})
        );
        assert_eq!(negotiate(&f, None).unwrap()["constraints"], expected);
    }

    #[test]
    fn echoed_names_are_cut_on_a_character_boundary_and_lists_are_bounded() {
        // 63 ASCII letters, then a two-byte letter across the 64-byte cut.
        let name = format!("{}é", "a".repeat(63));
        let e = negotiate(&facts(), Some(&json!({"schemas": {name: [1]}}))).unwrap_err();
        assert_eq!(e.field, format!("glass.schemas.{}", "a".repeat(63)));
        assert_eq!(bounded_name("a\u{7}b"), "a?b");
        let e = negotiate(&facts(), Some(&json!({"protocolVersions": [0]}))).unwrap_err();
        assert!(e.detail.contains("positive"), "{e}");
        let many: Vec<String> = (0..65).map(|i| format!("c{i}")).collect();
        let e = negotiate(&facts(), Some(&json!({"optional": many}))).unwrap_err();
        assert!(e.detail.contains("at most 64"), "{e}");
        let some: Vec<String> = (0..64).map(|_| "mcpStdio".to_owned()).collect();
        assert!(negotiate(&facts(), Some(&json!({"optional": some}))).is_ok());
    }

    #[test]
    fn experimental_capabilities_need_acceptance_unless_nothing_was_asked() {
        use CapabilityStatus::*;
        let inventory = [("stable", Available), ("exp", Experimental)];
        let agree = |req: Option<Value>| agree(&inventory, &facts(), req.as_ref());
        // No request at all: everything, experimental included.
        let all = agree(None).unwrap();
        assert_eq!(all["capabilities"]["exp"]["status"], "experimental");
        assert_eq!(all["capabilities"]["stable"]["status"], "available");
        // An explicit request that does not accept them: left out, refused when required.
        let plain = agree(Some(json!({}))).unwrap();
        assert!(plain["capabilities"].get("exp").is_none(), "{plain}");
        assert_eq!(plain["capabilities"]["stable"]["status"], "available");
        let e = agree(Some(json!({"requires": ["exp"]}))).unwrap_err();
        assert!(e.detail.contains("acceptsExperimental"), "{e}");
        assert!(agree(Some(json!({"requires": ["stable"]}))).is_ok());
        // Accepted: required and listed.
        let yes = agree(Some(
            json!({"requires": ["exp"], "acceptsExperimental": true}),
        ))
        .unwrap();
        assert_eq!(yes["capabilities"]["exp"]["status"], "experimental");
        let opt = agree(Some(
            json!({"optional": ["exp"], "acceptsExperimental": true}),
        ))
        .unwrap();
        assert_eq!(opt["capabilities"]["exp"]["status"], "experimental");
    }
}
