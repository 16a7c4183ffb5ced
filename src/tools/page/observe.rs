//! `observe`: the compact page model (elements with refs, roles, names and state). The first
//! observation of a document is whole; a later one answers what changed since the last one the
//! client was sent (unless asked for the whole page again), so a model does not re-read a page.

use std::collections::HashMap;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::browser::agent_calls::{Dom, Observe};
use crate::browser::{Browser, BrowserError};
use crate::failure::{Failure, FailureKind};
use crate::policy::Capability;
use crate::redact;
use crate::tools::kernel::args::Ref;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::observed::{difference, flatten};
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

/// Observation options as the agent takes them.
fn observe_options(
    level: Option<&str>,
    region: Option<&str>,
    form_values: bool,
    next_ref: u64,
) -> Value {
    let (level, max_items, max_text) = match level {
        None => ("compact", 400, 160),
        Some("summary") => ("summary", 64, 160),
        Some("interactive") => ("interactive", 400, 160),
        Some("structured") => ("structured", 300, 160),
        Some("detailed") => ("detailed", 200, 400),
        Some(other) => (other, 500, 400),
    };
    json!({
        "level": level,
        "nextRef": next_ref,
        "maxItems": max_items,
        "maxNameChars": 80,
        "maxTextChars": max_text,
        "region": region,
        "includeFormValues": form_values,
    })
}

/// Run the agent's observation and shape it for a result.
pub async fn observation(
    b: &mut Browser,
    level: Option<&str>,
    region: Option<&str>,
    form_values: bool,
) -> Result<ObserveResult, crate::browser::act::ActError> {
    let opts = observe_options(level, region, form_values, b.next_ref());
    let mut o = b.agent().run(&Observe(opts)).await?;
    match o["status"].as_str() {
        Some("unknown") => {
            return Err(crate::browser::act::ActError::Targeting(Failure::of(
                FailureKind::NotFound,
                "this region ref was never issued in this document; observe for current refs",
            )));
        }
        Some("stale") => {
            return Err(crate::browser::act::ActError::Targeting(Failure::of(
                FailureKind::StaleRef,
                "the region's element is gone (the page changed); observe again",
            )));
        }
        Some(_) => return Err(BrowserError::Agent.into()),
        None => {}
    }
    let items = match o["items"].take() {
        Value::Array(items) => items,
        _ => Vec::new(),
    };
    b.actions().record_refs(&o["nextRef"], items.iter());
    let budgets_hit = o["budgetsHit"]
        .as_array()
        .map(|h| {
            h.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    Ok(ObserveResult {
        url: redact::page_url(o["url"].as_str().unwrap_or("")),
        title: redact::bounded_text(o["title"].as_str().unwrap_or(""), 200),
        revision: b.revision(),
        page: PageObservation {
            focused: o["focused"].as_str().map(str::to_owned),
            elements: items,
            truncated: o["truncated"] == true,
            budgets_hit,
            counts: o["counts"].is_object().then(|| o["counts"].take()),
        },
        dom: None,
        delta: None,
    })
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
            let page = observed_page(&services, &b);
            let before = services.observed.take();
            services.observed.remember(
                page.clone(),
                out.revision,
                &out.url,
                &out.page.elements,
                out.page.truncated,
            );
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

/// Which page, document and frame an observation is of: a later observation answers a delta
/// only against one of the same.
pub fn observed_page(services: &Services, b: &Browser) -> String {
    format!(
        "{}:{}",
        services.session.page_identity(),
        b.selected_frame().unwrap_or("main")
    )
}

/// Cut a whole observation down to what changed since `before` (of the same document): the
/// elements that appeared or changed, as a whole observation shows them (without children,
/// which are listed themselves when they changed), and the refs by what became of them.
fn only_changes(out: &mut ObserveResult, before: &crate::tools::kernel::observed::Snapshot) {
    let mut now = Vec::new();
    flatten(&out.page.elements, &mut now);
    let d = difference(before, &now, out.page.truncated);
    let shown: std::collections::HashSet<&str> = d
        .added
        .iter()
        .chain(&d.changed)
        .map(String::as_str)
        .collect();
    // Where each listed element sits: the region it is in, by ref.
    let mut parents = HashMap::new();
    parent_refs(&out.page.elements, None, &mut parents);
    out.page.elements = now
        .iter()
        .filter(|(r, _)| shown.contains(r.as_str()))
        .map(|(r, e)| {
            let mut e = e.clone();
            if let (Some(o), Some(parent)) = (e.as_object_mut(), parents.remove(r.as_str())) {
                o.insert("in".into(), Value::String(parent));
            }
            e
        })
        .collect();
    out.delta = Some(Change {
        since: before.revision,
        added: d.added,
        changed: d.changed,
        removed: d.removed,
        unchanged: d.unchanged,
        unlisted: d.unlisted.len(),
    });
}

/// Each element's region (the element whose `children` hold it), by ref.
fn parent_refs(elements: &[Value], parent: Option<&str>, out: &mut HashMap<String, String>) {
    for e in elements {
        let Some(r) = e["ref"].as_str() else { continue };
        if let Some(p) = parent {
            out.insert(r.to_owned(), p.to_owned());
        }
        if let Some(children) = e["children"].as_array() {
            parent_refs(children, Some(r), out);
        }
    }
}

/// A string the page agent returned, taken out of its answer ("" when it is not a string).
pub fn text_field(v: &mut Value) -> String {
    match v.take() {
        Value::String(s) => s,
        _ => String::new(),
    }
}

/// What an observation of a page holds besides its URL, title and revision.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageObservation {
    /// The focused element's ref.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub focused: Option<String>,
    /// Elements with ref, role, name and state (docs/page-model.md).
    #[schemars(extend("x-glassPageContent" = true))]
    pub elements: Vec<Value>,
    /// Budgets cut the list.
    pub truncated: bool,
    /// Which budgets were reached.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub budgets_hit: Vec<String>,
    /// Elements seen and emitted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Value>,
}

/// The result of `observe`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObserveResult {
    /// The page's URL.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// The page's title.
    #[schemars(extend("x-glassPageContent" = true))]
    pub title: String,
    /// The page revision.
    pub revision: u64,
    /// The elements and what bounded them.
    #[serde(flatten)]
    pub page: PageObservation,
    /// includeDom: the page's HTML.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dom: Option<DomExcerpt>,
    /// A later observation of the same document: `elements` holds only what appeared or
    /// changed since the last observation this client was sent; this says which refs did what.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delta: Option<Change>,
}

/// What changed since the last observation of the same document the client was sent.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// That observation's revision.
    pub since: u64,
    /// Refs that appeared (their elements are in `elements`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<String>,
    /// Refs whose element changed (in `elements` as they are now).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<String>,
    /// Refs that are gone.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    /// Elements that read as before, not repeated: their refs still work.
    pub unchanged: usize,
    /// Earlier refs this observation's budgets did not reach (they may still be there).
    #[serde(skip_serializing_if = "is_zero")]
    pub unlisted: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The page's HTML as `observe` includes it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DomExcerpt {
    /// The HTML.
    #[schemars(extend("x-glassPageContent" = true))]
    pub html: String,
    /// Cut at 200000 characters.
    pub truncated: bool,
}
