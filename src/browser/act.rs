//! Targeting and verified actions.
//!
//! A target resolves to exactly one element or fails with a bounded targeting error (at most
//! eight candidate summaries); a stale ref fails with recovery data and is never retargeted.
//! Pointer actions run only on an element that is connected, visible, enabled and stable, and
//! whose centre hit-tests to itself; what the action caused is `settle`'s part.

use std::time::Duration;

use serde_json::{Map, Value, json};

use super::agent_calls::{Actionable, Resolve, Similar, WaitParsed};
use super::error::BrowserError;
use super::locator::{self, Locator};
use super::missed::{focus_moved, focus_refused, missed_input, missed_target};
use super::page::Browser;
use super::refs::RefInfo;
use crate::failure::{Failure, FailureKind};
use crate::redact;

/// Most candidate summaries in a targeting error.
pub const MAX_CANDIDATES: usize = 8;

/// Why an action could not target or act.
#[derive(Debug)]
pub enum ActError {
    /// The browser itself failed.
    Browser(BrowserError),
    /// The target did not resolve to one actionable element: a bounded JSON object.
    Targeting(Failure),
}

impl From<BrowserError> for ActError {
    fn from(e: BrowserError) -> Self {
        ActError::Browser(e)
    }
}

pub(super) fn targeting(failure: FailureKind, reason: &str, extra: Map<String, Value>) -> ActError {
    ActError::Targeting(Failure::of(failure, reason).extend(extra))
}

/// One element that a target resolved to.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// Its ref.
    pub r: String,
    /// Its role.
    pub role: String,
    /// Its name (bounded).
    pub name: String,
    /// Typing into it reaches a password field (it is one, or a label for one): callers that
    /// gate password input decide from the resolve alone.
    pub password: bool,
}

/// Bounded candidate summaries from an agent answer.
fn candidates(v: &Value) -> Value {
    let list = v.as_array().map(Vec::as_slice).unwrap_or(&[]);
    Value::Array(
        list.iter()
            .take(MAX_CANDIDATES)
            .map(|c| {
                let mut out = json!({
                    "ref": c["ref"],
                    "role": redact::bounded_text(c["role"].as_str().unwrap_or(""), 32),
                    "name": redact::bounded_text(c["name"].as_str().unwrap_or(""), 80),
                });
                if let Some(ctx) = c["context"].as_str() {
                    out["context"] = json!(redact::bounded_text(ctx, 60));
                }
                out
            })
            .collect(),
    )
}

/// How long an action waits for a document still being parsed before resolving its target
/// once more.
const PARSE_WAIT_MS: u64 = 5_000;

/// The CDP deadline of that wait: the wait itself plus a round trip.
const PARSE_WAIT_CALL: Duration = Duration::from_millis(PARSE_WAIT_MS + 2_000);

