//! What changed: `observeDelta` (the elements that changed since the last compact
//! observation, so a model that has read a page once reads only the difference after an
//! action; refs are stable for an element within a document, so elements are matched by ref)
//! and `reconcileReferences` (old refs mapped to the current page: preserved, relocated and
//! how, or lost and why). Neither acts.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::browser::act::ActError;
use crate::failure::FailureKind;
use crate::tools::kernel::args::{NoArgs, Ref, Target};
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::observation::{observation, observed_page};
use crate::tools::kernel::observed::{difference, flatten};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// Most elements listed in each of added, removed and changed.
pub const MAX_LISTED: usize = 32;

/// `observeDelta`.
pub const OBSERVE_DELTA: Tool = Tool {
    name: "observeDelta",
    title: "What changed",
    description: "What changed since the last observation, each changed field before and after. Never acts.",
    group: ToolGroup::Standard,
    family: Family::Page,
    schema: input_schema::<NoArgs>,
    output: result_of::<DeltaResult>,
    effects: &[Effect::ReadsPage],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(NoArgs, run),
};

fn run(services: Arc<Services>, _: Call<NoArgs>) -> ToolFuture {
    Box::pin(async move {
        let mut b = try_tool!(session_for(&services, &OBSERVE_DELTA).await);
        let now = try_tool!(observation(&mut b, None, None, false).await);
        let page = observed_page(&services.session, &b);
        let before = services.observed.last_observed();
        services
            .observed
            .remember(page.clone(), now.revision, &now.url, &now.page);
        let mut current = Vec::new();
        flatten(&now.page.elements, &mut current);
        let Some(before) = before else {
            return ToolOutcome::ok(&DeltaResult {
                baseline: true,
                from_revision: None,
                to_revision: now.revision,
                document_changed: false,
                url: now.url,
                counts: DeltaCounts {
                    elements: current.len(),
                    ..DeltaCounts::default()
                },
                ..DeltaResult::default()
            });
        };
        let document_changed = before.page != page;
        let old: BTreeMap<&str, &Value> = before
            .elements
            .iter()
            .map(|(r, v)| (r.as_str(), v))
            .collect();
        let now_by_ref: BTreeMap<&str, &Value> =
            current.iter().map(|(r, v)| (r.as_str(), v)).collect();
        // An element the budgets cut from this observation may still be there: it counts as
        // removed here, as before (`currentIncomplete` says the list was cut).
        let d = difference(&before, &current, false, None);
        let mut out = DeltaResult {
            from_revision: Some(before.revision),
            to_revision: now.revision,
            document_changed,
            url_changed: before.url != now.url,
            url: now.url.clone(),
            prior_incomplete: before.truncated,
            current_incomplete: now.page.truncated,
            counts: DeltaCounts {
                added: d.added.len(),
                removed: d.removed.len(),
                changed: d.changed.len(),
                unchanged: d.unchanged,
                elements: 0,
            },
            ..DeltaResult::default()
        };
        out.added = d
            .added
            .iter()
            .filter_map(|r| now_by_ref.get(r.as_str()).map(|e| (*e).clone()))
            .take(MAX_LISTED)
            .collect();
        out.changed = d
            .changed
            .iter()
            .filter_map(|r| {
                Some(changed(
                    r,
                    old.get(r.as_str())?,
                    now_by_ref.get(r.as_str())?,
                ))
            })
            .take(MAX_LISTED)
            .collect();
        out.removed = d
            .removed
            .iter()
            .filter_map(|r| {
                old.get(r.as_str())
                    .map(|e| json!({"ref": r, "role": e["role"], "name": e["name"]}))
            })
            .take(MAX_LISTED)
            .collect();
        out.truncated = out.counts.added > out.added.len()
            || out.counts.removed > out.removed.len()
            || out.counts.changed > out.changed.len();
        ToolOutcome::ok(&out)
    })
}

/// An element that changed: its ref, role and name, and each field that differs.
fn changed(r: &str, was: &Value, now: &Value) -> Value {
    let mut fields = Map::new();
    let (a, b) = (was.as_object(), now.as_object());
    let keys: BTreeSet<&String> = a
        .into_iter()
        .flat_map(|m| m.keys())
        .chain(b.into_iter().flat_map(|m| m.keys()))
        .collect();
    for k in keys {
        if k == "ref" {
            continue;
        }
        let (x, y) = (&was[k.as_str()], &now[k.as_str()]);
        if x != y {
            fields.insert(k.clone(), json!({"before": x, "after": y}));
        }
    }
    json!({"ref": r, "role": now["role"], "name": now["name"], "fields": fields})
}

/// The result of `observeDelta`.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeltaResult {
    /// No earlier compact observation in this session: this one is the baseline.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub baseline: bool,
    /// The revision of the earlier observation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_revision: Option<u64>,
    /// The revision now.
    pub to_revision: u64,
    /// A new document (or another tab) since: every ref is new.
    pub document_changed: bool,
    /// The URL changed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub url_changed: bool,
    /// The URL now.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// Elements that appeared (as observe lists them, without children).
    #[schemars(extend("x-glassPageContent" = true))]
    pub added: Vec<Value>,
    /// Elements that are gone: ref, role, name.
    #[schemars(extend("x-glassPageContent" = true))]
    pub removed: Vec<Value>,
    /// Elements whose fields changed: ref, role, name, and each field before and after.
    #[schemars(extend("x-glassPageContent" = true))]
    pub changed: Vec<Value>,
    /// How many of each, listed or not.
    pub counts: DeltaCounts,
    /// The lists were cut at 32 each.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// The earlier observation was cut by its budgets (an element past them may read as
    /// added or removed).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub prior_incomplete: bool,
    /// This observation was cut by its budgets.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub current_incomplete: bool,
}

