//! Output schemas: what each tool's successful result holds, published as `outputSchema` (a
//! client can check `structuredContent` against it; the official MCP Python SDK does) and
//! read by the call path to label page-derived text. Each result is a Rust type and its schema
//! is generated from it ([`result_of`]); a tool family's own result types live beside its
//! arguments, and the ones several families share (the action result, `caused`) live here.
//!
//! A field whose content comes from the page carries the [`PAGE_MARK`] keyword, at whatever
//! depth it sits; a result field is labelled untrusted when its schema has a mark in it. So
//! which fields are page text is declared once, per field, beside the field's type.

use schemars::JsonSchema;
use schemars::generate::{Contract, SchemaSettings};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::browser::events::OpenDialog;
use crate::browser::settle::Caused;

/// The schema keyword that marks content taken from the page (a JSON Schema annotation that
/// validators ignore).
pub const PAGE_MARK: &str = "x-glassPageContent";

/// A result schema with these fields (those in `required` always present), plus what the
/// call path adds to any result: the event header and the untrusted-content labels.
fn result(required: Value, mut props: Map<String, Value>) -> Value {
    props.insert(
        "events".into(),
        json!({"type": "object", "description": "Events since the last result.", PAGE_MARK: true}),
    );
    props.insert(
        "executionId".into(),
        json!({"type": "string", "description": "A call that may change a page: its id for recoverRun."}),
    );
    props.insert("trust".into(), json!({"const": "untrusted_page_content"}));
    props.insert(
        "untrustedFields".into(),
        json!({"type": "array", "items": {"type": "string"}}),
    );
    json!({"type": "object", "properties": props, "required": required})
}

/// The output schema of a typed result `T`: generated from the struct (inline, for what it
/// serializes), plus what the call path adds to every result.
pub fn result_of<T: JsonSchema>() -> Value {
    let mut schema = schema_of::<T>();
    let props = match schema["properties"].take() {
        Value::Object(p) => p,
        _ => Map::new(),
    };
    let required = match schema["required"].take() {
        Value::Null => json!([]),
        r => r,
    };
    result(required, props)
}

/// The schema of a serialized value of `T`, inline and tidied (see [`tidy`]).
pub fn schema_of<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12()
        .with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
            s.contract = Contract::Serialize;
        })
        .into_generator();
    let mut schema: Value = generator.into_root_schema_for::<T>().into();
    tidy(&mut schema);
    if let Value::Object(o) = &mut schema {
        o.remove("title");
    }
    schema
}

/// Trim what schemars generates to what a client can use: Rust's integer formats (`uint64`,
/// no JSON Schema validator knows them) go, and so does `null` in the type of an optional
/// field (results leave such a field out rather than send it as null). Fewer bytes in every
/// `tools/list`.
fn tidy(schema: &mut Value) {
    match schema {
        Value::Object(obj) => {
            let rust_format = obj
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| f.starts_with("int") || f.starts_with("uint"));
            if rust_format {
                obj.remove("format");
                if obj.get("minimum") == Some(&json!(0)) {
                    obj.remove("minimum");
                }
            }
            let required: Vec<String> = obj
                .get("required")
                .and_then(Value::as_array)
                .map(|r| {
                    r.iter()
                        .filter_map(|v| v.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            if let Some(Value::Object(props)) = obj.get_mut("properties") {
                for (name, field) in props.iter_mut() {
                    if !required.contains(name) {
                        not_null(field);
                    }
                }
            }
            obj.values_mut().for_each(tidy);
        }
        Value::Array(items) => items.iter_mut().for_each(tidy),
        _ => {}
    }
}

/// Take `null` out of a field schema's `type` and `enum`.
fn not_null(field: &mut Value) {
    if let Some(Value::Array(types)) = field.get_mut("type") {
        types.retain(|t| t != "null");
        if let [only] = types.as_slice() {
            let only = only.clone();
            field["type"] = only;
        }
    }
    if let Some(Value::Array(values)) = field.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
}

/// The result of a verified action on one element.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionResult {
    /// The action ran and was verified.
    pub ok: bool,
    /// The element acted on.
    #[serde(rename = "ref")]
    pub element: String,
    /// The page revision after the action.
    pub revision: u64,
    /// The page went quiet after the action.
    pub settled: bool,
    /// check/uncheck: false when it already was so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changed: Option<bool>,
    /// What the action started: navigation, dialog, popups, download.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caused: Option<CausedReport>,
    /// drag: the drop target's ref.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination: Option<String>,
    /// upload: how many files were given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<usize>,
    /// dismissConsent: the consent platform.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub framework: Option<String>,
    /// dismissConsent: the answer given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<String>,
}

impl ActionResult {
    /// A verified action on `element` that left the page at `revision`.
    pub fn new(element: &str, revision: u64, caused: &Caused) -> ActionResult {
        ActionResult {
            ok: true,
            element: element.to_owned(),
            revision,
            settled: caused.settled,
            caused: CausedReport::of(caused),
            ..ActionResult::default()
        }
    }
}

/// The result of `key`, `keyDown`, `keyUp` and `shortcut`.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeysResult {
    /// The keys were sent.
    pub ok: bool,
    /// The page revision after the keys.
    pub revision: u64,
    /// The page went quiet after the keys.
    pub settled: bool,
    /// The element focused first, when a target was given.
    #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
    pub element: Option<String>,
    /// What the keys started: navigation, dialog, popups, download.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caused: Option<CausedReport>,
}

