//! `listRequests` and `getRequest`: the selected page's requests since its navigation, paged,
//! bounded and redacted.
//!
//! URLs lose credentials and fragments, and their query values unless the policy allows
//! `network-details` and the call asks; secret headers (credentials, cookies, tokens, keys)
//! are always redacted; bodies are text only, bounded, and need `network-details`.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::browser::bodies::Body;
use crate::browser::requests::{RequestEntry, sensitive_header};
use crate::failure::{Failure, FailureKind};
use crate::policy::Capability;
use crate::redact::{bounded_text, url_with_query_names};
use crate::tools::kernel::args;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `listRequests`.
pub const LIST_REQUESTS: Tool = Tool {
    name: "listRequests",
    title: "List network requests",
    description: "Requests since the page's navigation, grouped by type and status: id, URL (timing adds start, duration, bytes); non-GET methods, failures, cache hits. Paged by cursor.",
    group: ToolGroup::Standard,
    family: Family::DevTools,
    schema: input_schema::<ListArgs>,
    output: crate::tools::kernel::output::result_of::<ListResult>,
    effects: &[
        Effect::ReadsPage,
        Effect::ReadsNetworkDetails(When::Flag("queryValues")),
    ],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ListArgs, run_list),
};

/// `getRequest`.
pub const GET_REQUEST: Tool = Tool {
    name: "getRequest",
    title: "Show a network request",
    description: "One request of listRequests: headers (secrets redacted), and with bodies (network-details) its bodies as bounded text.",
    group: ToolGroup::Standard,
    family: Family::DevTools,
    schema: input_schema::<GetArgs>,
    output: crate::tools::kernel::output::result_of::<GetResult>,
    effects: &[
        Effect::ReadsPage,
        Effect::ReadsNetworkDetails(When::Flag("bodies")),
    ],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(GetArgs, run_get),
};

/// Arguments of `listRequests`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ListArgs {
    /// Default 100.
    #[schemars(range(min = 1, max = 500))]
    max_items: Option<usize>,
    /// The previous answer's next.
    #[schemars(length(max = 24))]
    cursor: Option<String>,
    /// Document, Script, Image, Fetch, XHR...
    #[schemars(length(min = 1, max = 24))]
    r#type: Option<String>,
    /// Only failures.
    failed: Option<bool>,
    /// Show query values (network-details).
    query_values: Option<bool>,
    /// Add at, ms, size to each row.
    timing: Option<bool>,
}

/// Arguments of `getRequest`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct GetArgs {
    /// From listRequests.
    id: RequestId,
    /// Include the bodies (network-details).
    bodies: Option<bool>,
    /// Per body (default 4000).
    #[schemars(range(min = 1, max = 100_000))]
    max_chars: Option<usize>,
}

/// The columns of `listRequests` rows, in order, without and with `timing`.
const COLUMNS: &[&str] = &["id", "url"];
const TIMED_COLUMNS: &[&str] = &["id", "url", "at", "ms", "size"];

/// A request id as `listRequests` rows give it (a number) or as text (`r12`).
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
enum RequestId {
    Number(u64),
    Text(#[schemars(length(min = 1, max = 24))] String),
}

/// The result of `listRequests`: rows grouped by what most requests share (their resource
/// type and status, and the start of their URLs), each group stating that once, so 200
/// requests cost a model a few kilobytes and the failures stand apart.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListResult {
    /// The document's origin: a `url` starting with `/` is on it.
    #[schemars(extend("x-glassPageContent" = true))]
    pub origin: String,
    /// What each row holds, in order.
    pub columns: Vec<&'static str>,
    /// The requests of this answer, in groups ordered by their first request.
    pub groups: Vec<RequestGroup>,
    /// Requests not sent with GET, by id: their method.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub methods: Map<String, Value>,
    /// Requests that failed, by id: a net error code, `canceled` or `blocked:REASON`.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub failed: Map<String, Value>,
    /// Ids of requests served from a cache.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cached: Vec<u64>,
    /// Requests of this document Glass keeps (those that match the filters and those that
    /// do not).
    pub total: usize,
    /// Older requests dropped for space.
    #[serde(skip_serializing_if = "crate::tools::kernel::output::is_zero")]
    pub dropped: u64,
    /// Pass as `cursor` for the rest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

/// Requests of one resource type that got one status.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RequestGroup {
    /// Document, Stylesheet, Script, Image, Fetch, XHR...
    #[serde(rename = "type")]
    pub resource_type: String,
    /// The HTTP status of every row; absent while unanswered or when no response came.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<i64>,
    /// What every row's URL starts with, stated once: a row's `url` is what follows it.
    #[serde(skip_serializing_if = "String::is_empty")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub base: String,
    /// One row a request, oldest first: `id` (for `getRequest`), the URL after `base`; with
    /// `timing` also `at` (ms after the document's request), `ms` (duration; null while
    /// pending), `size` (bytes received; null while pending).
    #[schemars(extend("x-glassPageContent" = true))]
    pub rows: Vec<Value>,
}

