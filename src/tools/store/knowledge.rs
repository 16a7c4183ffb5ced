//! Knowledge tools: what Glass learned from verified executions, read and managed
//! (`knowledgeList`, `knowledgeShow`, `knowledgeStats`, `knowledgeInvalidate`,
//! `knowledgePurge`), weighed beside a fresh observation (`observeKnowledge`), and the learning
//! itself, called by the intent tools after an execution's outcome is known. The live page
//! always comes first: a record never creates a candidate, never authorizes an action, and is
//! only learned when the `knowledge-store` capability is allowed (the hardened preset keeps the
//! store read-only).

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::failure::{Failure, FailureKind};
use crate::policy::Capability;
use crate::store::knowledge::{self, Record, RecordState, Scope, Stats};
use crate::tools::kernel::args;
use crate::tools::kernel::call::call;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::store::store_failure;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// What an intent execution resolved to, kept until its outcome is known.
#[derive(Clone, Debug, Default)]
pub struct Learned {
    /// The intent's words.
    pub intent: String,
    /// The action.
    pub action: &'static str,
    /// `role:name` of the scope the caller gave, or empty.
    pub region: String,
    /// The resolved element's role.
    pub role: String,
    /// Its accessible name.
    pub name: String,
    /// The page's language.
    pub locale: String,
    /// The page's URL when it resolved (only its origin is kept).
    pub url: String,
}

/// Whether `tool`'s call learns: it declares that it learns (only from verified outcomes) and
/// the policy allows writing the store.
fn learning(services: &Services, tool: &Tool) -> bool {
    crate::tools::kernel::effects::permits(services, tool, Capability::KnowledgeStore)
}

/// Where an execution that may teach something starts: the page's URL when `tool` learns
/// here, else nothing (no round trip for a lesson that will not be kept).
pub async fn url_to_learn(services: &Services, tool: &Tool) -> String {
    if learning(services, tool) {
        page_url(services).await
    } else {
        String::new()
    }
}

/// The selected page's URL now, or empty.
pub async fn page_url(services: &Services) -> String {
    let Ok(mut b) = services.session.acquire().await else {
        return String::new();
    };
    if b.page().is_err() {
        return String::new();
    }
    b.pages()
        .location()
        .await
        .map(|(u, _)| u)
        .unwrap_or_default()
}

/// Whose profile the session browses with: a throwaway one is anonymous; a kept one (or an
/// attached Chrome) is bound to that profile.
fn profile_scope(services: &Services) -> &'static str {
    if services.facts.incognito {
        "anonymous"
    } else {
        "profileBound"
    }
}

/// Learn one outcome, when the policy allows the store to be written. Never fails the call
/// that taught it: a store that cannot be written is logged and skipped.
pub fn learn(services: &Services, tool: &Tool, learned: Option<&Learned>, success: bool) {
    let Some(l) = learned else { return };
    if !learning(services, tool) {
        return;
    }
    let Some(origin) = knowledge::origin_of(&l.url) else {
        return;
    };
    if l.role.is_empty() {
        return;
    }
    let scope = Scope {
        origin,
        profile_scope: profile_scope(services).to_owned(),
        locale: l.locale.clone(),
        intent: l.intent.clone(),
        action: l.action.to_owned(),
        region: l.region.clone(),
        role: l.role.clone(),
        name: l.name.clone(),
    };
    let learned = services
        .store
        .get()
        .and_then(|s| knowledge::learn(&s, &scope, success, knowledge::now()));
    if let Err(e) = learned {
        tracing::warn!(error = %e, "knowledge not recorded");
    }
}

/// How records weighed in on a resolution.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeUse {
    /// Records of this origin, profile scope, intent and action.
    pub considered: usize,
    /// Live candidates a fresh record matched (their confidence raised).
    pub matched: usize,
    /// Records whose element is not among the live candidates: not evidence now.
    pub not_on_page: usize,
    /// Live candidates a contradicted or quarantined record names: never raised.
    pub contradicted: usize,
}

/// Most a record raises a live candidate's confidence.
const MAX_BOOST: f64 = 0.2;

/// What a record with `successes` verified executions adds to a candidate's confidence: 0.05
/// each, at most [`MAX_BOOST`].
fn boost_of(successes: u64) -> f64 {
    (0.05 * successes as f64).min(MAX_BOOST)
}

