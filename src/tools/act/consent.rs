//! `dismissConsent`: answer a recognized cookie-consent banner, and nothing else.
//!
//! Only the controls of known consent-management platforms are ever clicked (rejecting by
//! default); Glass never clicks "any button that says accept".

use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;

use crate::browser::agent_calls::Consent;
use crate::browser::settle::until_dialog;
use crate::failure::{Failure, FailureKind};
use crate::tools::kernel::browser::session_for;
use crate::tools::kernel::effect::Effect;
use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::output::ActionResult;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};
use crate::try_tool;

/// `dismissConsent`.
pub const DISMISS_CONSENT: Tool = Tool {
    name: "dismissConsent",
    title: "Dismiss consent",
    description: "Answer a known platform's consent banner (OneTrust, Cookiebot, Didomi, TrustArc, Usercentrics...); nothing else is clicked.",
    group: ToolGroup::Standard,
    family: Family::Input,
    schema: input_schema::<ConsentArgs>,
    output: crate::tools::kernel::output::result_of::<ActionResult>,
    effects: &[Effect::Input],
    idempotent: true,
    needs: Needs::Page,
    revision: RevisionRule::Changes,
    run: crate::handler!(ConsentArgs, run),
};

/// Arguments of `dismissConsent`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ConsentArgs {
    /// The banner's answer (default reject).
    choice: Option<Choice>,
}

/// What to answer a consent banner.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Choice {
    Reject,
    Accept,
}

fn run(services: Arc<Services>, input: Call<ConsentArgs>) -> ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let choice = match a.choice.unwrap_or(Choice::Reject) {
            Choice::Reject => "reject",
            Choice::Accept => "accept",
        };
        let mut b = try_tool!(session_for(&services, &DISMISS_CONSENT).await);
        let next_ref = b.next_ref();
        let found = try_tool!(b.agent().run(&Consent(choice, next_ref)).await);
        b.actions().record_refs(
            &found["nextRef"],
            std::iter::once(&found).filter(|f| f["status"] == "ok"),
        );
        match found["status"].as_str() {
            Some("ok") => {}
            Some("noChoice") => {
                return ToolOutcome::Failed(
                    Failure::of(
                        FailureKind::ChoiceUnavailable,
                        "the banner offers no such choice on its first layer",
                    )
                    .with("framework", found["framework"].clone()),
                );
            }
            _ => {
                return ToolOutcome::Failed(Failure::of(
                    FailureKind::NoConsentFound,
                    "no recognized consent banner is visible",
                ));
            }
        }
        let r = found["ref"].as_str().unwrap_or("").to_owned();
        let (x, y) = try_tool!(b.actions().actionable(&r, "click").await);
        let armed = b.actions().arm();
        let events = std::sync::Arc::clone(b.events());
        try_tool!(until_dialog(&events, b.input().click_at(x, y, 1)).await);
        let caused = try_tool!(b.actions().settle(armed).await);
        let mut out = ActionResult::new(&r, b.revision(), &caused);
        out.framework = found["framework"].as_str().map(str::to_owned);
        out.choice = Some(choice.to_owned());
        ToolOutcome::ok(&out)
    })
}
