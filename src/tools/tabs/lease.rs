//! `lease`: a daemon client takes, renews, releases or reads the mutation lease of the browser
//! it shares (the state and the rule live in the kernel's lease; this is the tool).

use std::time::Duration;

use serde_json::Value;

use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::lease::{CLIENT, lease_failure};

/// `lease`: take, renew, give up or read the daemon's mutation lease, as tools so any MCP
/// client (and the model in it) can share one browser with another.
pub const TOOL: crate::tools::kernel::tool::Tool = crate::tools::kernel::tool::Tool {
    name: "lease",
    title: "Mutation lease",
    description: "When several clients share one glass daemon: acquire (then only this connection may act, no token needed), renew, release or status; reads never need it.",
    group: ToolGroup::Core,
    family: Family::Tabs,
    schema: crate::tools::kernel::schema::input_schema::<LeaseArgs>,
    output: crate::tools::kernel::output::result_of::<LeaseResult>,
    effects: &[crate::tools::kernel::effect::Effect::Leases],
    idempotent: false,
    needs: crate::tools::kernel::tool::Needs::Nothing,
    revision: crate::tools::kernel::tool::RevisionRule::Reads,
    run: crate::handler!(LeaseArgs, run),
};

/// What to do with the lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
enum LeaseAction {
    Acquire,
    Renew,
    Release,
    Status,
}

/// Arguments of `lease`.
#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct LeaseArgs {
    /// acquire, renew, release or status.
    action: LeaseAction,
    /// acquire and renew: how long, in ms (1000 to 900000, default 60000).
    #[schemars(range(min = 1_000, max = 900_000))]
    ttl_ms: Option<u64>,
}

/// The lease as this client sees it.
#[derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaseResult {
    /// The holding client (`client`, `name`), or null.
    pub holder: Value,
    /// When the lease ends (Unix ms), while held.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<u64>,
    /// Whether this connection holds it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub yours: Option<bool>,
    /// Clients connected.
    pub clients: u64,
}

fn run(
    services: std::sync::Arc<crate::tools::kernel::tool::Services>,
    input: crate::tools::kernel::tool::Call<LeaseArgs>,
) -> crate::tools::kernel::tool::ToolFuture {
    Box::pin(async move {
        let a = input.args;
        let (Some(leases), Ok(client)) = (services.leases.as_ref(), CLIENT.try_with(|c| c.0))
        else {
            return crate::failure::Failure::new(
                crate::failure::Kind::InvalidArguments,
                "this Glass serves one client; there is no lease to share (see glass daemon)",
            )
            .into();
        };
        let ttl = Duration::from_millis(a.ttl_ms.unwrap_or(60_000));
        let answer = match a.action {
            LeaseAction::Acquire => leases.acquire(client, ttl),
            LeaseAction::Status => Ok(leases.status(client)),
            // No token of its own: refused as the token path refuses (held by another, or
            // none held).
            LeaseAction::Renew | LeaseAction::Release => {
                let t = leases.token_of(client).unwrap_or_default();
                if a.action == LeaseAction::Renew {
                    leases.renew(client, &t, ttl)
                } else {
                    leases.release(client, &t)
                }
            }
        };
        match answer {
            Ok(mut status) => {
                // Its own connection is its identity: the token stays inside Glass.
                if let Some(m) = status.as_object_mut() {
                    m.remove("token");
                }
                crate::tools::kernel::outcome::ToolOutcome::Ok(status)
            }
            Err(refusal) => lease_failure(refusal).into(),
        }
    })
}
