//! `navigate` and the history moves (`goBack`, `goForward`, `reload`): where the tab goes, and
//! the one answer they share (outcome, status, revision, the observation).
//! Page tools: `navigate`, `observe`, `getDOM`, `getText`, `screenshot`, `scroll`.

use std::sync::Arc;
use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::browser::navigate::{NavOutcome, WaitUntil};
use crate::failure::{Failure, FailureKind, Kind};
use crate::redact;
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::{Effect, Nav, Tab};
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::observation::{PageObservation, observation, observed_page};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::DialogSeen;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `navigate`.
pub const NAVIGATE: Tool = Tool {
    name: "navigate",
    title: "Navigate",
    description: "Open a URL in the selected tab: url, title, HTTP status, revision, outcome, and the compact observation unless observe=false.",
    group: ToolGroup::Core,
    family: Family::Page,
    schema: input_schema::<NavigateArgs>,
    output: crate::tools::kernel::output::result_of::<NavigateResult>,
    effects: &[Effect::Navigates(Nav::Url("url", Tab::Selected))],
    idempotent: false,
    needs: Needs::Navigate,
    revision: RevisionRule::Changes,
    run: crate::handler!(NavigateArgs, run_navigate),
};

/// A history move's catalog entry: `navigate`'s answer, needs and capability.
const fn history_tool(
    name: &'static str,
    title: &'static str,
    description: &'static str,
    group: ToolGroup,
    run: crate::tools::kernel::tool::Handler,
) -> Tool {
    Tool {
        name,
        title,
        description,
        group,
        family: Family::Page,
        schema: input_schema::<HistoryArgs>,
        output: crate::tools::kernel::output::result_of::<NavigateResult>,
        effects: &[Effect::Navigates(Nav::OnPage)],
        idempotent: false,
        needs: Needs::Navigate,
        revision: RevisionRule::Changes,
        run,
    }
}

/// `goBack`.
pub const GO_BACK: Tool = history_tool(
    "goBack",
    "Go back",
    "Go back one page in the selected tab's history; answers as navigate.",
    ToolGroup::Core,
    crate::handler!(HistoryArgs, |s, input| Box::pin(go(s, input, &GO_BACK, -1))),
);

/// `goForward`.
pub const GO_FORWARD: Tool = history_tool(
    "goForward",
    "Go forward",
    "Go forward one page in the selected tab's history; answers as navigate.",
    ToolGroup::Standard,
    crate::handler!(HistoryArgs, |s, input| Box::pin(go(
        s,
        input,
        &GO_FORWARD,
        1
    ))),
);

/// `reload`.
pub const RELOAD: Tool = history_tool(
    "reload",
    "Reload",
    "Reload the selected page; answers as navigate.",
    ToolGroup::Standard,
    crate::handler!(HistoryArgs, |s, input| Box::pin(go(s, input, &RELOAD, 0))),
);

/// Arguments of `goBack`, `goForward` and `reload`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct HistoryArgs {
    /// Default true.
    observe: Option<bool>,
}

/// Move `step` entries through the tab's history (0: reload), answering as `navigate` does.
async fn go(
    services: Arc<Services>,
    input: Call<HistoryArgs>,
    tool: &'static Tool,
    step: i64,
) -> ToolOutcome {
    let Call { args: a, raw } = input;
    let mut b = try_tool!(session_for(&services, tool).await);
    let entry = match step {
        0 => None,
        _ => match try_tool!(b.pages().history_entry(step).await) {
            Some(e) => Some(e),
            None => {
                return ToolOutcome::Failed(Failure::of(
                    FailureKind::NoHistory,
                    if step < 0 {
                        "the tab has no earlier page in its history"
                    } else {
                        "the tab has no later page in its history"
                    },
                ));
            }
        },
    };
    // Where it goes must pass the host rules as any navigation's URL does.
    let url = match &entry {
        Some((_, url)) => url.clone(),
        None => try_tool!(b.pages().location().await).0,
    };
    try_tool!(crate::tools::kernel::effects::on_page_navigation(
        &services,
        tool,
        &raw,
        &url,
        &format!(
            "{} {} in the selected page",
            if step == 0 {
                "reload"
            } else {
                "go back or forward to"
            },
            crate::tools::kernel::effect::destination(&url)
        )
    ));
    b.health().recover_renderer().await;
    let mark = b.actions().network_mark();
    let timeout = Duration::from_millis(30_000);
    let outcome = try_tool!(
        b.pages()
            .move_in_history(entry, timeout, WaitUntil::Load)
            .await
    );
    answer(
        &services,
        &mut b,
        outcome,
        WaitUntil::Load,
        mark,
        &url,
        a.observe.unwrap_or(true),
    )
    .await
}

