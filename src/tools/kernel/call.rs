//! The one call path every tool call takes, from MCP and from the direct CLI alike: the
//! arguments are checked against the tool's published input schema (so a bad argument, a
//! locator's syntax included, is refused the same way by every tool and before Chrome starts),
//! then the handler runs (policy and confirmation first, then its page needs), then the event
//! header is added and page-derived fields are labelled untrusted.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde_json::{Map, Value, json};

use crate::tools::kernel::audit::{self, AuditOutcome, Confirmed};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::tool::{Services, Tool};
use crate::tools::kernel::{changes, output, person, schema};

/// Failure fields that hold page text, in any tool's failure (its result's marked fields
/// count too: a failed navigation still reports the page's url and title).
pub const FAILURE_PAGE_FIELDS: &[&str] = &[
    "candidates",
    "options",
    "blocker",
    "dialog",
    "caused",
    "events",
];

/// The `trust` value of a result that carries page-derived text.
pub const UNTRUSTED: &str = "untrusted_page_content";

/// A tool's schemas, generated on first use and kept for the process, by tool name (the call
/// path serves whatever tool it is handed; it never reads the catalog).
type SchemaCache = OnceLock<Mutex<HashMap<&'static str, &'static Value>>>;

fn cached(
    cache: &'static SchemaCache,
    tool: &Tool,
    make: impl FnOnce(&Tool) -> Value,
) -> &'static Value {
    let mut map = cache
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    // One leaked value per tool name: the catalog is fixed, so this is bounded.
    map.entry(tool.name)
        .or_insert_with(|| Box::leak(Box::new(make(tool))))
}

/// A tool's published input schema, generated once.
pub fn input_schema(tool: &Tool) -> &'static Value {
    static SCHEMAS: SchemaCache = OnceLock::new();
    cached(&SCHEMAS, tool, published_schema)
}

/// A tool's output schema, generated once.
pub fn output_schema(tool: &Tool) -> &'static Value {
    static SCHEMAS: SchemaCache = OnceLock::new();
    cached(&SCHEMAS, tool, |t| {
        let mut schema = (t.output)();
        if changes::applies(t) {
            if let Some(Value::Object(props)) = schema.get_mut("properties") {
                let mut field = output::schema_of::<changes::ActionChanges>();
                field["description"] = json!("What the action changed since the last observation.");
                props.insert("changes".into(), field);
            }
        }
        schema
    })
}

tokio::task_local! {
    /// Set while a call runs: a call made inside it (a step of `batch`) is nested, and the
    /// outer call alone tells what changed.
    static IN_CALL: ();
}

/// A tool's schema as published: its arguments', plus `confirmToken` when the policy may ask
/// for confirmation of one of its capabilities.
fn published_schema(tool: &Tool) -> Value {
    let mut schema = (tool.schema)();
    if !crate::tools::kernel::effects::capabilities(tool).is_empty()
        || crate::tools::kernel::effects::always_confirms(tool)
    {
        if let Some(Value::Object(props)) = schema.get_mut("properties") {
            props.insert("confirmToken".into(), json!({"type": "string"}));
        }
    }
    schema
}

/// Run one tool call to its outcome: check, run, header, labels. A confirmation it needs goes
/// to the model (`--confirm-by model` or `auto`) or is refused (`person`): nobody else can be
/// asked from here (the command line, a nested step).
pub async fn call(
    services: &Arc<Services>,
    tool: &'static Tool,
    args: Map<String, Value>,
) -> ToolOutcome {
    call_reaching(services, tool, args, &person::Reach::Unreachable)
        .await
        .outcome()
}

/// Run one tool call for a client that can reach its person as `reach` says: a confirmation
/// the call needs is put to the person where the policy says so (`person::after`), and a
/// later round's answer is spent here (`person::before`). A nested call (a step of `batch`)
/// never asks: its outer call's one confirmation covers it.
pub async fn call_reaching(
    services: &Arc<Services>,
    tool: &'static Tool,
    mut args: Map<String, Value>,
    reach: &person::Reach,
) -> person::Ended {
    if IN_CALL.try_with(|_| ()).is_ok() {
        return person::Ended::Done(run_call(services, tool, args).await);
    }
    // Each call with an effect gets its line in the audit log, once it has ended.
    let audit = |args: &Map<String, Value>, ended: AuditOutcome<'_>, who: Confirmed| {
        let Some(log) = services.audit.as_ref() else {
            return;
        };
        if !crate::tools::kernel::effects::changes(tool, args) {
            return;
        }
        let call = audit::Call {
            tool: tool.name,
            effects: tool.effects,
            args,
            host: services.session.page_host(),
        };
        audit::record(log, &call, &ended, who);
    };
    let by_model = args.get("confirmToken").is_some_and(|t| !t.is_null());
    let answered = match person::before(services, reach, &mut args) {
        Ok(answered) => answered,
        Err(refused) => {
            let refused = label_untrusted(tool, refused);
            let who = match reach {
                person::Reach::Rounds(Some(round)) => Confirmed::Person(round.answer.as_str()),
                _ => Confirmed::Nobody,
            };
            audit(&args, AuditOutcome::Done(&refused), who);
            return person::Ended::Done(refused);
        }
    };
    let outcome = run_call(services, tool, args.clone()).await;
    let (ended, asked) = person::after(services, tool, reach, &args, outcome, |confirmed| {
        run_call(services, tool, confirmed)
    })
    .await;
    let who = match (answered.or(asked), by_model) {
        (Some(answer), _) => Confirmed::Person(answer.as_str()),
        (None, true) => Confirmed::Model,
        (None, false) => Confirmed::Nobody,
    };
    match &ended {
        person::Ended::Done(outcome) => audit(&args, AuditOutcome::Done(outcome), who),
        person::Ended::Ask { .. } => audit(&args, AuditOutcome::Asking, who),
    }
    ended
}

