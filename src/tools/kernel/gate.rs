//! The policy gate's primitives: a capability decided (allowed, denied, or confirmed with a
//! token bound to the exact call), the grants a batch's, task's or workflow's one confirmation
//! gives its steps, and the URL rules (schemes, host rules). The call path applies them from a
//! tool's declared effects ([`crate::tools::kernel::effects`]); nothing else decides a policy rule.

use serde_json::{Map, Value};

use crate::failure::{Failure, FailureKind, Kind};
use crate::redact;
use crate::tools::kernel::args;
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::tool::{Services, Tool};

/// Ask the policy before a privileged action. `Ok` means go ahead; otherwise the failure to
/// return: a denial, a request for confirmation (with a fresh token bound to this exact call),
/// or a refused token. `summary` says what would happen without echoing arguments.
pub fn gate(
    services: &Services,
    cap: crate::policy::Capability,
    tool: &Tool,
    a: &Map<String, Value>,
    summary: &str,
) -> Result<(), ToolOutcome> {
    use crate::policy::Decision;
    match services.policy.decide(cap) {
        Decision::Allow => Ok(()),
        Decision::Deny => Err(ToolOutcome::Failed(denied(services, cap))),
        Decision::Confirm => confirm_all(services, &[cap], tool, a, summary),
    }
}

/// Confirm `caps` (each one the policy confirms) for one call: inside a batch, task or
/// workflow its own confirmation decided (`with_grants`), and a step may not ask for more;
/// outside, one token for the call covers them all.
pub fn confirm_all(
    services: &Services,
    caps: &[crate::policy::Capability],
    tool: &Tool,
    a: &Map<String, Value>,
    summary: &str,
) -> Result<(), ToolOutcome> {
    if let Some(cap) = caps.iter().find(|c| granted(**c) == Some(false)) {
        return Err(ToolOutcome::Failed(unconfirmed(*cap)));
    }
    if caps.iter().all(|c| granted(*c) == Some(true)) {
        return Ok(());
    }
    confirm(services, tool, a, summary)
}

/// A capability one step of a batch, task or workflow needs confirmed, and Glass's words for
/// it in the confirmation summary.
pub struct Need {
    /// The step's index (`None` for the call's own single operation, a task's).
    pub step: Option<usize>,
    /// The capability.
    pub cap: crate::policy::Capability,
    /// Glass's words for it, in the confirmation summary.
    pub what: String,
}

/// One confirmation for everything a batch, task or workflow will run: its steps' capabilities
/// to confirm (each judged by its tool's effects, denials already refused) and the risk of the
/// tasks it runs (Glass's words, `None` when nothing is risky). Outside any such call, one
/// token bound to the whole call on this page; inside one (a task run by a workflow), the
/// outer confirmation must already cover them, since a step cannot hand a token back. Returns
/// what the steps then run with.
pub fn confirm_steps(
    services: &Services,
    tool: &Tool,
    a: &Map<String, Value>,
    needs: Vec<Need>,
    risk: Option<String>,
) -> Result<Grants, ToolOutcome> {
    let mut caps: Vec<crate::policy::Capability> = needs.iter().map(|n| n.cap).collect();
    caps.sort();
    caps.dedup();
    let grants = Grants {
        caps,
        tasks: risk.is_some(),
    };
    if needs.is_empty() && risk.is_none() {
        return Ok(grants);
    }
    if let Ok(outer) = GRANTS.try_with(Grants::clone) {
        if let Some(cap) = grants.caps.iter().find(|c| !outer.caps.contains(c)) {
            return Err(ToolOutcome::Failed(unconfirmed(*cap)));
        }
        if grants.tasks && !outer.tasks {
            return Err(ToolOutcome::Failed(Failure::of(
                FailureKind::UnconfirmedStep,
                "this task's risk needs a confirmation the call that runs it did not ask for; nothing was sent: run it on its own",
            )));
        }
        return Ok(grants);
    }
    let summary = needs
        .iter()
        .take(8)
        .map(|n| match n.step {
            Some(i) => format!("step {i}: {}", n.what),
            None => n.what.clone(),
        })
        .chain(risk)
        .collect::<Vec<_>>()
        .join("; ");
    confirm(services, tool, a, &summary)?;
    Ok(grants)
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
        .with("reason", services.policy.why_denied(cap))
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

/// Refuse a cookie domain the host rules do not allow (a leading dot counts as the domain
/// itself): a model may not plant a cookie for a host the session may not visit.
pub fn check_cookie_domain(services: &Services, domain: &str) -> Result<(), ToolOutcome> {
    let host = domain.trim_start_matches('.');
    if host.is_empty() {
        return Ok(());
    }
    check_url(services, &format!("https://{host}/"))
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

/// Schemes a navigation may use.
pub fn allowed_url(url: &str) -> bool {
    let lower = url.trim().to_ascii_lowercase();
    ["http://", "https://", "file://", "about:", "data:"]
        .iter()
        .any(|p| lower.starts_with(p))
}
