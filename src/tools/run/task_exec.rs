//! `executeTask`: a Task Protocol v1 task compiled, reconciled against the live page and run.
//!
//! The plan is compiled by the pure `crate::task` module; reconciling it finds the scope the
//! task names (a region, form or dialog by name, or the heading that titles a form) and the
//! targets its inputs name, and refuses (`taskReconciliation`, with the path to change) when
//! any is missing or ambiguous, before anything is dispatched. Confirmation follows the
//! plan's risk (an irreversible submit always needs a token) and the policy (a password
//! field among the targets), one token for the whole task. The family's operation then runs
//! through the verified action tools on the one call path, and the postconditions are checked
//! with `verify`'s predicates and reported with their evidence. After input was dispatched, an
//! uncertain outcome is `indeterminate` with what to check, never retried. Input values are
//! never echoed.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::browser::agent_calls::TaskScope;
use crate::failure::{Failure, Kind};
use crate::policy::Capability;
use crate::task::{self as protocol, Operation, PostconditionKind, TaskErrorKind, TaskKind};
use crate::tools::kernel::args::Document;
use crate::tools::kernel::browser::{session_for, session_resolving_dialog};
use crate::tools::kernel::call::{call, nested};
use crate::tools::kernel::effect::{Effect, When};
use crate::tools::kernel::gate::{Need, confirm_steps, with_grants};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::result_of;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// The `executeTask` tool.
pub const EXECUTE_TASK: Tool = Tool {
    name: "executeTask",
    title: "Execute a task",
    description: "Run a Task Protocol v1 task on the live page: compile, reconcile its scope and targets (else taskReconciliation), act, check postconditions.",
    group: ToolGroup::Standard,
    family: Family::Run,
    schema: input_schema::<ExecuteTaskArgs>,
    output: result_of::<TaskRun>,
    effects: &[
        Effect::RunsSteps,
        Effect::Input,
        Effect::ProducesText,
        Effect::ReadsFormValues(When::OnPage),
        Effect::Irreversible,
        Effect::Learns,
    ],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(ExecuteTaskArgs, run),
};

/// Arguments of `executeTask`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ExecuteTaskArgs {
    /// A Task Protocol v1 document.
    task: Document,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

/// One plan step as it ran.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct StepRun {
    /// Its ordinal in the plan.
    ordinal: u32,
    /// Its operation.
    operation: Operation,
    /// ok, failed or skipped.
    outcome: &'static str,
    /// The action's execution, for recoverRun.
    #[serde(skip_serializing_if = "Option::is_none")]
    execution_id: Option<String>,
}

/// A postcondition as checked.
#[derive(Debug, Serialize, JsonSchema)]
struct CheckRun {
    /// Its kind.
    kind: PostconditionKind,
    /// It held.
    holds: bool,
    /// What was seen.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    observed: Option<Value>,
}

/// The result of `executeTask`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct TaskRun {
    /// The task family.
    task: TaskKind,
    /// completed (ran, every postcondition held), postconditionFailed, failed (nothing or
    /// only verified input dispatched), indeterminate (input went out, its effect unknown:
    /// check before any retry).
    status: &'static str,
    /// The plan's effective risk.
    risk: protocol::RiskClass,
    /// The scope found (`ref`, `role`, `name`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    scope: Option<Value>,
    /// Each plan step.
    steps: Vec<StepRun>,
    /// The operation's own failure, when it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    failure: Option<Value>,
    /// What an inspection or extraction read (never field values).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(extend("x-glassPageContent" = true))]
    read: Option<Value>,
    /// Each postcondition with its evidence.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    postconditions: Vec<CheckRun>,
    /// The page revision at the end.
    revision: u64,
}

/// A reconciliation failure: the task's `path` names what to change.
fn unreconciled(path: &str, reason: &str) -> ToolOutcome {
    ToolOutcome::Failed(
        Failure::bare(Kind::TaskReconciliation)
            .with("path", path)
            .with("reason", reason),
    )
}

/// The entry of `list` whose name is `want`, exactly or ignoring case, else the one whose
/// name contains it; `Err` with the reason when none or several are.
fn pick<'a>(list: &'a [Value], want: &str, what: &str) -> Result<&'a Value, String> {
    let w = want.trim().to_lowercase();
    let name = |v: &Value| v["name"].as_str().unwrap_or("").trim().to_lowercase();
    let attr = |v: &Value| v["field"].as_str().unwrap_or("").to_lowercase();
    let exact: Vec<&Value> = list
        .iter()
        .filter(|v| name(v) == w || attr(v) == w)
        .collect();
    let pool: Vec<&Value> = if exact.is_empty() {
        list.iter()
            .filter(|v| !w.is_empty() && name(v).contains(&w))
            .collect()
    } else {
        exact
    };
    match pool.as_slice() {
        [one] => Ok(one),
        [] => Err(format!("no {what} in the scope has this name")),
        many => Err(format!(
            "{} {what}s in the scope have this name; name one exactly",
            many.len()
        )),
    }
}