/// Arguments of `navigate`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct NavigateArgs {
    /// An http, https, file, about or data URL.
    #[schemars(length(min = 1, max = 8192))]
    url: String,
    /// Default true.
    observe: Option<bool>,
    /// Default load.
    wait_until: Option<WaitUntilArg>,
    /// Default 30000.
    #[schemars(range(min = 1, max = 120_000))]
    timeout_ms: Option<u64>,
}

/// `navigate`'s `waitUntil`.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum WaitUntilArg {
    Load,
    Domcontentloaded,
    Commit,
}

fn run_navigate(services: Arc<Services>, input: Call<NavigateArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let url = a.url.as_str();
        let observe = a.observe.unwrap_or(true);
        let until = match a.wait_until {
            Some(WaitUntilArg::Domcontentloaded) => WaitUntil::DomContentLoaded,
            Some(WaitUntilArg::Commit) => WaitUntil::Commit,
            Some(WaitUntilArg::Load) | None => WaitUntil::Load,
        };
        let timeout = a.timeout_ms.unwrap_or(30_000);
        let mut b = try_tool!(session_for(&services, &NAVIGATE).await);
        b.health().recover_renderer().await;
        let mark = b.actions().network_mark();
        let outcome = try_tool!(
            b.pages()
                .navigate(url, Duration::from_millis(timeout), until)
                .await
        );
        answer(&services, &mut b, outcome, until, mark, url, observe).await
    })
}

/// The answer of a navigation (`navigate`, `goBack`, `goForward`, `reload`): where the tab is,
/// the outcome, and the compact observation when asked and the page loaded. `url` is where
/// the navigation went, for an error page's answer.
pub async fn answer(
    services: &Arc<Services>,
    b: &mut crate::browser::BrowserGuard<'_>,
    outcome: NavOutcome,
    until: WaitUntil,
    mark: u64,
    url: &str,
    observe: bool,
) -> ToolOutcome {
    // A single-page app renders after load: return once it has (bounded).
    let settled = match (&outcome, until) {
        (NavOutcome::Loaded { .. }, WaitUntil::Load) if !url.starts_with("about:") => Some(
            b.actions()
                .settle_document(mark, crate::browser::settle::LOAD_SETTLE)
                .await,
        ),
        _ => None,
    };
    // A redirect or page script that took the tab to a refused host leaves Chrome's
    // error page for it: that navigation was blocked, whatever loaded first.
    let outcome = match outcome {
        NavOutcome::Loaded { .. } | NavOutcome::Failed { .. }
            if services.policy.has_host_rules() =>
        {
            match b.pages().unreachable_url().await {
                Some(u) if services.policy.url(&u, true).is_err() => NavOutcome::Blocked {
                    host: crate::policy::scheme_and_host(&u)
                        .map(|(_, h)| h)
                        .unwrap_or_default(),
                },
                _ => outcome,
            }
        }
        other => other,
    };
    let (url, title) = match &outcome {
        // The tab shows Chrome's error page for the URL it could not load: that URL is
        // where the tab is (the page's own history has no entry for it).
        NavOutcome::Failed { .. } | NavOutcome::Blocked { .. } => (
            b.pages()
                .unreachable_url()
                .await
                .unwrap_or_else(|| url.to_owned()),
            String::new(),
        ),
        _ => try_tool!(b.pages().location().await),
    };
    let mut out = NavigateResult {
        url: redact::page_url(&url),
        title: redact::bounded_text(&title, 200),
        status: None,
        net_error: None,
        dialog: None,
        blocked_host: None,
        outcome: outcome.name(),
        settled,
        revision: b.revision(),
        observation: None,
    };
    match &outcome {
        NavOutcome::Loaded { status } | NavOutcome::Timeout { status } => {
            out.status = *status;
        }
        NavOutcome::Failed { net_error } => out.net_error = net_error.clone(),
        NavOutcome::Dialog(d) => out.dialog = Some(DialogSeen::of(d)),
        NavOutcome::Blocked { host } => {
            out.blocked_host = Some(redact::bounded_text(host, 253));
        }
        _ => {}
    }
    let failed = matches!(
        outcome,
        NavOutcome::Failed { .. } | NavOutcome::Timeout { .. } | NavOutcome::Blocked { .. }
    );
    if observe && !failed && !matches!(outcome, NavOutcome::Dialog(_)) {
        let seen = try_tool!(observation(b, None, None, false).await).page;
        services.observed.remember(
            observed_page(&services.session, b),
            out.revision,
            &out.url,
            &seen,
        );
        out.observation = Some(seen);
    }
    if failed {
        return ToolOutcome::Failed(Failure::bare(Kind::Navigation).with_result(&out));
    }
    ToolOutcome::ok(&out)
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
