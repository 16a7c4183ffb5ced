//! `listSecrets`: the names of the secrets the person stored for Glass to type (`glass secrets
//! set`), each with the hosts it may be typed on; never a value.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::tools::kernel::group::{Family, ToolGroup};
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::schema::input_schema;
use crate::tools::kernel::tool::{Call, Needs, RevisionRule, Services, Tool, ToolFuture};

/// `listSecrets`.
pub const LIST_SECRETS: Tool = Tool {
    name: "listSecrets",
    title: "List stored secrets",
    description: "Stored passwords you may type by name (type's `secret`), with the hosts each is bound to; never values.",
    group: ToolGroup::Standard,
    family: Family::Input,
    schema: input_schema::<NoArgs>,
    output: crate::tools::kernel::output::result_of::<SecretList>,
    effects: &[],
    idempotent: true,
    needs: Needs::Nothing,
    revision: RevisionRule::Reads,
    run: crate::handler!(NoArgs, run),
};

/// `listSecrets` takes no arguments.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

/// The stored secrets, by name.
#[derive(Serialize, JsonSchema)]
pub struct SecretList {
    /// Each secret's `name` and the `hosts` it may be typed on.
    pub secrets: Vec<SecretName>,
}

/// One stored secret as the model may see it.
#[derive(Serialize, JsonSchema)]
pub struct SecretName {
    /// What `type` takes as `secret`.
    pub name: String,
    /// Hosts it may be typed on (`*.example.com`: and its subdomains).
    pub hosts: Vec<String>,
}

fn run(_services: Arc<Services>, _input: Call<NoArgs>) -> ToolFuture {
    Box::pin(async move {
        let secrets = crate::secrets::load()
            .into_iter()
            .map(|s| SecretName {
                name: s.name,
                hosts: s.hosts,
            })
            .collect();
        ToolOutcome::ok(&SecretList { secrets })
    })
}
