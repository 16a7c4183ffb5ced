//! `extractStructured`: named, typed values read off the page model (a table or one of its
//! columns, a list, a region, the section under a heading, a form field by label), never by a
//! CSS selector; normalized by `crate::normalize` and each with where it came from.
//!
//! Lists and tables are paged: `startIndex` and `maxItems` choose a window, `maxBytes` bounds
//! the answer (items are dropped whole from the end, never cut), and a `continuation` names
//! the next window of the same request on the same page: it is refused once the page, its
//! revision or the rows it pages through changed, so paging is exact or it stops.

mod reader;

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use self::reader::{Reader, TableHead, headers, hoist_currency};
use crate::browser::agent_calls::ExtractRaw;
use crate::failure::{Failure, FailureKind};
use crate::normalize::DecimalMark;
use crate::tools::kernel::args;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// Most items a list-like field gives in one answer.
pub const MAX_ITEMS: u32 = 256;

/// The `extractStructured` tool.
pub const EXTRACT: Tool = Tool {
    name: "extractStructured",
    title: "Extract typed values",
    description: "Typed, normalized values off the page model, with provenance. path: table[:NAME|#N][/column:HEADER], list[:NAME|#N], region:NAME, section:HEADING, field:LABEL (no CSS).",
    group: ToolGroup::Standard,
    family: Family::Semantic,
    schema: input_schema::<ExtractArgs>,
    output: result_of::<ExtractResult>,
    effects: &[
        Effect::ReadsPage,
        Effect::ReadsFormValues(When::Mentions("fields", "field:")),
    ],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Reads,
    run: crate::handler!(ExtractArgs, run),
};

/// Arguments of `extractStructured`.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ExtractArgs {
    /// The values to read.
    #[schemars(length(min = 1, max = 32))]
    fields: Vec<FieldSpec>,
    /// Per list or table (default 50).
    #[schemars(range(min = 1, max = 256))]
    max_items: Option<u32>,
    /// First item (default 0).
    #[schemars(range(max = 100_000))]
    start_index: Option<u32>,
    /// Most bytes of values (default 65536).
    #[schemars(range(min = 1024, max = 1_048_576))]
    max_bytes: Option<u32>,
    /// The previous answer's.
    #[schemars(length(max = 256))]
    continuation: Option<String>,
}

/// One value to read.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FieldSpec {
    /// Its name in `values`.
    #[schemars(length(min = 1, max = 64))]
    name: String,
    /// Where it is on the page.
    #[schemars(length(min = 1, max = 300))]
    path: String,
    /// What it is.
    kind: ValueKind,
    /// enum: the allowed values.
    #[schemars(length(max = 64))]
    options: Option<Vec<String>>,
    /// table, record: kinds of some columns or labels.
    columns: Option<BTreeMap<String, ValueKind>>,
}

// What a value is (no doc comment: the schema lists the kinds twice, once per use).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ValueKind {
    String,
    OptionalString,
    Number,
    Currency,
    Date,
    DateTime,
    Boolean,
    Url,
    Enum,
    List,
    Record,
    Table,
    RepeatedItems,
}

impl ValueKind {
    /// One text, normalized.
    fn scalar(self) -> bool {
        !matches!(
            self,
            ValueKind::List | ValueKind::Record | ValueKind::Table | ValueKind::RepeatedItems
        )
    }
}

/// Where a path points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct Path {
    scope: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<String>,
}

impl Path {
    /// `table[:NAME|#N][/column:HEADER]`, `list[:NAME|#N]`, `region:NAME`, `section:HEADING`,
    /// `field:LABEL`.
    fn parse(s: &str) -> Result<Path, &'static str> {
        let (head, column) = match s.split_once("/column:") {
            Some((h, c)) if !c.trim().is_empty() => (h, Some(c.trim().to_owned())),
            Some(_) => return Err("a column needs its header: /column:HEADER"),
            None => (s, None),
        };
        let (scope, rest) = match head.find([':', '#']) {
            Some(i) => (&head[..i], &head[i..]),
            None => (head, ""),
        };
        let scope = match scope.trim() {
            "table" => "table",
            "list" => "list",
            "region" => "region",
            "section" => "section",
            "field" => "field",
            _ => {
                return Err(
                    "starts with table, list, region, section or field (never a CSS selector)",
                );
            }
        };
        let (name, index) = if let Some(n) = rest.strip_prefix(':') {
            let n = n.trim();
            if n.is_empty() {
                return Err("a name after ':' is empty");
            }
            (Some(n.to_owned()), None)
        } else if let Some(i) = rest.strip_prefix('#') {
            match i.trim().parse::<u32>() {
                Ok(i) if i >= 1 => (None, Some(i)),
                _ => return Err("an index after '#' is a whole number from 1"),
            }
        } else {
            (None, None)
        };
        if matches!(scope, "region" | "section" | "field") && name.is_none() {
            return Err("region, section and field need a name (region:NAME)");
        }
        if column.is_some() && scope != "table" {
            return Err("only a table has columns");
        }
        Ok(Path {
            scope,
            name,
            index,
            column,
        })
    }

    /// Whether it yields many items (paged).
    fn paged(&self) -> bool {
        self.scope == "table" || self.scope == "list"
    }

    /// Whether `kind` can be read from here.
    fn fits(&self, kind: ValueKind) -> bool {
        match (self.scope, &self.column) {
            ("table", None) => kind == ValueKind::Table,
            ("table", Some(_)) | ("list", _) => {
                kind != ValueKind::Table && kind != ValueKind::Record
            }
            ("region", _) => kind.scalar() || kind == ValueKind::Record,
            _ => kind.scalar(),
        }
    }
}

