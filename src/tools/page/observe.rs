//! `observe`: the compact page model (elements with refs, roles, names and state). The first
//! observation of a document is whole; a later one answers what changed since the last one the
//! client was sent (unless asked for the whole page again), so a model does not re-read a page.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::browser::agent_calls::Dom;
use crate::policy::Capability;
use crate::tools::kernel::args::Ref;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::observation::{
    Change, DomExcerpt, ObserveResult, observation, observed_page,
};
use crate::tools::kernel::observed::{difference, flatten, listed, regions};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `observe`.
pub const OBSERVE: Tool = Tool {
    name: "observe",
    title: "Observe the page",
    description: "Page url, title, revision, elements (ref, role, name, state). Same page again: only changes (delta) unless full=true. DOM, screenshot, form values if asked.",
    group: ToolGroup::Core,
    family: Family::Page,
    schema: input_schema::<ObserveArgs>,
    output: crate::tools::kernel::output::result_of::<ObserveResult>,
    effects: &[
        Effect::ReadsPage,
        Effect::CapturesPixels(When::Flag("includeScreenshot")),
        Effect::ReadsFormValues(When::Flag("includeFormValues")),
    ],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ObserveArgs, run_observe),
};

/// Arguments of `observe`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ObserveArgs {
    /// Default interactive (docs/page-model.md).
    level: Option<Level>,
    /// Observe only inside this element.
    region: Option<Ref>,
    /// Add the page's HTML.
    include_dom: Option<bool>,
    /// Add a screenshot.
    include_screenshot: Option<bool>,
    /// Add form fields' values (never passwords).
    include_form_values: Option<bool>,
    /// Whole page, not only changes.
    full: Option<bool>,
}

/// An observation level.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Summary,
    Interactive,
    Structured,
    Detailed,
    Raw,
}

impl Level {
    fn as_str(self) -> &'static str {
        match self {
            Level::Summary => "summary",
            Level::Interactive => "interactive",
            Level::Structured => "structured",
            Level::Detailed => "detailed",
            Level::Raw => "raw",
        }
    }
}

fn run_observe(services: Arc<Services>, input: Call<ObserveArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let level = a.level.map(Level::as_str);
        let region = a.region.as_ref().map(Ref::as_str);
        let dom = a.include_dom.unwrap_or(false);
        let shot = a.include_screenshot.unwrap_or(false);
        let values = a.include_form_values.unwrap_or(false);
        let mut b = try_tool!(session_for(&services, &OBSERVE).await);
        let mut out = try_tool!(observation(&mut b, level, region, values).await);
        if level.is_none() && region.is_none() && !values {
            let page = observed_page(&services.session, &b);
            let before = services.observed.take();
            services
                .observed
                .remember(page.clone(), out.revision, &out.url, &out.page);
            match before.filter(|s| s.page == page) {
                Some(before) if !a.full.unwrap_or(false) => only_changes(&mut out, &before),
                _ => {}
            }
        }
        if dom {
            let values = crate::tools::kernel::effects::permits(
                &services,
                &OBSERVE,
                Capability::ReadFormValues,
            );
            let mut d = try_tool!(b.agent().run(&Dom(None, 200_000, values)).await);
            out.dom = Some(DomExcerpt {
                html: text_field(&mut d["html"]),
                truncated: d["truncated"] == true,
            });
        }
        if shot {
            let png = try_tool!(b.capture().screenshot(None, false).await);
            return ToolOutcome::WithImages(
                serde_json::to_value(&out).unwrap_or_default(),
                vec![("image/png", png)],
            );
        }
        ToolOutcome::ok(&out)
    })
}

/// Cut a whole observation down to what changed since `before` (of the same document): the
/// elements that appeared or changed, as a whole observation shows them (without children,
/// which are listed themselves when they changed), and the refs by what became of them.
fn only_changes(out: &mut ObserveResult, before: &crate::tools::kernel::observed::Snapshot) {
    let mut now = Vec::new();
    flatten(&out.page.elements, &mut now);
    let d = difference(
        before,
        &now,
        out.page.truncated,
        out.page.text_digest.as_deref(),
    );
    let shown: std::collections::HashSet<&str> = d
        .added
        .iter()
        .chain(&d.changed)
        .map(String::as_str)
        .collect();
    // Where each listed element sits: the region it is in, by ref.
    let regions = regions(&out.page.elements);
    out.page.elements = now
        .iter()
        .filter(|(r, _)| shown.contains(r.as_str()))
        .map(|(r, e)| listed(e, regions.get(r)))
        .collect();
    out.delta = Some(Change {
        since: before.revision,
        added: d.added,
        changed: d.changed,
        removed: d.removed,
        unchanged: d.unchanged,
        unlisted: d.unlisted.len(),
        text_changed: d.text_changed,
    });
}

/// A string the page agent returned, taken out of its answer ("" when it is not a string).
pub fn text_field(v: &mut Value) -> String {
    match v.take() {
        Value::String(s) => s,
        _ => String::new(),
    }
}