impl KeysResult {
    /// Keys sent (to `element`, when one was focused first).
    pub fn new(element: Option<String>, revision: u64, caused: &Caused) -> KeysResult {
        KeysResult {
            ok: true,
            revision,
            settled: caused.settled,
            element,
            caused: CausedReport::of(caused),
        }
    }
}

/// Writes a list of refs with each run of consecutive refs folded into one `eA-eB` entry
/// (`serialize_with`): a modal that opens removes the page behind it, and closed it comes back,
/// a hundred refs that are mostly runs. The list is a set, so it is written in ref order.
pub fn ref_runs<S: serde::Serializer>(refs: &[String], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(fold_refs(refs))
}

/// The entries [`ref_runs`] writes: refs in order of their numbers, runs of two or more as
/// `eA-eB`, anything that is not an `e` ref as it is (after the refs).
pub fn fold_refs(refs: &[String]) -> Vec<String> {
    let mut numbers: Vec<u64> = refs.iter().filter_map(|r| ref_number(r)).collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut out = Vec::new();
    let mut k = 0;
    while k < numbers.len() {
        let start = numbers[k];
        while k + 1 < numbers.len() && numbers[k + 1] == numbers[k] + 1 {
            k += 1;
        }
        out.push(if numbers[k] == start {
            format!("e{start}")
        } else {
            format!("e{start}-e{}", numbers[k])
        });
        k += 1;
    }
    out.extend(refs.iter().filter(|r| ref_number(r).is_none()).cloned());
    out
}

/// The number of ref `eN` (None for anything else): what orders refs and makes runs of them.
pub fn ref_number(r: &str) -> Option<u64> {
    r.strip_prefix('e').and_then(|n| n.parse().ok())
}

/// Whether a count is zero: results leave such counts out (`skip_serializing_if`).
pub fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// Whether `schema` (or anything inside it) carries the page mark.
pub fn marked(schema: &Value) -> bool {
    match schema {
        Value::Object(obj) => {
            obj.get(PAGE_MARK) == Some(&Value::Bool(true)) || obj.values().any(marked)
        }
        Value::Array(items) => items.iter().any(marked),
        _ => false,
    }
}

/// What an action started, as its result reports it: absent when nothing happened.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CausedReport {
    /// The main frame navigated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub navigation: Option<NavigationSeen>,
    /// A dialog opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dialog: Option<DialogSeen>,
    /// New tabs' target ids.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub popups: Vec<String>,
    /// A download started.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub download: bool,
}

impl CausedReport {
    /// The report of `caused`, or `None` when the action started nothing.
    pub fn of(caused: &Caused) -> Option<CausedReport> {
        let report = CausedReport {
            navigation: caused
                .navigation
                .as_ref()
                .map(|url| NavigationSeen { url: url.clone() }),
            dialog: caused.dialog.as_ref().map(DialogSeen::of),
            popups: caused.popups.clone(),
            download: caused.download,
        };
        let nothing = report.navigation.is_none()
            && report.dialog.is_none()
            && report.popups.is_empty()
            && !report.download;
        (!nothing).then_some(report)
    }

    /// The report as a failure field (`null` when nothing happened).
    pub fn field(caused: &Caused) -> Value {
        serde_json::to_value(CausedReport::of(caused)).unwrap_or_default()
    }
}

/// A navigation an action started.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NavigationSeen {
    /// The new document's URL, query stripped.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
}

/// A dialog a call saw open.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DialogSeen {
    /// alert, confirm, prompt or beforeunload.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its message, as the page wrote it (bounded).
    #[schemars(extend("x-glassPageContent" = true))]
    pub message: String,
}

impl DialogSeen {
    /// The report of an open dialog.
    pub fn of(d: &OpenDialog) -> DialogSeen {
        DialogSeen {
            kind: d.kind.clone(),
            message: d.message.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ref_lists_are_written_as_runs_in_ref_order() {
        let refs: Vec<String> = ["e13", "e2", "e3", "e4", "e9", "e10", "e7", "e3", "x"]
            .iter()
            .map(|r| r.to_string())
            .collect();
        assert_eq!(fold_refs(&refs), ["e2-e4", "e7", "e9-e10", "e13", "x"]);
        #[derive(Serialize)]
        struct Told {
            #[serde(serialize_with = "ref_runs")]
            removed: Vec<String>,
        }
        let told = Told { removed: refs };
        assert_eq!(
            serde_json::to_value(&told).unwrap(),
            json!({"removed": ["e2-e4", "e7", "e9-e10", "e13", "x"]})
        );
        assert!(fold_refs(&[]).is_empty());
    }
}