/// Weigh the records of this page and intent on live candidates: a fresh record (more
/// successes than failures) that names a candidate's role and name adds `historicalMatch` and
/// a raised `knowledgeConfidence` to it; nothing else changes, and no candidate is added.
pub async fn weigh(
    services: &Arc<Services>,
    intent: &str,
    action: &str,
    region: &str,
    candidates: &mut [Value],
) -> Result<KnowledgeUse, ToolOutcome> {
    let url = page_url(services).await;
    let mut used = KnowledgeUse::default();
    let Some(origin) = knowledge::origin_of(&url) else {
        return Ok(used);
    };
    let store = services.store.get().map_err(store_failure)?;
    let records = knowledge::of_origin(&store, &origin).map_err(store_failure)?;
    let intent = crate::redact::bounded_text(intent.trim(), 256).to_lowercase();
    let scope = profile_scope(services);
    let relevant: Vec<&Record> = records
        .iter()
        .filter(|r| {
            r.scope.profile_scope == scope
                && r.scope.intent == intent
                && r.scope.action == action
                && (region.is_empty() || r.scope.region == region)
        })
        .collect();
    used.considered = relevant.len();
    let on_page = |r: &Record| {
        candidates
            .iter()
            .any(|c| c["role"] == r.scope.role.as_str() && c["name"] == r.scope.name.as_str())
    };
    used.not_on_page = relevant.iter().filter(|r| !on_page(r)).count();
    for c in candidates.iter_mut() {
        let live = c["confidence"].as_f64().unwrap_or(0.0);
        c["knowledgeConfidence"] = json!(live);
        let names =
            |r: &&&Record| c["role"] == r.scope.role.as_str() && c["name"] == r.scope.name.as_str();
        let Some(r) = relevant.iter().find(names) else {
            continue;
        };
        let usable = r.state == RecordState::Fresh && r.successes > r.failures;
        if !usable {
            if matches!(
                r.state,
                RecordState::Contradicted | RecordState::Quarantined
            ) {
                used.contradicted += 1;
            }
            continue;
        }
        used.matched += 1;
        let boost = boost_of(r.successes);
        let raised = ((live + boost) * 100.0).round() / 100.0;
        c["knowledgeConfidence"] = json!(raised.min(1.0));
        c["historicalMatch"] = json!({
            "recordId": r.id, "successes": r.successes, "failures": r.failures, "lastSeen": r.last_seen,
        });
    }
    Ok(used)
}

fn unknown_record() -> ToolOutcome {
    ToolOutcome::Failed(Failure::of(
        FailureKind::UnknownRecord,
        "no knowledge record has this id",
    ))
}

/// `knowledgeList`.
pub const LIST: Tool = Tool {
    name: "knowledgeList",
    title: "List knowledge",
    description: "Knowledge records learned from verified runs, newest first.",
    group: ToolGroup::Full,
    family: Family::Store,
    schema: input_schema::<ListArgs>,
    output: result_of::<ListResult>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(ListArgs, run_list),
};

/// Arguments of `knowledgeList`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ListArgs {
    /// Only this origin (scheme://host[:port]).
    #[schemars(length(min = 1, max = 2048))]
    origin: Option<String>,
    /// Only this state.
    state: Option<StateArg>,
    /// Most records (default 20).
    #[schemars(range(min = 1, max = 100))]
    limit: Option<usize>,
    /// Records to skip.
    #[schemars(range(max = 10_000))]
    offset: Option<usize>,
}

#[derive(Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
enum StateArg {
    Fresh,
    Stale,
    Contradicted,
    Quarantined,
}

impl StateArg {
    fn state(self) -> RecordState {
        match self {
            StateArg::Fresh => RecordState::Fresh,
            StateArg::Stale => RecordState::Stale,
            StateArg::Contradicted => RecordState::Contradicted,
            StateArg::Quarantined => RecordState::Quarantined,
        }
    }
}

/// The result of `knowledgeList`.
#[derive(Serialize, JsonSchema)]
struct ListResult {
    /// The records.
    #[schemars(extend("x-glassPageContent" = true))]
    records: Vec<Record>,
    /// How many match in all.
    total: u64,
}

fn run_list(services: Arc<Services>, input: Call<ListArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let store = try_tool!(services.store.get().map_err(store_failure));
        let (records, total) = try_tool!(
            knowledge::list(
                &store,
                a.origin.as_deref(),
                a.state.map(StateArg::state),
                a.limit.unwrap_or(20),
                a.offset.unwrap_or(0),
            )
            .map_err(store_failure)
        );
        ToolOutcome::ok(&ListResult { records, total })
    })
}