/// Where a value came from.
#[derive(Debug, Serialize, JsonSchema)]
struct Provenance {
    /// The element read (a table, list, region, heading or field).
    #[serde(rename = "ref")]
    element: String,
    /// Its role.
    role: String,
    /// Its accessible name.
    #[schemars(extend("x-glassPageContent" = true))]
    name: String,
}

/// A list or table field's window.
#[derive(Debug, Serialize, JsonSchema)]
struct Window {
    /// Items it has on the page.
    total: u64,
    /// Items in this answer.
    returned: u64,
    /// Rows the table says it has that the page has not drawn (a grid that draws the rows in
    /// view): scrolling the table draws them.
    #[serde(skip_serializing_if = "Option::is_none")]
    undrawn: Option<u64>,
}

/// A field whose value is null: why.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Missing {
    /// The field.
    field: String,
    /// notFound, ambiguous (with count), noColumn (with the table's columns), secret (a
    /// password field's value is never read), tooLarge (past maxBytes on its own).
    reason: &'static str,
    /// How many elements matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// noColumn: the table's column headers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    columns: Option<Value>,
}

/// The result of `extractStructured`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ExtractResult {
    /// The page revision read.
    revision: u64,
    /// The page's URL.
    #[schemars(extend("x-glassPageContent" = true))]
    url: String,
    /// Each field's value by name (null when missing or unparsed); a table is `{columns, rows}`
    /// with each row's cells in column order.
    #[schemars(extend("x-glassPageContent" = true))]
    values: Map<String, Value>,
    /// Each found field's element.
    provenance: BTreeMap<String, Provenance>,
    /// Lists and tables: the first item of this window.
    #[serde(skip_serializing_if = "Option::is_none")]
    start_index: Option<u64>,
    /// Lists and tables: their windows by field.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    windows: BTreeMap<String, Window>,
    /// Fields with no value, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    missing: Vec<Missing>,
    /// Values that did not read as their kind (left null), by field.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    unparsed: BTreeMap<String, u64>,
    /// maxBytes cut the window short (whole items were left for the continuation).
    truncated: bool,
    /// The next window of this request on this page, while items remain.
    #[serde(skip_serializing_if = "Option::is_none")]
    continuation: Option<String>,
}

/// A per-process key, so a continuation cannot be made up by a client.
pub fn key() -> &'static [u8; 16] {
    static KEY: OnceLock<[u8; 16]> = OnceLock::new();
    KEY.get_or_init(crate::confirm::random_bytes)
}

