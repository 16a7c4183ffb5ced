//! `inspectPage`: a task-oriented view of the page (its kind with evidence, regions, forms with
//! their fields and submit, dialogs, primary actions), refs only for what can be acted on.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::browser::agent_calls::InspectPage;
use crate::tools::kernel::args::NoArgs;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `inspectPage`.
pub const INSPECT_PAGE: Tool = Tool {
    name: "inspectPage",
    title: "Inspect the page",
    description: "A task-oriented page view: kind with evidence, regions, forms with fields and submit, dialogs, primary actions; refs only for actionable things. Never acts.",
    group: ToolGroup::Standard,
    family: Family::Semantic,
    schema: input_schema::<NoArgs>,
    output: result_of::<InspectResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(NoArgs, run_inspect),
};

fn run_inspect(services: Arc<Services>, _: Call<NoArgs>) -> ToolFuture {
    Box::pin(async move {
        let mut b = try_tool!(session_for(&services, &INSPECT_PAGE).await);
        let next = b.next_ref();
        let mut v = try_tool!(b.agent().run(&InspectPage(next)).await);
        if v["kind"].as_str().is_none() {
            return crate::browser::BrowserError::Agent.into();
        }
        // Record the refs minted for fields, submits, dialog buttons and actions.
        let mut minted: Vec<Value> = Vec::new();
        for f in v["forms"].as_array().into_iter().flatten() {
            minted.extend(f["fields"].as_array().into_iter().flatten().cloned());
            if f["submit"].is_object() {
                minted.push(f["submit"].clone());
            }
        }
        for d in v["dialogs"].as_array().into_iter().flatten() {
            minted.extend(d["buttons"].as_array().into_iter().flatten().cloned());
        }
        minted.extend(
            v["primaryActions"]
                .as_array()
                .into_iter()
                .flatten()
                .cloned(),
        );
        b.actions().record_refs(&v["nextRef"], minted.iter());
        let (url, title) = try_tool!(b.pages().location().await);
        let take = |v: &mut Value, k: &str| match v[k].take() {
            Value::Array(a) => a,
            _ => Vec::new(),
        };
        ToolOutcome::ok(&InspectResult {
            url: crate::redact::url_without_query(&url),
            title: crate::redact::bounded_text(&title, 200),
            revision: b.revision(),
            kind: v["kind"].as_str().unwrap_or("content").to_owned(),
            evidence: take(&mut v, "evidence"),
            regions: take(&mut v, "regions"),
            forms: take(&mut v, "forms"),
            dialogs: take(&mut v, "dialogs"),
            primary_actions: take(&mut v, "primaryActions"),
            counts: v["counts"].take(),
        })
    })
}

/// The result of `inspectPage`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InspectResult {
    /// The page's URL, query stripped.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// Its title.
    #[schemars(extend("x-glassPageContent" = true))]
    pub title: String,
    /// The page revision.
    pub revision: u64,
    /// What kind of page: login, form, table, search, list, dialog or content.
    pub kind: String,
    /// Why that kind.
    pub evidence: Vec<Value>,
    /// Landmarks and named regions: role, name, controls inside (up to 16).
    #[schemars(extend("x-glassPageContent" = true))]
    pub regions: Vec<Value>,
    /// Forms (up to 8): name, fields (ref, role, name, required, filled, checked, invalid;
    /// up to 16), submit (ref, name).
    #[schemars(extend("x-glassPageContent" = true))]
    pub forms: Vec<Value>,
    /// Open dialogs: role, name, modal, buttons (ref, name).
    #[schemars(extend("x-glassPageContent" = true))]
    pub dialogs: Vec<Value>,
    /// Enabled buttons in the main region (up to 8): ref, role, name, context.
    #[schemars(extend("x-glassPageContent" = true))]
    pub primary_actions: Vec<Value>,
    /// forms, fields, tableRows, articles, listItems.
    pub counts: Value,
}
