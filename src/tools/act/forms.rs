//! Form actions: `type`, `clear`, `check`, `uncheck`, `select`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use serde_json::Value;

use crate::browser::act::ActError;
use crate::browser::agent_calls::{OptionSpec, State, TypedField};
use crate::browser::keys::{Key, chord};
use crate::browser::settle::{Caused, until_dialog};
use crate::browser::{Browser, BrowserError};
use crate::failure::{Failure, FailureKind, Kind};
use crate::policy::Capability;
use crate::tools::act::calendar::{pick_date, set_native_time};
use crate::tools::act::choose::{FreeText, choose_option};
use crate::tools::act::clearing::clear_field;
use crate::tools::act::keyboard::PasswordGuard;
use crate::tools::act::pointer::{PointerArgs, action_result};
use crate::tools::act::stepping::set_slider;
use crate::tools::kernel::args;
use crate::tools::kernel::args::Target;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::{ActionResult, CausedReport};
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `type`.
pub const TYPE: Tool = Tool {
    name: "type",
    title: "Type text",
    description: "Type text into one editable element as key presses at the caret (replacing a selection). Never echoed.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<TypeArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input, Effect::ProducesText],
    idempotent: false,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(TypeArgs, run_type),
};

/// `clear`.
pub const CLEAR: Tool = Tool {
    name: "clear",
    title: "Clear a field",
    description: "Empty one editable element.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<PointerArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(PointerArgs, run_clear),
};

/// `check`.
pub const CHECK: Tool = Tool {
    name: "check",
    title: "Check",
    description: "Make one checkbox, radio or switch checked (no-op if it already is); verified afterwards.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<PointerArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(PointerArgs, run_check),
};

/// `uncheck`.
pub const UNCHECK: Tool = Tool {
    name: "uncheck",
    title: "Uncheck",
    description: "Make one checkbox or switch unchecked (no-op if it already is); verified afterwards.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<PointerArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(PointerArgs, run_uncheck),
};

/// `select`.
pub const SELECT: Tool = Tool {
    name: "select",
    title: "Select an option",
    description: "Choose the option of one <select> by value, or by label.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<SelectArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(SelectArgs, run_select),
};

/// Arguments of `type`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TypeArgs {
    /// The editable element.
    target: Target,
    /// What to type; never echoed.
    #[schemars(length(max = 65_536))]
    text: Option<String>,
    /// Else: a stored password's name (listSecrets).
    #[schemars(length(max = 64))]
    secret: Option<String>,
    /// Empty it first (verified).
    clear: Option<bool>,
    /// Press Enter afterwards.
    submit: Option<bool>,
    /// All at once, no key events.
    insert_text: Option<bool>,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

/// Arguments of `select`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct SelectArgs {
    /// The select element.
    target: Target,
    /// The option's value (give value or label).
    #[schemars(length(max = 4096))]
    value: Option<String>,
    /// The option's visible label.
    #[schemars(length(max = 4096))]
    label: Option<String>,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

