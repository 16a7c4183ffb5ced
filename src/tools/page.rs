//! Page tools: `navigate`, `observe`, `getDOM`, `getText`, `screenshot`, `scroll`.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value, json};

use super::browser::{page_session, target, target_schema};
use super::{Annotations, Services, Tool, ToolFuture, ToolOutcome, args};
use crate::browser::navigate::{NavOutcome, WaitUntil};
use crate::browser::{Browser, BrowserError};
use crate::failure::{Failure, FailureKind, Kind};
use crate::policy::Capability;
use crate::redact;
use crate::try_tool;

const READ: Annotations = Annotations {
    read_only: true,
    destructive: false,
    idempotent: true,
    open_world: true,
};

/// `navigate`.
pub const NAVIGATE: Tool = Tool {
    name: "navigate",
    title: "Navigate",
    description: "Open a URL in the selected page; returns url, title, HTTP status, revision, outcome and (unless observe=false) the compact observation.",
    schema: navigate_schema,
    annotations: Annotations {
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: true,
    },
    browser: true,
    run: run_navigate,
};

/// `observe`.
pub const OBSERVE: Tool = Tool {
    name: "observe",
    title: "Observe the page",
    description: "Compact page state: url, title, revision and elements with refs, roles, names and state. level: summary|interactive|structured|detailed|raw. DOM, screenshot and form values only when asked.",
    schema: observe_schema,
    annotations: READ,
    browser: true,
    run: run_observe,
};

/// `extractWebIr`.
pub const EXTRACT_WEB_IR: Tool = Tool {
    name: "extractWebIr",
    title: "Extract the page as Web IR",
    description: "The live page (or one region, a ref) as a Web IR v1 draft: entities (regions, forms, fields, actions, links, tables with rows and cells, text) and their relationships, IDs stable while the element exists. Validated before it is returned; never includes form values.",
    schema: extract_schema,
    annotations: READ,
    browser: true,
    run: run_extract_web_ir,
};

/// `getDOM`.
pub const GET_DOM: Tool = Tool {
    name: "getDOM",
    title: "Get DOM",
    description: "HTML of the page or of one target, bounded by maxChars.",
    schema: text_schema,
    annotations: READ,
    browser: true,
    run: run_get_dom,
};

/// `getText`.
pub const GET_TEXT: Tool = Tool {
    name: "getText",
    title: "Get text",
    description: "Visible text of the page or of one target, bounded by maxChars.",
    schema: text_schema,
    annotations: READ,
    browser: true,
    run: run_get_text,
};

/// `screenshot`.
pub const SCREENSHOT: Tool = Tool {
    name: "screenshot",
    title: "Screenshot",
    description: "PNG of the viewport, the full page (fullPage=true) or one target.",
    schema: screenshot_schema,
    annotations: READ,
    browser: true,
    run: run_screenshot,
};

/// `scroll`.
pub const SCROLL: Tool = Tool {
    name: "scroll",
    title: "Scroll",
    description: "Scroll the page, or one target, by dx/dy CSS pixels.",
    schema: scroll_schema,
    annotations: Annotations {
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: true,
    },
    browser: true,
    run: run_scroll,
};

fn navigate_schema() -> Value {
    args::confirmable(args::object_schema(
        json!({
            "url": {"type": "string"},
            "observe": {"type": "boolean", "description": "Include the compact observation (default true)."},
            "waitUntil": {"type": "string", "enum": ["load", "domcontentloaded", "commit"]},
            "timeoutMs": {"type": "integer", "minimum": 1, "maximum": 120000},
        }),
        &["url"],
    ))
}

fn observe_schema() -> Value {
    args::confirmable(args::object_schema(
        json!({
            "level": {"type": "string", "enum": ["summary", "interactive", "structured", "detailed", "raw"]},
            "region": {"type": "string", "description": "A ref: observe only inside this element."},
            "includeDom": {"type": "boolean"},
            "includeScreenshot": {"type": "boolean"},
            "includeFormValues": {"type": "boolean"},
        }),
        &[],
    ))
}

fn extract_schema() -> Value {
    args::object_schema(
        json!({"region": {"type": "string", "description": "A ref: extract only inside this element."}}),
        &[],
    )
}