/// How many elements changed which way.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct DeltaCounts {
    /// Appeared.
    pub added: usize,
    /// Gone.
    pub removed: usize,
    /// Changed.
    pub changed: usize,
    /// The same.
    pub unchanged: usize,
    /// Baseline: elements observed.
    #[serde(skip_serializing_if = "crate::tools::kernel::output::is_zero")]
    pub elements: usize,
}

/// `reconcileReferences`.
pub const RECONCILE: Tool = Tool {
    name: "reconcileReferences",
    title: "Reconcile old refs",
    description: "Map refs from an earlier observation to the page now: preserved, relocated (role and name, or a hint), or lost with reason and candidates. Never acts.",
    group: ToolGroup::Full,
    family: Family::Page,
    schema: input_schema::<ReconcileArgs>,
    output: result_of::<ReconcileResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ReconcileArgs, run_reconcile),
};

/// Arguments of `reconcileReferences`.
#[derive(serde::Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ReconcileArgs {
    /// The refs to map.
    #[schemars(length(min = 1, max = 16))]
    refs: Vec<Ref>,
    /// The revision they were seen at.
    from_revision: Option<u64>,
    /// Locators for when role and name match several.
    #[schemars(length(max = 8))]
    hints: Option<Vec<Target>>,
}

fn run_reconcile(services: Arc<Services>, input: Call<ReconcileArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let mut b = try_tool!(session_for(&services, &RECONCILE).await);
        let hints = a.hints.unwrap_or_default();
        let mut out = ReconcileResult {
            from_revision: a.from_revision,
            to_revision: b.revision(),
            mappings: Vec::with_capacity(a.refs.len()),
            preserved: 0,
            relocated: 0,
            lost: 0,
        };
        for old in &a.refs {
            let old = old.as_str();
            let mapping = match b.actions().resolve(old).await {
                Ok(now) => {
                    out.preserved += 1;
                    json!({"old": old, "kind": "preserved", "new": now.r})
                }
                Err(ActError::Browser(e)) => return e.into(),
                Err(ActError::Targeting(f)) => {
                    let candidates: Vec<Value> = f
                        .get("candidates")
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default();
                    let lost = |reason: &str, candidates: Option<&Vec<Value>>| {
                        let mut m = json!({"old": old, "kind": "lost", "reason": reason});
                        if let Some(c) = candidates.filter(|c| !c.is_empty()) {
                            m["candidates"] = json!(c);
                        }
                        m
                    };
                    match f.failure_kind() {
                        Some(FailureKind::StaleRef) if candidates.len() == 1 => {
                            out.relocated += 1;
                            json!({"old": old, "kind": "relocated", "new": candidates[0]["ref"],
                                   "matchedBy": "roleAndName"})
                        }
                        Some(FailureKind::StaleRef) if candidates.is_empty() => {
                            out.lost += 1;
                            lost("notFound", None)
                        }
                        Some(FailureKind::StaleRef) => {
                            // Several elements share its role and name: a hint may pick one.
                            let mut picked = None;
                            for h in &hints {
                                if let Ok(r) = b.actions().resolve(h.as_str()).await {
                                    if candidates.iter().any(|c| c["ref"] == r.r.as_str()) {
                                        picked = Some(r.r);
                                        break;
                                    }
                                }
                            }
                            match picked {
                                Some(r) => {
                                    out.relocated += 1;
                                    json!({"old": old, "kind": "relocated", "new": r, "matchedBy": "hint"})
                                }
                                None => {
                                    out.lost += 1;
                                    lost("ambiguous", Some(&candidates))
                                }
                            }
                        }
                        Some(FailureKind::WrongFrame) => {
                            out.lost += 1;
                            lost("otherFrame", None)
                        }
                        Some(FailureKind::NotVisible) => {
                            out.lost += 1;
                            lost("hidden", None)
                        }
                        _ => {
                            out.lost += 1;
                            lost("neverIssued", None)
                        }
                    }
                }
            };
            out.mappings.push(mapping);
        }
        out.to_revision = b.revision();
        ToolOutcome::ok(&out)
    })
}

/// The result of `reconcileReferences`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconcileResult {
    /// The revision the refs were observed at, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_revision: Option<u64>,
    /// The revision now.
    pub to_revision: u64,
    /// One per ref, in the order given: old, kind (preserved, relocated, lost), new,
    /// matchedBy (roleAndName, hint), reason (notFound, ambiguous, hidden, otherFrame,
    /// neverIssued), candidates.
    #[schemars(extend("x-glassPageContent" = true))]
    pub mappings: Vec<Value>,
    /// Refs that still name their element.
    pub preserved: usize,
    /// Refs whose element was found again under a new ref.
    pub relocated: usize,
    /// Refs with no current element.
    pub lost: usize,
}
