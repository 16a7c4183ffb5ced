//! Output schemas: what each tool's successful result holds, published as `outputSchema` (a
//! client can check `structuredContent` against it; the official MCP Python SDK does) and
//! read by the call path to label page-derived text.
//!
//! A field whose content comes from the page carries the [`PAGE_MARK`] keyword, at whatever
//! depth it sits; a result field is labelled untrusted when its schema has a mark in it. So
//! which fields are page text is declared once, per field, beside the field's type.

use schemars::JsonSchema;
use schemars::generate::{Contract, SchemaSettings};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::browser::act::Caused;

/// The schema keyword that marks content taken from the page (a JSON Schema annotation that
/// validators ignore).
pub const PAGE_MARK: &str = "x-glassPageContent";

/// Mark a field's schema as page-derived.
fn page(mut schema: Value) -> Value {
    schema[PAGE_MARK] = Value::Bool(true);
    schema
}

fn string(description: &str) -> Value {
    json!({"type": "string", "description": description})
}

fn integer(description: &str) -> Value {
    json!({"type": "integer", "description": description})
}

fn boolean(description: &str) -> Value {
    json!({"type": "boolean", "description": description})
}

fn object(description: &str) -> Value {
    json!({"type": "object", "description": description})
}

fn array(description: &str) -> Value {
    json!({"type": "array", "description": description})
}

fn nullable_string(description: &str) -> Value {
    json!({"type": ["string", "null"], "description": description})
}

fn revision() -> Value {
    integer("The page revision after the call.")
}

fn caused() -> Value {
    page(json!({
        "type": "object",
        "description": "What the action started: navigation, dialog, popups, download.",
        "properties": {
            "navigation": page(object("The new document's url.")),
            "dialog": page(object("The dialog that opened: type, message.")),
            "popups": array("New tabs' target ids."),
            "download": boolean("A download started."),
        },
    }))
}

