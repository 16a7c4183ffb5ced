//! Calling the page agent: Glass's JavaScript, run in an isolated world of the page.
//!
//! The isolated world shares the DOM but not the page's globals, so page scripts can neither
//! see the agent nor tamper with the ref table it keeps. A new document gets a new world; the
//! agent is (re)installed on first use after every navigation.

use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::{Value, json};

use super::error::BrowserError;
pub use super::events::WORLD_NAME;
use super::page::{AgentContext, Browser, CALL_TIMEOUT};

/// The binding Glass adds to the agent's world alone: the agent calls it the moment it knows a
/// press or keys reached another element than their target, so the miss reaches Glass even when
/// what took the input ends the document before Glass asks (see `Actions::settle`).
pub const MISSED_BINDING: &str = "__glassMissed";

/// The agent's source: its parts (see `agent/`), one script in file-name order.
pub const AGENT_JS: &str = concat!(
    include_str!("agent/00-head.js"),
    include_str!("agent/10-refs.js"),
    include_str!("agent/15-dom.js"),
    include_str!("agent/20-roles.js"),
    include_str!("agent/25-visibility.js"),
    include_str!("agent/26-modal.js"),
    include_str!("agent/27-hits.js"),
    include_str!("agent/30-names.js"),
    include_str!("agent/35-state.js"),
    include_str!("agent/40-walk.js"),
    include_str!("agent/50-observe.js"),
    include_str!("agent/60-locate.js"),
    include_str!("agent/65-intent.js"),
    include_str!("agent/70-act.js"),
    include_str!("agent/72-drops.js"),
    include_str!("agent/75-wait.js"),
    include_str!("agent/76-calendar.js"),
    include_str!("agent/78-verify.js"),
    include_str!("agent/80-read.js"),
    include_str!("agent/81-scroll.js"),
    include_str!("agent/82-extract.js"),
    include_str!("agent/84-vitals.js"),
    include_str!("agent/85-keyguard.js"),
    include_str!("agent/88-task.js"),
    include_str!("agent/90-consent.js"),
    include_str!("agent/99-tail.js"),
);

/// The agent's source Glass evaluates: [`AGENT_JS`], except in a build with the
/// `agent-mutants` feature (never a release), where `GLASS_AGENT_JS` may name a mutated copy so
/// that `scripts/mutate-agent.mjs` can run the page tests against many mutants from one build.
pub fn agent_js() -> &'static str {
    #[cfg(feature = "agent-mutants")]
    {
        static MUTANT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
        let mutant = MUTANT.get_or_init(|| {
            let path = std::env::var_os("GLASS_AGENT_JS")?;
            std::fs::read_to_string(path).ok()
        });
        if let Some(source) = mutant {
            return source;
        }
    }
    AGENT_JS
}

/// [`agent_js`] as a JSON string, encoded once: the agent goes to every new document, and
/// escaping its 200 KB again each time was a fifth of Glass's own work on a page-by-page run.
fn agent_js_json() -> &'static serde_json::value::RawValue {
    static ENCODED: std::sync::OnceLock<Box<serde_json::value::RawValue>> =
        std::sync::OnceLock::new();
    ENCODED.get_or_init(|| {
        serde_json::value::to_raw_value(agent_js()).expect("a string always encodes")
    })
}

/// `Runtime.evaluate`'s parameters installing the agent in one world.
#[derive(serde::Serialize)]
struct Install {
    expression: &'static serde_json::value::RawValue,
    #[serde(rename = "contextId")]
    context_id: i64,
}

