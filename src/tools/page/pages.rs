//! Page tools: `navigate`, `observe`, `getDOM`, `getText`, `screenshot`, `scroll`.

use crate::tools::kernel::files::save_client_file;
use crate::tools::kernel::group::ToolGroup;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::browser::agent_calls::{Dom, ElementRect, Observe, Scroll, Text};
use crate::browser::navigate::{NavOutcome, WaitUntil};
use crate::browser::{Browser, BrowserError, ImageFormat};
use crate::failure::{Failure, FailureKind, Kind};
use crate::policy::Capability;
use crate::redact;
use crate::tools::kernel::args::{Ref, Target};
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, Nav, Tab, When};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::DialogSeen;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::Call;
use crate::tools::kernel::tool::Needs;
use crate::tools::kernel::tool::RevisionRule;
use crate::tools::kernel::tool::Services;
use crate::tools::kernel::tool::Tool;
use crate::tools::kernel::tool::ToolFuture;
use crate::try_tool;

/// `navigate`.
pub const NAVIGATE: Tool = Tool {
    name: "navigate",
    title: "Navigate",
    description: "Open a URL in the selected tab: url, title, HTTP status, revision, outcome, and the compact observation unless observe=false.",
    group: ToolGroup::Core,
    schema: input_schema::<NavigateArgs>,
    output: crate::tools::kernel::output::result_of::<NavigateResult>,
    effects: &[Effect::Navigates(Nav::Url("url", Tab::Selected))],
    idempotent: false,
    needs: Needs::Navigate,
    revision: RevisionRule::Changes,
    run: crate::handler!(NavigateArgs, run_navigate),
};

/// `observe`.
pub const OBSERVE: Tool = Tool {
    name: "observe",
    title: "Observe the page",
    description: "Compact page state: url, title, revision, elements with refs, roles, names and state. DOM, screenshot and form values only when asked.",
    group: ToolGroup::Core,
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

/// `extractWebIr`.
pub const EXTRACT_WEB_IR: Tool = Tool {
    name: "extractWebIr",
    title: "Page as Web IR",
    description: "The live page (or a region) as a validated Web IR v1 draft: regions, forms, fields, actions, links, tables, text, relations; stable IDs. No form values.",
    group: ToolGroup::Full,
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
    schema: input_schema::<TextArgs>,
    output: crate::tools::kernel::output::result_of::<TextResult>,
    effects: &[Effect::ReadsPage],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(TextArgs, run_get_text),
};

/// `screenshot`.
pub const SCREENSHOT: Tool = Tool {
    name: "screenshot",
    title: "Screenshot",
    description: "Viewport, full page, target or clip as png, jpeg or webp: returned, or saved to path.",
    group: ToolGroup::Core,
    schema: input_schema::<ScreenshotArgs>,
    output: crate::tools::kernel::output::result_of::<ScreenshotResult>,
    effects: &[
        Effect::CapturesPixels(When::Always),
        Effect::WritesFile("path", When::Given("path")),
    ],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ScreenshotArgs, run_screenshot),
};

/// A history move's catalog entry: `navigate`'s answer, needs and capability.
const fn history_tool(
    name: &'static str,
    title: &'static str,
    description: &'static str,
    run: crate::tools::kernel::tool::Handler,
) -> Tool {
    Tool {
        name,
        title,
        description,
        group: ToolGroup::Standard,
        schema: input_schema::<HistoryArgs>,
        output: crate::tools::kernel::output::result_of::<NavigateResult>,
        effects: &[Effect::Navigates(Nav::OnPage)],
        idempotent: false,
        needs: Needs::Navigate,
        revision: RevisionRule::Changes,
        run,
    }
}

/// `goBack`.
pub const GO_BACK: Tool = history_tool(
    "goBack",
    "Go back",
    "Go back one page in the selected tab's history; answers as navigate.",
    crate::handler!(HistoryArgs, |s, input| Box::pin(go(s, input, &GO_BACK, -1))),
);

/// `goForward`.
pub const GO_FORWARD: Tool = history_tool(
    "goForward",
    "Go forward",
    "Go forward one page in the selected tab's history; answers as navigate.",
    crate::handler!(HistoryArgs, |s, input| Box::pin(go(
        s,
        input,
        &GO_FORWARD,
        1
    ))),
);

/// `reload`.
pub const RELOAD: Tool = history_tool(
    "reload",
    "Reload",
    "Reload the selected page; answers as navigate.",
    crate::handler!(HistoryArgs, |s, input| Box::pin(go(s, input, &RELOAD, 0))),
);

/// Arguments of `goBack`, `goForward` and `reload`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct HistoryArgs {
    /// Default true.
    observe: Option<bool>,
}

