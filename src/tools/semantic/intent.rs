//! Intents: a model states what it wants (an action, words, a scope such as the row of
//! "Invoice 2", constraints such as role and name); Glass finds the candidates on the page,
//! scores them with their evidence, says what it excluded and why, and classifies the result.
//! `resolveIntent` and `findTarget` never act. `executeIntent` resolves again on the current
//! page and acts only when the candidate chosen is still the one the policy accepts, through
//! the same verified action tools, guarded by the revision it resolved at; `actAndVerify`
//! adds `verify`'s predicates after the action.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::browser::agent_calls::IntentCandidates;
use crate::tools::kernel::args;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, Nav};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::{input_schema, input_schema_brief};
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

// What an intent does to the element it names (undocumented in the schema: the field name says it).
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
enum IntentAction {
    Click,
    Submit,
    Open,
    Type,
    Clear,
    Check,
    Uncheck,
    Toggle,
    Select,
    Expand,
    Collapse,
}

impl IntentAction {
    fn as_str(self) -> &'static str {
        match self {
            IntentAction::Click => "click",
            IntentAction::Submit => "submit",
            IntentAction::Open => "open",
            IntentAction::Type => "type",
            IntentAction::Clear => "clear",
            IntentAction::Check => "check",
            IntentAction::Uncheck => "uncheck",
            IntentAction::Toggle => "toggle",
            IntentAction::Select => "select",
            IntentAction::Expand => "expand",
            IntentAction::Collapse => "collapse",
        }
    }

    /// The verified action tool that carries it out.
    fn tool(self) -> &'static Tool {
        match self {
            IntentAction::Type => &crate::tools::act::forms::TYPE,
            IntentAction::Clear => &crate::tools::act::forms::CLEAR,
            IntentAction::Check => &crate::tools::act::forms::CHECK,
            IntentAction::Uncheck => &crate::tools::act::forms::UNCHECK,
            IntentAction::Select => &crate::tools::act::forms::SELECT,
            _ => &crate::tools::act::pointer::CLICK,
        }
    }
}

// Where the target is.
#[derive(Deserialize, JsonSchema, Clone, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Scope {
    /// Its row, item or region's text ("Invoice 2").
    #[schemars(length(min = 1, max = 256))]
    region_name: Option<String>,
    /// Its role (row, form, dialog...).
    #[schemars(length(min = 1, max = 32))]
    region_role: Option<String>,
}

// What the target must be.
#[derive(Deserialize, JsonSchema, Clone, Default)]
#[serde(deny_unknown_fields)]
struct Constraints {
    // Its role.
    #[schemars(length(min = 1, max = 32))]
    role: Option<String>,
    /// Accessible name (equal, else contained).
    #[schemars(length(min = 1, max = 256))]
    name: Option<String>,
}

/// How sure Glass must be before it selects (and executeIntent acts): nothing (report only),
/// an exact match, an exact or unique high-confidence one (the default), or also a unique
/// low-confidence one. The field's description says so in one line, so the variants carry no
/// doc comments (each would be repeated in four tools' schemas).
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
enum ResolutionPolicy {
    ReportOnly,
    RequireExact,
    #[default]
    RequireUniqueHighConfidence,
    AllowUniqueMediumConfidence,
}