/// `knowledgeShow`.
pub const SHOW: Tool = Tool {
    name: "knowledgeShow",
    title: "Show a record",
    description: "One knowledge record by id.",
    group: ToolGroup::Full,
    family: Family::Store,
    schema: input_schema::<IdArgs>,
    output: result_of::<RecordResult>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(IdArgs, run_show),
};

/// A record's id.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct IdArgs {
    /// The record's id (from knowledgeList).
    #[schemars(range(min = 1))]
    id: i64,
}

/// A record.
#[derive(Serialize, JsonSchema)]
struct RecordResult {
    /// The record.
    #[schemars(extend("x-glassPageContent" = true))]
    record: Record,
}

fn run_show(services: Arc<Services>, input: Call<IdArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let store = try_tool!(services.store.get().map_err(store_failure));
        match try_tool!(knowledge::get(&store, a.id).map_err(store_failure)) {
            Some(record) => ToolOutcome::ok(&RecordResult { record }),
            None => unknown_record(),
        }
    })
}

/// `knowledgeStats`.
pub const STATS: Tool = Tool {
    name: "knowledgeStats",
    title: "Knowledge counts",
    description: "Counts of knowledge records by state, origins, and the store's size.",
    group: ToolGroup::Full,
    family: Family::Store,
    schema: input_schema::<NoArgs>,
    output: result_of::<StatsResult>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(NoArgs, run_stats),
};

/// No arguments.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

/// The result of `knowledgeStats`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct StatsResult {
    /// Counts.
    #[serde(flatten)]
    stats: Stats,
    /// Bytes of the store's database file.
    store_bytes: u64,
    /// Whether this session learns (the knowledge-store capability is allowed).
    learning: bool,
}

fn run_stats(services: Arc<Services>, _: Call<NoArgs>) -> ToolFuture {
    Box::pin(async move {
        let store = try_tool!(services.store.get().map_err(store_failure));
        let stats = try_tool!(knowledge::stats(&store).map_err(store_failure));
        let store_bytes = std::fs::metadata(store.path()).map_or(0, |m| m.len());
        ToolOutcome::ok(&StatsResult {
            stats,
            store_bytes,
            // The policy's decision as the manifest states it.
            learning: services
                .facts
                .decisions
                .iter()
                .any(|(c, d)| *c == "knowledge-store" && *d == "allow"),
        })
    })
}

/// `knowledgeInvalidate`.
pub const INVALIDATE: Tool = Tool {
    name: "knowledgeInvalidate",
    title: "Invalidate a record",
    description: "Mark a record stale, contradicted or quarantined; it stops counting as evidence.",
    group: ToolGroup::Full,
    family: Family::Store,
    schema: input_schema::<InvalidateArgs>,
    output: result_of::<RecordResult>,
    effects: &[Effect::ChangesKnowledge],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(InvalidateArgs, run_invalidate),
};

/// Arguments of `knowledgeInvalidate`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct InvalidateArgs {
    /// The record's id.
    #[schemars(range(min = 1))]
    id: i64,
    /// The new state.
    state: InvalidState,
}

#[derive(Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
enum InvalidState {
    Stale,
    Contradicted,
    Quarantined,
}

fn run_invalidate(services: Arc<Services>, input: Call<InvalidateArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let state = match a.state {
            InvalidState::Stale => RecordState::Stale,
            InvalidState::Contradicted => RecordState::Contradicted,
            InvalidState::Quarantined => RecordState::Quarantined,
        };
        let store = try_tool!(services.store.get().map_err(store_failure));
        match try_tool!(knowledge::set_state(&store, a.id, state).map_err(store_failure)) {
            Some(record) => ToolOutcome::ok(&RecordResult { record }),
            None => unknown_record(),
        }
    })
}

/// `knowledgePurge`.
pub const PURGE: Tool = Tool {
    name: "knowledgePurge",
    title: "Purge an origin",
    description: "Delete every knowledge record of one exact origin, after a confirmation.",
    group: ToolGroup::Full,
    family: Family::Store,
    schema: input_schema::<PurgeArgs>,
    output: result_of::<PurgeResult>,
    effects: &[Effect::ChangesKnowledge, Effect::Deletes],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(PurgeArgs, run_purge),
};

/// Arguments of `knowledgePurge`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PurgeArgs {
    /// scheme://host[:port], exactly.
    #[schemars(length(min = 1, max = 2048))]
    origin: String,
}