/// Words a confirming and a cancelling dialog button says.
const CONFIRM_WORDS: &[&str] = &[
    "ok", "yes", "confirm", "continue", "accept", "delete", "save", "submit", "proceed",
];
const CANCEL_WORDS: &[&str] = &["cancel", "no", "close", "dismiss", "back", "keep"];

fn run(services: Arc<Services>, input: Call<ExecuteTaskArgs>) -> ToolFuture {
    Box::pin(async move {
        let Call { args: a, raw } = input;
        let document = a.task.to_value();
        // Validated once, then compiled from the validated task.
        let validated = match protocol::validate(&document) {
            Ok(v) => v,
            Err(e) => return ToolOutcome::failed(&e.response(TaskErrorKind::Validation)),
        };
        let plan = match protocol::compile_validated(&validated) {
            Ok(plan) => plan,
            Err(e) => return ToolOutcome::failed(&e.response(TaskErrorKind::Compilation)),
        };
        let task = validated.into_inner();
        let operation = plan
            .steps
            .last()
            .map(|s| s.operation)
            .unwrap_or(Operation::ObserveScope);
        // Observe the scope on the page as it is.
        let (inventory, revision_before, js_dialog) = 'observe: {
            // The dialog families resolve or read an open JavaScript dialog; while one is open
            // the page cannot be asked for the scope, and every other family meets the dialog.
            let dialog_family = matches!(
                operation,
                Operation::ConfirmDialog | Operation::CancelDialog | Operation::InspectDialog
            );
            let mut b = try_tool!(if dialog_family {
                session_resolving_dialog(&services, &EXECUTE_TASK).await
            } else {
                session_for(&services, &EXECUTE_TASK).await
            });
            if let Some(d) = b.events().dialog() {
                let open = json!({"status": "ok", "dialogs": []});
                break 'observe (open, b.revision(), Some(json!({"type": d.kind})));
            }
            let next = b.next_ref();
            let spec = json!({"regionName": task.scope.region_name});
            let inv = try_tool!(b.agent().run(&TaskScope(spec, next)).await);
            let minted: Vec<Value> = ["fields", "submits", "buttons", "links", "tabs", "dialogs"]
                .iter()
                .flat_map(|k| inv[*k].as_array().cloned().unwrap_or_default())
                .chain(inv.get("scope").cloned())
                .collect();
            b.actions().record_refs(&inv["nextRef"], minted.iter());
            let dialog = b.events().dialog().map(|d| json!({"type": d.kind}));
            (inv, b.revision(), dialog)
        };
        match inventory["status"].as_str() {
            Some("ok") => {}
            Some("ambiguous") => {
                return unreconciled(
                    "scope.regionName",
                    "several regions, forms or dialogs on the page have this name; name one exactly",
                );
            }
            _ => {
                return unreconciled(
                    "scope.regionName",
                    "no region, form or dialog on the page has this name",
                );
            }
        }
        let list = |k: &str| inventory[k].as_array().cloned().unwrap_or_default();
        let input = |name: &str| task.inputs.get(name).unwrap_or("");
        // Reconcile the operation's targets before anything is dispatched.
        let mut password = false;
        let target: Target = match operation {
            Operation::FillInputs => {
                let fields = list("fields");
                let mut fill = Vec::new();
                for name in task.inputs.names() {
                    let field = match pick(&fields, name, "field") {
                        Ok(f) => f,
                        Err(reason) => return unreconciled(&format!("inputs.{name}"), &reason),
                    };
                    password |= field["password"] == true;
                    let value = input(name);
                    let checkable = matches!(
                        field["role"].as_str(),
                        Some("checkbox" | "switch" | "radio")
                    );
                    let value = match (checkable, value.to_lowercase().as_str()) {
                        (true, "true" | "yes" | "on" | "1") => json!(true),
                        (true, "false" | "no" | "off" | "0") => json!(false),
                        _ => json!(value),
                    };
                    fill.push(json!({"target": field["ref"], "value": value}));
                }
                Target::Call("fillForm", json!({"fields": fill}))
            }
            Operation::SubmitForm => {
                let (submits, buttons) = (list("submits"), list("buttons"));
                match pick(&submits, input("submit"), "submit button")
                    .or_else(|_| pick(&buttons, input("submit"), "button"))
                {
                    Ok(b) => Target::Call("click", json!({"target": b["ref"]})),
                    Err(reason) => return unreconciled("inputs.submit", &reason),
                }
            }
            Operation::FollowNavigation => {
                let url = input("url");
                let links = list("links");
                let by_href: Vec<&Value> = links
                    .iter()
                    .filter(|l| {
                        let h = l["href"].as_str().unwrap_or("");
                        !url.is_empty() && (h == url || h.ends_with(url))
                    })
                    .collect();
                let link = match (by_href.as_slice(), &task.scope.entity_name) {
                    ([one], _) => Ok(*one),
                    (_, Some(name)) => pick(&links, name, "link"),
                    ([], None) => Err("no link in the scope goes to this url".to_owned()),
                    (_, None) => Err("several links go to this url; give scope.entityName".into()),
                };
                match link {
                    Ok(l) => Target::Call("click", json!({"target": l["ref"]})),
                    Err(reason) => return unreconciled("inputs.url", &reason),
                }
            }
            Operation::SelectTab | Operation::OpenMenu | Operation::NextPage => {
                let (key, pool) = match operation {
                    Operation::SelectTab => ("tab", list("tabs")),
                    Operation::OpenMenu => ("menu", [list("buttons"), list("tabs")].concat()),
                    _ => ("next", [list("links"), list("buttons")].concat()),
                };
                match pick(&pool, input(key), key) {
                    Ok(t) => Target::Call("click", json!({"target": t["ref"]})),
                    Err(reason) => return unreconciled(&format!("inputs.{key}"), &reason),
                }
            }
            Operation::ValidateForm => match inventory.get("form") {
                Some(f) => Target::Call(
                    "verify",
                    json!({"predicates": [{"kind": "validationClear", "target": f["ref"]}], "timeoutMs": 0}),
                ),
                None => return unreconciled("scope.regionName", "the scope holds no form"),
            },
            Operation::InspectForm => match inventory.get("form") {
                Some(f) => Target::Read(
                    json!({"form": f, "fields": list("fields"), "submits": list("submits")}),
                ),
                None => return unreconciled("scope.regionName", "the scope holds no form"),
            },
            Operation::InspectDialog => {
                Target::Read(json!({"dialogs": list("dialogs"), "javascriptDialog": js_dialog}))
            }
            Operation::ConfirmDialog | Operation::CancelDialog => {
                let confirming = operation == Operation::ConfirmDialog;
                if js_dialog.is_some() {
                    Target::Call(
                        if confirming {
                            "acceptDialog"
                        } else {
                            "dismissDialog"
                        },
                        json!({}),
                    )
                } else {
                    let dialogs = list("dialogs");
                    let [dialog] = dialogs.as_slice() else {
                        return unreconciled(
                            "scope",
                            if dialogs.is_empty() {
                                "no dialog is open"
                            } else {
                                "several dialogs are open; name one in scope.regionName"
                            },
                        );
                    };
                    let words = if confirming {
                        CONFIRM_WORDS
                    } else {
                        CANCEL_WORDS
                    };
                    let buttons = dialog["buttons"].as_array().cloned().unwrap_or_default();
                    let chosen = match &task.scope.entity_name {
                        Some(name) => pick(&buttons, name, "button").ok().cloned(),
                        None => {
                            let hits: Vec<&Value> = buttons
                                .iter()
                                .filter(|b| {
                                    words.contains(
                                        &b["name"]
                                            .as_str()
                                            .unwrap_or("")
                                            .trim()
                                            .to_lowercase()
                                            .as_str(),
                                    )
                                })
                                .collect();
                            (hits.len() == 1).then(|| hits[0].clone())
                        }
                    };
                    match chosen {
                        Some(b) => Target::Call("click", json!({"target": b["ref"]})),
                        None => {
                            return unreconciled(
                                "scope.entityName",
                                "the dialog has no one button that confirms (or cancels); name it in scope.entityName",
                            );
                        }
                    }
                }
            }
            Operation::ExtractTable
            | Operation::ExtractCollection
            | Operation::ExtractRegion
            | Operation::ReadField
            | Operation::CollectPages => {
                let name = task
                    .scope
                    .entity_name
                    .clone()
                    .or(task.scope.region_name.clone())
                    .unwrap_or_default();
                // A scope that is itself a table is read by its name; one that holds a table, as
                // the page's one table.
                let scope_is_table = matches!(
                    inventory["scope"]["role"].as_str(),
                    Some("table" | "grid" | "treegrid")
                );
                let (path, kind) = match operation {
                    Operation::ExtractTable | Operation::CollectPages if scope_is_table => {
                        (format!("table:{name}"), "table")
                    }
                    Operation::ExtractTable | Operation::CollectPages => {
                        ("table".to_owned(), "table")
                    }
                    Operation::ExtractCollection => (format!("list:{name}"), "repeatedItems"),
                    Operation::ExtractRegion => (format!("region:{name}"), "string"),
                    _ => (format!("field:{}", input("field")), "string"),
                };
                let extract = json!({"fields": [{"name": "value", "path": path, "kind": kind}],
                       "maxItems": task.limits.max_items.min(crate::tools::semantic::extract::MAX_ITEMS)});
                if operation == Operation::CollectPages {
                    Target::Collect(extract, input("next").to_owned())
                } else {
                    Target::Call("extractStructured", extract)
                }
            }
            Operation::ObserveScope => Target::Read(Value::Null),
        };
        // One confirmation for the whole task: its risk, and a password field it types into.
        let password_confirm = password
            && try_tool!(crate::tools::kernel::effects::judge(
                &services,
                &EXECUTE_TASK,
                Capability::PasswordInput
            ));
        let needs = password_confirm
            .then(|| Need {
                step: None,
                cap: Capability::PasswordInput,
                what: "typing into a password field".into(),
            })
            .into_iter()
            .collect();
        // Glass's words only: the scope's name on the page is page text.
        let risk = plan.confirmation_required.then(|| {
            format!(
                "{} ({}) in the scope the task names",
                plan.task.as_str(),
                plan.risk.as_str()
            )
        });
        let grants = try_tool!(confirm_steps(&services, &EXECUTE_TASK, &raw, needs, risk));
        crate::tools::kernel::progress::report(
            1,
            Some(3),
            &format!("reconciled; running {}", operation.as_str()),
        );
        let mut steps = vec![StepRun {
            ordinal: 1,
            operation: Operation::ObserveScope,
            outcome: "ok",
            execution_id: None,
        }];
        // What the operation acts on (a single target, else the scope), and where, for what
        // Glass learns from the outcome.
        let acted: Option<Value> = match &target {
            Target::Call(_, args) => match args["target"].as_str() {
                Some(r) => ["fields", "submits", "buttons", "links", "tabs", "dialogs"]
                    .iter()
                    .flat_map(|k| list(k))
                    .find(|e| e["ref"] == r),
                None => inventory.get("scope").cloned(),
            },
            _ => None,
        };
        let page_before =
            crate::tools::store::knowledge::url_to_learn(&services, &EXECUTE_TASK).await;
        let (ok, body, execution_id) = match target {
            Target::Read(v) => (true, v, None),
            Target::Collect(extract, next) => {
                let pages = Pages {
                    extract,
                    next,
                    region: task.scope.region_name.clone(),
                    max_items: task.limits.max_items as usize,
                    max_pages: task.limits.max_actions,
                };
                pages.collect(&services).await
            }
            Target::Call(tool, args) => {
                let Some(tool) = (services.find)(tool) else {
                    return ToolOutcome::Failed(Failure::new(Kind::Internal, "no such tool"));
                };
                let args = args.as_object().cloned().unwrap_or_default();
                let (v, ok) =
                    nested(with_grants(grants.clone(), call(&services, tool, args)).await);
                let unmet = v.get("ok") == Some(&Value::Bool(false))
                    || v.get("satisfied") == Some(&Value::Bool(false));
                let id = v["executionId"].as_str().map(str::to_owned);
                (ok && !unmet, v, id)
            }
        };
        steps.push(StepRun {
            ordinal: 2,
            operation,
            outcome: if ok { "ok" } else { "failed" },
            execution_id: execution_id.clone(),
        });
        let mut out = TaskRun {
            task: plan.task,
            status: "completed",
            risk: plan.risk,
            scope: inventory.get("scope").cloned(),
            steps,
            failure: None,
            read: None,
            postconditions: Vec::new(),
            revision: revision_before,
        };
        if !ok {
            let dispatched = execution_id
                .as_deref()
                .and_then(|id| services.journal.dispatched(id))
                .unwrap_or(false);
            out.status = if dispatched {
                "indeterminate"
            } else {
                "failed"
            };
            out.failure = Some(body);
        } else {
            match operation {
                Operation::FillInputs
                | Operation::SubmitForm
                | Operation::FollowNavigation
                | Operation::SelectTab
                | Operation::OpenMenu
                | Operation::NextPage
                | Operation::ConfirmDialog
                | Operation::CancelDialog => {}
                Operation::ValidateForm => out.read = Some(json!({"checks": body["checks"]})),
                _ => {
                    out.read = Some(
                        body.get("values")
                            .map_or(body.clone(), |v| v["value"].clone()),
                    )
                }
            }
            let records = out
                .read
                .as_ref()
                .map(|r| r["rows"].as_array().or(r.as_array()).map_or(0, Vec::len))
                .unwrap_or(0);
            crate::tools::kernel::progress::report(2, Some(3), "checking the postconditions");
            out.postconditions = check_postconditions(
                &services,
                &task.postconditions,
                &inventory,
                revision_before,
                records,
                task.limits.timeout_ms,
            )
            .await;
            if out.postconditions.iter().any(|c| !c.holds) {
                out.status = "postconditionFailed";
            }
        }
        if let Some(e) = acted.filter(|_| matches!(out.status, "completed" | "postconditionFailed"))
        {
            let scope = inventory.get("scope");
            let learned = crate::tools::store::knowledge::Learned {
                intent: plan.task.as_str().to_owned(),
                action: operation.as_str(),
                // The scope as the task names it (a form's name may be its heading's).
                region: scope.map_or(String::new(), |s| {
                    format!(
                        "{}:{}",
                        s["role"].as_str().unwrap_or(""),
                        task.scope
                            .region_name
                            .as_deref()
                            .unwrap_or("")
                            .to_lowercase()
                    )
                }),
                role: e["role"].as_str().unwrap_or("").to_owned(),
                name: e["name"].as_str().unwrap_or("").to_owned(),
                locale: String::new(),
                url: page_before,
            };
            crate::tools::store::knowledge::learn(
                &services,
                &EXECUTE_TASK,
                Some(&learned),
                out.status == "completed",
            );
        }
        if let Ok(b) = services.session.acquire().await {
            if b.page().is_ok() {
                out.revision = b.revision();
            }
        }
        crate::tools::kernel::progress::report(3, Some(3), "done");
        ToolOutcome::ok(&out)
    })
}