/// The result of `getRequest`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetResult {
    /// The request with all `listRequests` can show of it: type, status and timing included.
    #[schemars(extend("x-glassPageContent" = true))]
    pub request: Value,
    /// The response's MIME type.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub mime: Option<String>,
    /// The headers sent, secrets redacted.
    #[schemars(extend("x-glassPageContent" = true))]
    pub request_headers: Map<String, Value>,
    /// The headers received, secrets redacted.
    #[schemars(extend("x-glassPageContent" = true))]
    pub response_headers: Map<String, Value>,
    /// The body sent (`text`, `truncated`, `chars`; or `binary` bytes; or `unavailable`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub request_body: Option<Value>,
    /// The body received, likewise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub response_body: Option<Value>,
}

/// Requests per answer unless asked.
const DEFAULT_ITEMS: usize = 100;

/// Characters per body unless asked.
const DEFAULT_BODY_CHARS: usize = 4000;

/// The value shown for a redacted header.
const REDACTED: &str = "[redacted]";

fn run_list(services: Arc<Services>, input: Call<ListArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let from = match a.cursor.as_deref().map(parse_id) {
            None => 0,
            Some(Some(n)) => n,
            Some(None) => {
                return args::invalid("cursor", "is not a cursor listRequests gave").into();
            }
        };
        let values = a.query_values == Some(true);
        let timing = a.timing == Some(true);
        let b = try_tool!(session_for(&services, &LIST_REQUESTS).await);
        let max = a.max_items.unwrap_or(DEFAULT_ITEMS);
        let log = match b.events().requests.lock() {
            Ok(log) => log,
            Err(_) => {
                return Failure::new(
                    crate::failure::Kind::Internal,
                    "the request log is unavailable",
                )
                .into();
            }
        };
        // The document's origin: its own request is the first one kept.
        let origin = log
            .from(0)
            .find(|e| e.resource_type == "Document")
            .and_then(|e| url::Url::parse(&e.url).ok())
            .map(|u| u.origin().ascii_serialization())
            .filter(|o| o != "null")
            .unwrap_or_default();
        let mut shown = Vec::new();
        let mut failed = Map::new();
        let mut methods = Map::new();
        let mut cached = Vec::new();
        let mut next = None;
        for e in log.from(from) {
            if a.r#type
                .as_deref()
                .is_some_and(|t| !t.eq_ignore_ascii_case(&e.resource_type))
                || (a.failed == Some(true) && !e.failed())
            {
                continue;
            }
            if shown.len() == max {
                next = Some(format!("r{}", e.id));
                break;
            }
            let url = url_with_query_names(&e.url, values);
            let url = match url.strip_prefix(origin.as_str()) {
                Some(path) if !origin.is_empty() && path.starts_with('/') => path.to_owned(),
                _ => url,
            };
            if e.method != "GET" {
                methods.insert(e.id.to_string(), json!(e.method));
            }
            if let Some(f) = &e.failure {
                failed.insert(e.id.to_string(), json!(f));
            }
            if e.from_cache {
                cached.push(e.id);
            }
            let mut row = vec![json!(e.id), json!(url)];
            if timing {
                row.extend([
                    json!(log.offset_ms(e)),
                    json!(e.duration_ms()),
                    json!(e.transfer),
                ]);
            }
            shown.push((e, row));
        }
        let groups = group_rows(shown);
        let (total, dropped) = log.counts();
        ToolOutcome::ok(&ListResult {
            origin,
            columns: if timing { TIMED_COLUMNS } else { COLUMNS }.to_vec(),
            groups,
            methods,
            failed,
            cached,
            total,
            dropped,
            next,
        })
    })
}

