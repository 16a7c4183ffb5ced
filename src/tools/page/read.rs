//! Reading the page as text, HTML or Web IR: `getText`, `getDOM`, `extractWebIr`.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::observe::text_field;
use crate::browser::BrowserError;
use crate::browser::agent_calls::{Dom, Observe, Text};
use crate::failure::{Failure, FailureKind, Kind};
use crate::policy::Capability;
use crate::tools::kernel::args::{Ref, Target};
use crate::tools::kernel::browser::{optional_ref, session_for};
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `extractWebIr`.
pub const EXTRACT_WEB_IR: Tool = Tool {
    name: "extractWebIr",
    title: "Page as Web IR",
    description: "The live page (or a region) as a validated Web IR v1 draft: regions, forms, fields, actions, links, tables, text, relations; stable IDs. No form values.",
    group: ToolGroup::Full,
    family: Family::Page,
    schema: input_schema::<ExtractArgs>,
    output: crate::tools::kernel::output::result_of::<WebIrResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ExtractArgs, run_extract_web_ir),
};

/// `getDOM`.
pub const GET_DOM: Tool = Tool {
    name: "getDOM",
    title: "Get DOM",
    description: "HTML of the page or of one target, bounded by maxChars.",
    group: ToolGroup::Full,
    family: Family::Page,
    schema: input_schema::<TextArgs>,
    output: crate::tools::kernel::output::result_of::<DomResult>,
    effects: &[Effect::ReadsPage, Effect::ReadsFormValues(When::OnPage)],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(TextArgs, run_get_dom),
};

/// `getText`.
pub const GET_TEXT: Tool = Tool {
    name: "getText",
    title: "Get text",
    description: "Visible text of the page or of one target, bounded by maxChars.",
    group: ToolGroup::Core,
    family: Family::Page,
    schema: input_schema::<TextArgs>,
    output: crate::tools::kernel::output::result_of::<TextResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(TextArgs, run_get_text),
};

/// Arguments of `extractWebIr`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExtractArgs {
    /// Extract only inside this element.
    region: Option<Ref>,
}

fn run_extract_web_ir(services: Arc<Services>, input: Call<ExtractArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let region = a.region.as_ref().map(Ref::as_str);
        let mut b = try_tool!(session_for(&services, &EXTRACT_WEB_IR).await);
        // The structured model with room for a whole page: Web IR's own bounds cut the rest.
        let opts = json!({
            "level": "structured", "nextRef": b.next_ref(), "maxItems": 4000,
            "maxBytes": 400_000, "maxNameChars": 80, "maxTextChars": 200,
            "tableRows": 50, "region": region,
        });
        let mut o = try_tool!(b.agent().run(&Observe(opts)).await);
        match o["status"].as_str() {
            Some("unknown") | Some("stale") => {
                return ToolOutcome::Failed(Failure::of(
                    FailureKind::StaleRef,
                    "the region's element is gone or was never issued; observe again",
                ));
            }
            Some(_) => return BrowserError::Agent.into(),
            None => {}
        }
        let items = o["items"].take();
        let list = items.as_array().map(Vec::as_slice).unwrap_or(&[]);
        b.actions().record_refs(&o["nextRef"], list.iter());
        let total = o["counts"]["total"].as_u64().unwrap_or(0);
        let emitted = o["counts"]["emitted"].as_u64().unwrap_or(0);
        let draft = crate::webir::draft_from_observation(&crate::webir::LiveObservation {
            items: list,
            revision: b.revision(),
            truncated: o["truncated"] == true,
            omitted: total.saturating_sub(emitted),
            budgets_hit: o["budgetsHit"]
                .as_array()
                .map(|h| {
                    h.iter()
                        .filter_map(|v| v.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default(),
        });
        let parsed = match crate::webir::parse_draft(&draft) {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!(path = %e.path, "a live Web IR draft failed validation");
                return ToolOutcome::Failed(Failure::new(
                    Kind::Internal,
                    "the extracted draft did not validate",
                ));
            }
        };
        ToolOutcome::ok(&WebIrResult {
            revision: b.revision(),
            entity_count: parsed.entities().len(),
            relationship_count: draft["relationships"].as_array().map_or(0, Vec::len),
            draft,
        })
    })
}

/// Arguments of `getText` and `getDOM`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TextArgs {
    /// Only this element.
    target: Option<Target>,
    /// Default 20000 (text), 100000 (DOM).
    #[schemars(range(min = 1, max = 1_000_000))]
    max_chars: Option<u64>,
}

fn run_text_like(
    services: Arc<Services>,
    input: Call<TextArgs>,
    function: &'static str,
) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let max = a
            .max_chars
            .unwrap_or(if function == "text" { 20_000 } else { 100_000 });
        let tool = if function == "text" {
            &GET_TEXT
        } else {
            &GET_DOM
        };
        let mut b = try_tool!(session_for(&services, tool).await);
        let r = try_tool!(optional_ref(&mut b, a.target.as_ref()).await);
        let mut v = if function == "text" {
            try_tool!(b.agent().run(&Text(r.as_deref(), max)).await)
        } else {
            // Field values only where the policy lets form values be read.
            let values =
                crate::tools::kernel::effects::permits(&services, tool, Capability::ReadFormValues);
            try_tool!(b.agent().run(&Dom(r.as_deref(), max, values)).await)
        };
        if v["status"] == "stale" {
            return ToolOutcome::Failed(Failure::of(FailureKind::StaleRef, "the element is gone"));
        }
        let truncated = v["truncated"] == true;
        let total_chars = v["totalChars"].as_u64().unwrap_or(0);
        let revision = b.revision();
        if function == "text" {
            ToolOutcome::ok(&TextResult {
                text: text_field(&mut v["text"]),
                truncated,
                total_chars,
                revision,
            })
        } else {
            ToolOutcome::ok(&DomResult {
                html: text_field(&mut v["html"]),
                truncated,
                total_chars,
                revision,
            })
        }
    })
}

fn run_get_dom(services: Arc<Services>, input: Call<TextArgs>) -> ToolFuture {
    run_text_like(services, input, "dom")
}

fn run_get_text(services: Arc<Services>, input: Call<TextArgs>) -> ToolFuture {
    run_text_like(services, input, "text")
}

/// The result of `extractWebIr`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebIrResult {
    /// The page revision it was extracted at.
    pub revision: u64,
    /// Entities in the draft.
    pub entity_count: usize,
    /// Relationships in the draft.
    pub relationship_count: usize,
    /// A validated Web IR v1 draft of the page (docs/web-ir.md).
    #[schemars(extend("x-glassPageContent" = true))]
    pub draft: Value,
}

/// The result of `getText`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextResult {
    /// The visible text.
    #[schemars(extend("x-glassPageContent" = true))]
    pub text: String,
    /// Cut at maxChars.
    pub truncated: bool,
    /// Its whole length.
    pub total_chars: u64,
    /// The page revision.
    pub revision: u64,
}

/// The result of `getDOM`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DomResult {
    /// The HTML.
    #[schemars(extend("x-glassPageContent" = true))]
    pub html: String,
    /// Cut at maxChars.
    pub truncated: bool,
    /// Its whole length.
    pub total_chars: u64,
    /// The page revision.
    pub revision: u64,
}