/// Declare an arguments struct: the intent's fields (written once here), then its own.
macro_rules! with_intent_fields {
    ($(#[$m:meta])* struct $name:ident { $($own:tt)* }) => {
        $(#[$m])*
        #[derive(Deserialize, JsonSchema, Clone)]
        #[serde(deny_unknown_fields, rename_all = "camelCase")]
        struct $name {
            /// Always 1.
            #[schemars(extend("const" = 1))]
            #[allow(dead_code)] // held to 1 by the schema check
            schema_version: u32,
            /// The goal ("delete invoice 2").
            #[schemars(length(min = 1, max = 512))]
            intent: String,
            /// What to do.
            action: IntentAction,
            /// Where it is.
            scope: Option<Scope>,
            /// What it is.
            constraints: Option<Constraints>,
            /// Default requireUniqueHighConfidence.
            resolution_policy: Option<ResolutionPolicy>,
            /// Else staleRevision.
            expected_revision: Option<u64>,
            $($own)*
        }
    };
}

with_intent_fields! {
    /// Arguments of `resolveIntent` and `findTarget`.
    struct IntentArgs {}
}

with_intent_fields! {
    /// Arguments of `executeIntent`: the intent as resolved, and the candidate chosen.
    struct ExecuteArgs {
        /// From resolveIntent.
        #[schemars(length(min = 1, max = 128))]
        candidate_id: String,
        /// type: text; select: an option.
        #[schemars(length(max = 4096))]
        value: Option<String>,
    }
}

with_intent_fields! {
    /// Arguments of `actAndVerify`: executeIntent's, and verify's.
    struct ActVerifyArgs {
        /// From resolveIntent.
        #[schemars(length(min = 1, max = 128))]
        candidate_id: String,
        /// type: text; select: an option.
        #[schemars(length(max = 4096))]
        value: Option<String>,
        /// verify's, checked after.
        #[schemars(length(min = 1, max = 8))]
        predicates: Vec<Value>,
        /// all (default) or any.
        combine: Option<crate::tools::semantic::verify::Combine>,
        /// Default 5000.
        #[schemars(range(max = 120_000))]
        timeout_ms: Option<u64>,
    }
}

/// The intent part of executeIntent's and actAndVerify's arguments.
macro_rules! intent_of {
    ($a:expr) => {
        IntentArgs {
            schema_version: $a.schema_version,
            intent: $a.intent.clone(),
            action: $a.action,
            scope: $a.scope.clone(),
            constraints: $a.constraints.clone(),
            resolution_policy: $a.resolution_policy,
            expected_revision: $a.expected_revision,
        }
    };
}

/// `resolveIntent`.
pub const RESOLVE_INTENT: Tool = Tool {
    name: "resolveIntent",
    title: "Resolve an intent",
    description: "Find the element an intent means: classification (exact, uniqueHighConfidence, ambiguous, notFound...), candidates, evidence. Never acts.",
    group: ToolGroup::Standard,
    family: Family::Semantic,
    schema: input_schema::<IntentArgs>,
    output: result_of::<ResolveResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(IntentArgs, run_resolve),
};

/// `findTarget`: the same resolution, reporting only (no selection).
pub const FIND_TARGET: Tool = Tool {
    name: "findTarget",
    title: "Find target candidates",
    description: "The candidates for an intent with their evidence, without selecting one (resolveIntent with reportOnly). Never acts.",
    group: ToolGroup::Full,
    family: Family::Semantic,
    schema: find_schema,
    output: result_of::<ResolveResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(IntentArgs, run_find),
};

/// `executeIntent`.
pub const EXECUTE_INTENT: Tool = Tool {
    name: "executeIntent",
    title: "Execute an intent",
    description: "resolveIntent's fields plus candidateId: acts through the verified tools only if that candidate is still the one selected now (else not_executed, with why).",
    group: ToolGroup::Standard,
    family: Family::Semantic,
    schema: input_schema_brief::<ExecuteArgs>,
    output: result_of::<ExecuteResult>,
    effects: &[
        Effect::RunsSteps,
        Effect::Input,
        Effect::ProducesText,
        Effect::Navigates(Nav::OnPage),
    ],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Reports,
    run: crate::handler!(ExecuteArgs, run_execute),
};

/// `actAndVerify`.
pub const ACT_AND_VERIFY: Tool = Tool {
    name: "actAndVerify",
    title: "Act and verify",
    description: "executeIntent, then verify's predicates (same fields): the action's result and the verification's evidence. No retry.",
    group: ToolGroup::Standard,
    family: Family::Semantic,
    schema: input_schema_brief::<ActVerifyArgs>,
    output: result_of::<ExecuteResult>,
    effects: &[
        Effect::RunsSteps,
        Effect::Input,
        Effect::ProducesText,
        Effect::Navigates(Nav::OnPage),
        Effect::Learns,
    ],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Reports,
    run: crate::handler!(ActVerifyArgs, run_act_verify),
};

/// How a resolution turned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Classification {
    /// One candidate matches exactly.
    Exact,
    /// One candidate clearly ahead of the rest.
    UniqueHighConfidence,
    /// One candidate ahead, by less.
    UniqueLowConfidence,
    /// Several candidates too close to choose.
    Ambiguous,
    /// No candidate.
    NotFound,
    /// The page is not at expectedRevision.
    StaleRevision,
}

/// The result of `resolveIntent` and `findTarget`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResolveResult {
    /// Always 1.
    pub schema_version: u32,
    /// The action resolved for.
    pub action: &'static str,
    /// The page revision the candidates belong to.
    pub revision: u64,
    /// How the resolution turned out.
    pub classification: Classification,
    /// The top candidate's confidence (0 to 1).
    pub confidence: f64,
    /// The candidate the policy selects, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selection: Option<String>,
    /// Up to 8 candidates, best first: candidateId, ref, role, name, context, confidence,
    /// exact, covered (every intent word accounted for), evidence.
    #[schemars(extend("x-glassPageContent" = true))]
    pub candidates: Vec<Value>,
    /// Candidates found in all.
    pub total: u64,
    /// What was ruled out, by reason: wrongRole, outOfScope, nameMismatch, disabled, hidden.
    pub exclusions: Value,
    /// The page's language, for what Glass learns (not sent).
    #[serde(skip)]
    #[schemars(skip)]
    pub lang: String,
}