/// Move `step` entries through the tab's history (0: reload), answering as `navigate` does.
async fn go(
    services: Arc<Services>,
    input: Call<HistoryArgs>,
    tool: &'static Tool,
    step: i64,
) -> ToolOutcome {
    let Call { args: a, raw } = input;
    let mut b = try_tool!(session_for(&services, tool).await);
    let entry = match step {
        0 => None,
        _ => match try_tool!(b.history_entry(step).await) {
            Some(e) => Some(e),
            None => {
                return ToolOutcome::Failed(Failure::of(
                    FailureKind::NoHistory,
                    if step < 0 {
                        "the tab has no earlier page in its history"
                    } else {
                        "the tab has no later page in its history"
                    },
                ));
            }
        },
    };
    // Where it goes must pass the host rules as any navigation's URL does.
    let url = match &entry {
        Some((_, url)) => url.clone(),
        None => try_tool!(b.location().await).0,
    };
    try_tool!(crate::tools::kernel::effects::on_page_navigation(
        &services,
        tool,
        &raw,
        &url,
        &format!(
            "{} {} in the selected page",
            if step == 0 {
                "reload"
            } else {
                "go back or forward to"
            },
            crate::tools::kernel::effect::destination(&url)
        )
    ));
    b.recover_renderer().await;
    let mark = b.network_mark();
    let timeout = Duration::from_millis(30_000);
    let outcome = try_tool!(b.move_in_history(entry, timeout, WaitUntil::Load).await);
    answer(
        &services,
        &mut b,
        outcome,
        WaitUntil::Load,
        mark,
        &url,
        a.observe.unwrap_or(true),
    )
    .await
}

/// `scroll`.
pub const SCROLL: Tool = Tool {
    name: "scroll",
    title: "Scroll",
    description: "Scroll the page, or one target, by dx/dy CSS pixels.",
    group: ToolGroup::Core,
    schema: input_schema::<ScrollArgs>,
    output: crate::tools::kernel::output::result_of::<ScrollResult>,
    effects: &[Effect::Input],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Changes,
    run: crate::handler!(ScrollArgs, run_scroll),
};

/// Arguments of `navigate`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NavigateArgs {
    /// An http, https, file, about or data URL.
    #[schemars(length(min = 1, max = 8192))]
    url: String,
    /// Default true.
    observe: Option<bool>,
    /// Default load.
    wait_until: Option<WaitUntilArg>,
    /// Default 30000.
    #[schemars(range(min = 1, max = 120_000))]
    timeout_ms: Option<u64>,
}

/// `navigate`'s `waitUntil`.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum WaitUntilArg {
    Load,
    Domcontentloaded,
    Commit,
}

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
        let mut o = try_tool!(b.run_agent(&Observe(opts)).await);
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
        b.record_refs(&o["nextRef"], list.iter());
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

/// Arguments of `screenshot`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ScreenshotArgs {
    /// Only this element.
    target: Option<Target>,
    /// The whole scrollable page.
    full_page: Option<bool>,
    /// Default png.
    format: Option<ShotFormat>,
    /// jpeg, webp (default 80).
    #[schemars(range(min = 1, max = 100))]
    quality: Option<u8>,
    /// Image pixels per CSS pixel (default 1).
    #[schemars(range(min = 0.1, max = 2.0))]
    scale: Option<f64>,
    /// This area, in CSS px of the page.
    clip: Option<Clip>,
    /// Save to this file instead.
    #[schemars(length(min = 2, max = 4096))]
    path: Option<String>,
}

/// A screenshot's encoding.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum ShotFormat {
    Png,
    Jpeg,
    Webp,
}

/// An area of the page, in CSS pixels.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct Clip {
    #[schemars(range(min = 0.0))]
    x: f64,
    #[schemars(range(min = 0.0))]
    y: f64,
    #[schemars(range(min = 1.0))]
    width: f64,
    #[schemars(range(min = 1.0))]
    height: f64,
}

/// Arguments of `scroll`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ScrollArgs {
    /// Right by this many CSS px (default 0).
    #[schemars(range(min = -100_000, max = 100_000))]
    dx: Option<i64>,
    /// Down by this many CSS px (default 600).
    #[schemars(range(min = -100_000, max = 100_000))]
    dy: Option<i64>,
    /// Default the page.
    target: Option<Target>,
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
    let mut o = b.run_agent(&Observe(opts)).await?;
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
    b.record_refs(&o["nextRef"], items.iter());
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
    })
}

fn run_navigate(services: Arc<Services>, input: Call<NavigateArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let url = a.url.as_str();
        let observe = a.observe.unwrap_or(true);
        let until = match a.wait_until {
            Some(WaitUntilArg::Domcontentloaded) => WaitUntil::DomContentLoaded,
            Some(WaitUntilArg::Commit) => WaitUntil::Commit,
            Some(WaitUntilArg::Load) | None => WaitUntil::Load,
        };
        let timeout = a.timeout_ms.unwrap_or(30_000);
        let mut b = try_tool!(session_for(&services, &NAVIGATE).await);
        b.recover_renderer().await;
        let mark = b.network_mark();
        let outcome = try_tool!(b.navigate(url, Duration::from_millis(timeout), until).await);
        answer(&services, &mut b, outcome, until, mark, url, observe).await
    })
}

