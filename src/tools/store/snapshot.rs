//! `sessionSnapshot`: keep redacted page models in the local store and compare them later.
//! `create` takes the live page's Web IR draft (through `extractWebIr`, so the one call path
//! and its policy apply) and stores it redacted; `list`, `inspect`, `diff` and `purge` never
//! start the browser. A store that cannot be opened fails these calls only.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::failure::{Failure, FailureKind};
use crate::store::StoreError;
use crate::store::snapshots::{self, SnapshotError, SnapshotMeta};
use crate::tools::kernel::args;
use crate::tools::kernel::call::call;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::store::store_failure;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

fn snapshot_failure(e: SnapshotError) -> ToolOutcome {
    match e {
        SnapshotError::Store(e) => store_failure(e),
        SnapshotError::TooLarge => args::invalid("region", &e.to_string()).into(),
        SnapshotError::Unknown => {
            ToolOutcome::Failed(Failure::of(FailureKind::UnknownSnapshot, e.to_string()))
        }
    }
}

/// `sessionSnapshot`.
pub const SESSION_SNAPSHOT: Tool = Tool {
    name: "sessionSnapshot",
    title: "Page snapshots",
    description: "Local redacted page models (Web IR, no form values or query strings): create (the page now), list, inspect, diff, purge.",
    group: ToolGroup::Full,
    family: Family::Store,
    schema: input_schema::<SnapshotArgs>,
    output: result_of::<SnapshotResult>,
    effects: &[
        Effect::ReadsPage,
        Effect::Persists(When::Is("action", "create")),
    ],
    idempotent: false,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(SnapshotArgs, run),
};

/// What `sessionSnapshot` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
enum SnapshotAction {
    Create,
    List,
    Inspect,
    Diff,
    Purge,
}

/// Arguments of `sessionSnapshot`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct SnapshotArgs {
    /// What to do.
    action: SnapshotAction,
    /// inspect: a snapshot id.
    #[schemars(length(min = 1, max = 64))]
    id: Option<String>,
    /// diff: the earlier snapshot id.
    #[schemars(length(min = 1, max = 64))]
    from: Option<String>,
    /// diff: the later snapshot id.
    #[schemars(length(min = 1, max = 64))]
    to: Option<String>,
    /// create: only this element (a ref).
    #[schemars(length(min = 1, max = 24))]
    region: Option<String>,
}

/// The result of `sessionSnapshot`.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SnapshotResult {
    /// create, inspect: the snapshot.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    snapshot: Option<SnapshotMeta>,
    /// inspect: its draft's counts (entities by kind, relationships).
    #[serde(skip_serializing_if = "Option::is_none")]
    summary: Option<Value>,
    /// list: every snapshot, newest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    snapshots: Option<Vec<SnapshotMeta>>,
    /// diff: whether both show the same URL, the revision delta, and the Web IR diff's counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<Value>,
    /// purge: snapshots deleted.
    #[serde(skip_serializing_if = "Option::is_none")]
    deleted: Option<usize>,
}

fn required(name: &str, v: Option<String>) -> Result<String, ToolOutcome> {
    v.ok_or_else(|| args::invalid(name, "is required for this action").into())
}

fn run(services: Arc<Services>, input: Call<SnapshotArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let mut out = SnapshotResult::default();
        match a.action {
            SnapshotAction::Create => {
                // The page first: a store failure must not hide a browser one, and the other way.
                let mut ask = Map::new();
                if let Some(r) = a.region {
                    ask.insert("region".into(), json!(r));
                }
                let body =
                    match call(&services, &crate::tools::page::read::EXTRACT_WEB_IR, ask).await {
                        ToolOutcome::Ok(v) | ToolOutcome::WithImages(v, _) => v,
                        failed => return failed,
                    };
                let (url, title) = match services.session.acquire().await {
                    Ok(mut b) => b.pages().location().await.unwrap_or_default(),
                    Err(e) => return crate::tools::kernel::browser::browser_failure(&e),
                };
                let store = try_tool!(services.store.get().map_err(store_failure));
                let revision = body["revision"].as_u64().unwrap_or(0);
                let meta = try_tool!(
                    snapshots::save(&store, &url, &title, revision, body["draft"].clone())
                        .map_err(snapshot_failure)
                );
                out.snapshot = Some(meta);
            }
            SnapshotAction::List => {
                let store = try_tool!(services.store.get().map_err(store_failure));
                out.snapshots = Some(try_tool!(snapshots::list(&store).map_err(snapshot_failure)));
            }
            SnapshotAction::Inspect => {
                let id = try_tool!(required("id", a.id));
                let store = try_tool!(services.store.get().map_err(store_failure));
                let (meta, draft) =
                    try_tool!(snapshots::get(&store, &id).map_err(snapshot_failure));
                let parsed = try_tool!(
                    crate::webir::parse_draft(&draft)
                        .map_err(|_| store_failure(StoreError::Corrupt))
                );
                out.summary = Some(json!(crate::webir::inspect(&parsed)));
                out.snapshot = Some(meta);
            }
            SnapshotAction::Diff => {
                let from = try_tool!(required("from", a.from));
                let to = try_tool!(required("to", a.to));
                let store = try_tool!(services.store.get().map_err(store_failure));
                let (m1, d1) = try_tool!(snapshots::get(&store, &from).map_err(snapshot_failure));
                let (m2, d2) = try_tool!(snapshots::get(&store, &to).map_err(snapshot_failure));
                let parse = |d: &Value| {
                    crate::webir::parse_draft(d).map_err(|_| store_failure(StoreError::Corrupt))
                };
                let (p1, p2) = (try_tool!(parse(&d1)), try_tool!(parse(&d2)));
                let changes = match crate::webir::diff(&p1, &p2) {
                    Ok(s) => json!(s),
                    Err(e) => {
                        return ToolOutcome::Failed(
                            Failure::new(crate::failure::Kind::WebIrValidation, &e.reason)
                                .with("path", e.path.clone()),
                        );
                    }
                };
                out.diff = Some(json!({
                    "from": m1.id,
                    "to": m2.id,
                    "sameUrl": m1.url == m2.url,
                    "revisionDelta": m2.revision as i64 - m1.revision as i64,
                    "changes": changes,
                }));
            }
            SnapshotAction::Purge => {
                let store = try_tool!(services.store.get().map_err(store_failure));
                out.deleted = Some(try_tool!(
                    snapshots::purge(&store).map_err(snapshot_failure)
                ));
            }
        }
        ToolOutcome::ok(&out)
    })
}
