//! `extractStructured`: named, typed values read off the page model (a table or one of its
//! columns, a list, a region, the section under a heading, a form field by label), never by a
//! CSS selector; normalized by `crate::normalize` and each with where it came from.
//!
//! Lists and tables are paged: `startIndex` and `maxItems` choose a window, `maxBytes` bounds
//! the answer (items are dropped whole from the end, never cut), and a `continuation` names
//! the next window of the same request on the same page: it is refused once the page, its
//! revision or the rows it pages through changed, so paging is exact or it stops.

use crate::tools::kernel::group::ToolGroup;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use crate::browser::agent_calls::ExtractRaw;
use crate::failure::{Failure, FailureKind};
use crate::normalize::{self, DecimalMark};
use crate::tools::kernel::args;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::Call;
use crate::tools::kernel::tool::Needs;
use crate::tools::kernel::tool::RevisionRule;
use crate::tools::kernel::tool::Services;
use crate::tools::kernel::tool::Tool;
use crate::tools::kernel::tool::ToolFuture;
use crate::try_tool;

/// Most items a list-like field gives in one answer.
pub const MAX_ITEMS: u32 = 256;

/// The `extractStructured` tool.
pub const EXTRACT: Tool = Tool {
    name: "extractStructured",
    title: "Extract typed values",
    description: "Typed, normalized values off the page model, with provenance. path: table[:NAME|#N][/column:HEADER], list[:NAME|#N], region:NAME, section:HEADING, field:LABEL (no CSS).",
    group: ToolGroup::Standard,
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
struct FieldSpec {
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
enum ValueKind {
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
fn key() -> &'static [u8; 16] {
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
        let answer = try_tool!(b.run_agent(&ExtractRaw(Value::Array(specs), next)).await);
        let Some(results) = answer["results"].as_array() else {
            return crate::browser::BrowserError::Agent.into();
        };
        b.record_refs(&answer["nextRef"], results.iter());
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

/// Normalizes what the agent read, as the page writes numbers and dates.
struct Reader {
    mark: DecimalMark,
    lang: String,
    url: String,
}

impl Reader {
    /// One text (with the link it holds) as `kind`; `None` when it does not read as one.
    fn scalar(
        &self,
        kind: ValueKind,
        text: &str,
        href: Option<&str>,
        f: &FieldSpec,
    ) -> Option<Value> {
        let t = text.trim();
        Some(match kind {
            ValueKind::String => json!(t),
            ValueKind::OptionalString => {
                if t.is_empty() {
                    Value::Null
                } else {
                    json!(t)
                }
            }
            ValueKind::Number => normalize::number(t, self.mark)?,
            ValueKind::Currency => normalize::currency(t, self.mark)?,
            ValueKind::Date => json!(normalize::date(t, &self.lang)?),
            ValueKind::DateTime => json!(normalize::date_time(t, &self.lang)?),
            ValueKind::Boolean => json!(normalize::boolean(t)?),
            ValueKind::Url => json!(normalize::url(t, href, &self.url)?),
            ValueKind::Enum => json!(normalize::one_of(t, f.options.as_deref().unwrap_or(&[]))?),
            ValueKind::List | ValueKind::Record | ValueKind::Table | ValueKind::RepeatedItems => {
                return None;
            }
        })
    }

    /// `scalar`, counting a miss and leaving it null. An empty text is null without a miss.
    fn counted(&self, kind: ValueKind, cell: &Value, f: &FieldSpec, unparsed: &mut u64) -> Value {
        let text = cell["t"].as_str().unwrap_or("");
        match self.scalar(kind, text, cell["h"].as_str(), f) {
            Some(v) => v,
            None => {
                if !text.trim().is_empty() {
                    *unparsed += 1;
                }
                Value::Null
            }
        }
    }

    /// A table's rows, a column's values or a list's items, as `f.kind` says.
    fn items(&self, f: &FieldSpec, r: &Value, unparsed: &mut u64) -> Vec<Value> {
        let cells: Vec<&Value> = if r["rows"].is_array() {
            r["rows"].as_array().into_iter().flatten().collect()
        } else {
            r["items"].as_array().into_iter().flatten().collect()
        };
        if f.kind == ValueKind::Table {
            let headers = headers(r["columns"].as_array().map(Vec::as_slice).unwrap_or(&[]));
            return cells
                .iter()
                .map(|row| {
                    let cells = row.as_array().into_iter().flatten().enumerate();
                    Value::Array(
                        cells
                            .map(|(i, cell)| {
                                let kind = headers
                                    .get(i)
                                    .map_or(ValueKind::String, |h| column_kind(f, h));
                                self.counted(kind, cell, f, unparsed)
                            })
                            .collect(),
                    )
                })
                .collect();
        }
        // A column's rows hold one cell each.
        let one = |v: &Value| -> Value {
            match v {
                Value::Array(a) => a.first().cloned().unwrap_or_default(),
                other => other.clone(),
            }
        };
        cells
            .iter()
            .map(|c| {
                let cell = one(c);
                match f.kind {
                    ValueKind::List => json!(cell["t"].as_str().unwrap_or("")),
                    ValueKind::RepeatedItems => {
                        let mut o = json!({"text": cell["t"].as_str().unwrap_or("")});
                        if let Some(h) = cell["h"].as_str() {
                            o["url"] = json!(h);
                        }
                        o
                    }
                    kind => self.counted(kind, &cell, f, unparsed),
                }
            })
            .collect()
    }

    /// A region's, section's or field's value.
    fn single(&self, f: &FieldSpec, r: &Value, unparsed: &mut u64) -> Value {
        if f.kind == ValueKind::Record {
            let mut obj = Map::new();
            for pair in r["pairs"].as_array().into_iter().flatten() {
                let key = pair[0]
                    .as_str()
                    .unwrap_or("")
                    .trim_end_matches(':')
                    .trim()
                    .to_owned();
                if key.is_empty() || obj.contains_key(&key) {
                    continue;
                }
                let kind = column_kind(f, &key);
                let v = self.counted(kind, &pair[1], f, unparsed);
                obj.insert(key, v);
            }
            return Value::Object(obj);
        }
        if let Some(checked) = r["checked"].as_bool() {
            return match f.kind {
                ValueKind::Boolean => json!(checked),
                ValueKind::String | ValueKind::OptionalString => {
                    json!(if checked { "checked" } else { "unchecked" })
                }
                _ => {
                    *unparsed += 1;
                    Value::Null
                }
            };
        }
        self.counted(f.kind, &json!({"t": r["text"]}), f, unparsed)
    }
}

/// A table's column names, and the one currency of each currency column that has one.
type TableHead = (Vec<String>, Map<String, Value>);

/// For each currency column of `rows` whose parsed cells all carry one currency code: that
/// code by column name, each cell replaced by its amount. Mixed columns keep their objects.
fn hoist_currency(rows: &mut [Value], columns: &[String], f: &FieldSpec) -> Map<String, Value> {
    let mut hoisted = Map::new();
    for (i, column) in columns.iter().enumerate() {
        if column_kind(f, column) != ValueKind::Currency {
            continue;
        }
        let mut codes = rows
            .iter()
            .filter_map(|r| r.get(i))
            .filter(|c| !c.is_null())
            .map(|c| c["currency"].as_str().unwrap_or(""));
        let Some(first) = codes.next().map(str::to_owned) else {
            continue;
        };
        if !codes.all(|c| c == first) {
            continue;
        }
        for row in rows.iter_mut() {
            if let Some(cell) = row.get_mut(i) {
                if !cell.is_null() {
                    *cell = cell["amount"].take();
                }
            }
        }
        hoisted.insert(column.clone(), Value::String(first));
    }
    hoisted
}

/// A table's header texts as object keys: empty ones numbered, repeated ones suffixed.
fn headers(columns: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(columns.len());
    for (i, c) in columns.iter().enumerate() {
        let mut h = c.as_str().unwrap_or("").trim().to_owned();
        if h.is_empty() {
            h = format!("column {}", i + 1);
        }
        let base = h.clone();
        let mut n = 2;
        while out.contains(&h) {
            h = format!("{base} {n}");
            n += 1;
        }
        out.push(h);
    }
    out
}

/// The kind `f.columns` gives a column or label (matched ignoring case), else string.
fn column_kind(f: &FieldSpec, key: &str) -> ValueKind {
    f.columns
        .as_ref()
        .and_then(|c| {
            c.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|(_, v)| *v)
        })
        .unwrap_or(ValueKind::String)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_address_the_page_model_only() {
        let p = Path::parse("table:Books/column:title").unwrap();
        assert_eq!(
            (p.scope, p.name.as_deref(), p.column.as_deref()),
            ("table", Some("Books"), Some("title"))
        );
        assert_eq!(Path::parse("list#2").unwrap().index, Some(2));
        assert_eq!(Path::parse("table").unwrap().scope, "table");
        assert!(Path::parse("div.price").is_err());
        assert!(Path::parse("region").is_err());
        assert!(Path::parse("list/column:x").is_err());
        assert!(Path::parse("table#0").is_err());
        assert!(Path::parse("field:").is_err());
        assert!(Path::parse("table").unwrap().fits(ValueKind::Table));
        assert!(!Path::parse("table").unwrap().fits(ValueKind::Number));
        assert!(
            Path::parse("region:Totals")
                .unwrap()
                .fits(ValueKind::Record)
        );
        assert!(!Path::parse("field:Email").unwrap().fits(ValueKind::List));
    }

    #[test]
    fn a_continuation_is_bound_to_its_request_and_page() {
        let s = seal("{\"fields\":1}", "http://a/", 4, 50, &["ab".into()]);
        assert_eq!(s.len(), 24);
        assert_ne!(
            s,
            seal("{\"fields\":2}", "http://a/", 4, 50, &["ab".into()])
        );
        assert_ne!(
            s,
            seal("{\"fields\":1}", "http://a/", 5, 50, &["ab".into()])
        );
        assert_ne!(
            s,
            seal("{\"fields\":1}", "http://a/", 4, 50, &["ac".into()])
        );
        let token = format!("xc1.4.50.{s}");
        assert_eq!(open(&token), Some((4, 50, s.as_str())));
        assert_eq!(open("xc1.4.50"), None);
        assert_eq!(open("garbage"), None);
    }

    #[test]
    fn one_currency_per_column_is_stated_once() {
        let f: FieldSpec =
            serde_json::from_value(json!({"name": "t", "path": "table", "kind": "table",
            "columns": {"Price": "currency", "Fee": "currency"}}))
            .unwrap();
        let columns = vec!["Price".to_owned(), "Fee".to_owned()];
        let usd = |a: f64| json!({"amount": a, "currency": "USD"});
        let mut rows = vec![
            json!([usd(1.5), usd(2.0)]),
            json!([null, {"amount": 3, "currency": "EUR"}]),
            json!([usd(4.0), usd(1.0)]),
        ];
        let hoisted = hoist_currency(&mut rows, &columns, &f);
        assert_eq!(Value::Object(hoisted), json!({"Price": "USD"}));
        assert_eq!(rows[0], json!([1.5, usd(2.0)]));
        assert_eq!(rows[1][0], Value::Null);
    }

    #[test]
    fn headers_become_distinct_keys() {
        assert_eq!(
            headers(&[json!("id"), json!(""), json!("id")]),
            vec!["id", "column 2", "id 2"]
        );
    }

    // Covers: X25 optionalString (empty is null, not unparsed), X49 unparsed counting, X27 number /
    // date by the page's lang, X32 url kind (href, else path on the page's origin), X33 enum,
    // checkbox fields (boolean / "checked" words / miss), X35 record (label colon, first label
    // wins, kinds by label ignoring case), X34/X37 list and repeatedItems, column rows, X36 table
    // with an unnamed header and a hoisted currency; X55 continuation bound to the URL and index.

    /// A field spec for the reader's tests (`options` for enum; `columns` when given).
    fn spec(kind: &str, columns: Value) -> FieldSpec {
        let mut v =
            json!({"name": "f", "path": "table", "kind": kind, "options": ["Open", "Closed"]});
        if !columns.is_null() {
            v["columns"] = columns;
        }
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn kinds_read_as_the_page_writes_them() {
        let reader = Reader {
            mark: DecimalMark::Comma,
            lang: "de".into(),
            url: "http://a.test/p?q=1".into(),
        };
        let cell = |t: &str| json!({"t": t});
        let mut unparsed = 0u64;
        // optionalString: empty is null and no miss; otherwise the text, trimmed.
        let f = spec("optionalString", Value::Null);
        assert_eq!(
            reader.counted(ValueKind::OptionalString, &cell("  "), &f, &mut unparsed),
            Value::Null
        );
        assert_eq!(
            reader.counted(
                ValueKind::OptionalString,
                &cell(" Eilig "),
                &f,
                &mut unparsed
            ),
            json!("Eilig")
        );
        // A text that does not read as its kind is null and counted; an empty one only null.
        let f = spec("number", Value::Null);
        assert_eq!(
            reader.counted(ValueKind::Number, &cell("k. A."), &f, &mut unparsed),
            Value::Null
        );
        assert_eq!(
            reader.counted(ValueKind::Number, &cell(""), &f, &mut unparsed),
            Value::Null
        );
        assert_eq!(unparsed, 1);
        // The page's language decides: a thousand, and the 4th of March, in German.
        assert_eq!(
            reader.counted(ValueKind::Number, &cell("1.000"), &f, &mut unparsed),
            json!(1000)
        );
        assert_eq!(
            reader.counted(ValueKind::Date, &cell("04/03/2025"), &f, &mut unparsed),
            json!("2025-03-04")
        );
        // url: the link's own absolute address, else a path on the page's origin.
        assert_eq!(
            reader.counted(
                ValueKind::Url,
                &json!({"t": "Details", "h": "http://a.test/d/1"}),
                &f,
                &mut unparsed
            ),
            json!("http://a.test/d/1")
        );
        assert_eq!(
            reader.counted(ValueKind::Url, &cell("/d/2"), &f, &mut unparsed),
            json!("http://a.test/d/2")
        );
        // enum: one of the options, else a miss.
        let e = spec("enum", Value::Null);
        assert_eq!(
            reader.counted(ValueKind::Enum, &cell("closed"), &e, &mut unparsed),
            json!("Closed")
        );
        assert_eq!(
            reader.counted(ValueKind::Enum, &cell("pending"), &e, &mut unparsed),
            Value::Null
        );
        assert_eq!(unparsed, 2);

        // A checkbox field: a boolean, or its state in words; any other kind is a miss.
        let mut u = 0u64;
        assert_eq!(
            reader.single(
                &spec("boolean", Value::Null),
                &json!({"checked": true}),
                &mut u
            ),
            json!(true)
        );
        assert_eq!(
            reader.single(
                &spec("string", Value::Null),
                &json!({"checked": false}),
                &mut u
            ),
            json!("unchecked")
        );
        assert_eq!(
            reader.single(
                &spec("number", Value::Null),
                &json!({"checked": true}),
                &mut u
            ),
            Value::Null
        );
        assert_eq!(u, 1);
        // A record: labels lose their colon, the first of a repeated label wins, an empty label
        // is skipped, kinds are found by label ignoring case.
        let pairs = json!({"pairs": [["Total:", {"t": "12,50 €"}], ["Total", {"t": "99 €"}],
                                         ["", {"t": "x"}], ["Note", {"t": "hi"}]]});
        assert_eq!(
            reader.single(
                &spec("record", json!({"total": "currency"})),
                &pairs,
                &mut u
            ),
            json!({"Total": {"amount": 12.5, "currency": "EUR"}, "Note": "hi"})
        );
        // Lists and repeated items; a column's one-cell rows read as the field's kind.
        let items = json!({"items": [{"t": "Alpha", "h": "http://a.test/a"}, {"t": "Beta"}]});
        assert_eq!(
            reader.items(&spec("list", Value::Null), &items, &mut u),
            vec![json!("Alpha"), json!("Beta")]
        );
        assert_eq!(
            reader.items(&spec("repeatedItems", Value::Null), &items, &mut u),
            vec![
                json!({"text": "Alpha", "url": "http://a.test/a"}),
                json!({"text": "Beta"})
            ]
        );
        let column = json!({"rows": [[{"t": "3"}], [{"t": "x"}]]});
        assert_eq!(
            reader.items(&spec("number", Value::Null), &column, &mut u),
            vec![json!(3), Value::Null]
        );
        assert_eq!(u, 2);
        // A table: cells by their column's kind (an unnamed header is "column 2"), and a
        // currency every cell of a column shares is stated once, the cells holding amounts.
        let f = spec("table", json!({"Preis": "currency"}));
        let t = json!({"columns": ["Preis", ""], "rows": [[{"t": "1.234,50 €"}, {"t": "a"}]]});
        let mut rows = reader.items(&f, &t, &mut u);
        assert_eq!(
            rows,
            vec![json!([{"amount": 1234.5, "currency": "EUR"}, "a"])]
        );
        let names = headers(&[json!("Preis"), json!("")]);
        assert_eq!(names, vec!["Preis", "column 2"]);
        let hoisted = hoist_currency(&mut rows, &names, &f);
        assert_eq!(Value::Object(hoisted), json!({"Preis": "EUR"}));
        assert_eq!(rows, vec![json!([1234.5, "a"])]);
    }

    #[test]
    fn a_continuation_is_bound_to_the_url_and_the_next_index_too() {
        let prints = vec!["ab".to_owned()];
        let s = seal("{}", "http://a/list", 4, 50, &prints);
        assert_eq!(s, seal("{}", "http://a/list", 4, 50, &prints));
        assert_ne!(s, seal("{}", "http://a/list?page=2", 4, 50, &prints));
        assert_ne!(s, seal("{}", "http://a/list", 4, 51, &prints));
        assert_eq!(open(&format!("xc1.4.50.{s}.x")), None);
        assert_eq!(open(&format!("xc1.4.50.{}", &s[..23])), None);
    }
}