/// The result of `executeIntent` and `actAndVerify`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExecuteResult {
    /// executed, or not_executed.
    pub status: &'static str,
    /// not_executed: changed, ambiguous, notFound, staleRevision, lowConfidence,
    /// or the action's own failure kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The candidate asked for.
    pub candidate_id: String,
    /// The resolution on the page as it is now.
    pub classification: Classification,
    /// The action's own result (or failure) when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub result: Option<Value>,
    /// actAndVerify: verify's answer after the action.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub verification: Option<Value>,
    /// The page revision now.
    pub revision: u64,
    /// What Glass learns from the outcome (not sent).
    #[serde(skip)]
    #[schemars(skip)]
    pub learned: Option<crate::tools::store::knowledge::Learned>,
}

/// Resolve on the page as it is: the classified, scored candidates.
async fn resolve(
    services: &Arc<Services>,
    tool: &Tool,
    a: &IntentArgs,
    policy: ResolutionPolicy,
) -> Result<ResolveResult, ToolOutcome> {
    let mut b = session_for(services, tool).await?;
    let revision = b.revision();
    let action = a.action.as_str();
    let stale = a.expected_revision.is_some_and(|r| r != revision);
    if stale {
        return Ok(ResolveResult {
            schema_version: 1,
            action,
            revision,
            classification: Classification::StaleRevision,
            confidence: 0.0,
            selection: None,
            candidates: Vec::new(),
            total: 0,
            exclusions: json!({}),
            lang: String::new(),
        });
    }
    let scope = a.scope.clone().unwrap_or_default();
    let constraints = a.constraints.clone().unwrap_or_default();
    let spec = json!({
        "intent": a.intent, "action": action,
        "scope": {"regionName": scope.region_name, "regionRole": scope.region_role},
        "constraints": {"role": constraints.role, "name": constraints.name},
    });
    let next = b.next_ref();
    let mut answer = b
        .agent()
        .run(&IntentCandidates(spec, next))
        .await
        .map_err(ToolOutcome::from)?;
    let mut candidates = match answer["candidates"].take() {
        Value::Array(c) => c,
        _ => Vec::new(),
    };
    b.actions()
        .record_refs(&answer["nextRef"], candidates.iter());
    for c in &mut candidates {
        let id = format!("c{revision}-{}", c["ref"].as_str().unwrap_or_default());
        c["candidateId"] = json!(id);
        c["name"] = json!(crate::redact::bounded_text(
            c["name"].as_str().unwrap_or(""),
            80
        ));
    }
    let score = |c: Option<&Value>| c.and_then(|c| c["confidence"].as_f64()).unwrap_or(0.0);
    let exact = |c: Option<&Value>| c.is_some_and(|c| c["exact"] == true);
    let (top, second) = (candidates.first(), candidates.get(1));
    let classification = if top.is_none() {
        Classification::NotFound
    } else if exact(top) && !exact(second) {
        Classification::Exact
    } else if exact(top) {
        Classification::Ambiguous
    } else if top.is_some_and(|t| t["covered"] == true) && score(top) - score(second) >= 0.25 {
        // Every intent word is accounted for (one at least by the name), well ahead of the
        // next candidate.
        Classification::UniqueHighConfidence
    } else if score(top) >= 0.5 && score(top) - score(second) >= 0.15 {
        Classification::UniqueLowConfidence
    } else {
        Classification::Ambiguous
    };
    let accepted = match policy {
        ResolutionPolicy::ReportOnly => false,
        ResolutionPolicy::RequireExact => classification == Classification::Exact,
        ResolutionPolicy::RequireUniqueHighConfidence => matches!(
            classification,
            Classification::Exact | Classification::UniqueHighConfidence
        ),
        ResolutionPolicy::AllowUniqueMediumConfidence => matches!(
            classification,
            Classification::Exact
                | Classification::UniqueHighConfidence
                | Classification::UniqueLowConfidence
        ),
    };
    Ok(ResolveResult {
        schema_version: 1,
        action,
        revision,
        classification,
        confidence: score(top),
        selection: accepted
            .then(|| {
                top.and_then(|t| t["candidateId"].as_str())
                    .map(str::to_owned)
            })
            .flatten(),
        total: answer["total"].as_u64().unwrap_or(candidates.len() as u64),
        candidates,
        exclusions: nonzero(answer["excluded"].take()),
        lang: answer["lang"].as_str().unwrap_or("").to_owned(),
    })
}

