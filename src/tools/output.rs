//! Output schemas: what each tool's successful result holds, published as `outputSchema` (a
//! client can check `structuredContent` against it; the official MCP Python SDK does) and
//! read by the call path to label page-derived text.
//!
//! A field whose content comes from the page carries the [`PAGE_MARK`] keyword, at whatever
//! depth it sits; a result field is labelled untrusted when its schema has a mark in it. So
//! which fields are page text is declared once, per field, beside the field's type.

use serde_json::{Map, Value, json};

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
    result(
        &["ok", "revision"],
        vec![
            ("ok", boolean("The action ran and was verified.")),
            ("ref", string("The element acted on.")),
            ("revision", revision()),
            ("settled", boolean("The page went quiet after the action.")),
            (
                "changed",
                boolean("check/uncheck: false when it already was so."),
            ),
            ("caused", caused()),
            ("destination", string("drag: the drop target's ref.")),
            ("files", integer("upload: how many files were given.")),
            ("framework", string("dismissConsent: the consent platform.")),
        ],
    )
}

/// `key`, `keyDown`, `keyUp`, `shortcut`.
pub fn keys() -> Value {
    result(
        &["ok", "revision"],
        vec![
            ("ok", boolean("The keys were sent.")),
            (
                "ref",
                string("The element focused first, if a target was given."),
            ),
            ("revision", revision()),
            ("settled", boolean("The page went quiet after the keys.")),
            ("caused", caused()),
        ],
    )
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
    result(
        &["mimeType", "revision"],
        vec![
            ("mimeType", string("image/png.")),
            ("bytes", integer("The image's size.")),
            ("revision", revision()),
        ],
    )
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
    result(
        &["revision"],
        vec![
            (
                "scrollX",
                json!({"type": "number", "description": "Horizontal scroll offset."}),
            ),
            (
                "scrollY",
                json!({"type": "number", "description": "Vertical scroll offset."}),
            ),
            ("revision", revision()),
        ],
    )
}

/// `wait`.
pub fn wait() -> Value {
    result(
        &["kind", "satisfied"],
        vec![
            ("kind", string("The condition.")),
            ("satisfied", boolean("It held.")),
            ("elapsedMs", integer("How long it took.")),
            ("waitedMs", integer("kind=delay: how long.")),
            ("revision", revision()),
        ],
    )
}

/// `acceptDialog`, `dismissDialog`.
pub fn dialog() -> Value {
    result(
        &["ok", "revision"],
        vec![
            ("ok", boolean("The dialog was answered.")),
            ("dialog", page(object("Its type."))),
            ("accepted", boolean("Accepted rather than dismissed.")),
            ("revision", revision()),
        ],
    )
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
    result(
        &["path", "size", "sha256"],
        vec![
            (
                "fileName",
                page(nullable_string(
                    "The saved file's name (the site chose it).",
                )),
            ),
            ("path", page(string("Where it was saved."))),
            ("size", integer("Its size in bytes.")),
            ("sha256", string("Its SHA-256, hex.")),
            ("revision", revision()),
        ],
    )
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