/// Actions on elements: resolving a target, checking it can take the action, and settling what the action caused.
/// Reached through [`Browser::actions`].
pub struct Actions<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Actions`] handle over this browser.
    pub fn actions(&mut self) -> Actions<'_> {
        Actions { browser: self }
    }
}

impl Actions<'_> {
    /// Record refs an agent answer minted, and advance the ref counter.
    pub fn record_refs<'a>(&mut self, next_ref: &Value, items: impl Iterator<Item = &'a Value>) {
        if let Some(n) = next_ref.as_u64() {
            self.browser.next_ref = self.browser.next_ref.max(n);
        }
        let (revision, document) = (self.browser.revision(), self.browser.document());
        let frame = self
            .browser
            .agent_target()
            .map(|(_, f)| f)
            .unwrap_or_default();
        // Observations nest items under their regions.
        let mut todo: Vec<&Value> = items.collect();
        while let Some(item) = todo.pop() {
            if let Some(r) = item["ref"].as_str() {
                self.browser.refs.remember(
                    r,
                    RefInfo {
                        revision,
                        document,
                        role: item["role"].as_str().unwrap_or("").to_owned(),
                        name: redact::bounded_text(item["name"].as_str().unwrap_or(""), 80),
                        frame: frame.clone(),
                    },
                );
            }
            if let Some(children) = item["children"].as_array() {
                todo.extend(children.iter());
            }
        }
    }

    /// Resolve a target string to exactly one element.
    pub async fn resolve(&mut self, target: &str) -> Result<Resolved, ActError> {
        let loc = locator::parse(target)
            .map_err(|e| targeting(FailureKind::InvalidLocator, e.0, Map::new()))?;
        let next_ref = self.browser.next_ref;
        let mut answer = self
            .browser
            .agent()
            .run(&Resolve(loc.to_agent(), next_ref))
            .await?;
        // On a document still being parsed (a navigation that returned at commit), a
        // target not found yet may be further down the HTML: the parse ends first, then
        // the target is resolved once more, so a missing element is only said of a whole
        // document.
        if answer["loading"] == true {
            self.record_refs(&answer["nextRef"], std::iter::empty());
            self.browser
                .agent()
                .run_within(&WaitParsed(PARSE_WAIT_MS), PARSE_WAIT_CALL)
                .await?;
            let next_ref = self.browser.next_ref;
            answer = self
                .browser
                .agent()
                .run(&Resolve(loc.to_agent(), next_ref))
                .await?;
        }
        let minted: Vec<Value> = match answer["status"].as_str() {
            Some("ok") => vec![answer.clone()],
            Some("ambiguous") | Some("none") => {
                answer["candidates"].as_array().cloned().unwrap_or_default()
            }
            _ => Vec::new(),
        };
        self.record_refs(&answer["nextRef"], minted.iter());
        match answer["status"].as_str() {
            Some("ok") => Ok(Resolved {
                r: answer["ref"].as_str().unwrap_or("").to_owned(),
                role: answer["role"].as_str().unwrap_or("").to_owned(),
                name: redact::bounded_text(answer["name"].as_str().unwrap_or(""), 80),
                password: answer["password"] == true,
            }),
            Some("ambiguous") => {
                let mut extra = Map::new();
                extra.insert("count".into(), answer["count"].clone());
                extra.insert("candidates".into(), candidates(&answer["candidates"]));
                Err(targeting(
                    FailureKind::Ambiguous,
                    "the target matches several elements; use one of the candidate refs",
                    extra,
                ))
            }
            Some("invalidLocator") => Err(targeting(
                FailureKind::InvalidLocator,
                "the CSS selector is not valid",
                Map::new(),
            )),
            Some("stale") | Some("unknown") => {
                let Locator::Ref(r) = &loc else {
                    return Err(ActError::Browser(BrowserError::Agent));
                };
                Err(self.stale(r).await?)
            }
            Some("notVisible") => {
                let mut extra = Map::new();
                extra.insert("count".into(), answer["count"].clone());
                let reason = match super::frames::element_summary(&answer["behind"]) {
                    Some(dialog) => {
                        extra.insert("blocker".into(), dialog);
                        "the target is behind an open dialog (`blocker`) that covers the page; answer or close it first; nothing was done"
                    }
                    None => {
                        "the target exists but is not visible (hidden, clipped away, or covered by its container); nothing was done"
                    }
                };
                Err(targeting(FailureKind::NotVisible, reason, extra))
            }
            Some("none") => {
                let mut extra = Map::new();
                let reason = if answer["candidates"].is_array() {
                    extra.insert("candidates".into(), candidates(&answer["candidates"]));
                    "no element has that name; the candidates' names contain it (use one's ref or exact name)"
                } else {
                    "no element matches the target"
                };
                Err(targeting(FailureKind::NotFound, reason, extra))
            }
            other => {
                tracing::debug!(status = ?other, detail = %answer["detail"], "the page agent resolved the target with an unknown status");
                Err(ActError::Browser(BrowserError::Agent))
            }
        }
    }

    /// The error for a ref that no longer resolves, with recovery data.
    async fn stale(&mut self, r: &str) -> Result<ActError, BrowserError> {
        let Some(info) = self.browser.refs.get(r).cloned() else {
            return Ok(targeting(
                FailureKind::NotFound,
                "this ref was never issued in this session; call observe for current refs",
                Map::new(),
            ));
        };
        let current_frame = self.browser.agent_target()?.1;
        if info.frame != current_frame {
            return Ok(targeting(
                FailureKind::WrongFrame,
                "this ref belongs to another frame; select that frame, or observe this one",
                Map::new(),
            ));
        }
        let name = (!info.name.is_empty()).then_some(info.name.clone());
        let next_ref = self.browser.next_ref;
        let similar = self
            .browser
            .agent()
            .run(&Similar(
                &info.role,
                name.as_deref(),
                MAX_CANDIDATES,
                next_ref,
            ))
            .await?;
        let found: Vec<Value> = similar["candidates"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        self.record_refs(&similar["nextRef"], found.iter());
        let mut extra = Map::new();
        extra.insert("refRevision".into(), json!(info.revision));
        extra.insert("currentRevision".into(), json!(self.browser.revision()));
        extra.insert("candidates".into(), candidates(&similar["candidates"]));
        Ok(targeting(
            FailureKind::StaleRef,
            "the element of this ref is gone (the page changed); it was not retargeted",
            extra,
        ))
    }

    /// Check that `r` is actionable for `action` and return the point to act at.
    pub async fn actionable(&mut self, r: &str, action: &str) -> Result<(f64, f64), ActError> {
        if !matches!(action, "type" | "select" | "hover") {
            // A press comes at a person's pace after keys: looked at once that has passed.
            self.browser.keys_paced().await;
        }
        let answer = self
            .browser
            .agent()
            // Its own waits (a moving target 1 s, a disabled one 1.5 s, a loading cover 3 s)
            // and a loaded machine's frames.
            .run_within(&Actionable(r, action), Duration::from_secs(8))
            .await?;
        if answer["ok"] == true {
            let (Some(x), Some(y)) = (answer["x"].as_f64(), answer["y"].as_f64()) else {
                tracing::debug!(x = %answer["x"], y = %answer["y"], "the page agent found the target actionable without a point");
                return Err(ActError::Browser(BrowserError::Agent));
            };
            return match self.browser.frames().point_in_page(x, y).await {
                Ok(point) => Ok(point),
                Err(super::frames::FramePointError::Browser(e)) => Err(e.into()),
                Err(super::frames::FramePointError::Covered(blocker)) => {
                    let mut extra = Map::new();
                    extra.insert("blocker".into(), blocker);
                    Err(targeting(
                        FailureKind::Blocked,
                        "an element of an enclosing page covers the frame there",
                        extra,
                    ))
                }
            };
        }
        let said = answer["failure"].as_str().unwrap_or("");
        if said == "stale" || said == "detached" || said == "unknown" {
            return Err(self.stale(r).await?);
        }
        let failure = FailureKind::from_agent(said).unwrap_or(FailureKind::NotActionable);
        let reason = match failure {
            FailureKind::NotVisible => "the element is not visible",
            FailureKind::Disabled => "the element is disabled",
            FailureKind::NotEditable => "the element is not editable",
            FailureKind::Unstable => "the element kept moving",
            FailureKind::Blocked => "another element would receive the pointer event",
            _ => "the element cannot be acted on",
        };
        let mut extra = Map::new();
        if let Some(b) = super::frames::element_summary(&answer["blocker"]) {
            extra.insert("blocker".into(), b);
        }
        Err(targeting(failure, reason, extra))
    }

    /// Focus `r` for keys, and watch where they go (see [`Actions::settle`]). Refused, before
    /// any key, when the page hands the focus on to another element as `r` takes it: the keys
    /// would go there.
    pub async fn focus_for_keys(&mut self, r: &str) -> Result<(), ActError> {
        let answer = self
            .browser
            .agent()
            .run(&super::agent_calls::Focus(r))
            .await?;
        if answer["ok"] == false {
            return Err(self.stale(r).await?);
        }
        match super::frames::element_summary(&answer["elsewhere"]) {
            None => Ok(()),
            Some(by) if answer["stayed"] == true => Err(ActError::Targeting(focus_refused(by))),
            Some(received_by) => Err(ActError::Targeting(focus_moved(received_by))),
        }
    }

    /// Whether the field the keys went to holds `typed` (see [`super::typed`]): a failure when
    /// the page cut, refused or added to it. Not judged (no failure) when the agent cannot
    /// tell, or cannot be asked (a dialog the keys opened). Held, the field as read then, to
    /// judge again once the focus has left it ([`Actions::still_held`]).
    pub async fn typed_held(
        &mut self,
        typed: &str,
    ) -> Result<Option<super::agent_calls::TypedField>, ActError> {
        let Ok(field) = self
            .browser
            .agent()
            .run(&super::agent_calls::TypedHeld())
            .await
        else {
            return Ok(None);
        };
        match super::typed::not_kept(super::typed::judge(&field, typed)) {
            None => Ok(Some(field)),
            Some(f) => Err(ActError::Targeting(f)),
        }
    }

    /// Whether field `r`, once the focus has left it, still holds `typed` as `field` held it
    /// after the keys (see [`super::typed::judge_after`]): a page may rewrite it then.
    pub async fn still_held(
        &mut self,
        r: &str,
        field: &super::agent_calls::TypedField,
        typed: &str,
    ) -> Result<(), ActError> {
        let now = self
            .browser
            .agent()
            .run(&super::agent_calls::ValueOf(r))
            .await?;
        let Some(now) = now.value else {
            return Ok(());
        };
        match super::typed::rewritten(super::typed::judge_after(field, &now, typed)) {
            None => Ok(()),
            Some(f) => Err(ActError::Targeting(f)),
        }
    }

    /// Wait until the page changes or `until` passes: `false` once the time is up. The one wait
    /// of a reading that may come late (a choice a list shows a moment after, a slider drawn on
    /// a timer of its own), read again each time the page changes.
    pub async fn changes_before(
        &mut self,
        until: tokio::time::Instant,
    ) -> Result<bool, BrowserError> {
        // The agent waits a second at most per call: asked again until the time is up.
        loop {
            let left = until.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                return Ok(false);
            }
            let changed = self
                .browser
                .agent()
                .run(&super::agent_calls::PageChanged(left.as_millis() as u64, 0))
                .await?;
            if changed {
                return Ok(true);
            }
        }
    }

    /// Whether the keys sent since the agent last focused or selected in a field reached it
    /// (see [`Actions::settle`], which asks the same of a whole action): for the steps inside
    /// one (`clear`'s keys, each field of `fillForm`).
    pub async fn keys_reached(&mut self) -> Result<(), ActError> {
        let v = self
            .browser
            .agent()
            .run(&super::agent_calls::InputMissed())
            .await?;
        match missed_input(&v["missed"]) {
            None => Ok(()),
            Some(m) => Err(ActError::Targeting(missed_target(m))),
        }
    }
}