fn run_get(services: Arc<Services>, input: Call<GetArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let id = match &a.id {
            RequestId::Number(n) => Some(*n),
            RequestId::Text(t) => parse_id(t),
        };
        let Some(id) = id else {
            return args::invalid("id", "is not a request id (r12)").into();
        };
        let bodies = a.bodies == Some(true);
        let values = crate::tools::kernel::effects::permits(
            &services,
            &GET_REQUEST,
            Capability::NetworkDetails,
        );
        let mut b = try_tool!(session_for(&services, &GET_REQUEST).await);
        let (entry, offset) = {
            let Ok(log) = b.events().requests.lock() else {
                return Failure::new(
                    crate::failure::Kind::Internal,
                    "the request log is unavailable",
                )
                .into();
            };
            match log.get(id) {
                Some(e) => (e.clone(), log.offset_ms(e)),
                None => {
                    return Failure::of(
                        FailureKind::UnknownRequest,
                        "no request of the page's current document has this id; listRequests shows them",
                    )
                    .into();
                }
            }
        };
        let max_chars = a.max_chars.unwrap_or(DEFAULT_BODY_CHARS);
        let (request_body, response_body) = if bodies {
            let sent = if entry.has_post_data {
                body_json(
                    try_tool!(b.bodies().request(&entry.chrome_id).await),
                    max_chars,
                )
            } else {
                json!({"none": true})
            };
            let received = body_json(
                try_tool!(b.bodies().response(&entry.chrome_id).await),
                max_chars,
            );
            (Some(sent), Some(received))
        } else {
            (None, None)
        };
        ToolOutcome::ok(&GetResult {
            request: summary(&entry, offset, values),
            mime: entry.mime.as_deref().map(|m| bounded_text(m, 80)),
            request_headers: header_map(&entry.request_headers, values),
            response_headers: header_map(&entry.response_headers, values),
            request_body,
            response_body,
        })
    })
}

/// The rows of one answer (each a request and its row, `COLUMNS` or `TIMED_COLUMNS`) in
/// groups of one resource type and status, ordered by their first request; a group of several
/// rows states the directory their URLs share once as `base`.
fn group_rows(shown: Vec<(&RequestEntry, Vec<Value>)>) -> Vec<RequestGroup> {
    let mut groups: Vec<RequestGroup> = Vec::new();
    for (e, row) in shown {
        match groups
            .iter_mut()
            .find(|g| g.resource_type == e.resource_type && g.status == e.status)
        {
            Some(g) => g.rows.push(Value::Array(row)),
            None => groups.push(RequestGroup {
                resource_type: e.resource_type.clone(),
                status: e.status,
                base: String::new(),
                rows: vec![Value::Array(row)],
            }),
        }
    }
    for group in groups.iter_mut().filter(|g| g.rows.len() > 1) {
        group.base = shared_directory(group.rows.iter().filter_map(|r| r[1].as_str()));
        let cut = group.base.len();
        for row in &mut group.rows {
            if let Some(url) = row[1].as_str() {
                row[1] = json!(url[cut..]);
            }
        }
    }
    groups
}

/// The longest start every URL's path shares that ends with `/` (empty when it is only `/`);
/// never part of a query.
fn shared_directory<'a>(mut urls: impl Iterator<Item = &'a str>) -> String {
    let Some(first) = urls.next() else {
        return String::new();
    };
    let mut shared = first.find('?').unwrap_or(first.len());
    for url in urls {
        shared = first
            .bytes()
            .zip(url.bytes())
            .take(shared)
            .take_while(|(a, b)| a == b)
            .count();
    }
    // Bytes, not characters, are compared: `/` is ASCII, so cutting after one is a boundary.
    match first.as_bytes()[..shared].iter().rposition(|&b| b == b'/') {
        Some(end) if end > 0 => first[..=end].to_owned(),
        _ => String::new(),
    }
}

/// `r12` (or `12`) as a request id.
fn parse_id(s: &str) -> Option<u64> {
    s.strip_prefix('r').unwrap_or(s).parse().ok()
}

/// One request with everything `listRequests` can show of it (its group's type and status,
/// the timing columns): defaults (GET, not cached) left out.
fn summary(e: &RequestEntry, at: u64, values: bool) -> Value {
    let mut v = Map::new();
    v.insert("id".into(), json!(format!("r{}", e.id)));
    if e.method != "GET" {
        v.insert("method".into(), json!(e.method));
    }
    v.insert("url".into(), json!(url_with_query_names(&e.url, values)));
    v.insert("type".into(), json!(e.resource_type));
    if let Some(s) = e.status {
        v.insert("status".into(), json!(s));
    }
    v.insert("at".into(), json!(at));
    if let Some(ms) = e.duration_ms() {
        v.insert("ms".into(), json!(ms));
    }
    if let Some(size) = e.transfer {
        v.insert("size".into(), json!(size));
        if e.body_bytes != size && e.body_bytes > 0 {
            v.insert("bodySize".into(), json!(e.body_bytes));
        }
    }
    if e.from_cache {
        v.insert("cached".into(), json!(true));
    }
    if let Some(f) = &e.failure {
        v.insert("failure".into(), json!(f));
    }
    Value::Object(v)
}

