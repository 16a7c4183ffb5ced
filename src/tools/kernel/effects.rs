//! What each tool does, declared once on its catalog entry, and every rule derived from it.
//!
//! A tool lists its effects (reads the page, navigates, types, writes a file, ...); from that
//! list alone come its policy capabilities, the hardened denial and whether `tools/list` offers
//! it, the confirmation, whether a daemon client needs the lease, and its MCP annotations. The
//! call path ([`crate::tools::kernel::call::call`]) applies the decisions an effect's arguments settle before
//! the handler runs; an effect that only the page can settle (is the focused field a password
//! field? where does the history entry go?) is asked through [`on_page`], which refuses any
//! capability the tool did not declare. No handler decides a policy rule itself.

use serde_json::{Map, Value};

use super::effect::{Effect, Nav, When};
use crate::policy::{Capability, Decision};
use crate::tools::kernel::args;
use crate::tools::kernel::outcome::ToolOutcome;
use crate::tools::kernel::tool::{Services, Tool};

/// Every capability a tool may ask for, in its effects' order.
pub fn capabilities(tool: &Tool) -> Vec<Capability> {
    let mut caps = Vec::new();
    for (cap, _) in tool.effects.iter().filter_map(|e| e.capability()) {
        if !caps.contains(&cap) {
            caps.push(cap);
        }
    }
    caps
}

/// The capabilities without which the tool can do nothing: a policy that denies one leaves
/// the tool out of `tools/list` (a call still gets the policy's answer).
pub fn required(tool: &Tool) -> impl Iterator<Item = Capability> + '_ {
    tool.effects
        .iter()
        .filter_map(|e| e.capability())
        .filter(|(_, w)| *w == When::Always)
        .map(|(c, _)| c)
}

/// Whether the tool only reads (MCP's `readOnlyHint`): no effect beyond reading, so a tool
/// that can write a file or keep page data is not read-only.
pub fn read_only(tool: &Tool) -> bool {
    tool.effects.iter().all(|e| e.reads_only())
}

/// Whether the tool reaches web pages (MCP's `openWorldHint`).
pub fn open_world(tool: &Tool) -> bool {
    tool.effects.iter().any(|e| {
        !matches!(
            e,
            Effect::WritesFile(..)
                | Effect::Persists(_)
                | Effect::ChangesKnowledge
                | Effect::Learns
                | Effect::Deletes
                | Effect::Leases
        )
    })
}

/// Whether the tool may destroy something or change it for good (MCP's `destructiveHint`).
pub fn destructive(tool: &Tool) -> bool {
    tool.effects.iter().any(|e| {
        matches!(
            e,
            Effect::Evaluates
                | Effect::ClosesPage
                | Effect::Deletes
                | Effect::RunsSteps
                | Effect::Irreversible
                | Effect::Cookies(_)
        )
    })
}

/// Whether the tool asks for a confirmation whatever the policy says (deletions, irreversible
/// steps), so `confirmToken` is always listed.
pub fn always_confirms(tool: &Tool) -> bool {
    tool.effects
        .iter()
        .any(|e| matches!(e, Effect::Deletes | Effect::Irreversible))
}

/// Whether this call may change anything beyond reading (a daemon client then needs the
/// lease; the journal records it): decided from its effects and arguments.
pub fn changes(tool: &Tool, a: &Map<String, Value>) -> bool {
    tool.effects
        .iter()
        .any(|e| !e.reads_only() && *e != Effect::Leases && e.when().may(a))
}

/// Whether the tool exists only where clients share a browser (`glass daemon`).
pub fn daemon_only(tool: &Tool) -> bool {
    tool.effects.contains(&Effect::Leases)
}

/// The file paths this call writes, by argument name, as its effects declare.
pub fn written_paths<'a>(tool: &Tool, a: &'a Map<String, Value>) -> Vec<(&'static str, &'a str)> {
    tool.effects
        .iter()
        .filter_map(|e| match e {
            Effect::WritesFile(arg, w) if w.by_args(a) => {
                a.get(*arg).and_then(Value::as_str).map(|p| (*arg, p))
            }
            _ => None,
        })
        .collect()
}