/// The answer of a navigation (`navigate`, `goBack`, `goForward`, `reload`): where the tab is,
/// the outcome, and the compact observation when asked and the page loaded. `url` is where
/// the navigation went, for an error page's answer.
async fn answer(
    services: &Arc<Services>,
    b: &mut crate::browser::BrowserGuard<'_>,
    outcome: NavOutcome,
    until: WaitUntil,
    mark: u64,
    url: &str,
    observe: bool,
) -> ToolOutcome {
    // A single-page app renders after load: return once it has (bounded).
    let settled = match (&outcome, until) {
        (NavOutcome::Loaded { .. }, WaitUntil::Load) if !url.starts_with("about:") => Some(
            b.settle_document(mark, crate::browser::act::LOAD_SETTLE)
                .await,
        ),
        _ => None,
    };
    // A redirect or page script that took the tab to a refused host leaves Chrome's
    // error page for it: that navigation was blocked, whatever loaded first.
    let outcome = match outcome {
        NavOutcome::Loaded { .. } | NavOutcome::Failed { .. }
            if services.policy.has_host_rules() =>
        {
            match b.unreachable_url().await {
                Some(u) if services.policy.url(&u, true).is_err() => NavOutcome::Blocked {
                    host: crate::policy::scheme_and_host(&u)
                        .map(|(_, h)| h)
                        .unwrap_or_default(),
                },
                _ => outcome,
            }
        }
        other => other,
    };
    let (url, title) = match &outcome {
        // The tab shows Chrome's error page for the URL it could not load: that URL is
        // where the tab is (the page's own history has no entry for it).
        NavOutcome::Failed { .. } | NavOutcome::Blocked { .. } => (
            b.unreachable_url().await.unwrap_or_else(|| url.to_owned()),
            String::new(),
        ),
        _ => try_tool!(b.location().await),
    };
    let mut out = NavigateResult {
        url: redact::page_url(&url),
        title: redact::bounded_text(&title, 200),
        status: None,
        net_error: None,
        dialog: None,
        blocked_host: None,
        outcome: outcome.name(),
        settled,
        revision: b.revision(),
        observation: None,
    };
    match &outcome {
        NavOutcome::Loaded { status } | NavOutcome::Timeout { status } => {
            out.status = *status;
        }
        NavOutcome::Failed { net_error } => out.net_error = net_error.clone(),
        NavOutcome::Dialog(d) => out.dialog = Some(DialogSeen::of(d)),
        NavOutcome::Blocked { host } => {
            out.blocked_host = Some(redact::bounded_text(host, 253));
        }
        _ => {}
    }
    let failed = matches!(
        outcome,
        NavOutcome::Failed { .. } | NavOutcome::Timeout { .. } | NavOutcome::Blocked { .. }
    );
    if observe && !failed && !matches!(outcome, NavOutcome::Dialog(_)) {
        let seen = try_tool!(observation(b, None, None, false).await).page;
        services.observed.remember(
            services.session.page_identity(),
            out.revision,
            &out.url,
            &seen.elements,
            seen.truncated,
        );
        out.observation = Some(seen);
    }
    if failed {
        return ToolOutcome::Failed(Failure::bare(Kind::Navigation).with_result(&out));
    }
    ToolOutcome::ok(&out)
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
            services.observed.remember(
                services.session.page_identity(),
                out.revision,
                &out.url,
                &out.page.elements,
                out.page.truncated,
            );
        }
        if dom {
            let values = crate::tools::kernel::effects::permits(
                &services,
                &OBSERVE,
                Capability::ReadFormValues,
            );
            let mut d = try_tool!(b.run_agent(&Dom(None, 200_000, values)).await);
            out.dom = Some(DomExcerpt {
                html: text_field(&mut d["html"]),
                truncated: d["truncated"] == true,
            });
        }
        if shot {
            let png = try_tool!(b.screenshot(None, false).await);
            return ToolOutcome::WithImages(
                serde_json::to_value(&out).unwrap_or_default(),
                vec![("image/png", png)],
            );
        }
        ToolOutcome::ok(&out)
    })
}

