//! What every browser tool shares: acquiring the session, the open-dialog rule, and mapping
//! browser and targeting failures to bounded tool errors.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::{Needs, Services, Tool, ToolOutcome, args};
use crate::browser::act::ActError;
use crate::browser::{BrowserError, BrowserGuard};
use crate::failure::{Failure, FailureKind, Kind};
use crate::redact;

/// A browser failure as a tool failure.
pub fn browser_failure(e: &BrowserError) -> ToolOutcome {
    let failure = match e {
        BrowserError::Unavailable(_) => FailureKind::Unavailable,
        BrowserError::Closed => FailureKind::Closed,
        BrowserError::Timeout => FailureKind::Timeout,
        BrowserError::Refused(_) => FailureKind::Refused,
        BrowserError::NoPage => FailureKind::NoPage,
        BrowserError::Agent => FailureKind::Agent,
        BrowserError::FrameGone => FailureKind::FrameGone,
        BrowserError::DialogOpen(d) => return dialog_open(d),
        BrowserError::RendererHung => FailureKind::RendererHung,
        BrowserError::RendererCrashed => FailureKind::RendererCrashed,
    };
    ToolOutcome::Failed(Failure::of(failure, e.to_string()))
}

/// An action failure as a tool failure.
pub fn act_failure(e: ActError) -> ToolOutcome {
    match e {
        ActError::Browser(e) => browser_failure(&e),
        ActError::Targeting(f) => ToolOutcome::Failed(f),
    }
}

impl From<ActError> for ToolOutcome {
    fn from(e: ActError) -> Self {
        act_failure(e)
    }
}

impl From<BrowserError> for ToolOutcome {
    fn from(e: BrowserError) -> Self {
        browser_failure(&e)
    }
}

/// The browser for `tool`, as its declared [`Needs`] say: the one place the rule lives.
pub async fn session_for<'a>(
    services: &'a Arc<Services>,
    tool: &Tool,
) -> Result<BrowserGuard<'a>, ToolOutcome> {
    match tool.needs {
        Needs::Nothing => Err(ToolOutcome::Failed(Failure::new(
            Kind::Internal,
            "this tool does not use the browser",
        ))),
        Needs::Browser => services
            .session
            .acquire()
            .await
            .map_err(|e| browser_failure(&e)),
        Needs::Dialog => {
            let b = services
                .session
                .acquire()
                .await
                .map_err(|e| browser_failure(&e))?;
            b.page().map_err(|e| browser_failure(&e))?;
            Ok(b)
        }
        Needs::Navigate => page_session_to_navigate(services).await,
        Needs::Page => page_session(services).await,
    }
}

/// Acquire the browser for a page tool. While a JavaScript dialog is open, only the dialog
/// tools may proceed; every other tool reports the dialog instead of hanging on it. A page
/// whose renderer is stuck or crashed is reported at once; only `navigate` runs on it.
async fn page_session(services: &Arc<Services>) -> Result<BrowserGuard<'_>, ToolOutcome> {
    let browser = page_session_to_navigate(services).await?;
    if let Some(fault) = browser.renderer_check().await {
        return Err(browser_failure(&crate::browser::BrowserError::from(fault)));
    }
    Ok(browser)
}

/// [`page_session`] for `navigate`, which replaces a stuck or crashed renderer.
async fn page_session_to_navigate(
    services: &Arc<Services>,
) -> Result<BrowserGuard<'_>, ToolOutcome> {
    let browser = services
        .session
        .acquire()
        .await
        .map_err(|e| browser_failure(&e))?;
    browser.page().map_err(|e| browser_failure(&e))?;
    if let Some(d) = browser.events().dialog() {
        return Err(dialog_open(&d));
    }
    Ok(browser)
}

/// The failure of a page tool that met an open JavaScript dialog.
fn dialog_open(d: &crate::browser::OpenDialog) -> ToolOutcome {
    ToolOutcome::Failed(
        Failure::new(
            Kind::DialogOpen,
            "a JavaScript dialog is open; resolve it with acceptDialog or dismissDialog",
        )
        .with("dialog", json!({"type": d.kind, "message": d.message})),
    )
}

/// Unwrap an outcome-or-value, returning the outcome from the enclosing async block.
#[macro_export]
macro_rules! try_tool {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return $crate::tools::ToolOutcome::from(e),
        }
    };
}

/// Ask the policy before a privileged action. `Ok` means go ahead; otherwise the failure to
/// return: a denial, a request for confirmation (with a fresh token bound to this exact call),
/// or a refused token. `summary` says what would happen without echoing arguments.
pub(super) fn gate(
    services: &Services,
    cap: crate::policy::Capability,
    tool: &Tool,
    a: &Map<String, Value>,
    summary: &str,
) -> Result<(), ToolOutcome> {
    if !super::effects::capabilities(tool).contains(&cap) {
        // A tool asks only for what its catalog entry declares (and `tools/list` publishes).
        tracing::error!(
            tool = tool.name,
            cap = cap.as_str(),
            "undeclared capability"
        );
        return Err(ToolOutcome::Failed(Failure::new(
            Kind::Internal,
            "the tool asked for a capability it does not declare",
        )));
    }
    use crate::policy::Decision;
    match services.policy.decide(cap) {
        Decision::Allow => Ok(()),
        Decision::Deny => Err(ToolOutcome::Failed(denied(services, cap))),
        // Inside a batch, the batch's own confirmation decided (`with_grants`).
        Decision::Confirm => match granted(cap) {
            Some(true) => Ok(()),
            Some(false) => Err(ToolOutcome::Failed(unconfirmed(cap))),
            None => confirm(services, tool, a, summary),
        },
    }
}