fn run_extract_web_ir(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["region"]));
        let region = try_tool!(args::opt_string(&a, "region", 24));
        if region.is_some_and(|r| !crate::browser::refs::is_ref(r)) {
            return args::invalid("region", "must be a ref such as e12").into();
        }
        let mut b = try_tool!(page_session(&services).await);
        // The structured model with room for a whole page: Web IR's own bounds cut the rest.
        let opts = json!({
            "level": "structured", "nextRef": b.next_ref, "maxItems": 4000,
            "maxBytes": 400_000, "maxNameChars": 80, "maxTextChars": 200,
            "tableRows": 50, "region": region,
        });
        let mut o = try_tool!(b.agent_call("observe", &[opts]).await);
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
        ToolOutcome::Ok(json!({
            "revision": b.revision(),
            "entityCount": parsed.entities().len(),
            "relationshipCount": draft["relationships"].as_array().map_or(0, Vec::len),
            "draft": draft,
        }))
    })
}

fn text_schema() -> Value {
    args::object_schema(
        json!({"target": target_schema(), "maxChars": {"type": "integer", "minimum": 1, "maximum": 1_000_000}}),
        &[],
    )
}

fn screenshot_schema() -> Value {
    args::confirmable(args::object_schema(
        json!({"target": target_schema(), "fullPage": {"type": "boolean"}}),
        &[],
    ))
}

fn scroll_schema() -> Value {
    args::object_schema(
        json!({
            "dx": {"type": "integer", "minimum": -100000, "maximum": 100000},
            "dy": {"type": "integer", "minimum": -100000, "maximum": 100000},
            "target": target_schema(),
        }),
        &[],
    )
}

/// Schemes a navigation may use.
pub fn allowed_url(url: &str) -> bool {
    let lower = url.trim().to_ascii_lowercase();
    ["http://", "https://", "file://", "about:", "data:"]
        .iter()
        .any(|p| lower.starts_with(p))
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

/// Run the agent's observation and shape it: `{url, title, revision, elements, truncated, ...}`.
pub async fn observation(
    b: &mut Browser,
    level: Option<&str>,
    region: Option<&str>,
    form_values: bool,
) -> Result<Map<String, Value>, crate::browser::act::ActError> {
    let opts = observe_options(level, region, form_values, b.next_ref);
    let mut o = b.agent_call("observe", &[opts]).await?;
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
    let items = o["items"].take();
    let list = items.as_array().map(Vec::as_slice).unwrap_or(&[]);
    b.record_refs(&o["nextRef"], list.iter());
    let mut out = Map::new();
    out.insert(
        "url".into(),
        json!(redact::bounded_text(o["url"].as_str().unwrap_or(""), 2048)),
    );
    out.insert(
        "title".into(),
        json!(redact::bounded_text(o["title"].as_str().unwrap_or(""), 200)),
    );
    out.insert("revision".into(), json!(b.revision()));
    if let Some(f) = o["focused"].as_str() {
        out.insert("focused".into(), json!(f));
    }
    out.insert("elements".into(), items);
    out.insert("truncated".into(), json!(o["truncated"] == true));
    if o["budgetsHit"].as_array().is_some_and(|a| !a.is_empty()) {
        out.insert("budgetsHit".into(), o["budgetsHit"].take());
    }
    if o["counts"].is_object() {
        out.insert("counts".into(), o["counts"].take());
    }
    Ok(out)
}

fn run_navigate(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(
            &a,
            &["url", "observe", "waitUntil", "timeoutMs"]
        ));
        let url = try_tool!(args::string(&a, "url", 8192));
        if !allowed_url(url) {
            return args::invalid("url", "must be an http, https, file, about or data URL").into();
        }
        try_tool!(super::browser::check_url(&services, url));
        let observe = try_tool!(args::bool_or(&a, "observe", true));
        try_tool!(super::browser::gate(
            &services,
            Capability::Navigate,
            "navigate",
            &a,
            &format!(
                "open {} in the selected page",
                super::browser::destination(url)
            )
        ));
        let until = match try_tool!(args::one_of(
            &a,
            "waitUntil",
            &["load", "domcontentloaded", "commit"]
        )) {
            Some("domcontentloaded") => WaitUntil::DomContentLoaded,
            Some("commit") => WaitUntil::Commit,
            _ => WaitUntil::Load,
        };
        let timeout = try_tool!(args::int_in(&a, "timeoutMs", 1, 120_000)).unwrap_or(30_000);
        let mut b = try_tool!(super::browser::page_session_to_navigate(&services).await);
        b.recover_renderer().await;
        let mark = b.network_mark();
        let outcome = try_tool!(b.navigate(url, Duration::from_millis(timeout), until).await);
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
        let (url, title) = try_tool!(b.location().await);
        let mut out = Map::new();
        out.insert("url".into(), json!(redact::bounded_text(&url, 2048)));
        out.insert("title".into(), json!(redact::bounded_text(&title, 200)));
        match &outcome {
            NavOutcome::Loaded { status } | NavOutcome::Timeout { status } => {
                if let Some(s) = status {
                    out.insert("status".into(), json!(s));
                }
            }
            NavOutcome::Failed {
                net_error: Some(code),
            } => {
                out.insert("netError".into(), json!(code));
            }
            NavOutcome::Dialog(d) => {
                out.insert(
                    "dialog".into(),
                    json!({"type": d.kind, "message": d.message}),
                );
            }
            NavOutcome::Blocked { host } => {
                out.insert("blockedHost".into(), json!(redact::bounded_text(host, 253)));
            }
            _ => {}
        }
        out.insert("outcome".into(), json!(outcome.name()));
        if let Some(settled) = settled {
            out.insert("settled".into(), json!(settled));
        }
        out.insert("revision".into(), json!(b.revision()));
        let failed = matches!(
            outcome,
            NavOutcome::Failed { .. } | NavOutcome::Timeout { .. } | NavOutcome::Blocked { .. }
        );
        if observe && !failed && !matches!(outcome, NavOutcome::Dialog(_)) {
            let mut o = try_tool!(observation(&mut b, None, None, false).await);
            o.remove("url");
            o.remove("title");
            o.remove("revision");
            out.insert("observation".into(), Value::Object(o));
        }
        if failed {
            return ToolOutcome::Failed(Failure::bare(Kind::Navigation).extend(out));
        }
        ToolOutcome::Ok(Value::Object(out))
    })
}