/// Resolve an optional target to a ref.
async fn optional_ref(
    b: &mut Browser,
    target: Option<&Target>,
) -> Result<Option<String>, ToolOutcome> {
    match target {
        None => Ok(None),
        Some(t) => Ok(Some(b.resolve(t.as_str()).await?.r)),
    }
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
            try_tool!(b.run_agent(&Text(r.as_deref(), max)).await)
        } else {
            // Field values only where the policy lets form values be read.
            let values =
                crate::tools::kernel::effects::permits(&services, tool, Capability::ReadFormValues);
            try_tool!(b.run_agent(&Dom(r.as_deref(), max, values)).await)
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

fn run_screenshot(services: Arc<Services>, input: Call<ScreenshotArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let full = a.full_page.unwrap_or(false);
        let mut b = try_tool!(session_for(&services, &SCREENSHOT).await);
        let r = try_tool!(optional_ref(&mut b, a.target.as_ref()).await);
        let clip = match &r {
            Some(r) => {
                // The element's box in document coordinates, scrolled into view.
                let rect = try_tool!(b.run_agent(&ElementRect(r)).await);
                if rect.status {
                    return ToolOutcome::Failed(Failure::of(
                        FailureKind::StaleRef,
                        "the element is gone",
                    ));
                }
                Some((rect.x, rect.y, rect.w, rect.h))
            }
            None => None,
        };
        let clip = clip.or(a.clip.map(|c| (c.x, c.y, c.width, c.height)));
        let shot = crate::browser::Shot {
            format: match a.format {
                None | Some(ShotFormat::Png) => ImageFormat::Png,
                Some(ShotFormat::Jpeg) => ImageFormat::Jpeg,
                Some(ShotFormat::Webp) => ImageFormat::Webp,
            },
            quality: a.quality,
            scale: a.scale.unwrap_or(1.0),
        };
        let image = try_tool!(b.screenshot_as(clip, full && clip.is_none(), shot).await);
        let mut meta = ScreenshotResult {
            mime_type: shot.format.mime(),
            bytes: image.len() / 4 * 3,
            revision: b.revision(),
            path: None,
            sha256: None,
        };
        let Some(path) = a.path else {
            let meta = serde_json::to_value(&meta).unwrap_or_default();
            return ToolOutcome::WithImages(meta, vec![(shot.format.mime(), image)]);
        };
        let Some(bytes) = crate::browser::decode_base64(&image) else {
            return ToolOutcome::Failed(Failure::new(Kind::Internal, "the image did not decode"));
        };
        let saved = try_tool!(save_client_file(&path, &bytes));
        meta.bytes = bytes.len();
        meta.sha256 = Some(saved.sha256);
        meta.path = Some(saved.path);
        ToolOutcome::ok(&meta)
    })
}

fn run_scroll(services: Arc<Services>, input: Call<ScrollArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let dx = a.dx.unwrap_or(0);
        let dy = a.dy.unwrap_or(600);
        let mut b = try_tool!(session_for(&services, &SCROLL).await);
        let r = try_tool!(optional_ref(&mut b, a.target.as_ref()).await);
        let v = try_tool!(b.run_agent(&Scroll(r.as_deref(), dx, dy)).await);
        if v.status {
            return ToolOutcome::Failed(Failure::of(FailureKind::StaleRef, "the element is gone"));
        }
        let revision = b.bump_revision();
        ToolOutcome::ok(&ScrollResult {
            scroll_x: v.scroll_x,
            scroll_y: v.scroll_y,
            revision,
        })
    })
}

/// A string the page agent returned, taken out of its answer ("" when it is not a string).
fn text_field(v: &mut Value) -> String {
    match v.take() {
        Value::String(s) => s,
        _ => String::new(),
    }
}

/// The result of `navigate` (also the body of its `navigation` failure).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NavigateResult {
    /// The URL the tab is on.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// The page's title.
    #[schemars(extend("x-glassPageContent" = true))]
    pub title: String,
    /// The HTTP status of the document.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<i64>,
    /// outcome=error: Chrome's network error name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub net_error: Option<String>,
    /// outcome=dialog: the dialog the page opened while loading.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dialog: Option<DialogSeen>,
    /// outcome=blocked: the refused host.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub blocked_host: Option<String>,
    /// loaded, sameDocument, noContent, download, dialog, error, timeout or blocked.
    pub outcome: &'static str,
    /// The page rendered after load (waitUntil=load only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settled: Option<bool>,
    /// The page revision after the call.
    pub revision: u64,
    /// The compact observation of the loaded page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observation: Option<PageObservation>,
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

/// The result of `screenshot` (the image is a separate content item).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreenshotResult {
    /// image/png, image/jpeg or image/webp.
    pub mime_type: &'static str,
    /// The image's size in bytes.
    pub bytes: usize,
    /// The page revision.
    pub revision: u64,
    /// Where it was saved (then no image is returned).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The saved file's sha256.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
}

/// The result of `scroll`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScrollResult {
    /// Horizontal scroll offset, CSS px.
    pub scroll_x: i64,
    /// Vertical scroll offset, CSS px.
    pub scroll_y: i64,
    /// The page revision after the call.
    pub revision: u64,
}