/// What one confirmation of a batch, task or workflow covers while its steps run.
#[derive(Clone, Debug, Default)]
pub struct Grants {
    /// The capabilities it covers.
    pub caps: Vec<crate::policy::Capability>,
    /// Whether it covers the risk of the tasks it runs (a workflow's `executeTask` steps).
    pub tasks: bool,
}

tokio::task_local! {
    /// While a batch's, a task's or a workflow's steps run: what its confirmation covers.
    static GRANTS: Grants;
}

/// Run the steps of a batch, a task or a workflow with what its one confirmation covers. A
/// step cannot ask for a confirmation of its own: a token bound to one step could not be given
/// back through the call that runs it. Inside another such call (a task run by a workflow),
/// the outermost confirmation decides: an inner one never widens it.
pub async fn with_grants<F: std::future::Future>(grants: Grants, steps: F) -> F::Output {
    if GRANTS.try_with(|_| ()).is_ok() {
        return steps.await;
    }
    GRANTS.scope(grants, steps).await
}

/// Inside a batch, task or workflow, whether its confirmation covers `cap` (`None` outside).
pub fn granted(cap: crate::policy::Capability) -> Option<bool> {
    GRANTS.try_with(|g| g.caps.contains(&cap)).ok()
}

/// Inside a workflow, whether its confirmation covers its tasks' risk (`None` outside any
/// batch, task or workflow).
pub fn tasks_granted() -> Option<bool> {
    GRANTS.try_with(|g| g.tasks).ok()
}

/// The failure of a step that met a capability to confirm its batch or task did not foresee.
pub fn unconfirmed(cap: crate::policy::Capability) -> Failure {
    Failure::of(
        FailureKind::UnconfirmedStep,
        "this step needs a confirmation the call did not ask for (its target was not on the page when the call was checked); nothing was sent: run it on its own",
    )
    .with("capability", cap.as_str())
}

/// The failure of a capability the policy denies.
pub fn denied(services: &Services, cap: crate::policy::Capability) -> Failure {
    Failure::bare(Kind::Policy)
        .with("capability", cap.as_str())
        .with("decision", "deny")
        .with(
            "reason",
            format!(
                "the {} policy denies {}",
                services.policy.preset().as_str(),
                cap.as_str()
            ),
        )
}

/// The confirmation step of a confirm-class call: without `confirmToken`, a request for
/// confirmation with a fresh token bound to this exact call on this page; with one, its
/// redemption.
pub fn confirm(
    services: &Services,
    tool: &Tool,
    a: &Map<String, Value>,
    summary: &str,
) -> Result<(), ToolOutcome> {
    match a.get("confirmToken") {
        None | Some(Value::Null) => {
            let page = services.session.page_identity();
            let token = services.confirmations.issue(tool.name, a, &page);
            Err(ToolOutcome::Failed(crate::confirm::required(
                tool.name, summary, &token,
            )))
        }
        Some(Value::String(t)) => services
            .confirmations
            .redeem(t, tool.name, a, &services.session.page_identity())
            .map_err(|r| ToolOutcome::Failed(crate::confirm::refused(r))),
        Some(_) => Err(args::invalid("confirmToken", "must be a string").into()),
    }
}

/// What a confirmation summary says about where a URL goes: its host, or its scheme for
/// URLs without one (`about:`, `data:`).
pub fn destination(url: &str) -> String {
    match crate::policy::scheme_and_host(url) {
        Some((_, host)) if !host.is_empty() => crate::redact::bounded_text(&host, 253),
        Some((scheme, _)) => format!("a {} URL", crate::redact::bounded_text(&scheme, 16)),
        None => "a URL".to_owned(),
    }
}

/// Refuse a URL the host rules do not allow (the same check Chrome applies to every request).
pub fn check_url(services: &Services, url: &str) -> Result<(), ToolOutcome> {
    use crate::policy::UrlDenial;
    services.policy.url(url, true).map_err(|d| {
        let reason = match d {
            UrlDenial::NotAllowedHost => {
                "the policy allows only the hosts given with --policy-allow-host; this one is not among them"
            }
            UrlDenial::DeniedHost => "the policy denies this host (--policy-deny-host)",
            UrlDenial::Scheme => "the policy does not allow this URL's scheme",
            UrlDenial::Malformed => "the URL has no host the policy can check",
        };
        let failure = Failure::of(url_denial(d), reason);
        // The host the client asked for (never the path or query), so the answer says
        // which rule to change.
        let failure = match (d, crate::policy::scheme_and_host(url)) {
            (UrlDenial::NotAllowedHost | UrlDenial::DeniedHost, Some((_, host))) => {
                failure.with("host", redact::bounded_text(&host, 253))
            }
            _ => failure,
        };
        ToolOutcome::Failed(failure)
    })
}

/// The failure kind of a refused URL.
pub fn url_denial(d: crate::policy::UrlDenial) -> FailureKind {
    use crate::policy::UrlDenial;
    match d {
        UrlDenial::DeniedHost => FailureKind::DeniedHost,
        UrlDenial::NotAllowedHost => FailureKind::HostNotAllowed,
        UrlDenial::Scheme => FailureKind::SchemeNotAllowed,
        UrlDenial::Malformed => FailureKind::MalformedUrl,
    }
}