/// The result of `knowledgePurge`.
#[derive(Serialize, JsonSchema)]
struct PurgeResult {
    /// Records deleted.
    deleted: usize,
}

fn run_purge(services: Arc<Services>, input: Call<PurgeArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        // Denied or confirmed by the call path, from the effects (it always confirms).
        if knowledge::origin_of(&a.origin).as_deref() != Some(a.origin.trim_end_matches('/')) {
            return args::invalid("origin", "must be exactly scheme://host[:port]").into();
        }
        let store = try_tool!(services.store.get().map_err(store_failure));
        let origin = a.origin.trim_end_matches('/');
        let deleted = try_tool!(knowledge::purge_origin(&store, origin).map_err(store_failure));
        ToolOutcome::ok(&PurgeResult { deleted })
    })
}

/// `observeKnowledge`.
pub const OBSERVE: Tool = Tool {
    name: "observeKnowledge",
    title: "Observe with knowledge",
    description: "observe, plus which knowledge records of this origin apply, are stale, or are out of scope.",
    group: ToolGroup::Full,
    family: Family::Store,
    schema: input_schema::<ObserveArgs>,
    output: result_of::<ObserveResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ObserveArgs, run_observe),
};

/// Arguments of `observeKnowledge`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ObserveArgs {
    /// observe's level (default interactive).
    level: Option<crate::tools::page::observe::Level>,
}

/// Records weighed beside an observation.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Assessment {
    /// Fresh records of this profile scope whose element is on the page (at most 16).
    applies: Vec<Record>,
    /// Stale or contradicted records, or fresh ones whose element is not on the page (at most 16).
    stale: Vec<Record>,
    /// Records of this origin for another profile scope or locale.
    out_of_scope: usize,
}

/// The result of `observeKnowledge`.
#[derive(Serialize, JsonSchema)]
struct ObserveResult {
    /// observe's result.
    #[schemars(extend("x-glassPageContent" = true))]
    observation: Value,
    /// What the store says about this page.
    #[schemars(extend("x-glassPageContent" = true))]
    knowledge: Assessment,
}

/// Every (role, name) pair in an observation.
fn elements(v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) => {
            if let (Some(r), Some(n)) = (
                m.get("role").and_then(Value::as_str),
                m.get("name").and_then(Value::as_str),
            ) {
                out.push((r.to_owned(), n.to_owned()));
            }
            m.values().for_each(|x| elements(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| elements(x, out)),
        _ => {}
    }
}

fn run_observe(services: Arc<Services>, input: Call<ObserveArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let mut ask = Map::new();
        if let Some(level) = a.level {
            ask.insert("level".into(), json!(level));
        }
        let observation = match call(&services, &crate::tools::page::observe::OBSERVE, ask).await {
            ToolOutcome::Ok(mut v) => {
                if let Value::Object(m) = &mut v {
                    m.remove("trust");
                    m.remove("untrustedFields");
                }
                v
            }
            failed => return failed,
        };
        let url = observation["url"].as_str().unwrap_or("").to_owned();
        let store = try_tool!(services.store.get().map_err(store_failure));
        let records = match knowledge::origin_of(&url) {
            Some(o) => try_tool!(knowledge::of_origin(&store, &o).map_err(store_failure)),
            None => Vec::new(),
        };
        let mut seen = Vec::new();
        elements(&observation, &mut seen);
        let scope = profile_scope(&services);
        let mut out = Assessment {
            applies: Vec::new(),
            stale: Vec::new(),
            out_of_scope: 0,
        };
        for r in records {
            if r.scope.profile_scope != scope {
                out.out_of_scope += 1;
                continue;
            }
            let present = seen
                .iter()
                .any(|(role, name)| *role == r.scope.role && *name == r.scope.name);
            if r.state == RecordState::Fresh && present {
                if out.applies.len() < 16 {
                    out.applies.push(r);
                }
            } else if r.state != RecordState::Quarantined && out.stale.len() < 16 {
                out.stale.push(r);
            }
        }
        ToolOutcome::ok(&ObserveResult {
            observation,
            knowledge: out,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_success_adds_a_little_and_the_sum_is_capped() {
        assert!((boost_of(1) - 0.05).abs() < 1e-9);
        assert!((boost_of(3) - 0.15).abs() < 1e-9);
        assert!((boost_of(40) - MAX_BOOST).abs() < 1e-9);
    }
}