fn run_observe(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(
            &a,
            &[
                "level",
                "region",
                "includeDom",
                "includeScreenshot",
                "includeFormValues"
            ]
        ));
        let level = try_tool!(args::one_of(
            &a,
            "level",
            &["summary", "interactive", "structured", "detailed", "raw"]
        ));
        let region = try_tool!(args::opt_string(&a, "region", 24));
        if region.is_some_and(|r| !crate::browser::refs::is_ref(r)) {
            return args::invalid("region", "must be a ref such as e12").into();
        }
        let dom = try_tool!(args::bool_or(&a, "includeDom", false));
        let shot = try_tool!(args::bool_or(&a, "includeScreenshot", false));
        let values = try_tool!(args::bool_or(&a, "includeFormValues", false));
        if shot {
            try_tool!(super::browser::gate(
                &services,
                Capability::Screenshot,
                "observe",
                &a,
                "include a screenshot of the page"
            ));
        }
        if values {
            try_tool!(super::browser::gate(
                &services,
                Capability::ReadFormValues,
                "observe",
                &a,
                "read the values of form fields"
            ));
        }
        let mut b = try_tool!(page_session(&services).await);
        let mut out = try_tool!(observation(&mut b, level, region, values).await);
        if dom {
            let d = try_tool!(b.agent_call("dom", &[Value::Null, json!(200_000)]).await);
            out.insert(
                "dom".into(),
                json!({"html": d["html"], "truncated": d["truncated"] == true}),
            );
        }
        if shot {
            let png = try_tool!(capture(&b, None, false).await);
            return ToolOutcome::WithImages(Value::Object(out), vec![("image/png", png)]);
        }
        ToolOutcome::Ok(Value::Object(out))
    })
}

/// Resolve an optional target to a ref.
async fn optional_ref(
    b: &mut Browser,
    a: &Map<String, Value>,
) -> Result<Option<String>, ToolOutcome> {
    match a.get("target") {
        None | Some(Value::Null) => Ok(None),
        Some(_) => {
            let t = target(a).map_err(ToolOutcome::from)?;
            Ok(Some(b.resolve(t).await?.r))
        }
    }
}