/// What the operation does: one action tool's call, a read of the scope Glass already has,
/// or a table read page after page (the extraction, and the name of the next control).
enum Target {
    Call(&'static str, Value),
    Read(Value),
    Collect(Value, String),
}

/// `pagination.collect`: read the table, follow the next control, until the rows reach
/// `max_items`, the pages `max_pages`, or a page has no next control (or only a disabled one).
struct Pages {
    extract: Value,
    next: String,
    region: Option<String>,
    max_items: usize,
    max_pages: u32,
}

impl Pages {
    /// The rows collected (`columns`, `currency` of the last page, `rows`, `pages`), whether it
    /// succeeded, and the last click's execution.
    async fn collect(self, services: &Arc<Services>) -> (bool, Value, Option<String>) {
        let mut rows: Vec<Value> = Vec::new();
        let mut table;
        let mut pages = 0u32;
        let mut last_click = None;
        let args = self.extract.as_object().cloned().unwrap_or_default();
        loop {
            let (v, ok) = nested(
                call(
                    services,
                    &crate::tools::semantic::extract::EXTRACT,
                    args.clone(),
                )
                .await,
            );
            let value = &v["values"]["value"];
            if !ok || value.is_null() {
                return (false, v, last_click);
            }
            rows.extend(value["rows"].as_array().cloned().unwrap_or_default());
            table = value.clone();
            pages += 1;
            crate::tools::kernel::progress::report(
                rows.len().min(self.max_items) as u64,
                Some(self.max_items as u64),
                &format!("page {pages} read"),
            );
            if rows.len() >= self.max_items || pages >= self.max_pages {
                break;
            }
            let Some(next) = self.next_control(services).await else {
                break;
            };
            let click = json!({"target": next})
                .as_object()
                .cloned()
                .unwrap_or_default();
            let (c, ok) = nested(call(services, &crate::tools::act::pointer::CLICK, click).await);
            last_click = c["executionId"].as_str().map(str::to_owned);
            if !ok {
                // A disabled next control is the last page's.
                if c["failureKind"] == "disabled" {
                    break;
                }
                return (false, c, last_click);
            }
        }
        rows.truncate(self.max_items);
        table["rows"] = Value::Array(rows);
        table["pages"] = json!(pages);
        (true, table, last_click)
    }