/// Only the reasons that ruled something out: a zero says nothing a model needs.
fn nonzero(mut counts: Value) -> Value {
    if let Value::Object(m) = &mut counts {
        m.retain(|_, v| v.as_u64() != Some(0));
    }
    counts
}

fn run_resolve(services: Arc<Services>, input: Call<IntentArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let policy = a.resolution_policy.unwrap_or_default();
        match resolve(&services, &RESOLVE_INTENT, &a, policy).await {
            Ok(r) => ToolOutcome::ok(&r),
            Err(o) => o,
        }
    })
}

fn run_find(services: Arc<Services>, input: Call<IntentArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        match resolve(&services, &FIND_TARGET, &a, ResolutionPolicy::ReportOnly).await {
            Ok(r) => ToolOutcome::ok(&r),
            Err(o) => o,
        }
    })
}

/// The scope an intent names, as knowledge records keep it (`role:name`), or empty.
fn region_of(scope: Option<&Scope>) -> String {
    scope
        .map(|s| {
            format!(
                "{}:{}",
                s.region_role.as_deref().unwrap_or(""),
                s.region_name.as_deref().unwrap_or("")
            )
        })
        .filter(|r| r != ":")
        .unwrap_or_default()
}

/// `findTarget`'s schema: `resolveIntent`'s fields but the resolution policy (it selects
/// nothing, whatever the policy).
fn find_schema() -> Value {
    let mut schema = input_schema_brief::<IntentArgs>();
    if let Some(Value::Object(p)) = schema.get_mut("properties") {
        p.remove("resolutionPolicy");
    }
    schema
}

/// `resolveIntentWithKnowledge`.
pub const RESOLVE_WITH_KNOWLEDGE: Tool = Tool {
    name: "resolveIntentWithKnowledge",
    title: "Resolve with knowledge",
    description: "resolveIntent plus verified-run history as secondary evidence: may raise a live candidate's confidence, never add one or overturn an exact match.",
    group: ToolGroup::Full,
    family: Family::Semantic,
    schema: input_schema_brief::<IntentArgs>,
    output: result_of::<KnowledgeResolveResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(IntentArgs, run_resolve_with_knowledge),
};