/// The page agent: calling Glass's JavaScript in the page's isolated world, and the world itself.
/// Reached through [`Browser::agent`].
pub struct Agent<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Agent`] handle over this browser.
    pub fn agent(&mut self) -> Agent<'_> {
        Agent { browser: self }
    }

    /// `call`, an agent expression, told first which hold of the session's lock it runs in (the
    /// `turn` field): every expression sent to the agent goes through here.
    pub(super) fn in_turn(&self, call: &str) -> String {
        format!("(__glassAgent.turn({}),{call})", self.turn)
    }
}

impl Agent<'_> {
    /// The agent's execution context for the current document: a cached one, the world Chrome
    /// re-created for this document, or a new isolated world. `installed` says whether the
    /// agent is known to be in it; when not, the caller installs it with its first call.
    async fn context(&mut self) -> Result<AgentContext, BrowserError> {
        let document = self.browser.events.document.load(Ordering::SeqCst);
        let (session, frame) = self.browser.agent_target()?;
        if let Some(c) = &self.browser.agent_context {
            if c.document == document && c.frame == frame {
                return Ok(c.clone());
            }
        }
        let known = self
            .browser
            .events
            .agent_worlds
            .lock()
            .ok()
            .and_then(|w| w.get(&frame).copied())
            .filter(|_| {
                self.browser
                    .frame
                    .as_ref()
                    .is_none_or(|f| !f.out_of_process)
            });
        let id = match known {
            Some(id) => id,
            None => {
                let id = self
                    .browser
                    .cdp
                    .call_raw(
                        Some(&session),
                        "Page.createIsolatedWorld",
                        json!({"frameId": frame, "worldName": WORLD_NAME, "grantUniveralAccess": true}),
                        CALL_TIMEOUT,
                    )
                    .await
                    .map_err(|e| match e {
                        super::cdp::CdpError::Protocol { .. } if self.browser.frame.is_some() => {
                            BrowserError::FrameGone
                        }
                        e => e.into(),
                    })?["executionContextId"]
                    .as_i64()
                    .ok_or(BrowserError::Agent)?;
                // A frame of its own process is a session of its own, with no Runtime domain
                // enabled: there a binding reaches only the worlds that exist as it is added, so
                // the one the agent tells misses through is added to this world once it exists
                // (the page's own session has it from its selection, for every frame of its
                // process).
                if self
                    .browser
                    .frame
                    .as_ref()
                    .is_some_and(|f| f.out_of_process)
                {
                    let binding =
                        json!({"name": MISSED_BINDING, "executionContextName": WORLD_NAME});
                    let _ = self
                        .browser
                        .cdp
                        .call_raw(Some(&session), "Runtime.addBinding", binding, CALL_TIMEOUT)
                        .await;
                }
                id
            }
        };
        let context = AgentContext {
            id,
            document,
            frame,
            session,
            installed: false,
        };
        self.browser.agent_context = Some(context.clone());
        Ok(context)
    }

    /// Evaluate `__glassAgent.<function>(args...)` in the agent's world, preceded by the
    /// agent itself when it may be missing (the agent is idempotent, so a second copy keeps the
    /// first one's refs). One round trip either way.
    async fn evaluate(
        &mut self,
        function: &str,
        args: &[Value],
        by_value: bool,
        timeout: Duration,
    ) -> Result<Value, BrowserError> {
        let args: Vec<String> = args.iter().map(Value::to_string).collect();
        let call = self
            .browser
            .in_turn(&format!("__glassAgent.{function}({})", args.join(",")));
        for attempt in 0..2 {
            let context = self.context().await?;
            let params = json!({"expression": call, "contextId": context.id,
                                "returnByValue": by_value, "awaitPromise": by_value});
            let answer = if context.installed {
                self.browser
                    .cdp
                    .call_raw(Some(&context.session), "Runtime.evaluate", params, timeout)
                    .await
            } else {
                // The call rides right behind the agent. The install is about 10 ms of a new
                // document's first call (200 KB through Chrome and V8's compile); compiling it
                // as a script with its own URL (`Runtime.compileScript`, which V8 caches by
                // source) measured the same, plus a round trip.
                let install = Install {
                    expression: agent_js_json(),
                    context_id: context.id,
                };
                use serde_json::value::to_raw_value;
                let calls = [
                    (
                        "Runtime.evaluate",
                        to_raw_value(&install).map_err(|_| BrowserError::Agent)?,
                    ),
                    (
                        "Runtime.evaluate",
                        to_raw_value(&params).map_err(|_| BrowserError::Agent)?,
                    ),
                ];
                let mut answers = self
                    .browser
                    .cdp
                    .call_raw_sequence(Some(&context.session), &calls, timeout)
                    .await
                    .into_iter();
                if answers
                    .next()
                    .is_some_and(|r| r.is_ok_and(|v| v.get("exceptionDetails").is_some()))
                {
                    tracing::warn!("the page agent failed to install");
                }
                answers.next().unwrap_or(Err(super::cdp::CdpError::Closed))
            };
            match answer {
                Ok(v) if v.get("exceptionDetails").is_some() => {
                    tracing::debug!(function, "page agent threw");
                    // The document may have been replaced under us: retry in a fresh world.
                    self.forget_context();
                    if attempt == 1 {
                        return Err(BrowserError::Agent);
                    }
                }
                Ok(mut v) => {
                    if let Some(c) = self
                        .browser
                        .agent_context
                        .as_mut()
                        .filter(|c| c.id == context.id)
                    {
                        c.installed = true;
                    }
                    return Ok(v["result"].take());
                }
                Err(super::cdp::CdpError::Protocol { .. }) if attempt == 0 => {
                    self.forget_context();
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(BrowserError::Agent)
    }

    /// Call `__glassAgent.<function>(args...)` and return its JSON value.
    ///
    /// A context that vanished (the page navigated) is re-created once.
    pub(super) async fn call(
        &mut self,
        function: &str,
        args: &[Value],
        timeout: Duration,
    ) -> Result<Value, BrowserError> {
        // The page cannot run the agent while a dialog is open or its renderer is stuck or
        // gone: either, now or meanwhile, ends the wait at once instead of at the deadline.
        let events = std::sync::Arc::clone(&self.browser.events);
        let mut result = tokio::select! {
            r = self.evaluate(function, args, true, timeout) => r?,
            d = events.dialog_opened() => return Err(BrowserError::DialogOpen(d)),
            f = events.renderer_failed() => return Err(BrowserError::from(f)),
        };
        Ok(result["value"].take())
    }

    /// Drop the cached agent context, and Chrome's report of it: it belonged to a document
    /// that is gone.
    fn forget_context(&mut self) {
        if let Some(c) = self.browser.agent_context.take() {
            if let Ok(mut worlds) = self.browser.events.agent_worlds.lock() {
                worlds.retain(|_, id| *id != c.id);
            }
        }
    }
}

impl Agent<'_> {
    /// Call an agent function that returns an element, and get Chrome's handle to it
    /// (`None` when the function returned null).
    pub(super) async fn object(
        &mut self,
        function: &str,
        args: &[Value],
    ) -> Result<Option<String>, BrowserError> {
        let result = self
            .browser
            .agent()
            .evaluate(function, args, false, CALL_TIMEOUT)
            .await?;
        Ok(result["objectId"].as_str().map(str::to_owned))
    }
}

impl Agent<'_> {
    /// Whether focus, inside shadow roots the page closed to every script (Glass's world
    /// included), rests on a secret field. Chrome's DOM domain sees closed roots: each one on
    /// the way is opened from outside and asked for its focused element, which the agent then
    /// judges by the same rule as any other field. A root nested too deep counts as secret.
    pub async fn sealed_focus_is_secret(&mut self) -> Result<bool, BrowserError> {
        let Some(mut object) = self.object("focusedElement", &[]).await? else {
            return Ok(false);
        };
        let context = self.context().await?;
        let session = Some(context.session.as_str());
        let call = |method: &'static str, params: Value| {
            let cdp = self.browser.cdp.clone();
            let session = session.map(str::to_owned);
            async move {
                cdp.call_raw(session.as_deref(), method, params, CALL_TIMEOUT)
                    .await
                    .map_err(BrowserError::from)
            }
        };
        let group = "glass-sealed";
        let mut verdict = Ok(true);
        for _ in 0..8 {
            let node = call(
                "DOM.describeNode",
                json!({"objectId": object, "depth": 1, "pierce": true}),
            )
            .await?;
            let closed = node["node"]["shadowRoots"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|r| r["shadowRootType"] == "closed")
                .and_then(|r| r["backendNodeId"].as_i64());
            let Some(root) = closed else {
                verdict = Ok(false);
                break;
            };
            let resolved = call(
                "DOM.resolveNode",
                json!({"backendNodeId": root, "executionContextId": context.id, "objectGroup": group}),
            )
            .await?;
            let Some(root) = resolved["object"]["objectId"].as_str() else {
                break;
            };
            let active = call(
                "Runtime.callFunctionOn",
                json!({"objectId": root, "functionDeclaration": "function () { return this.activeElement; }",
                       "objectGroup": group}),
            )
            .await?;
            let Some(inner) = active["result"]["objectId"].as_str().map(str::to_owned) else {
                verdict = Ok(false);
                break;
            };
            let facts = call(
                "Runtime.callFunctionOn",
                json!({"objectId": inner, "returnByValue": true,
                       "functionDeclaration": "function () { return __glassAgent.secretFacts(this); }"}),
            )
            .await?;
            let facts = &facts["result"]["value"];
            if facts["secret"] == true {
                break;
            }
            if facts["sealed"] != true {
                verdict = Ok(false);
                break;
            }
            object = inner;
        }
        let _ = call("Runtime.releaseObjectGroup", json!({"objectGroup": group})).await;
        verdict
    }
}

impl Agent<'_> {
    /// Run one agent function and decode its answer; an answer of another shape is an agent
    /// failure, never a guess.
    pub async fn run<F: super::agent_calls::AgentFn>(
        &mut self,
        call: &F,
    ) -> Result<F::Answer, BrowserError> {
        self.run_within(call, super::page::CALL_TIMEOUT).await
    }

    /// [`Agent::run`] with its own deadline, for calls that wait in the page.
    pub async fn run_within<F: super::agent_calls::AgentFn>(
        &mut self,
        call: &F,
        timeout: std::time::Duration,
    ) -> Result<F::Answer, BrowserError> {
        // The agent functions that change the page (an option chosen, a field emptied, a
        // scroll) count as input for the execution journal.
        if super::agent_calls::MUTATING.contains(&F::NAME) {
            super::cdp::note_input();
        }
        let args = super::agent_calls::arguments(call)?;
        let answer = self.call(F::NAME, &args, timeout).await?;
        serde_json::from_value(answer).map_err(|_| {
            tracing::debug!(
                function = F::NAME,
                "the page agent answered in another shape"
            );
            BrowserError::Agent
        })
    }

    /// Chrome's handle to the file input behind `r` (evaluated without returnByValue), when
    /// it is an enabled file input.
    pub async fn file_input(&mut self, r: &str) -> Result<Option<String>, BrowserError> {
        self.object("fileInput", &[Value::from(r)]).await
    }
}