fn run_type(services: Arc<Services>, input: Call<TypeArgs>) -> ToolFuture {
    Box::pin(async move {
        let Call { args: a, raw } = input;
        let secret = match (&a.text, &a.secret) {
            (Some(_), None) => None,
            (None, Some(name)) => match crate::secrets::find(name) {
                Some(s) => Some(s),
                None => {
                    return args::invalid(
                        "secret",
                        "no stored secret has this name; listSecrets shows them",
                    )
                    .into();
                }
            },
            _ => return args::invalid("text", "give text or secret, not both").into(),
        };
        let clear = a.clear.unwrap_or(false);
        let submit = a.submit.unwrap_or(false);
        let mut b = try_tool!(session_for(&services, &TYPE).await);
        let resolved = try_tool!(b.actions().resolve(a.target.as_str()).await);
        if let Err(e) = ready_for_text(&mut b, &resolved.r).await {
            return e;
        }
        if let Some(s) = &secret {
            try_tool!(secret_may_go_to(&mut b, &resolved.r, s).await);
        }
        let text = match &secret {
            Some(s) => s.value().to_owned(),
            None => a.text.unwrap_or_default(),
        };
        // A native date or time field is set as its picker sets it, not typed part by part.
        if secret.is_none() {
            let armed = b.actions().arm();
            if try_tool!(set_native_time(&mut b, &resolved.r, &text).await) {
                if submit {
                    try_tool!(press_enter(&mut b).await);
                }
                let caused = try_tool!(b.actions().settle(armed).await);
                return action_result(&resolved.r, b.revision(), &caused);
            }
        }
        // The target focused first, so the password rule sees the field the keys go to.
        try_tool!(b.actions().focus_for_keys(&resolved.r).await);
        let bulk = a.insert_text.unwrap_or(false);
        let guard = try_tool!(PasswordGuard::before(&services, &mut b, &TYPE, &raw).await);
        if clear {
            try_tool!(clear_field(&mut b, &resolved.r).await);
            // Clearing may have run a code editor's own keys: the field takes the focus again.
            try_tool!(b.actions().focus_for_keys(&resolved.r).await);
        }
        // Keys that act (an Enter) are listened after as a press is; text alone is not.
        let armed = if submit || text.contains('\n') {
            b.actions().arm()
        } else {
            b.actions().arm_text()
        };
        let events = Arc::clone(b.events());
        try_tool!(until_dialog(&events, b.input().type_text(&text, bulk)).await);
        // The field must hold the text before an Enter sends it anywhere.
        let held = match events.dialog() {
            Some(_) => Ok(None),
            None => b.actions().typed_held(&text).await,
        };
        if submit && held.is_ok() && events.dialog().is_none() {
            try_tool!(press_enter(&mut b).await);
        }
        try_tool!(guard.after(&mut b).await);
        let caused = try_tool!(b.actions().settle(armed).await);
        if let Err(ActError::Targeting(f)) = held {
            return ToolOutcome::Failed(f.with("revision", b.revision()));
        }
        action_result(&resolved.r, b.revision(), &caused)
    })
}

/// Press Enter where the focus is (`type`'s `submit`), up to a dialog it opens.
async fn press_enter(b: &mut Browser) -> Result<(), BrowserError> {
    let events = Arc::clone(b.events());
    until_dialog(&events, async {
        let enter = Key::named("Enter").expect("Enter is a known key");
        b.input().key_event(&enter, true, 0).await?;
        b.input().key_event(&enter, false, 0).await
    })
    .await
}