/// The result of `resolveIntentWithKnowledge`.
#[derive(Debug, Serialize, JsonSchema)]
struct KnowledgeResolveResult {
    /// The resolution with history weighed in: candidates carry `knowledgeConfidence` and,
    /// when a record matched, `historicalMatch`.
    #[serde(flatten)]
    resolution: ResolveResult,
    /// How the records weighed in.
    knowledge: crate::tools::store::knowledge::KnowledgeUse,
}

fn run_resolve_with_knowledge(services: Arc<Services>, input: Call<IntentArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let policy = a.resolution_policy.unwrap_or_default();
        let mut r = match resolve(&services, &RESOLVE_WITH_KNOWLEDGE, &a, policy).await {
            Ok(r) => r,
            Err(o) => return o,
        };
        let region = region_of(a.scope.as_ref());
        let used = try_tool!(
            crate::tools::store::knowledge::weigh(
                &services,
                &a.intent,
                a.action.as_str(),
                &region,
                &mut r.candidates
            )
            .await
        );
        // History can only lift a live candidate among live ones: an exact live match, no
        // match, or a stale page stays as the page says.
        let live_final = matches!(
            r.classification,
            Classification::Exact | Classification::NotFound | Classification::StaleRevision
        );
        if used.matched > 0 && !live_final {
            let k = |c: &Value| c["knowledgeConfidence"].as_f64().unwrap_or(0.0);
            r.candidates.sort_by(|x, y| k(y).total_cmp(&k(x)));
            let (top, second) = (r.candidates.first(), r.candidates.get(1));
            let gap = top.map_or(0.0, k) - second.map_or(0.0, k);
            let historical = top.is_some_and(|t| t.get("historicalMatch").is_some());
            r.classification = if historical && gap >= 0.25 {
                Classification::UniqueHighConfidence
            } else if historical && top.map_or(0.0, k) >= 0.5 && gap >= 0.15 {
                Classification::UniqueLowConfidence
            } else {
                r.classification
            };
            r.confidence = top.map_or(0.0, k);
            let accepted = match policy {
                ResolutionPolicy::ReportOnly | ResolutionPolicy::RequireExact => false,
                ResolutionPolicy::RequireUniqueHighConfidence => {
                    r.classification == Classification::UniqueHighConfidence
                }
                ResolutionPolicy::AllowUniqueMediumConfidence => matches!(
                    r.classification,
                    Classification::UniqueHighConfidence | Classification::UniqueLowConfidence
                ),
            };
            r.selection = accepted
                .then(|| {
                    top.and_then(|t| t["candidateId"].as_str())
                        .map(str::to_owned)
                })
                .flatten();
        }
        ToolOutcome::ok(&KnowledgeResolveResult {
            resolution: r,
            knowledge: used,
        })
    })
}