    /// The ref of the one next control in the scope on the page now, if there is one.
    async fn next_control(&self, services: &Arc<Services>) -> Option<Value> {
        let mut b = session_for(services, &EXECUTE_TASK).await.ok()?;
        let next = b.next_ref();
        let spec = json!({"regionName": self.region});
        let inv = b.agent().run(&TaskScope(spec, next)).await.ok()?;
        let controls: Vec<Value> = ["links", "buttons"]
            .iter()
            .flat_map(|k| inv[*k].as_array().cloned().unwrap_or_default())
            .collect();
        b.actions().record_refs(&inv["nextRef"], controls.iter());
        pick(&controls, &self.next, "control")
            .ok()
            .map(|c| c["ref"].clone())
    }
}

/// Check the task's postconditions after the operation: the page predicates through `verify`
/// (waiting up to the task's deadline, at most 10 s), the page kind through `inspectPage`,
/// the record count from what was read.
async fn check_postconditions(
    services: &Arc<Services>,
    wanted: &[protocol::Postcondition],
    inventory: &Value,
    since: u64,
    records: usize,
    timeout_ms: u64,
) -> Vec<CheckRun> {
    let mut out = Vec::with_capacity(wanted.len());
    for p in wanted {
        let expected = p.expected.as_deref().unwrap_or("");
        let predicate = match p.kind {
            PostconditionKind::ValidationClear => {
                let mut v = json!({"kind": "validationClear"});
                if let Some(f) = inventory.get("form") {
                    v["target"] = f["ref"].clone();
                }
                Some(v)
            }
            PostconditionKind::NavigationOccurred => {
                Some(json!({"kind": "navigationOccurred", "sinceRevision": since}))
            }
            PostconditionKind::DialogClosed => Some(json!({"kind": "dialogClosed"})),
            PostconditionKind::RegionPresent => {
                Some(json!({"kind": "textPresent", "text": expected}))
            }
            PostconditionKind::EntityState => {
                let target = inventory["scope"]["ref"].clone();
                Some(json!({"kind": "elementState", "target": target, "state": expected}))
            }
            PostconditionKind::PageKind | PostconditionKind::RecordsExtracted => None,
        };
        let check = match (p.kind, predicate) {
            (_, Some(predicate)) => {
                let args = json!({"predicates": [predicate], "timeoutMs": timeout_ms.min(10_000)});
                let (v, _) = nested(
                    call(
                        services,
                        &crate::tools::semantic::verify::TOOL,
                        args.as_object().cloned().unwrap_or_default(),
                    )
                    .await,
                );
                CheckRun {
                    kind: p.kind,
                    holds: v["satisfied"] == true,
                    observed: v["checks"].get(0).map(|c| c["observed"].clone()),
                }
            }
            (PostconditionKind::PageKind, None) => {
                let (v, _) = nested(
                    call(
                        services,
                        &crate::tools::semantic::inspect::INSPECT_PAGE,
                        Map::new(),
                    )
                    .await,
                );
                let kind = v["kind"].as_str().unwrap_or("").to_owned();
                CheckRun {
                    kind: p.kind,
                    holds: kind.eq_ignore_ascii_case(expected),
                    observed: Some(json!({"kind": kind})),
                }
            }
            (_, None) => {
                let want: usize = expected.parse().unwrap_or(1);
                CheckRun {
                    kind: p.kind,
                    holds: records >= want,
                    observed: Some(json!({"records": records})),
                }
            }
        };
        out.push(check);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_picked_by_name_exactly_else_by_a_part_and_never_guessed() {
        let list = vec![
            json!({"ref": "e1", "name": "Email", "field": "email"}),
            json!({"ref": "e2", "name": "Email again", "field": "email2"}),
            json!({"ref": "e3", "name": "Card number", "field": "cc"}),
        ];
        assert_eq!(pick(&list, "email", "field").unwrap()["ref"], "e1");
        assert_eq!(pick(&list, "cc", "field").unwrap()["ref"], "e3");
        assert_eq!(pick(&list, "card", "field").unwrap()["ref"], "e3");
        assert!(pick(&list, "again e", "field").is_err());
        let two = pick(&list, "mail", "field").unwrap_err();
        assert!(two.starts_with("2 fields"), "{two}");
        assert!(pick(&list, "phone", "field").is_err());
    }
}