/// What the policy says of a call, as far as its arguments settle it: a denial (whichever
/// effect it is) or a refused URL or cookie domain is the error; otherwise the capabilities
/// still to confirm, each with what a confirmation says it would do. `batch` and `workflow`
/// ask this of each step, so a step is judged by the same rules as a call of its own.
pub fn settle(
    services: &Services,
    tool: &Tool,
    a: &Map<String, Value>,
) -> Result<Vec<(Capability, String)>, ToolOutcome> {
    let settled: Vec<(Effect, Capability)> = tool
        .effects
        .iter()
        .filter_map(|e| e.capability().map(|(c, w)| (*e, c, w)))
        .filter(|(_, _, w)| w.by_args(a))
        .map(|(e, c, _)| (e, c))
        .collect();
    if let Some((_, cap)) = settled
        .iter()
        .find(|(_, c)| services.policy.decide(*c) == Decision::Deny)
    {
        return Err(ToolOutcome::Failed(crate::tools::kernel::gate::denied(
            services, *cap,
        )));
    }
    // Cookies the call names are set only for hosts the rules allow.
    if tool.effects.iter().any(|e| matches!(e, Effect::Cookies(_))) {
        for c in a
            .get("cookies")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(d) = c.get("domain").and_then(Value::as_str) {
                crate::tools::kernel::gate::check_cookie_domain(services, d)?;
            }
        }
    }
    for e in tool.effects {
        if let Effect::Navigates(Nav::Url(arg, _)) = e {
            let url = a.get(*arg).and_then(Value::as_str).unwrap_or("about:blank");
            if !crate::tools::kernel::gate::allowed_url(url) {
                return Err(
                    args::invalid(arg, "must be an http, https, file, about or data URL").into(),
                );
            }
            crate::tools::kernel::gate::check_url(services, url)?;
        }
    }
    let mut out: Vec<(Capability, String)> = Vec::new();
    for (e, c) in settled {
        if services.policy.decide(c) == Decision::Confirm && !out.iter().any(|(x, _)| *x == c) {
            out.push((c, e.summary(a)));
        }
    }
    Ok(out)
}

/// The policy step of the call path, before any argument touches the disk or the page: every
/// capability the arguments settle is decided (a denial first, whichever effect it is), the
/// URLs the tool opens pass the scheme list and the host rules, and what remains to confirm is
/// confirmed once for the whole call.
pub fn decide(services: &Services, tool: &Tool, a: &Map<String, Value>) -> Result<(), ToolOutcome> {
    let to_confirm = settle(services, tool, a)?;
    // A deletion asks whatever the policy says, and a step of a batch cannot answer it.
    if tool.effects.contains(&Effect::Deletes) {
        if crate::tools::kernel::gate::granted(Capability::KnowledgeStore).is_some() {
            return Err(ToolOutcome::Failed(
                crate::tools::kernel::gate::unconfirmed(Capability::KnowledgeStore),
            ));
        }
        return crate::tools::kernel::gate::confirm(services, tool, a, &Effect::Deletes.summary(a));
    }
    if to_confirm.is_empty() {
        return Ok(());
    }
    let mut summary: Vec<&str> = Vec::new();
    for (_, s) in &to_confirm {
        if !summary.contains(&s.as_str()) {
            summary.push(s);
        }
    }
    let caps: Vec<Capability> = to_confirm.iter().map(|(c, _)| *c).collect();
    crate::tools::kernel::gate::confirm_all(services, &caps, tool, a, &summary.join("; "))
}

/// A tool asks only for what its effects declare (and `tools/list` publishes): anything else
/// is Glass's own bug, refused and logged.
fn declared(tool: &Tool, cap: Capability) -> Result<(), ToolOutcome> {
    if capabilities(tool).contains(&cap) {
        return Ok(());
    }
    tracing::error!(
        tool = tool.name,
        cap = cap.as_str(),
        "undeclared capability"
    );
    Err(ToolOutcome::Failed(crate::failure::Failure::new(
        crate::failure::Kind::Internal,
        "the tool asked for a capability it does not declare",
    )))
}