/// Resolve again and, when `candidate_id` is still what the policy selects, run the action
/// tool on it, guarded by the revision resolved at.
async fn execute(
    services: &Arc<Services>,
    tool: &'static Tool,
    a: &IntentArgs,
    candidate_id: &str,
    value: Option<&str>,
) -> Result<(ExecuteResult, bool), ToolOutcome> {
    let needs_value = matches!(a.action, IntentAction::Type | IntentAction::Select);
    if needs_value && value.is_none() {
        return Err(args::invalid("value", "is required for this action").into());
    }
    // A policy that selects nothing cannot be executed.
    let policy = match a.resolution_policy.unwrap_or_default() {
        ResolutionPolicy::ReportOnly => ResolutionPolicy::RequireUniqueHighConfidence,
        p => p,
    };
    let now = resolve(services, tool, a, policy).await?;
    let not_executed = |reason: &str, now: &ResolveResult| ExecuteResult {
        learned: None,
        status: "not_executed",
        reason: Some(reason.to_owned()),
        candidate_id: candidate_id.to_owned(),
        classification: now.classification,
        result: None,
        verification: None,
        revision: now.revision,
    };
    let chosen_ref = candidate_id.split_once('-').map(|(_, r)| r).unwrap_or("");
    let top_ref = now
        .candidates
        .first()
        .and_then(|c| c["ref"].as_str())
        .unwrap_or("");
    let reason = match now.classification {
        Classification::StaleRevision => Some("staleRevision"),
        Classification::NotFound => Some("notFound"),
        Classification::Ambiguous => Some("ambiguous"),
        _ if now.selection.is_none() => Some("lowConfidence"),
        _ if top_ref != chosen_ref => Some("changed"),
        _ => None,
    };
    if let Some(reason) = reason {
        return Ok((not_executed(reason, &now), false));
    }
    // Where it resolved, for what Glass learns from the outcome.
    let learned = now
        .candidates
        .first()
        .map(|top| crate::tools::store::knowledge::Learned {
            intent: a.intent.clone(),
            action: a.action.as_str(),
            region: region_of(a.scope.as_ref()),
            role: top["role"].as_str().unwrap_or("").to_owned(),
            name: top["name"].as_str().unwrap_or("").to_owned(),
            locale: now.lang.clone(),
            url: String::new(),
        });
    let learned = match learned {
        Some(mut l) => {
            l.url = crate::tools::store::knowledge::url_to_learn(services, tool).await;
            Some(l)
        }
        None => None,
    };
    let mut call = Map::new();
    call.insert("target".into(), json!(chosen_ref));
    call.insert("expectedRevision".into(), json!(now.revision));
    match a.action {
        IntentAction::Type => {
            call.insert("text".into(), json!(value));
        }
        IntentAction::Select => {
            call.insert("value".into(), json!(value));
        }
        _ => {}
    }
    let action_tool = a.action.tool();
    let (result, ok) = crate::tools::kernel::call::nested(
        crate::tools::kernel::call::call(services, action_tool, call).await,
    );
    let revision = result["revision"].as_u64().unwrap_or(now.revision);
    Ok((
        ExecuteResult {
            learned,
            status: if ok { "executed" } else { "not_executed" },
            reason: (!ok).then(|| {
                result["failureKind"]
                    .as_str()
                    .or(result["kind"].as_str())
                    .unwrap_or("failed")
                    .to_owned()
            }),
            candidate_id: candidate_id.to_owned(),
            classification: now.classification,
            result: Some(result),
            verification: None,
            revision,
        },
        ok,
    ))
}

fn run_execute(services: Arc<Services>, input: Call<ExecuteArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        match execute(
            &services,
            &EXECUTE_INTENT,
            &intent_of!(a),
            &a.candidate_id,
            a.value.as_deref(),
        )
        .await
        {
            // An action that went out proves nothing of the intent: Glass learns only from
            // verified outcomes (actAndVerify).
            Ok((r, _)) => ToolOutcome::ok(&r),
            Err(o) => o,
        }
    })
}

fn run_act_verify(services: Arc<Services>, input: Call<ActVerifyArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        // The predicates are checked before anything acts.
        let mut check = Map::new();
        check.insert("predicates".into(), json!(a.predicates));
        if let Some(c) = a.combine {
            check.insert("combine".into(), json!(c));
        }
        if let Some(t) = a.timeout_ms {
            check.insert("timeoutMs".into(), json!(t));
        }
        try_tool!(crate::tools::semantic::verify::validate(&check));
        let (mut result, executed) = match execute(
            &services,
            &ACT_AND_VERIFY,
            &intent_of!(a),
            &a.candidate_id,
            a.value.as_deref(),
        )
        .await
        {
            Ok(r) => r,
            Err(o) => return o,
        };
        if executed {
            let (v, _) = crate::tools::kernel::call::nested(
                crate::tools::kernel::call::call(
                    &services,
                    &crate::tools::semantic::verify::TOOL,
                    check,
                )
                .await,
            );
            if let Some(r) = v["revision"].as_u64() {
                result.revision = r;
            }
            // A verified effect teaches a success; one that did not show, a failure.
            let held = v["satisfied"] == true;
            crate::tools::store::knowledge::learn(
                &services,
                &ACT_AND_VERIFY,
                result.learned.as_ref(),
                held,
            );
            result.verification = Some(v);
        }
        ToolOutcome::ok(&result)
    })
}