/// Ready `r` to take text, as `actionable` for typing says. A text field the page keeps
/// read-only until it has the focus (Ant Design's date picker lifts it then) is focused first,
/// as the keys would focus it; still read-only then: `notEditable`, with no press or key sent.
async fn ready_for_text(b: &mut Browser, r: &str) -> Result<(), ToolOutcome> {
    match b.actions().actionable(r, "type").await {
        Ok(_) => Ok(()),
        Err(ActError::Targeting(f)) if f.failure_kind() == Some(FailureKind::NotEditable) => {
            if !b.agent().run(&State(r)).await?.read_only {
                return Err(f.into());
            }
            b.actions().focus_for_keys(r).await?;
            if b.agent().run(&State(r)).await?.read_only {
                return Err(f.into());
            }
            b.actions().actionable(r, "type").await?;
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

/// A stored secret goes only into a secret field (the one password rule) of a page on a host
/// it is bound to: refused before any key otherwise.
async fn secret_may_go_to(
    b: &mut Browser,
    r: &str,
    secret: &crate::secrets::Secret,
) -> Result<(), ToolOutcome> {
    let place = b
        .agent()
        .run(&crate::browser::agent_calls::SecretTarget(r))
        .await?;
    if place.status {
        return Err(
            Failure::of(FailureKind::StaleRef, "the element is gone; observe again").into(),
        );
    }
    if !place.secret {
        return Err(Failure::of(
            FailureKind::NotSecretField,
            "a stored secret is typed only into a password or credential field; nothing was typed",
        )
        .into());
    }
    if !secret.bound_to(&place.host.to_ascii_lowercase()) {
        return Err(Failure::of(
            FailureKind::SecretHostNotBound,
            "the secret is not bound to this page's host; nothing was typed",
        )
        .with("hosts", secret.hosts.clone())
        .into());
    }
    Ok(())
}

fn run_clear(services: Arc<Services>, input: Call<PointerArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let mut b = try_tool!(session_for(&services, &CLEAR).await);
        let resolved = try_tool!(b.actions().resolve(a.target.as_str()).await);
        if let Err(e) = ready_for_text(&mut b, &resolved.r).await {
            return e;
        }
        let armed = b.actions().arm_text();
        try_tool!(clear_field(&mut b, &resolved.r).await);
        let caused = try_tool!(b.actions().settle(armed).await);
        action_result(&resolved.r, b.revision(), &caused)
    })
}

fn set_checked(services: Arc<Services>, input: Call<PointerArgs>, want: bool) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let tool = if want { &CHECK } else { &UNCHECK };
        let mut b = try_tool!(session_for(&services, tool).await);
        let resolved = try_tool!(b.actions().resolve(a.target.as_str()).await);
        let before = try_tool!(b.agent().run(&State(&resolved.r)).await);
        if !before.checkable() {
            return ToolOutcome::Failed(Failure::of(
                FailureKind::NotCheckable,
                "the element is not a checkbox, radio or switch",
            ));
        }
        if before.checked == want {
            return ToolOutcome::ok(&ActionResult {
                changed: Some(false),
                ..ActionResult::new(&resolved.r, b.revision(), &Caused::default())
            });
        }
        let (x, y) = try_tool!(b.actions().actionable(&resolved.r, "check").await);
        let armed = b.actions().arm();
        let events = Arc::clone(b.events());
        try_tool!(until_dialog(&events, b.input().click_at(x, y, 1)).await);
        let caused = try_tool!(b.actions().settle(armed).await);
        if caused.dialog.is_none() && caused.navigation.is_none() {
            let after = try_tool!(b.agent().run(&State(&resolved.r)).await);
            if !after.is_checked(want) {
                let reason = if want {
                    "the element did not become checked"
                } else {
                    "the element did not become unchecked"
                };
                return ToolOutcome::Failed(
                    Failure::of(FailureKind::NotToggled, reason).with("revision", b.revision()),
                );
            }
        }
        action_result(&resolved.r, b.revision(), &caused)
    })
}

fn run_check(services: Arc<Services>, input: Call<PointerArgs>) -> ToolFuture {
    set_checked(services, input, true)
}

fn run_uncheck(services: Arc<Services>, input: Call<PointerArgs>) -> ToolFuture {
    set_checked(services, input, false)
}

fn run_select(services: Arc<Services>, input: Call<SelectArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let (value, label) = (a.value, a.label);
        if value.is_none() && label.is_none() {
            return args::invalid("value", "give value or label").into();
        }
        let mut b = try_tool!(session_for(&services, &SELECT).await);
        let resolved = try_tool!(b.actions().resolve(a.target.as_str()).await);
        try_tool!(b.actions().actionable(&resolved.r, "select").await);
        let armed = b.actions().arm();
        let spec = OptionSpec {
            value: value.as_deref(),
            label: label.as_deref(),
        };
        if let Err(e) = choose_option(&mut b, &resolved.r, spec, FreeText::Refused).await {
            return e;
        }
        let caused = try_tool!(b.actions().settle(armed).await);
        action_result(&resolved.r, b.revision(), &caused)
    })
}

/// Most fields one `fillForm` fills.
pub const MAX_FIELDS: usize = 16;