/// The policy's word on a capability an effect needs, now that the page settled it: `Ok(false)`
/// go ahead, `Ok(true)` a confirmation is needed (the caller asks it once for everything it
/// does), `Err` the denial. A tool may ask only for what its effects declare.
pub fn judge(services: &Services, tool: &Tool, cap: Capability) -> Result<bool, ToolOutcome> {
    declared(tool, cap)?;
    match services.policy.decide(cap) {
        Decision::Allow => Ok(false),
        Decision::Confirm => Ok(true),
        Decision::Deny => Err(ToolOutcome::Failed(crate::tools::kernel::gate::denied(
            services, cap,
        ))),
    }
}

/// A navigation only the page settles (a history entry, a reload): its URL passes the same
/// scheme and host rules as a URL given in the arguments, then the capability is asked.
pub fn on_page_navigation(
    services: &Services,
    tool: &Tool,
    a: &Map<String, Value>,
    url: &str,
    summary: &str,
) -> Result<(), ToolOutcome> {
    if !url.starts_with("about:") {
        crate::tools::kernel::gate::check_url(services, url)?;
    }
    on_page(services, Capability::Navigate, tool, a, summary)
}

/// Whether the policy lets the call have an effect it may do without (a trace kept in the
/// data directory, a page's knowledge learned): a silent check for effects whose absence is
/// not a failure. A tool may ask only for what its effects declare.
pub fn permits(services: &Services, tool: &Tool, cap: Capability) -> bool {
    capabilities(tool).contains(&cap) && services.policy.decide(cap) == Decision::Allow
}

/// An effect only the page settles, now that it has: `cap` is asked of the policy (and
/// confirmed) as the call path would have. A tool may ask only for what its effects declare.
pub fn on_page(
    services: &Services,
    cap: Capability,
    tool: &Tool,
    a: &Map<String, Value>,
    summary: &str,
) -> Result<(), ToolOutcome> {
    declared(tool, cap)?;
    crate::tools::kernel::gate::gate(services, cap, tool, a, summary)
}

/// MCP tool annotations, derived from a tool's effects (and whether repeating it changes
/// anything more): hints that let a client ask a person before mutations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Annotations {
    /// The tool does not change its environment.
    pub read_only: bool,
    /// The tool may destroy or irreversibly change something.
    pub destructive: bool,
    /// Repeating the call with the same arguments has no further effect.
    pub idempotent: bool,
    /// The tool reaches beyond the local process (web pages, the network).
    pub open_world: bool,
}

impl Annotations {
    /// The hints of `tool`, from its effects.
    pub fn of(tool: &Tool) -> Annotations {
        Annotations {
            read_only: read_only(tool),
            destructive: destructive(tool),
            idempotent: tool.idempotent,
            open_world: open_world(tool),
        }
    }