/// One run of a call: check, policy, run, changes, journal, header, labels.
async fn run_call(
    services: &Arc<Services>,
    tool: &'static Tool,
    mut args: Map<String, Value>,
) -> ToolOutcome {
    // Every tool takes it; the MCP server reads it before the call (`tool_result`).
    args.remove("includeTrace");
    if let Err(e) = schema::check(input_schema(tool), &args) {
        return ToolOutcome::Failed(e);
    }
    // Read once into the tool's own struct; the handler receives it and reads nothing again.
    let bound = match (tool.run)(&args) {
        Ok(bound) => bound,
        Err(e) => return ToolOutcome::Failed(e),
    };
    // The policy, from the tool's declared effects, before any argument touches the disk or
    // the page: denial, host rules, then one confirmation for the call; then the paths it
    // writes must be ones Glass may write.
    if let Err(refused) = crate::tools::kernel::effects::decide(services, tool, &args) {
        return label_untrusted(tool, refused);
    }
    for (arg, path) in crate::tools::kernel::effects::written_paths(tool, &args) {
        if let Err(e) = crate::files::client_target(path) {
            return crate::tools::kernel::args::invalid(arg, &e.to_string()).into();
        }
    }
    // Among a daemon's clients, a call that may change anything needs the mutation lease.
    let changes = crate::tools::kernel::effects::changes(tool, &args);
    if changes {
        if let Err(refused) = crate::tools::kernel::lease::check(services.leases.as_deref()) {
            return refused;
        }
    }
    // A call that may change a page gets a journal entry; the guard closes it even if this
    // future is dropped (the call cancelled) midway.
    let journal = (tool.needs.browser() && changes).then(|| services.journal.start(tool.name));
    let expected = crate::tools::kernel::browser::expected_revision(tool, &args);
    let nested = IN_CALL.try_with(|_| ()).is_ok();
    let run = IN_CALL.scope((), bound(Arc::clone(services), args));
    let mut outcome = crate::tools::kernel::browser::with_expected_revision(expected, run).await;
    if !nested && changes::applies(tool) {
        outcome = changes::told(services, outcome).await;
    }
    if let Some(entry) = journal {
        let id = entry.execution_id();
        entry.finish(!matches!(outcome, ToolOutcome::Failed(_)));
        outcome = with_execution_id(outcome, id);
    }
    if tool.needs.browser() {
        if let Some(header) = services.session.take_header() {
            outcome = with_header(outcome, header);
        }
    }
    label_untrusted(tool, outcome)
}

/// A call made inside another tool (a step of `batch`, the action of `executeIntent`) as a
/// value of the outer result, and whether it succeeded. Its own untrusted labels are dropped:
/// the outer result's labels cover the field that holds it.
pub fn nested(outcome: ToolOutcome) -> (Value, bool) {
    let (mut v, ok) = match outcome {
        ToolOutcome::Ok(v) | ToolOutcome::WithImages(v, _) => (v, true),
        ToolOutcome::Failed(f) => (f.to_json(), false),
    };
    if let Value::Object(m) = &mut v {
        m.remove("trust");
        m.remove("untrustedFields");
    }
    (v, ok)
}

/// Add the execution's id, for `recoverRun`.
fn with_execution_id(outcome: ToolOutcome, id: String) -> ToolOutcome {
    let add = |mut v: Value| {
        if let Value::Object(m) = &mut v {
            m.insert("executionId".into(), Value::String(id.clone()));
        }
        v
    };
    match outcome {
        ToolOutcome::Ok(v) => ToolOutcome::Ok(add(v)),
        ToolOutcome::WithImages(v, i) => ToolOutcome::WithImages(add(v), i),
        ToolOutcome::Failed(f) => ToolOutcome::Failed(f.with("executionId", id.clone())),
    }
}