/// The digest a continuation carries: the request (without its window), the page's URL and
/// revision, the next index and what the paged fields hold now.
fn seal(request: &str, url: &str, revision: u64, next: u64, prints: &[String]) -> String {
    let mut h = Sha256::new();
    h.update(key());
    for part in [request, url, &revision.to_string(), &next.to_string()] {
        h.update(part.as_bytes());
        h.update([0]);
    }
    for p in prints {
        h.update(p.as_bytes());
        h.update([1]);
    }
    h.finalize()[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A continuation's revision and next index, if it is one Glass writes.
fn open(token: &str) -> Option<(u64, u64, &str)> {
    let mut parts = token.strip_prefix("xc1.")?.split('.');
    let revision = parts.next()?.parse().ok()?;
    let next = parts.next()?.parse().ok()?;
    let mac = parts.next()?;
    (parts.next().is_none() && mac.len() == 24).then_some((revision, next, mac))
}

fn run(services: Arc<Services>, input: Call<ExtractArgs>) -> ToolFuture {
    Box::pin(async move {
        let Call { args: a, raw } = input;
        let mut paths = Vec::with_capacity(a.fields.len());
        let mut names = std::collections::HashSet::new();
        for (i, f) in a.fields.iter().enumerate() {
            let path = match Path::parse(&f.path) {
                Ok(p) => p,
                Err(reason) => return args::invalid(&format!("fields[{i}].path"), reason).into(),
            };
            if !path.fits(f.kind) {
                return args::invalid(
                    &format!("fields[{i}].kind"),
                    "this kind cannot be read from this path (a table is kind table; a column or list, list, repeatedItems or a scalar kind; record needs a region)",
                )
                .into();
            }
            if f.kind == ValueKind::Enum && f.options.as_ref().is_none_or(Vec::is_empty) {
                return args::invalid(&format!("fields[{i}].options"), "enum needs its options")
                    .into();
            }
            if !names.insert(f.name.as_str()) {
                return args::invalid(&format!("fields[{i}].name"), "names must differ").into();
            }
            paths.push(path);
        }
        if a.continuation.is_some() && a.start_index.is_some() {
            return args::invalid("continuation", "give continuation or startIndex, not both")
                .into();
        }
        // A field path reads form values: decided by the call path from the effects.
        let mut b = try_tool!(session_for(&services, &EXTRACT).await);
        let revision = b.revision();
        let start = match &a.continuation {
            None => u64::from(a.start_index.unwrap_or(0)),
            Some(token) => match open(token) {
                Some((rev, _, _)) if rev != revision => return stale_continuation(rev, revision),
                Some((_, next, _)) => next,
                None => return args::invalid("continuation", "is not one Glass gave").into(),
            },
        };
        let max_items = u64::from(a.max_items.unwrap_or(50));
        let specs: Vec<Value> = paths
            .iter()
            .map(|p| {
                let mut s = serde_json::to_value(p).unwrap_or_default();
                s["start"] = json!(start);
                s["max"] = json!(max_items);
                s
            })
            .collect();
        let next = b.next_ref();
        let answer = try_tool!(b.agent().run(&ExtractRaw(Value::Array(specs), next)).await);
        let Some(results) = answer["results"].as_array() else {
            return crate::browser::BrowserError::Agent.into();
        };
        b.actions().record_refs(&answer["nextRef"], results.iter());
        drop(b);
        let url = answer["url"].as_str().unwrap_or("").to_owned();
        let lang = answer["lang"].as_str().unwrap_or("").to_owned();
        // The request without its window: what a continuation is bound to.
        let request = {
            let mut r = raw.clone();
            for k in ["continuation", "startIndex", "confirmToken", "includeTrace"] {
                r.remove(k);
            }
            Value::Object(r).to_string()
        };
        let prints: Vec<String> = results
            .iter()
            .map(|r| r["fingerprint"].as_str().unwrap_or("").to_owned())
            .collect();
        if let Some((_, next, mac)) = a.continuation.as_deref().and_then(open) {
            if seal(&request, &url, revision, next, &prints) != mac {
                return stale_continuation(revision, revision);
            }
        }
        let reader = Reader {
            mark: DecimalMark::of_lang(&lang),
            lang,
            url: url.clone(),
        };
        let mut out = ExtractResult {
            revision,
            url,
            values: Map::new(),
            provenance: BTreeMap::new(),
            start_index: paths.iter().any(Path::paged).then_some(start),
            windows: BTreeMap::new(),
            missing: Vec::new(),
            unparsed: BTreeMap::new(),
            truncated: false,
            continuation: None,
        };
        // Items per paged field as read; the byte budget may keep fewer.
        let mut items: Vec<Option<Vec<Value>>> = Vec::with_capacity(results.len());
        for ((f, path), r) in a.fields.iter().zip(&paths).zip(results) {
            let status = r["status"].as_str().unwrap_or("");
            if status != "ok" {
                out.missing.push(Missing {
                    field: f.name.clone(),
                    reason: match status {
                        "ambiguous" => "ambiguous",
                        "noColumn" => "noColumn",
                        _ => "notFound",
                    },
                    count: r["count"].as_u64(),
                    columns: (status == "noColumn").then(|| r["columns"].clone()),
                });
                out.values.insert(f.name.clone(), Value::Null);
                items.push(None);
                continue;
            }
            out.provenance.insert(
                f.name.clone(),
                Provenance {
                    element: r["ref"].as_str().unwrap_or("").to_owned(),
                    role: r["role"].as_str().unwrap_or("").to_owned(),
                    name: r["name"].as_str().unwrap_or("").to_owned(),
                },
            );
            if r["secret"] == true {
                out.missing.push(Missing {
                    field: f.name.clone(),
                    reason: "secret",
                    count: None,
                    columns: None,
                });
                out.values.insert(f.name.clone(), Value::Null);
                items.push(None);
                continue;
            }
            let mut unparsed = 0u64;
            if path.paged() {
                let list = reader.items(f, r, &mut unparsed);
                out.windows.insert(
                    f.name.clone(),
                    Window {
                        total: r["total"].as_u64().unwrap_or(0),
                        returned: list.len() as u64,
                        undrawn: r["undrawn"].as_u64().filter(|n| *n > 0),
                    },
                );
                out.values.insert(f.name.clone(), Value::Null);
                items.push(Some(list));
            } else {
                let v = reader.single(f, r, &mut unparsed);
                out.values.insert(f.name.clone(), v);
                items.push(None);
            }
            if unparsed > 0 {
                out.unparsed.insert(f.name.clone(), unparsed);
            }
        }
        // Fit maxBytes, measured on `values` as sent: scalar values first (the largest left
        // out until they fit), then as many whole items of every list as fit.
        let budget = a.max_bytes.unwrap_or(65_536) as usize;
        // A table's columns, and the currency of each currency column whose cells all share
        // one (then stated once, the cells holding the amounts).
        let tables: Vec<Option<TableHead>> = a
            .fields
            .iter()
            .zip(results)
            .zip(items.iter_mut())
            .map(|((f, r), list)| {
                if f.kind != ValueKind::Table {
                    return None;
                }
                let columns = headers(r["columns"].as_array().map(Vec::as_slice).unwrap_or(&[]));
                let currency = list
                    .as_mut()
                    .map(|rows| hoist_currency(rows, &columns, f))
                    .unwrap_or_default();
                Some((columns, currency))
            })
            .collect();
        let assemble = |values: &Map<String, Value>, keep: usize| -> Map<String, Value> {
            let mut all = values.clone();
            for ((f, list), table) in a.fields.iter().zip(&items).zip(&tables) {
                let Some(list) = list else { continue };
                let rows = Value::Array(list.iter().take(keep).cloned().collect());
                let value = match table {
                    // Columns once, rows as arrays in their order: a table's bytes are its cells.
                    Some((columns, currency)) if currency.is_empty() => {
                        json!({"columns": columns, "rows": rows})
                    }
                    Some((columns, currency)) => {
                        json!({"columns": columns, "currency": currency, "rows": rows})
                    }
                    None => rows,
                };
                all.insert(f.name.clone(), value);
            }
            all
        };
        let size = |m: &Map<String, Value>| serde_json::to_vec(m).map_or(usize::MAX, |v| v.len());
        while size(&assemble(&out.values, 0)) > budget {
            let Some(largest) = out
                .values
                .iter()
                .filter(|(_, v)| !v.is_null())
                .max_by_key(|(_, v)| v.to_string().len())
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            out.values.insert(largest.clone(), Value::Null);
            out.missing.push(Missing {
                field: largest,
                reason: "tooLarge",
                count: None,
                columns: None,
            });
            out.truncated = true;
        }
        let longest = items.iter().flatten().map(Vec::len).max().unwrap_or(0);
        let (mut lo, mut hi) = (0usize, longest);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if size(&assemble(&out.values, mid)) <= budget {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        let keep = lo;
        out.truncated |= keep < longest;
        out.values = assemble(&out.values, keep);
        for (f, list) in a.fields.iter().zip(&items) {
            if let (Some(list), Some(w)) = (list, out.windows.get_mut(&f.name)) {
                w.returned = list.len().min(keep) as u64;
            }
        }
        let next = start + keep as u64;
        if out.windows.values().any(|w| w.total > next) && keep > 0 {
            out.continuation = Some(format!(
                "xc1.{revision}.{next}.{}",
                seal(&request, &out.url, revision, next, &prints)
            ));
        }
        ToolOutcome::ok(&out)
    })
}

fn stale_continuation(issued: u64, now: u64) -> ToolOutcome {
    ToolOutcome::Failed(
        Failure::of(
            FailureKind::StaleContinuation,
            "the page changed since this continuation was given (another revision, URL or rows); extract again from the start",
        )
        .with("issuedRevision", issued)
        .with("currentRevision", now),
    )
}

#[cfg(test)]
mod tests;
