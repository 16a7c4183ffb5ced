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
use crate::browser::events::OpenDialog;
use crate::failure::FailureKind;

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
    let mut schema: Value = generator.into_root_schema_for::<T>().into();
    tidy(&mut schema);
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
    /// How long the call waited for the condition to hold (or the delay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
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

/// The result of `evaluate`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvaluateResult {
    /// The expression's JSON value (null when truncated or a dialog opened).
    #[schemars(extend("x-glassPageContent" = true))]
    pub value: Value,
    /// Its JavaScript type.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Past 64 KiB: the value is left out.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// The value's size, when truncated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<usize>,
    /// A dialog the expression opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dialog: Option<DialogSeen>,
    /// The page revision after the call.
    pub revision: u64,
}

/// The result of `fillForm` (also the body of its `fillForm` failure).
#[derive(Debug, Serialize, JsonSchema)]
pub struct FillFormResult {
    /// Every field was filled.
    pub ok: bool,
    /// Each field's outcome, in the order given.
    pub fields: Vec<FieldOutcome>,
    /// The page revision after the call.
    pub revision: u64,
    /// What the input started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caused: Option<CausedReport>,
}

/// One field of `fillForm`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldOutcome {
    /// Its position in `fields`.
    pub index: usize,
    /// The element filled (absent when the target did not resolve).
    #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
    pub element: Option<String>,
    /// It holds the value.
    pub ok: bool,
    /// Why not, when not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure_kind: Option<FailureKind>,
    /// An unresolved target: the elements it could have meant.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub candidates: Option<Value>,
}

/// The result of `listTargets`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TargetsResult {
    /// The open tabs.
    pub targets: Vec<TargetEntry>,
}

/// One tab.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetEntry {
    /// Its id.
    pub target_id: String,
    /// Its URL, query stripped.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// Its title.
    #[schemars(extend("x-glassPageContent" = true))]
    pub title: String,
    /// It is the selected tab.
    pub selected: bool,
    /// The tab that opened it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opener_id: Option<String>,
}

/// The result of `createTarget` and `selectTarget`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TargetResult {
    /// The tab.
    pub target_id: String,
    /// It is now the selected tab (createTarget leaves the selection alone).
    pub selected: bool,
    /// selectTarget: its URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: Option<String>,
    /// selectTarget: its title.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub title: Option<String>,
    /// selectTarget: its page revision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<u64>,
}

/// The result of `closeTarget`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedResult {
    /// The closed tab.
    pub closed: String,
    /// It was the selected tab (no tab is selected now; selectTarget one).
    pub was_selected: bool,
}

/// The result of `clickExpectPopup`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PopupResult {
    /// One popup opened.
    pub ok: bool,
    /// The element clicked.
    #[serde(rename = "ref")]
    pub element: String,
    /// The popup.
    pub popup: PopupSeen,
    /// The page revision after the click.
    pub revision: u64,
}

/// The popup a click opened.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PopupSeen {
    /// Its tab's id.
    pub target_id: String,
    /// Its URL, query stripped.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// It is selected (never: selectTarget it).
    pub selected: bool,
}

/// The result of `listFrames`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FramesResult {
    /// The selected page's frames.
    pub frames: Vec<FrameEntry>,
}

/// One frame.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FrameEntry {
    /// Its id.
    pub frame_id: String,
    /// Its parent frame's id (none for the main frame).
    pub parent_id: Option<String>,
    /// Its URL, query stripped.
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: String,
    /// It runs in its own process.
    pub cross_process: bool,
    /// It is the selected frame.
    pub selected: bool,
}

/// The result of `selectFrame`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FrameResult {
    /// The frame now selected.
    pub frame_id: String,
    /// Always true.
    pub selected: bool,
    /// A child frame: it runs in its own process.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cross_process: Option<bool>,
    /// A child frame: its URL, query stripped.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    pub url: Option<String>,
}

/// The result of `diagnostics`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DiagnosticsResult {
    /// Console messages and exceptions: level, text.
    #[schemars(extend("x-glassPageContent" = true))]
    pub messages: Vec<Value>,
    /// Failed requests: url, status or error, type.
    #[schemars(extend("x-glassPageContent" = true))]
    pub requests: Vec<Value>,
    /// Entries dropped for space.
    pub dropped: Dropped,
    /// The page revision.
    pub revision: u64,
}

/// How many entries were dropped for space.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct Dropped {
    /// Console messages.
    pub console: u64,
    /// Requests.
    pub network: u64,
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
    result_of::<NavigateResult>()
}

/// `observe`.
pub fn observe() -> Value {
    result_of::<ObserveResult>()
}

/// `extractWebIr`.
pub fn extract_web_ir() -> Value {
    result_of::<WebIrResult>()
}

/// `getText`.
pub fn text() -> Value {
    result_of::<TextResult>()
}

/// `getDOM`.
pub fn dom() -> Value {
    result_of::<DomResult>()
}

/// `screenshot` (the image is a separate content item).
pub fn screenshot() -> Value {
    result_of::<ScreenshotResult>()
}

/// `evaluate`.
pub fn evaluate() -> Value {
    result_of::<EvaluateResult>()
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
    result_of::<FillFormResult>()
}

/// `download`.
pub fn download() -> Value {
    result_of::<DownloadResult>()
}

/// `listTargets`.
pub fn targets() -> Value {
    result_of::<TargetsResult>()
}

/// `createTarget`, `selectTarget`.
pub fn target() -> Value {
    result_of::<TargetResult>()
}

/// `closeTarget`.
pub fn closed() -> Value {
    result_of::<ClosedResult>()
}

/// `clickExpectPopup`.
pub fn popup() -> Value {
    result_of::<PopupResult>()
}

/// `listFrames`.
pub fn frames() -> Value {
    result_of::<FramesResult>()
}

/// `selectFrame`.
pub fn frame() -> Value {
    result_of::<FrameResult>()
}

/// `diagnostics`.
pub fn diagnostics() -> Value {
    result_of::<DiagnosticsResult>()
}

/// `validateTask`.
pub fn task_validation() -> Value {
    result_of::<crate::task::ValidationResult>()
}

/// `compileTask`.
pub fn task_plan() -> Value {
    result_of::<crate::task::PlanResponse<'static>>()
}

/// `validateWebIr`.
pub fn web_ir_validation() -> Value {
    result_of::<crate::webir::ValidateResult>()
}

/// `inspectWebIr`.
pub fn web_ir_summary() -> Value {
    result_of::<crate::webir::InspectSummary<'static>>()
}

/// `diffWebIr`.
pub fn web_ir_diff() -> Value {
    result_of::<crate::webir::DiffSummary>()
}

/// `continuityWebIr`.
pub fn web_ir_continuity() -> Value {
    result_of::<crate::webir::Continuity>()
}