fn run_text_like(
    services: Arc<Services>,
    a: Map<String, Value>,
    function: &'static str,
) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["target", "maxChars"]));
        let max = try_tool!(args::int_in(&a, "maxChars", 1, 1_000_000))
            .unwrap_or(if function == "text" { 20_000 } else { 100_000 });
        let mut b = try_tool!(page_session(&services).await);
        let r = try_tool!(optional_ref(&mut b, &a).await);
        let mut v = try_tool!(b.agent_call(function, &[json!(r), json!(max)]).await);
        if v["status"] == "stale" {
            return ToolOutcome::Failed(Failure::of(FailureKind::StaleRef, "the element is gone"));
        }
        let field = if function == "text" { "text" } else { "html" };
        ToolOutcome::Ok(json!({
            field: v[field].take(),
            "truncated": v["truncated"] == true,
            "totalChars": v["totalChars"],
            "revision": b.revision(),
        }))
    })
}

fn run_get_dom(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    run_text_like(services, a, "dom")
}

fn run_get_text(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    run_text_like(services, a, "text")
}

/// Largest screenshot edge, in CSS pixels; larger areas are scaled down.
const MAX_EDGE: f64 = 4096.0;

/// Capture a PNG (base64): the viewport, the full page, or a clip rectangle.
async fn capture(
    b: &Browser,
    clip: Option<(f64, f64, f64, f64)>,
    full: bool,
) -> Result<String, BrowserError> {
    let mut params = json!({"format": "png", "captureBeyondViewport": false, "fromSurface": true,
        // Fast zlib settings: a third larger PNG, half the encoding time.
        "optimizeForSpeed": true});
    let area = match clip {
        Some(c) => Some(c),
        None if full => {
            let m = b.page_call("Page.getLayoutMetrics", json!({})).await?;
            let size = &m["cssContentSize"];
            Some((
                0.0,
                0.0,
                size["width"].as_f64().unwrap_or(1.0),
                size["height"].as_f64().unwrap_or(1.0),
            ))
        }
        None => None,
    };
    if let Some((x, y, w, h)) = area {
        let scale = (MAX_EDGE / w.max(h).max(1.0)).min(1.0);
        params["clip"] =
            json!({"x": x, "y": y, "width": w.max(1.0), "height": h.max(1.0), "scale": scale});
        params["captureBeyondViewport"] = json!(full);
    }
    let shot = b.page_call("Page.captureScreenshot", params).await?;
    shot["data"]
        .as_str()
        .map(str::to_owned)
        .ok_or(BrowserError::Agent)
}

fn run_screenshot(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["target", "fullPage"]));
        let full = try_tool!(args::bool_or(&a, "fullPage", false));
        try_tool!(super::browser::gate(
            &services,
            Capability::Screenshot,
            "screenshot",
            &a,
            "take a screenshot of the page"
        ));
        let mut b = try_tool!(page_session(&services).await);
        let r = try_tool!(optional_ref(&mut b, &a).await);
        let clip = match &r {
            Some(r) => {
                // The element's box in document coordinates, scrolled into view.
                let rect = try_tool!(b.agent_call("rect", &[json!(r)]).await);
                if rect["status"] == "stale" {
                    return ToolOutcome::Failed(Failure::of(
                        FailureKind::StaleRef,
                        "the element is gone",
                    ));
                }
                Some((
                    rect["x"].as_f64().unwrap_or(0.0),
                    rect["y"].as_f64().unwrap_or(0.0),
                    rect["w"].as_f64().unwrap_or(1.0),
                    rect["h"].as_f64().unwrap_or(1.0),
                ))
            }
            None => None,
        };
        let png = try_tool!(capture(&b, clip, full && clip.is_none()).await);
        let meta =
            json!({"mimeType": "image/png", "bytes": png.len() / 4 * 3, "revision": b.revision()});
        ToolOutcome::WithImages(meta, vec![("image/png", png)])
    })
}

fn run_scroll(services: Arc<Services>, a: Map<String, Value>) -> ToolFuture {
    Box::pin(async move {
        try_tool!(args::only(&a, &["dx", "dy", "target"]));
        let dx = try_tool!(args::signed_in(&a, "dx", -100_000, 100_000)).unwrap_or(0);
        let dy = try_tool!(args::signed_in(&a, "dy", -100_000, 100_000)).unwrap_or(600);
        let mut b = try_tool!(page_session(&services).await);
        let r = try_tool!(optional_ref(&mut b, &a).await);
        let v = try_tool!(
            b.agent_call("scroll", &[json!(r), json!(dx), json!(dy)])
                .await
        );
        let revision = b.bump_revision();
        ToolOutcome::Ok(
            json!({"scrollX": v["scrollX"], "scrollY": v["scrollY"], "revision": revision}),
        )
    })
}