/// Add the event header (popups, downloads, an open dialog since the last result). A dialog
/// the result itself reports (`caused.dialog`, or `dialog`) is not repeated in the header.
fn with_header(outcome: ToolOutcome, mut header: Value) -> ToolOutcome {
    let reports_dialog = |caused: Option<&Value>, dialog: Option<&Value>| {
        caused.is_some_and(|c| c.get("dialog").is_some()) || dialog.is_some_and(|d| !d.is_null())
    };
    let told = match &outcome {
        ToolOutcome::Ok(v) | ToolOutcome::WithImages(v, _) => {
            reports_dialog(v.get("caused"), v.get("dialog"))
        }
        ToolOutcome::Failed(f) => reports_dialog(f.get("caused"), f.get("dialog")),
    };
    if told {
        if let Value::Object(h) = &mut header {
            h.remove("dialog");
        }
    }
    if header.as_object().is_some_and(|h| h.is_empty()) {
        return outcome;
    }
    let add = |mut v: Value| {
        if let Value::Object(m) = &mut v {
            m.insert("events".into(), header.clone());
        }
        v
    };
    match outcome {
        ToolOutcome::Ok(v) => ToolOutcome::Ok(add(v)),
        ToolOutcome::WithImages(v, i) => ToolOutcome::WithImages(add(v), i),
        ToolOutcome::Failed(f) => ToolOutcome::Failed(f.with("events", header)),
    }
}

/// Which of a result's fields hold page text: those its tool's output schema marks (at any
/// depth) that hold some of it now, and on a failure the failure fields that quote the page.
fn page_fields<'v>(
    tool: &Tool,
    get: impl Fn(&str) -> Option<&'v Value>,
    image: bool,
    failed: bool,
) -> Vec<String> {
    let mut fields: Vec<String> = output_schema(tool)["properties"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(name, schema)| {
            output::marked(schema) && get(name).is_some_and(|v| holds_page_text(schema, v))
        })
        .map(|(name, _)| name.clone())
        .collect();
    if failed {
        for f in FAILURE_PAGE_FIELDS {
            if get(f).is_some_and(|v| !v.is_null()) && !fields.iter().any(|x| x == f) {
                fields.push((*f).to_owned());
            }
        }
    }
    if image {
        fields.push("image".to_owned());
    }
    fields
}

/// Whether `value` holds what `schema` marks as page text: an object whose marked fields are
/// all absent holds none (an action's `changes` when nothing appeared: counts only).
fn holds_page_text(schema: &Value, value: &Value) -> bool {
    if value.is_null() {
        return false;
    }
    if schema.get(output::PAGE_MARK) == Some(&Value::Bool(true)) {
        return true;
    }
    match (
        schema.get("properties").and_then(Value::as_object),
        value.as_object(),
    ) {
        (Some(props), Some(obj)) => props
            .iter()
            .any(|(k, s)| output::marked(s) && obj.get(k).is_some_and(|v| holds_page_text(s, v))),
        _ => true,
    }
}

/// Mark a result that carries page-derived text: `trust` and the list of such fields; and take
/// every stored secret's value out of it, whatever put it there (a page that echoes a password).
fn label_untrusted(tool: &Tool, outcome: ToolOutcome) -> ToolOutcome {
    let outcome = match outcome {
        ToolOutcome::Ok(mut v) => {
            crate::secrets::scrub_value(&mut v);
            ToolOutcome::Ok(v)
        }
        ToolOutcome::WithImages(mut v, i) => {
            crate::secrets::scrub_value(&mut v);
            ToolOutcome::WithImages(v, i)
        }
        ToolOutcome::Failed(f) => ToolOutcome::Failed(f.map_fields(crate::secrets::scrub_value)),
    };
    let label = |mut v: Value, image: bool| {
        if let Value::Object(map) = &mut v {
            let fields = page_fields(tool, |f| map.get(f), image, false);
            if !fields.is_empty() {
                map.insert("trust".into(), json!(UNTRUSTED));
                map.insert("untrustedFields".into(), json!(fields));
            }
        }
        v
    };
    match outcome {
        ToolOutcome::Ok(v) => ToolOutcome::Ok(label(v, false)),
        ToolOutcome::WithImages(v, i) => ToolOutcome::WithImages(label(v, true), i),
        ToolOutcome::Failed(f) => {
            let fields = page_fields(tool, |k| f.get(k), false, true);
            if fields.is_empty() {
                ToolOutcome::Failed(f)
            } else {
                ToolOutcome::Failed(f.with("trust", UNTRUSTED).with("untrustedFields", fields))
            }
        }
    }
}
