//! Trusted input through CDP: pointer and keyboard events.
//!
//! `fast` sends the minimal events; `human` moves the pointer in small steps with short pauses
//! and types key by key, as a person would.

use std::time::Duration;

use serde_json::json;

use super::keys::Key;
use super::session::{Browser, BrowserError};
use crate::cli::Interaction;

/// Modifier bits as CDP numbers them.
pub const ALT: i64 = 1;
/// Control.
pub const CTRL: i64 = 2;
/// Meta (Command).
pub const META: i64 = 4;
/// Shift.
pub const SHIFT: i64 = 8;

/// `Input.dispatchMouseEvent` parameters.
fn mouse_event(kind: &str, x: f64, y: f64, button: &str, clicks: u32) -> serde_json::Value {
    let held = kind == "mousePressed" || button == "left" && kind == "mouseMoved";
    json!({"type": kind, "x": x, "y": y, "button": button, "buttons": if held { 1 } else { 0 }, "clickCount": clicks})
}

impl Browser {
    async fn mouse(
        &self,
        kind: &str,
        x: f64,
        y: f64,
        button: &str,
        clicks: u32,
    ) -> Result<(), BrowserError> {
        self.page_call(
            "Input.dispatchMouseEvent",
            mouse_event(kind, x, y, button, clicks),
        )
        .await
        .map(|_| ())
    }

    /// Move the pointer to (x, y): one event when fast, small steps when human.
    pub async fn move_pointer(&mut self, x: f64, y: f64) -> Result<(), BrowserError> {
        if self.interaction == Interaction::Human {
            let (x0, y0) = self.pointer;
            let steps = 6;
            for i in 1..steps {
                let t = f64::from(i) / f64::from(steps);
                // Ease-out, so the pointer slows near its target.
                let e = 1.0 - (1.0 - t) * (1.0 - t);
                self.mouse(
                    "mouseMoved",
                    x0 + (x - x0) * e,
                    y0 + (y - y0) * e,
                    "none",
                    0,
                )
                .await?;
                tokio::time::sleep(Duration::from_millis(8)).await;
            }
        }
        self.mouse("mouseMoved", x, y, "none", 0).await?;
        self.pointer = (x, y);
        Ok(())
    }

    /// Move the pointer with the left button held, in small steps (a drag).
    pub async fn drag_pointer(&mut self, x: f64, y: f64) -> Result<(), BrowserError> {
        let (x0, y0) = self.pointer;
        for i in 1..=5 {
            let t = f64::from(i) / 5.0;
            self.mouse(
                "mouseMoved",
                x0 + (x - x0) * t,
                y0 + (y - y0) * t,
                "left",
                0,
            )
            .await?;
        }
        self.pointer = (x, y);
        Ok(())
    }

    /// Press the left button at (x, y).
    pub async fn mouse_down(&self, x: f64, y: f64, clicks: u32) -> Result<(), BrowserError> {
        self.mouse("mousePressed", x, y, "left", clicks).await
    }

    /// Release the left button at (x, y).
    pub async fn mouse_up(&self, x: f64, y: f64, clicks: u32) -> Result<(), BrowserError> {
        self.mouse("mouseReleased", x, y, "left", clicks).await
    }

    /// A full click (or double click) at (x, y).
    pub async fn click_at(&mut self, x: f64, y: f64, count: u32) -> Result<(), BrowserError> {
        if self.interaction == Interaction::Fast {
            // The move, presses and releases in one go: Chrome holds a pointer move until the
            // next animation frame, but dispatches it before the press queued behind it.
            let mut events = vec![(
                "Input.dispatchMouseEvent",
                mouse_event("mouseMoved", x, y, "none", 0),
            )];
            for n in 1..=count {
                events.push((
                    "Input.dispatchMouseEvent",
                    mouse_event("mousePressed", x, y, "left", n),
                ));
                events.push((
                    "Input.dispatchMouseEvent",
                    mouse_event("mouseReleased", x, y, "left", n),
                ));
            }
            let session = self.page()?.session_id.clone();
            self.pointer = (x, y);
            for answer in self
                .cdp
                .call_raw_sequence(Some(&session), &events, super::session::CALL_TIMEOUT)
                .await
            {
                answer?;
            }
            return Ok(());
        }
        self.move_pointer(x, y).await?;
        for n in 1..=count {
            self.mouse_down(x, y, n).await?;
            if self.interaction == Interaction::Human {
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
            self.mouse_up(x, y, n).await?;
        }
        Ok(())
    }

    /// Send one key event (`keyDown` or `keyUp`) with modifiers.
    pub async fn key_event(
        &self,
        key: &Key,
        down: bool,
        modifiers: i64,
    ) -> Result<(), BrowserError> {
        let text = if down && modifiers & (CTRL | ALT | META) == 0 {
            key.text.clone()
        } else {
            None
        };
        let kind = match (down, &text) {
            (true, Some(_)) => "keyDown",
            (true, None) => "rawKeyDown",
            (false, _) => "keyUp",
        };
        let mut params = json!({
            "type": kind,
            "key": key.key,
            "code": key.code,
            "windowsVirtualKeyCode": key.key_code,
            "nativeVirtualKeyCode": key.key_code,
            "modifiers": modifiers,
        });
        if let Some(t) = text {
            params["text"] = json!(t);
            params["unmodifiedText"] = json!(t);
        }
        if key.location != 0 {
            params["location"] = json!(key.location);
        }
        self.page_call("Input.dispatchKeyEvent", params)
            .await
            .map(|_| ())
    }

    /// Type text into the focused element: one insert when fast, key by key when human.
    pub async fn type_text(&self, text: &str) -> Result<(), BrowserError> {
        if self.interaction == Interaction::Fast {
            return self
                .page_call("Input.insertText", json!({"text": text}))
                .await
                .map(|_| ());
        }
        for c in text.chars() {
            let key = Key::for_char(c);
            self.key_event(&key, true, 0).await?;
            self.key_event(&key, false, 0).await?;
            tokio::time::sleep(Duration::from_millis(12)).await;
        }
        Ok(())
    }
}
