//! Frames: listing a page's frames (same-origin and out-of-process, at any depth), selecting
//! one, and mapping a point in a selected frame to the page, through every enclosing document.
//!
//! The agent of a selected frame measures and hit-tests inside that frame only. Input goes to
//! the page, so the point must be carried out through each enclosing frame (each out-of-process
//! frame is its own CDP session, with coordinates of its own), and at each level the enclosing
//! document must show the frame at that point: an overlay in a parent document would otherwise
//! take the click unseen.

use serde_json::{Map, Value, json};

use super::cdp::CdpError;
use super::error::BrowserError;
use super::page::{Browser, CALL_TIMEOUT};
use crate::redact;

/// Deepest frame nesting followed.
const MAX_DEPTH: usize = 16;

/// Why a point in a frame cannot be used.
#[derive(Debug)]
pub enum FramePointError {
    /// The browser failed, or the frame went away.
    Browser(BrowserError),
    /// An element of an enclosing document covers the frame there: `{role, name, tag}`.
    Covered(Value),
}

impl From<BrowserError> for FramePointError {
    fn from(e: BrowserError) -> Self {
        FramePointError::Browser(e)
    }
}

fn gone(_: CdpError) -> FramePointError {
    FramePointError::Browser(BrowserError::FrameGone)
}