    /// The hints that differ from MCP's defaults (readOnly false, destructive true, idempotent
    /// false, openWorld true): a client reads the same answer, in fewer bytes per tool.
    pub fn to_json(self) -> Value {
        let mut hints = Map::new();
        if self.read_only {
            hints.insert("readOnlyHint".into(), Value::Bool(true));
        } else if !self.destructive {
            hints.insert("destructiveHint".into(), Value::Bool(false));
        }
        // Idempotence means something only for a tool that changes things (MCP).
        if self.idempotent && !self.read_only {
            hints.insert("idempotentHint".into(), Value::Bool(true));
        }
        if !self.open_world {
            hints.insert("openWorldHint".into(), Value::Bool(false));
        }
        Value::Object(hints)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{Policy, PolicyPreset};

    fn args(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn an_effect_takes_place_as_its_arguments_say() {
        let a =
            args(serde_json::json!({"path": "/tmp/x", "full": true, "action": "stop", "n": null}));
        assert!(When::Given("path").by_args(&a));
        assert!(!When::Given("n").by_args(&a));
        assert!(When::Flag("full").by_args(&a));
        assert!(!When::Flag("path").by_args(&a));
        assert!(When::Is("action", "stop").by_args(&a));
        assert!(!When::Is("action", "start").by_args(&a));
        assert!(!When::OnPage.by_args(&a));
        assert!(When::OnPage.may(&a));
    }

    /// The catalog walked whole: each tool's effects, annotations, policy gate, listing and
    /// docs row must say the same thing.
    #[test]
    fn effects_annotations_gates_and_docs_agree_for_every_tool() {
        let docs = include_str!("../../../docs/mcp.md");
        let hardened =
            Policy::from_flags(PolicyPreset::Hardened, &[], &[], &["127.0.0.1".into()], &[])
                .unwrap();
        let mut unlisted_when_hardened = Vec::new();
        for t in crate::tools::catalog::catalog() {
            let ann = super::Annotations::of(t);
            let writes = t.effects.iter().any(|e| {
                matches!(
                    e,
                    Effect::WritesFile(..) | Effect::Persists(_) | Effect::Cookies(_)
                )
            });
            // A tool that can write anything is never read-only, and a read-only one never
            // needs the lease, whatever its arguments.
            assert!(
                !(writes && ann.read_only),
                "{} writes but is read-only",
                t.name
            );
            // Each effect beyond reading, with arguments that bring it about, makes the call
            // one that needs the lease (and journals it); a read-only tool's calls never do.
            for e in t
                .effects
                .iter()
                .filter(|e| !e.reads_only() && **e != Effect::Leases)
            {
                let mut a = Map::new();
                match e.when() {
                    When::Flag(k) => {
                        a.insert(k.into(), Value::Bool(true));
                    }
                    When::Given(k) => {
                        a.insert(k.into(), Value::String("/tmp/x".into()));
                    }
                    When::Is(k, v) | When::Mentions(k, v) => {
                        a.insert(k.into(), Value::String(v.into()));
                    }
                    When::Always | When::OnPage => {}
                }
                assert!(changes(t, &a), "{}: {e:?} needs no lease", t.name);
            }
            assert_eq!(
                ann.read_only,
                t.effects.iter().all(|e| e.reads_only()),
                "{}: readOnlyHint",
                t.name
            );
            if ann.read_only {
                let all: Map<String, Value> = serde_json::from_value(serde_json::json!({
                    "path": "/tmp/x", "action": "stop", "reload": true, "includeScreenshot": true
                }))
                .unwrap();
                assert!(!changes(t, &all), "{}", t.name);
            }
            // The confirmation token is published exactly where a capability or an
            // irreversible step can ask for it.
            let published = crate::tools::kernel::call::input_schema(t)["properties"]
                .get("confirmToken")
                .is_some();
            assert_eq!(
                published,
                !capabilities(t).is_empty() || always_confirms(t),
                "{}: confirmToken",
                t.name
            );
            if required(t).any(|c| hardened.decide(c) == Decision::Deny) {
                unlisted_when_hardened.push(t.name);
            }
            assert!(
                docs.contains(&format!("`{}`", t.name)),
                "{} has no row in docs/mcp.md",
                t.name
            );
            // Each capability the tool may ask for is named in the policy docs.
            for c in capabilities(t) {
                assert!(
                    include_str!("../../../docs/policy.md").contains(&format!("`{}`", c.as_str())),
                    "{}",
                    c.as_str()
                );
            }
        }
        // The docs name every tool a hardened policy leaves out of the list.
        let line = docs
            .lines()
            .find(|l| l.starts_with("Not listed under `hardened`"))
            .expect("docs/mcp.md states what hardened leaves out");
        for name in &unlisted_when_hardened {
            assert!(
                line.contains(&format!("`{name}`")),
                "{name} missing from: {line}"
            );
        }
        assert_eq!(
            line.matches('`').count() / 2 - 1,
            unlisted_when_hardened.len(),
            "{line}"
        );
    }
}