/// Headers whose values are URLs (or lists of them): their queries are shown as a request's
/// URL is, so a token in a `Referer` or a redirect's `Location` stays hidden too.
const URL_HEADERS: &[&str] = &[
    "referer",
    "location",
    "origin",
    "content-location",
    "link",
    "refresh",
    "access-control-allow-origin",
];

/// Headers as an object, secret values redacted, URLs as the policy shows them, bounded.
fn header_map(headers: &[(String, String)], values: bool) -> Map<String, Value> {
    headers
        .iter()
        .map(|(k, v)| {
            let value = if sensitive_header(k) {
                REDACTED.to_owned()
            } else if URL_HEADERS.contains(&k.to_ascii_lowercase().as_str()) {
                bounded_text(&crate::redact::queries_in_text(v, values), 256)
            } else {
                bounded_text(v, 256)
            };
            (k.to_ascii_lowercase(), json!(value))
        })
        .collect()
}

/// A body as `getRequest` shows it.
fn body_json(body: Body, max_chars: usize) -> Value {
    match body {
        Body::Text(t) => {
            let chars = t.chars().count();
            let text: String = t.chars().take(max_chars).collect();
            let mut v = json!({"text": text, "chars": chars});
            if chars > max_chars {
                v["truncated"] = json!(true);
            }
            v
        }
        Body::Binary(bytes) => json!({"binary": bytes}),
        Body::Unavailable => json!({"unavailable": true}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_summarised_without_defaults_and_secrets() {
        let e = RequestEntry {
            id: 7,
            method: "GET".into(),
            url: "https://u:p@a.test/x?token=abc".into(),
            resource_type: "Fetch".into(),
            status: Some(200),
            started: 1.0,
            ended: Some(1.05),
            transfer: Some(120),
            body_bytes: 120,
            ..RequestEntry::default()
        };
        assert_eq!(
            summary(&e, 3, false),
            json!({"id": "r7", "url": "https://a.test/x?token=…", "type": "Fetch", "status": 200, "at": 3, "ms": 50, "size": 120})
        );
        let h = header_map(
            &[
                ("Authorization".into(), "Bearer x".into()),
                ("Accept".into(), "*/*".into()),
                ("Referer".into(), "http://a.test/s?token=T1".into()),
            ],
            false,
        );
        assert_eq!(h["authorization"], REDACTED);
        assert_eq!(h["accept"], "*/*");
        assert_eq!(h["referer"], "http://a.test/s?token=…");
        assert_eq!(parse_id("r12"), Some(12));
        assert_eq!(parse_id("x"), None);
    }

    #[test]
    fn rows_are_grouped_by_type_and_status_with_their_shared_directory() {
        let entry = |id, url: &str, kind: &str, status| RequestEntry {
            id,
            url: url.into(),
            resource_type: kind.into(),
            status,
            ..RequestEntry::default()
        };
        let entries = [
            entry(1, "/", "Document", Some(200)),
            entry(2, "/r/img/1.svg", "Image", Some(200)),
            entry(3, "/r/img/2.svg", "Image", Some(404)),
            entry(4, "/r/img/10.svg", "Image", Some(200)),
            entry(5, "/r/ímg/é.png", "Image", None),
            entry(6, "/r/ímg/è.png", "Image", None),
        ];
        let groups = group_rows(
            entries
                .iter()
                .map(|e| (e, vec![json!(e.id), json!(e.url), json!(e.duration_ms())]))
                .collect(),
        );
        let shape: Vec<(&str, Option<i64>, &str, Vec<u64>)> = groups
            .iter()
            .map(|g| {
                let ids = g.rows.iter().map(|r| r[0].as_u64().unwrap()).collect();
                (g.resource_type.as_str(), g.status, g.base.as_str(), ids)
            })
            .collect();
        assert_eq!(
            shape,
            vec![
                ("Document", Some(200), "", vec![1]),
                ("Image", Some(200), "/r/img/", vec![2, 4]),
                ("Image", Some(404), "", vec![3]),
                ("Image", None, "/r/ímg/", vec![5, 6]),
            ]
        );
        assert_eq!(groups[1].rows[1], json!([4, "10.svg", null]));
        assert_eq!(groups[3].rows[0][1], "é.png");
        assert_eq!(shared_directory(["/a", "/b"].into_iter()), "");
        assert_eq!(shared_directory(["/api/x"].into_iter()), "/api/");
        assert_eq!(shared_directory(["/p?n/a=…", "/p?n/b=…"].into_iter()), "");
    }

    #[test]
    fn bodies_are_bounded_text() {
        assert_eq!(
            body_json(Body::Text("abcdef".into()), 3),
            json!({"text": "abc", "chars": 6, "truncated": true})
        );
        assert_eq!(body_json(Body::Binary(9), 3), json!({"binary": 9}));
    }
}