/// A result schema with these fields (those in `required` always present), plus what the
/// call path adds to any result: the event header and the untrusted-content labels.
fn result(required: &[&str], fields: Vec<(&str, Value)>) -> Value {
    let mut props = Map::new();
    for (name, schema) in fields {
        props.insert(name.to_owned(), schema);
    }
    props.insert(
        "events".into(),
        page(object("Events since the last result.")),
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
fn result_of<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12()
        .with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
            s.contract = Contract::Serialize;
        })
        .into_generator();
    let schema: Value = generator.into_root_schema_for::<T>().into();
    let required: Vec<String> = schema["required"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let fields: Vec<(String, Value)> = schema["properties"]
        .as_object()
        .map(|p| p.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default();
    let required: Vec<&str> = required.iter().map(String::as_str).collect();
    result(
        &required,
        fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect(),
    )
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
    #[schemars(extend("x-glassPageContent" = true))]
    pub caused: Option<Value>,
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

/// `caused` as results carry it: absent when nothing happened.
fn caused_field(caused: &Caused) -> Option<Value> {
    let v = caused.to_json();
    v.as_object().is_some_and(|m| !m.is_empty()).then_some(v)
}

impl ActionResult {
    /// A verified action on `element` that left the page at `revision`.
    pub fn new(element: &str, revision: u64, caused: &Caused) -> ActionResult {
        ActionResult {
            ok: true,
            element: element.to_owned(),
            revision,
            settled: caused.settled,
            caused: caused_field(caused),
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
    #[schemars(extend("x-glassPageContent" = true))]
    pub caused: Option<Value>,
}

impl KeysResult {
    /// Keys sent (to `element`, when one was focused first).
    pub fn new(element: Option<String>, revision: u64, caused: &Caused) -> KeysResult {
        KeysResult {
            ok: true,
            revision,
            settled: caused.settled,
            element,
            caused: caused_field(caused),
        }
    }
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

/// The result of `acceptDialog` and `dismissDialog`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DialogResult {
    /// The dialog was answered.
    pub ok: bool,
    /// Its type.
    pub dialog: DialogKind,
    /// Accepted rather than dismissed.
    pub accepted: bool,
    /// The page revision after the call.
    pub revision: u64,
}

/// A dialog's type.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DialogKind {
    /// alert, confirm, prompt or beforeunload.
    #[serde(rename = "type")]
    pub kind: String,
}

/// The result of `download`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadResult {
    /// The saved file's name (the site chose it).
    #[schemars(extend("x-glassPageContent" = true))]
    pub file_name: Option<String>,
    /// Where it was saved.
    #[schemars(extend("x-glassPageContent" = true))]
    pub path: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its SHA-256, hex.
    pub sha256: String,
    /// The page revision after the call.
    pub revision: u64,
}

/// The result of `wait`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitResult {
    /// The condition's kind.
    pub kind: &'static str,
    /// It held.
    pub satisfied: bool,
    /// How long the condition took to hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
    /// kind=delay: how long it waited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waited_ms: Option<u64>,
    /// The page revision after the call (not for kind=delay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<u64>,
}

/// The result of `screenshot` (the image is a separate content item).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreenshotResult {
    /// image/png.
    pub mime_type: &'static str,
    /// The image's size in bytes.
    pub bytes: usize,
    /// The page revision.
    pub revision: u64,
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

/// The result of a verified action on one element.
pub fn action() -> Value {
    result_of::<ActionResult>()
}

/// `key`, `keyDown`, `keyUp`, `shortcut`.
pub fn keys() -> Value {
    result_of::<KeysResult>()
}

/// `navigate`.
pub fn navigate() -> Value {
    result(
        &["outcome", "revision"],
        vec![
            ("url", page(string("The URL the tab is on."))),
            ("title", page(string("The page's title."))),
            (
                "status",
                json!({"type": ["integer", "null"], "description": "The HTTP status."}),
            ),
            (
                "outcome",
                string("loaded, sameDocument, noContent, download or dialog."),
            ),
            ("settled", boolean("The page rendered after load.")),
            ("revision", revision()),
            ("observation", page(object("The compact observation."))),
            (
                "dialog",
                page(object("A dialog the page opened while loading.")),
            ),
        ],
    )
}

/// `observe`.
pub fn observe() -> Value {
    result(
        &["revision", "elements"],
        vec![
            ("url", page(string("The page's URL."))),
            ("title", page(string("The page's title."))),
            ("revision", revision()),
            (
                "focused",
                page(nullable_string("The focused element's ref.")),
            ),
            (
                "elements",
                page(array("Elements with ref, role, name and state.")),
            ),
            ("truncated", boolean("Budgets cut the list.")),
            ("budgetsHit", array("Which budgets were reached.")),
            ("counts", object("Elements seen and emitted.")),
            ("dom", page(object("The page's HTML, when asked for."))),
        ],
    )
}

/// `extractWebIr`.
pub fn extract_web_ir() -> Value {
    result(
        &["revision", "draft"],
        vec![
            ("revision", revision()),
            ("entityCount", integer("Entities in the draft.")),
            ("relationshipCount", integer("Relationships in the draft.")),
            (
                "draft",
                page(object("A validated Web IR v1 draft of the page.")),
            ),
        ],
    )
}

/// `getText`.
pub fn text() -> Value {
    result(
        &["text", "revision"],
        vec![
            ("text", page(string("The visible text."))),
            ("truncated", boolean("Cut at maxChars.")),
            ("totalChars", integer("Its whole length.")),
            ("revision", revision()),
        ],
    )
}

/// `getDOM`.
pub fn dom() -> Value {
    result(
        &["html", "revision"],
        vec![
            ("html", page(string("The HTML."))),
            ("truncated", boolean("Cut at maxChars.")),
            ("totalChars", integer("Its whole length.")),
            ("revision", revision()),
        ],
    )
}

/// `screenshot` (the image is a separate content item).
pub fn screenshot() -> Value {
    result_of::<ScreenshotResult>()
}

/// `evaluate`.
pub fn evaluate() -> Value {
    result(
        &["revision"],
        vec![
            (
                "value",
                page(json!({"description": "The expression's JSON value."})),
            ),
            ("type", string("Its JavaScript type.")),
            ("truncated", boolean("Past 64 KiB: value is null.")),
            ("bytes", integer("The value's size when truncated.")),
            ("dialog", page(object("A dialog the expression opened."))),
            ("revision", revision()),
        ],
    )
}

/// `scroll`.
pub fn scroll() -> Value {
    result_of::<ScrollResult>()
}

/// `wait`.
pub fn wait() -> Value {
    result_of::<WaitResult>()
}

/// `acceptDialog`, `dismissDialog`.
pub fn dialog() -> Value {
    result_of::<DialogResult>()
}

/// `fillForm`.
pub fn fill_form() -> Value {
    result(
        &["ok", "fields", "revision"],
        vec![
            ("ok", boolean("Every field was filled.")),
            (
                "fields",
                page(array("Each field's index, ref, ok and failureKind.")),
            ),
            ("revision", revision()),
            ("caused", caused()),
        ],
    )
}

/// `download`.
pub fn download() -> Value {
    result_of::<DownloadResult>()
}

/// `listTargets`.
pub fn targets() -> Value {
    result(
        &["targets"],
        vec![(
            "targets",
            page(array("Tabs: targetId, url, title, selected, openerId.")),
        )],
    )
}

/// `createTarget`, `selectTarget`, `closeTarget`.
pub fn target() -> Value {
    result(
        &[],
        vec![
            ("targetId", string("The tab.")),
            (
                "selected",
                json!({"type": ["boolean", "null"], "description": "Whether it is now selected."}),
            ),
            ("url", page(string("Its URL."))),
            ("title", page(string("Its title."))),
            ("closed", string("closeTarget: the closed tab.")),
            (
                "wasSelected",
                boolean("closeTarget: it was the selected tab."),
            ),
            ("revision", revision()),
        ],
    )
}

/// `clickExpectPopup`.
pub fn popup() -> Value {
    result(
        &["ok", "popup", "revision"],
        vec![
            ("ok", boolean("One popup opened.")),
            ("ref", string("The element clicked.")),
            ("popup", page(object("The popup: targetId, url, selected."))),
            ("revision", revision()),
        ],
    )
}

/// `listFrames`, `selectFrame`.
pub fn frames() -> Value {
    result(
        &[],
        vec![
            (
                "frames",
                page(array(
                    "Frames: frameId, parentId, url, crossProcess, selected.",
                )),
            ),
            ("frameId", string("selectFrame: the frame now selected.")),
            ("crossProcess", boolean("It runs in its own process.")),
            ("selected", boolean("It is selected.")),
            ("url", page(string("Its URL."))),
        ],
    )
}

/// `diagnostics`.
pub fn diagnostics() -> Value {
    result(
        &["messages", "requests"],
        vec![
            (
                "messages",
                page(array("Console messages and exceptions: level, text.")),
            ),
            (
                "requests",
                page(array("Failed requests: url, status or error, type.")),
            ),
            ("dropped", object("Entries dropped for space.")),
            ("revision", revision()),
        ],
    )
}

/// The browser-free tools: their result documents are described in docs/task-protocol.md
/// and docs/web-ir.md.
pub fn document() -> Value {
    result(&[], Vec::new())
}