/// Frames: which frame the page tools act in, and where its points sit in the page.
/// Reached through [`Browser::frames`].
pub struct Frames<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Frames`] handle over this browser.
    pub fn frames(&mut self) -> Frames<'_> {
        Frames { browser: self }
    }
}

impl Frames<'_> {
    /// The point `(x, y)` of the selected frame's viewport in the page's viewport, after
    /// checking that every enclosing document shows the frame there. Unchanged for the main
    /// frame, whose agent already adds the offsets of its same-process child frames.
    pub async fn point_in_page(&self, x: f64, y: f64) -> Result<(f64, f64), FramePointError> {
        let Some(selected) = self.browser.frame.as_ref() else {
            return Ok((x, y));
        };
        let page_session = self.browser.page()?.session_id.clone();
        let oop = self.browser.events.oop_frames();
        let mut frame = selected.frame_id.clone();
        // The session whose document holds this frame's owner element.
        let mut owner_session = if selected.out_of_process {
            oop.iter()
                .find(|f| f.frame_id == frame)
                .map(|f| f.parent_session.clone())
                .ok_or(BrowserError::FrameGone)?
        } else {
            selected.session_id.clone()
        };
        let (mut x, mut y) = (x, y);
        for _ in 0..MAX_DEPTH {
            let call = |method: &'static str, params: Value| {
                self.browser
                    .cdp
                    .call_raw(Some(&owner_session), method, params, CALL_TIMEOUT)
            };
            let owner = call("DOM.getFrameOwner", json!({"frameId": frame}))
                .await
                .map_err(gone)?;
            let node = owner["backendNodeId"].clone();
            // A frame scrolled out of its parent's view cannot be clicked into: scroll it in,
            // then measure it, in one round trip.
            let mut answers = self
                .browser
                .cdp
                .call_raw_sequence(
                    Some(&owner_session),
                    &[
                        ("DOM.scrollIntoViewIfNeeded", json!({"backendNodeId": node})),
                        ("DOM.getBoxModel", json!({"backendNodeId": node})),
                    ],
                    CALL_TIMEOUT,
                )
                .await
                .into_iter();
            let _scrolled = answers.next();
            let model = answers
                .next()
                .unwrap_or(Err(CdpError::Closed))
                .map_err(gone)?;
            let quad = &model["model"]["content"];
            x += quad[0].as_f64().unwrap_or(0.0);
            y += quad[1].as_f64().unwrap_or(0.0);
            let hit = call(
                "DOM.getNodeForLocation",
                json!({"x": x.round() as i64, "y": y.round() as i64, "includeUserAgentShadowDOM": false}),
            )
            .await
            .ok();
            // The frame's element itself (an out-of-process frame), or a node inside the frame
            // (a same-process one): either way the click reaches the frame.
            let reaches = hit.as_ref().is_some_and(|h| {
                h["backendNodeId"] == node || h["frameId"].as_str() == Some(frame.as_str())
            });
            if !reaches {
                let blocker = match hit {
                    Some(h) => self.describe(&owner_session, &h["backendNodeId"]).await,
                    None => blocker_summary("", "", ""),
                };
                return Err(FramePointError::Covered(blocker));
            }
            if owner_session == page_session {
                return Ok((x, y));
            }
            let parent = oop
                .iter()
                .find(|f| f.session_id == owner_session)
                .ok_or(BrowserError::FrameGone)?;
            frame = parent.frame_id.clone();
            owner_session = parent.parent_session.clone();
        }
        Err(BrowserError::FrameGone.into())
    }

    /// `{role, name, tag}` of a node, bounded, for a blocked-click error.
    async fn describe(&self, session: &str, backend_node: &Value) -> Value {
        let node = self
            .browser
            .cdp
            .call_raw(
                Some(session),
                "DOM.describeNode",
                json!({"backendNodeId": backend_node}),
                CALL_TIMEOUT,
            )
            .await
            .unwrap_or(Value::Null);
        let node = &node["node"];
        let mut attrs = Map::new();
        if let Some(list) = node["attributes"].as_array() {
            for pair in list.chunks(2) {
                if let [Value::String(k), v] = pair {
                    attrs.insert(k.clone(), v.clone());
                }
            }
        }
        let text = |k: &str| attrs.get(k).and_then(Value::as_str).unwrap_or("");
        let name = if text("aria-label").is_empty() {
            text("title")
        } else {
            text("aria-label")
        };
        let tag = node["localName"]
            .as_str()
            .unwrap_or("")
            .to_ascii_lowercase();
        blocker_summary(text("role"), name, &tag)
    }
}

/// The `{role, name, tag}` the page agent gave for an element (its `summarize`), bounded as
/// [`blocker_summary`] does; None when `v` is no such object.
pub fn element_summary(v: &Value) -> Option<Value> {
    let o = v.as_object()?;
    let text = |k: &str| o.get(k).and_then(Value::as_str).unwrap_or("");
    Some(blocker_summary(text("role"), text("name"), text("tag")))
}

/// The `{role, name, tag}` of an element that would take a click, each bounded (page text).
pub fn blocker_summary(role: &str, name: &str, tag: &str) -> Value {
    json!({
        "role": redact::bounded_text(role, 32),
        "name": redact::bounded_text(name, 80),
        "tag": redact::bounded_text(tag, 16),
    })
}

/// One frame of the selected page (its URL is the page's: bound it before showing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameInfo {
    /// The frame id.
    pub id: String,
    /// Its parent frame, `None` for the main frame.
    pub parent: Option<String>,
    /// Its URL.
    pub url: String,
    /// The CDP session that owns it.
    pub session: String,
    /// Whether it runs in its own (cross-origin) process.
    pub oop: bool,
}

/// Most frames listed.
pub const MAX_FRAMES: usize = 256;

impl Frames<'_> {
    /// The selected page's frames: its frame tree, plus out-of-process frames at any depth.
    pub async fn list(&self) -> Result<Vec<FrameInfo>, BrowserError> {
        let page = self.browser.page()?.clone();
        let tree = self
            .browser
            .page_call("Page.getFrameTree", json!({}))
            .await?;
        let mut out = Vec::new();
        let mut stack = vec![(tree["frameTree"].clone(), None::<String>)];
        while let Some((node, parent)) = stack.pop() {
            let id = node["frame"]["id"].as_str().unwrap_or("").to_owned();
            if id.is_empty() || out.len() >= MAX_FRAMES {
                continue;
            }
            for child in node["childFrames"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or(&[])
            {
                stack.push((child.clone(), Some(id.clone())));
            }
            out.push(FrameInfo {
                url: node["frame"]["url"].as_str().unwrap_or("").to_owned(),
                parent,
                session: page.session_id.clone(),
                oop: false,
                id,
            });
        }
        let oop = self.browser.events.oop_frames();
        // The URL at attach time is usually still empty: ask for the current ones, all at once.
        let infos = futures_util::future::join_all(oop.iter().map(|f| {
            self.browser.cdp.call_raw(
                None,
                "Target.getTargetInfo",
                json!({"targetId": f.frame_id}),
                CALL_TIMEOUT,
            )
        }))
        .await;
        for (mut f, info) in oop.into_iter().zip(infos) {
            if let Some(url) = info
                .ok()
                .as_ref()
                .and_then(|i| i["targetInfo"]["url"].as_str())
            {
                f.url = url.to_owned();
            }
            match out.iter_mut().find(|x| x.id == f.frame_id) {
                Some(existing) => {
                    existing.session = f.session_id.clone();
                    existing.oop = true;
                }
                None => out.push(FrameInfo {
                    id: f.frame_id.clone(),
                    parent: Some(f.parent_frame.clone().unwrap_or(page.main_frame.clone())),
                    url: f.url.clone(),
                    session: f.session_id.clone(),
                    oop: true,
                }),
            }
        }
        Ok(out)
    }

    /// Work in the page's main frame again.
    pub fn select_main(&mut self) {
        self.browser.frame = None;
        self.browser.agent_context = None;
    }

    /// Work in frame `id` from now on; `None` when the page has no such frame.
    pub async fn select(&mut self, id: &str) -> Result<Option<FrameInfo>, BrowserError> {
        let frames = self.list().await?;
        let Some(f) = frames.into_iter().find(|f| f.id == id) else {
            return Ok(None);
        };
        if f.oop {
            // The frame's own session needs its page domain for the agent's world.
            let _ = self
                .browser
                .cdp
                .call_raw(Some(&f.session), "Page.enable", json!({}), CALL_TIMEOUT)
                .await;
        }
        self.browser.frame = Some(super::page::FrameSelection {
            frame_id: f.id.clone(),
            session_id: f.session.clone(),
            out_of_process: f.oop,
        });
        self.browser.agent_context = None;
        Ok(Some(f))
    }
}