/// `fillForm`.
pub const FILL_FORM: Tool = Tool {
    name: "fillForm",
    title: "Fill a form",
    description: "Fill up to 16 fields (text, an option, a checkbox's state, a slider's number); all targets resolve before any is filled; each field's outcome.",
    group: ToolGroup::Core,
    family: Family::Input,
    schema: input_schema::<FillArgs>,
    output: crate::tools::kernel::output::result_of::<FillFormResult>,
    effects: &[Effect::Input, Effect::ProducesText],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Guarded,
    run: crate::handler!(FillArgs, run_fill_form),
};

/// Arguments of `fillForm`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct FillArgs {
    /// The fields, each filled in turn.
    #[schemars(length(min = 1, max = 16))]
    fields: Vec<Field>,
    /// Else staleRevision.
    #[allow(dead_code)] // checked by the call path as the page is acquired
    expected_revision: Option<u64>,
}

// One field to fill (no schema description: the list's says it).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct Field {
    /// The field.
    target: Target,
    /// Text, an option's value or label, true/false, or a number.
    value: Option<FieldValue>,
    /// Else: a stored password's name.
    #[schemars(length(max = 64))]
    secret: Option<String>,
}

/// What a field gets.
#[derive(Deserialize, JsonSchema, Clone)]
#[serde(untagged)]
enum FieldValue {
    Text(#[schemars(length(max = 65_536))] String),
    Checked(bool),
    // A slider's number (typed as text into any other field).
    Number(serde_json::Number),
}

impl FieldValue {
    fn to_json(&self) -> Value {
        match self {
            FieldValue::Text(s) => Value::String(s.clone()),
            FieldValue::Checked(b) => Value::Bool(*b),
            FieldValue::Number(n) => Value::Number(n.clone()),
        }
    }
}

fn run_fill_form(services: Arc<Services>, input: Call<FillArgs>) -> ToolFuture {
    Box::pin(async move {
        let Call { args: a, raw } = input;
        let fields = a.fields;
        // Each field's value, a stored secret's read here (never shown), and the secret itself
        // to check where it would go once the targets resolve.
        let mut values = Vec::with_capacity(fields.len());
        let mut secrets = Vec::with_capacity(fields.len());
        for (i, f) in fields.iter().enumerate() {
            let (value, secret) = match (&f.value, &f.secret) {
                (Some(v), None) => (v.to_json(), None),
                (None, Some(name)) => match crate::secrets::find(name) {
                    Some(s) => (Value::String(s.value().to_owned()), Some(s)),
                    None => {
                        return args::invalid(
                            &format!("fields[{i}].secret"),
                            "no stored secret has this name; listSecrets shows them",
                        )
                        .into();
                    }
                },
                _ => {
                    return args::invalid(
                        &format!("fields[{i}].value"),
                        "give value or secret, not both",
                    )
                    .into();
                }
            };
            values.push(value);
            secrets.push(secret);
        }
        let mut b = try_tool!(session_for(&services, &FILL_FORM).await);
        // Resolve every target before touching anything.
        let mut refs = Vec::with_capacity(fields.len());
        let mut unresolved = Vec::new();
        for (i, f) in fields.iter().enumerate() {
            match b.actions().resolve(f.target.as_str()).await {
                Ok(r) => refs.push(r),
                Err(crate::browser::act::ActError::Targeting(e)) => {
                    unresolved.push(FieldOutcome {
                        index: i,
                        element: None,
                        ok: false,
                        failure_kind: e.failure_kind(),
                        candidates: e.get("candidates").cloned(),
                    });
                }
                Err(crate::browser::act::ActError::Browser(e)) => return e.into(),
            }
        }
        if !unresolved.is_empty() {
            return ToolOutcome::Failed(
                Failure::of(
                    FailureKind::UnresolvedFields,
                    "some targets did not resolve to exactly one element; nothing was filled",
                )
                .with(
                    "fields",
                    serde_json::to_value(&unresolved).unwrap_or_default(),
                ),
            );
        }
        for (secret, r) in secrets.iter().zip(&refs) {
            if let Some(s) = secret {
                try_tool!(secret_may_go_to(&mut b, &r.r, s).await);
            }
        }
        // The resolve said which targets are password fields (or their labels).
        let password_confirmed = refs.iter().any(|r| r.password);
        if password_confirmed {
            try_tool!(crate::tools::kernel::effects::on_page(
                &services,
                Capability::PasswordInput,
                &FILL_FORM,
                &raw,
                "type into a password field"
            ));
        }
        // No password field among the targets: one the page moves focus to meanwhile must not
        // get the text either.
        let guard = if password_confirmed {
            None
        } else {
            Some(try_tool!(
                PasswordGuard::watch(&services, &FILL_FORM, &mut b).await
            ))
        };
        let armed = b.actions().arm();
        let mut outcomes = Vec::with_capacity(fields.len());
        let mut typed = Vec::with_capacity(fields.len());
        for (i, (value, r)) in values.iter().zip(&refs).enumerate() {
            let mut held = None;
            let outcome = fill_one(&mut b, &r.r, value, &mut held).await;
            typed.push(held);
            outcomes.push(FieldOutcome {
                index: i,
                element: Some(r.r.clone()),
                ok: outcome.is_none(),
                failure_kind: outcome,
                candidates: None,
            });
        }
        if let Some(guard) = guard {
            try_tool!(guard.after(&mut b).await);
        }
        let caused = try_tool!(b.actions().settle(armed).await);
        // Each field left for the next was blurred: the page may have rewritten its text then.
        for ((o, held), value) in outcomes.iter_mut().zip(&typed).zip(&values) {
            let (Some(field), Some(r)) = (held, &o.element) else {
                continue;
            };
            if let Err(e) = b.actions().still_held(r, field, &field_text(value)).await {
                o.ok = false;
                o.failure_kind = Some(match e {
                    ActError::Targeting(f) => f.failure_kind().unwrap_or(FailureKind::NotKept),
                    ActError::Browser(_) => FailureKind::FieldBrowser,
                });
            }
        }
        let all_ok = outcomes.iter().all(|o| o.ok);
        let out = FillFormResult {
            ok: all_ok,
            fields: outcomes,
            revision: b.revision(),
            caused: CausedReport::of(&caused),
        };
        if all_ok {
            return ToolOutcome::ok(&out);
        }
        ToolOutcome::Failed(Failure::bare(Kind::FillForm).with_result(&out))
    })
}

/// The text a field's value types: a number as written, else the string (none for others).
fn field_text(value: &Value) -> String {
    match value {
        Value::Number(n) => n.to_string(),
        other => other.as_str().unwrap_or("").to_owned(),
    }
}

/// Fill one resolved field; `Some(failureKind)` when it could not be filled. A field typed
/// into leaves in `held` what it held after the keys, to be judged again once left.
async fn fill_one(
    b: &mut Browser,
    r: &str,
    value: &Value,
    held: &mut Option<TypedField>,
) -> Option<FailureKind> {
    fn browser(e: &BrowserError) -> FailureKind {
        match e {
            BrowserError::DialogOpen(_) => FailureKind::FieldInterrupted,
            _ => FailureKind::FieldBrowser,
        }
    }
    fn act(e: ActError, otherwise: FailureKind) -> FailureKind {
        match e {
            ActError::Targeting(f) => f.failure_kind().unwrap_or(otherwise),
            ActError::Browser(e) => browser(&e),
        }
    }
    let state = match b.agent().run(&State(r)).await {
        Ok(s) => s,
        Err(e) => return Some(browser(&e)),
    };
    if let Value::Bool(want) = value {
        if !state.checkable() {
            return Some(FailureKind::NotCheckable);
        }
        if state.checked == *want {
            return None;
        }
        let (x, y) = match b.actions().actionable(r, "check").await {
            Ok(p) => p,
            Err(e) => return Some(act(e, FailureKind::NotActionable)),
        };
        let events = Arc::clone(b.events());
        if let Err(e) = until_dialog(&events, b.input().click_at(x, y, 1)).await {
            return Some(browser(&e));
        }
        let after = match b.agent().run(&State(r)).await {
            Ok(a) => a,
            Err(e) => return Some(browser(&e)),
        };
        return (!after.is_checked(*want)).then_some(FailureKind::NotToggled);
    }
    if state.range.is_some() {
        let asked = match value {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => return Some(FailureKind::NotInRange),
        };
        // Seen, enabled and in view, with no press: its keys set it (the check choosing a
        // <select>'s option takes).
        if let Err(e) = b.actions().actionable(r, "select").await {
            return Some(act(e, FailureKind::NotActionable));
        }
        return match set_slider(b, r, &asked).await {
            Ok(()) => None,
            Err(ToolOutcome::Failed(e)) => Some(e.failure_kind().unwrap_or(FailureKind::NotSet)),
            Err(_) => Some(FailureKind::FieldBrowser),
        };
    }
    let text = field_text(value);
    let text = text.as_str();
    match set_native_time(b, r, text).await {
        Ok(true) => return None,
        Ok(false) => {}
        Err(ToolOutcome::Failed(e)) => {
            return Some(e.failure_kind().unwrap_or(FailureKind::NotSet));
        }
        Err(_) => return Some(FailureKind::FieldBrowser),
    }
    if state.picks_from_list {
        let spec = OptionSpec {
            value: Some(text),
            label: Some(text),
        };
        return match choose_option(b, r, spec, FreeText::Stands).await {
            Ok(()) => None,
            Err(ToolOutcome::Failed(e)) => Some(e.failure_kind().unwrap_or(FailureKind::NotChosen)),
            Err(_) => Some(FailureKind::FieldBrowser),
        };
    }
    match ready_for_text(b, r).await {
        Ok(()) => {}
        Err(ToolOutcome::Failed(e)) => {
            let kind = e.failure_kind().unwrap_or(FailureKind::NotEditable);
            // A date field that takes no keys: its day is pressed in the calendar it opens.
            if kind == FailureKind::NotEditable && state.read_only {
                return match pick_date(b, r, text).await {
                    Ok(true) => None,
                    Ok(false) => Some(kind),
                    Err(ToolOutcome::Failed(e)) => {
                        Some(e.failure_kind().unwrap_or(FailureKind::NotChosen))
                    }
                    Err(_) => Some(FailureKind::FieldBrowser),
                };
            }
            return Some(kind);
        }
        Err(_) => return Some(FailureKind::FieldBrowser),
    }
    match clear_field(b, r).await {
        Ok(()) => {}
        Err(ToolOutcome::Failed(e)) => {
            return Some(e.failure_kind().unwrap_or(FailureKind::NotCleared));
        }
        Err(_) => return Some(FailureKind::FieldBrowser),
    }
    if let Err(e) = b.actions().focus_for_keys(r).await {
        return Some(act(e, FailureKind::FocusMoved));
    }
    if let Err(e) = b.input().type_text(text, false).await {
        return Some(browser(&e));
    }
    // Keys the page sent elsewhere (it moved the focus away) did not fill this field, and a
    // field that does not hold their text is not filled either.
    if let Err(e) = b.actions().keys_reached().await {
        return Some(act(e, FailureKind::MissedTarget));
    }
    let field = match b.actions().typed_held(text).await {
        Ok(field) => field,
        Err(e) => return Some(act(e, FailureKind::NotKept)),
    };
    // A date picker's text field is left as a person leaves it, by Tab: some take typed text
    // only then (Dash's). What it holds after is judged with the rest (`still_held`).
    if field.as_ref().is_some_and(|f| f.calendar) {
        if let Err(e) = b.input().press_times(&chord("Tab"), 1).await {
            return Some(browser(&e));
        }
    }
    *held = field;
    None
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
