//! The compact observation every tool shares: `observe` answers it, `navigate` attaches it,
//! `observeDelta` compares two, and after an action the call path compares it with the last
//! one the client was sent to say what the action changed. Taken in one place, so all of them
//! agree on which elements a page shows.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

use crate::browser::BrowserError;
use crate::browser::act::ActError;
use crate::browser::agent_calls::Observe;
use crate::browser::{Browser, Session};
use crate::failure::{Failure, FailureKind};
use crate::redact;

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
) -> Result<ObserveResult, ActError> {
    let opts = observe_options(level, region, form_values, b.next_ref());
    let mut o = b.agent().run(&Observe(opts)).await?;
    match o["status"].as_str() {
        Some("unknown") => {
            return Err(ActError::Targeting(Failure::of(
                FailureKind::NotFound,
                "this region ref was never issued in this document; observe for current refs",
            )));
        }
        Some("stale") => {
            return Err(ActError::Targeting(Failure::of(
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
            omitted: o["omitted"].is_object().then(|| o["omitted"].take()),
            omitted_text: o["omittedText"]
                .is_object()
                .then(|| o["omittedText"].take()),
            text_digest: o["textDigest"].as_str().map(str::to_owned),
        },
        dom: None,
        delta: None,
    })
}

/// Which page, document and frame an observation is of: a later observation answers a delta
/// only against one of the same.
pub fn observed_page(session: &Session, b: &Browser) -> String {
    format!(
        "{}:{}",
        session.page_identity(),
        b.selected_frame().unwrap_or("main")
    )
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
    /// Budgets cut the list: how many were left out, the first and last of them (role, name)
    /// and the region they start in (observe that region for them).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub omitted: Option<Value>,
    /// The text share of a compact observation ran out: how many blocks of text it left out,
    /// the first one's words, and the region they start in (getText or a `structured`
    /// observation of that region reads them).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub omitted_text: Option<Value>,
    /// A fingerprint of the whole page's text (whole-page compact observations only), kept
    /// with the baseline to tell when text no element shows changed.
    #[serde(skip)]
    pub text_digest: Option<String>,
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
    /// Refs that appeared (their elements are in `elements`); a run of refs is one `eA-eB` entry.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "crate::tools::kernel::output::ref_runs"
    )]
    pub added: Vec<String>,
    /// Refs whose element changed (in `elements` as they are now); a run of refs is one `eA-eB` entry.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "crate::tools::kernel::output::ref_runs"
    )]
    pub changed: Vec<String>,
    /// Refs that are gone; a run of refs is one `eA-eB` entry.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "crate::tools::kernel::output::ref_runs"
    )]
    pub removed: Vec<String>,
    /// Elements that read as before, not repeated: their refs still work.
    pub unchanged: usize,
    /// Earlier refs this observation's budgets did not reach (they may still be there).
    #[serde(skip_serializing_if = "crate::tools::kernel::output::is_zero")]
    pub unlisted: usize,
    /// Text the listed elements do not show changed too (a paragraph, a cell): getText or
    /// a level reads it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub text_changed: bool,
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
