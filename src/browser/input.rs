//! Trusted input through CDP: pointer and keyboard events.
//!
//! Both modes send the same events a person's pointer and keys cause (typing is a key press
//! per character in either); `fast` sends them back to back, pipelined, while `human` moves the
//! pointer in small steps and pauses between presses and keys.

use std::time::Duration;

use serde_json::json;

use super::error::BrowserError;
use super::keys::{ALT, CTRL, Key, META};
use super::page::{Browser, CALL_TIMEOUT, Interaction, KeysSent};

/// The least time between the last key and a pointer press. Apps often save typed text on a
/// debounce (Wagtail's rich-text editor copies it into the form 250 ms after the last key), so a
/// press sooner than a person could make it (clicking Publish 20 ms after typing) would submit
/// the text as it was before typing; a person never moves to the button that fast.
pub const KEYS_TO_PRESS: Duration = Duration::from_millis(400);

impl Browser {
    /// Wait out a person's pace after keys sent to the document shown now (see
    /// [`KEYS_TO_PRESS`]), once. Every press waits here, and an action waits here before its
    /// last look at its target (`Actions::actionable`): what the page does with the keys
    /// meanwhile (an editor copying its text into the form, a list narrowing to what was typed)
    /// is then seen, not pressed through.
    pub async fn keys_paced(&mut self) {
        if let Some(keys) = self.keys_sent.take() {
            let same = self.page().is_ok_and(|p| p.target_id == keys.target)
                && self.document() == keys.document;
            if same {
                tokio::time::sleep(KEYS_TO_PRESS.saturating_sub(keys.at.elapsed())).await;
            }
        }
    }
}

/// How often a browser tells the page again that a drag rests over it (`dragover`): every drag
/// rests this long on its destination before the drop, so a page that ignores the events right
/// after it reordered (SortableJS, for 30 ms) or looks on a timer (its pointer mode, every 50 ms)
/// takes the last one.
const DRAG_OVER_EVERY: Duration = Duration::from_millis(50);

/// How long a pointer drag waits at most, on the destination, for the page's animations to end
/// before its last look (SortableJS slides items for 150 ms by default).
const DRAG_SETTLE_MS: u64 = 400;

/// The steps of a drag's path from `from` to `to`, `to` last.
fn drag_path(from: (f64, f64), to: (f64, f64)) -> impl Iterator<Item = (f64, f64)> {
    (1..=5).map(move |i| {
        let t = f64::from(i) / 5.0;
        (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t)
    })
}

/// A mouse button, as CDP names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Button {
    /// The primary button.
    #[default]
    Left,
    /// The context-menu button.
    Right,
    /// The wheel button (opens links in a new tab).
    Middle,
}

impl Button {
    fn name(self) -> &'static str {
        match self {
            Button::Left => "left",
            Button::Right => "right",
            Button::Middle => "middle",
        }
    }

    /// Its bit in the DOM's `buttons`.
    fn bit(self) -> i64 {
        match self {
            Button::Left => 1,
            Button::Right => 2,
            Button::Middle => 4,
        }
    }
}

/// How a click presses: which button, how many times, with which modifier keys held (their
/// DOM names: `Shift`, `Control`, `Alt`, `Meta`).
#[derive(Clone, Debug, Default)]
pub struct Press {
    /// The button.
    pub button: Button,
    /// 1, or 2 for a double click.
    pub count: u32,
    /// Modifier keys held down around the presses, in order.
    pub modifiers: Vec<Key>,
}

impl Press {
    /// A plain left click pressed `count` times.
    pub fn left(count: u32) -> Press {
        Press {
            count,
            ..Press::default()
        }
    }
}

/// CDP calls, in the order they are sent.
type Calls = Vec<(&'static str, serde_json::Value)>;

/// Holding modifier `keys`: the key events that press them in order (each carrying the
/// modifiers held so far), those that release them in reverse, and the bits of all of them,
/// which every event sent while they are held carries.
fn hold(keys: &[Key]) -> (Calls, Calls, i64) {
    let mut held = 0;
    let mut downs = Vec::with_capacity(keys.len());
    for k in keys {
        held |= super::keys::modifier_bit(&k.key).unwrap_or(0);
        downs.push(("Input.dispatchKeyEvent", key_params(k, true, held)));
    }
    let all = held;
    let mut ups = Vec::with_capacity(keys.len());
    for k in keys.iter().rev() {
        held &= !super::keys::modifier_bit(&k.key).unwrap_or(0);
        ups.push(("Input.dispatchKeyEvent", key_params(k, false, held)));
    }
    (downs, ups, all)
}

/// `Input.dispatchMouseEvent` parameters; `button` is held while pressed (and while moving
/// with a button, a drag).
fn mouse_event(
    kind: &str,
    x: f64,
    y: f64,
    button: Option<Button>,
    clicks: u32,
    modifiers: i64,
) -> serde_json::Value {
    let held = match (kind, button) {
        ("mousePressed" | "mouseMoved", Some(b)) => b.bit(),
        _ => 0,
    };
    let name = button.map_or("none", Button::name);
    json!({"type": kind, "x": x, "y": y, "button": name, "buttons": held,
           "clickCount": clicks, "modifiers": modifiers})
}

/// Input: the pointer and the keyboard, as Chrome's input events.
/// Reached through [`Browser::input`].
pub struct Input<'b> {
    pub(in crate::browser) browser: &'b mut Browser,
}

impl Browser {
    /// The [`Input`] handle over this browser.
    pub fn input(&mut self) -> Input<'_> {
        Input { browser: self }
    }
}

impl Input<'_> {
    /// Note that keys went to the selected page's current document just now.
    fn note_keys(&mut self) {
        self.browser.keys_sent = self.browser.page().ok().map(|p| KeysSent {
            at: std::time::Instant::now(),
            target: p.target_id.clone(),
            document: self.browser.document(),
        });
    }

    /// Send one mouse event (see [`mouse_event`]) and wait for Chrome to have handled it.
    async fn mouse(&self, event: serde_json::Value) -> Result<(), BrowserError> {
        self.browser
            .page_call("Input.dispatchMouseEvent", self.with_held(event))
            .await
            .map(|_| ())
    }

    /// An input event's parameters with the modifiers held down (see `Browser::held`).
    fn with_held(&self, mut event: serde_json::Value) -> serde_json::Value {
        if self.browser.held != 0 {
            event["modifiers"] =
                json!(event["modifiers"].as_i64().unwrap_or(0) | self.browser.held);
        }
        event
    }

    /// Move the pointer to (x, y): one event when fast, small steps when human.
    pub async fn move_pointer(&mut self, x: f64, y: f64) -> Result<(), BrowserError> {
        if self.browser.interaction == Interaction::Human {
            let (x0, y0) = self.browser.pointer;
            let steps = 6;
            for i in 1..steps {
                let t = f64::from(i) / f64::from(steps);
                // Ease-out, so the pointer slows near its target.
                let e = 1.0 - (1.0 - t) * (1.0 - t);
                self.mouse(mouse_event(
                    "mouseMoved",
                    x0 + (x - x0) * e,
                    y0 + (y - y0) * e,
                    None,
                    0,
                    0,
                ))
                .await?;
                tokio::time::sleep(Duration::from_millis(8)).await;
            }
        }
        self.mouse(mouse_event("mouseMoved", x, y, None, 0, 0))
            .await?;
        self.browser.pointer = (x, y);
        Ok(())
    }

    /// Turn the wheel by `dy` CSS px with the pointer at (x, y), as a person scrolls what is
    /// under it (a list that draws only the rows in view moves on the wheel's events).
    pub async fn wheel_at(&mut self, x: f64, y: f64, dy: f64) -> Result<(), BrowserError> {
        self.move_pointer(x, y).await?;
        self.mouse(json!({"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": dy}))
            .await
    }

    /// Move the pointer with the left button held, in small steps (a drag).
    pub async fn drag_pointer(&mut self, x: f64, y: f64) -> Result<(), BrowserError> {
        for (px, py) in drag_path(self.browser.pointer, (x, y)) {
            self.mouse(mouse_event("mouseMoved", px, py, Some(Button::Left), 0, 0))
                .await?;
        }
        self.browser.pointer = (x, y);
        Ok(())
    }

    /// Press the left button at (x, y).
    pub async fn mouse_down(&self, x: f64, y: f64, clicks: u32) -> Result<(), BrowserError> {
        self.mouse(mouse_event(
            "mousePressed",
            x,
            y,
            Some(Button::Left),
            clicks,
            0,
        ))
        .await
    }

    /// Release the left button at (x, y).
    pub async fn mouse_up(&self, x: f64, y: f64, clicks: u32) -> Result<(), BrowserError> {
        self.mouse(mouse_event(
            "mouseReleased",
            x,
            y,
            Some(Button::Left),
            clicks,
            0,
        ))
        .await
    }

    /// A full left click (or double click) at (x, y).
    pub async fn click_at(&mut self, x: f64, y: f64, count: u32) -> Result<(), BrowserError> {
        self.press_at(x, y, &Press::left(count)).await
    }

    /// A full click at (x, y) as `press` says: the modifier keys go down first (as a person
    /// holds Shift before clicking) and up after, and every mouse event carries them.
    pub async fn press_at(&mut self, x: f64, y: f64, press: &Press) -> Result<(), BrowserError> {
        self.browser.keys_paced().await;
        let (downs, ups, mods) = hold(&press.modifiers);
        let button = Some(press.button);
        if self.browser.interaction == Interaction::Fast {
            // The move, presses and releases in one go: Chrome holds a pointer move until the
            // next animation frame, but dispatches it before the press queued behind it.
            let mut events = downs;
            events.push((
                "Input.dispatchMouseEvent",
                mouse_event("mouseMoved", x, y, None, 0, mods),
            ));
            for n in 1..=press.count {
                events.push((
                    "Input.dispatchMouseEvent",
                    mouse_event("mousePressed", x, y, button, n, mods),
                ));
                events.push((
                    "Input.dispatchMouseEvent",
                    mouse_event("mouseReleased", x, y, button, n, mods),
                ));
            }
            events.extend(ups);
            self.browser.pointer = (x, y);
            return self.send_sequence(&events).await;
        }
        self.move_pointer(x, y).await?;
        self.send_sequence(&downs).await?;
        for n in 1..=press.count {
            self.mouse(mouse_event("mousePressed", x, y, button, n, mods))
                .await?;
            tokio::time::sleep(Duration::from_millis(30)).await;
            self.mouse(mouse_event("mouseReleased", x, y, button, n, mods))
                .await?;
        }
        self.send_sequence(&ups).await
    }

    /// Send one key event (`keyDown` or `keyUp`) with modifiers.
    pub async fn key_event(
        &mut self,
        key: &Key,
        down: bool,
        modifiers: i64,
    ) -> Result<(), BrowserError> {
        self.note_keys();
        // A modifier is held from its own press (its keydown says so) to its release.
        let bit = super::keys::modifier_bit(&key.key).unwrap_or(0);
        if down {
            self.browser.held |= bit;
        } else {
            self.browser.held &= !bit;
        }
        let params = key_params(key, down, modifiers | self.browser.held);
        self.browser
            .page_call("Input.dispatchKeyEvent", params)
            .await
            .map(|_| ())
    }

    /// Press and release a chord: modifiers down in order, the key, then the modifiers up in
    /// reverse. One pipelined round trip.
    pub async fn press_chord(&mut self, chord: &super::keys::Shortcut) -> Result<(), BrowserError> {
        self.press_times(chord, 1).await
    }

    /// Press `chord` `times` times in a row, pipelined (a slider stepped toward a value).
    pub async fn press_times(
        &mut self,
        chord: &super::keys::Shortcut,
        times: usize,
    ) -> Result<(), BrowserError> {
        self.note_keys();
        let (mut events, ups, _) = hold(&chord.modifier_keys);
        for _ in 0..times {
            events.push((
                "Input.dispatchKeyEvent",
                key_params(&chord.key, true, chord.modifiers),
            ));
            events.push((
                "Input.dispatchKeyEvent",
                key_params(&chord.key, false, chord.modifiers),
            ));
        }
        events.extend(ups);
        self.send_sequence(&events).await
    }

    /// Type text into the focused element as a person's keys would: a key press for every
    /// character (so widgets that listen to keys see them), at the caret, replacing a
    /// selection. `fast` sends the keys back to back in one pipelined sequence; `human` pauses
    /// between keys. Characters no US key produces are inserted as text input. `bulk` inserts
    /// the whole text at once with no key events: faster, but key listeners never run.
    pub async fn type_text(&mut self, text: &str, bulk: bool) -> Result<(), BrowserError> {
        let typed = self.send_text(text, bulk).await;
        // From the last key on, not the first: a long text takes a while to type.
        self.note_keys();
        typed
    }

    /// `type_text`'s keys (or bulk text), sent.
    async fn send_text(&self, text: &str, bulk: bool) -> Result<(), BrowserError> {
        if bulk {
            return self
                .browser
                .page_call("Input.insertText", json!({"text": text}))
                .await
                .map(|_| ());
        }
        let events = keystrokes(text);
        if self.browser.interaction == Interaction::Fast {
            for chunk in events.chunks(256) {
                self.send_sequence(chunk).await?;
            }
            return Ok(());
        }
        for pair in events.chunks(2) {
            self.send_sequence(pair).await?;
            tokio::time::sleep(Duration::from_millis(12)).await;
        }
        Ok(())
    }

    /// Send CDP calls to the page pipelined, in order; the first failure wins.
    async fn send_sequence(&self, calls: &[(&str, serde_json::Value)]) -> Result<(), BrowserError> {
        let session = self.browser.page()?.session_id.clone();
        let held: Vec<_>;
        let calls = if self.browser.held == 0 {
            calls
        } else {
            held = calls
                .iter()
                .map(|(m, p)| (*m, self.with_held(p.clone())))
                .collect();
            &held[..]
        };
        for answer in self
            .browser
            .cdp
            .call_raw_sequence(Some(&session), calls, CALL_TIMEOUT)
            .await
        {
            answer?;
        }
        Ok(())
    }
}

/// `Input.dispatchKeyEvent` parameters for one key going down or up. Text is produced only
/// without Control, Alt or Meta (a chord such as Control+A types nothing).
fn key_params(key: &Key, down: bool, modifiers: i64) -> serde_json::Value {
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
    params
}

/// The events that type `text`: down and up for each character a US keyboard has, a text
/// insertion for any other (accented letters, emoji).
fn keystrokes(text: &str) -> Vec<(&'static str, serde_json::Value)> {
    let mut out = Vec::with_capacity(text.len() * 2);
    let mut other = String::new();
    let flush = |other: &mut String, out: &mut Vec<(&'static str, serde_json::Value)>| {
        if !other.is_empty() {
            out.push(("Input.insertText", json!({"text": std::mem::take(other)})));
        }
    };
    for c in text.chars() {
        if c.is_ascii_graphic() || c == ' ' || c == '\n' {
            flush(&mut other, &mut out);
            let key = Key::for_char(c);
            out.push(("Input.dispatchKeyEvent", key_params(&key, true, 0)));
            out.push(("Input.dispatchKeyEvent", key_params(&key, false, 0)));
        } else if c != '\r' {
            other.push(c);
        }
    }
    flush(&mut other, &mut out);
    out
}

impl Input<'_> {
    /// Rest a little past `every` on the page's clock (see the agent's `rest`); on the wall
    /// clock when the page cannot be asked.
    async fn rest_on_page(&mut self, every: Duration) {
        let rest = every.as_millis() as u64 + 10;
        if self
            .browser
            .agent()
            .run(&super::agent_calls::Rest(rest))
            .await
            .is_err()
        {
            tokio::time::sleep(every).await;
        }
    }

    /// Drag from `from` to `to` (viewport points): a pointer drag, and for an HTML5 drag (which
    /// Chrome intercepts) the drag events replayed as a person's drag makes them: over each step
    /// of the path (a sortable list reorders as the drag passes its items), then again at rest on
    /// the destination, then the drop.
    pub async fn drag(&mut self, from: (f64, f64), to: (f64, f64)) -> Result<(), BrowserError> {
        let (x1, y1) = from;
        let (x2, y2) = to;
        let mut drags = self.browser.cdp.subscribe();
        self.browser
            .page_call("Input.setInterceptDrags", json!({"enabled": true}))
            .await?;
        let session = self.browser.page.as_ref().map(|p| p.session_id.clone());
        let result = async {
            self.move_pointer(x1, y1).await?;
            self.mouse_down(x1, y1, 1).await?;
            self.drag_pointer(x2, y2).await?;
            let intercepted = |ev: &super::cdp::CdpEvent| {
                (ev.method == "Input.dragIntercepted" && ev.session_id == session)
                    .then(|| ev.params["data"].clone())
            };
            // Chrome tells of the interception before it answers the move that began the drag.
            let mut data = None;
            loop {
                match drags.try_recv() {
                    Ok(ev) => data = intercepted(&ev),
                    Err(tokio::sync::broadcast::error::TryRecvError::Lagged(_)) => continue,
                    Err(_) => break,
                }
                if data.is_some() {
                    break;
                }
            }
            // Not told yet: waited for only when the page began an HTML5 drag (or cannot say),
            // so a pointer drag does not wait the whole window for an interception never coming.
            let began = data.is_none()
                && self
                    .browser
                    .agent()
                    .run(&super::agent_calls::DragStarted())
                    .await
                    .map_or(true, |v| v["started"] != false);
            if began {
                let window = tokio::time::Instant::now() + Duration::from_millis(500);
                while let Ok(Ok(ev)) = tokio::time::timeout_at(window, drags.recv()).await {
                    data = intercepted(&ev);
                    if data.is_some() {
                        break;
                    }
                }
            }
            // Where the button comes up: on the destination, or a pixel past it (see below).
            let mut release = (x2, y2);
            if let Some(data) = data {
                let over = |kind: &str, (x, y): (f64, f64)| {
                    json!({"type": kind, "x": x, "y": y, "data": data})
                };
                let mut kind = "dragEnter";
                for step in drag_path(from, to) {
                    self.browser
                        .page_call("Input.dispatchDragEvent", over(kind, step))
                        .await?;
                    kind = "dragOver";
                }
                tokio::time::sleep(DRAG_OVER_EVERY).await;
                for kind in ["dragOver", "drop"] {
                    self.browser
                        .page_call("Input.dispatchDragEvent", over(kind, to))
                        .await?;
                }
            } else {
                // A pointer drag rests on the destination too before the button comes up, as a
                // person's does: SortableJS's pointer mode looks where the pointer is every 50 ms.
                // The rest is measured on the page's clock, so that look has run before the
                // release: on a loaded machine a wall-clock rest let the release reach the page
                // first (Chrome runs input before timers), and the library dropped the card back
                // where it came from while the drop's target had received the release. And
                // SortableJS looks once per pointer position and ignores the pointer over an
                // item still sliding from that look's move: once the page is still, the pointer
                // moves by a pixel, so that the library looks again, and rests again.
                self.rest_on_page(DRAG_OVER_EVERY).await;
                let _ = self
                    .browser
                    .agent()
                    .run(&super::agent_calls::RestStill(DRAG_SETTLE_MS))
                    .await;
                release = (x2, y2 + 1.0);
                self.mouse(mouse_event("mouseMoved", release.0, release.1, Some(Button::Left), 0, 0))
                    .await?;
                self.rest_on_page(DRAG_OVER_EVERY).await;
            }
            self.mouse_up(release.0, release.1, 1).await
        }
        .await;
        let _ = self
            .browser
            .page_call("Input.setInterceptDrags", json!({"enabled": false}))
            .await;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ascii_character_is_a_key_press_and_the_rest_is_inserted() {
        let ev = keystrokes("a(\né😀b");
        let kinds: Vec<String> = ev
            .iter()
            .map(|(m, p)| format!("{m}:{}", p["type"].as_str().unwrap_or("insert")))
            .collect();
        assert_eq!(
            kinds,
            [
                "Input.dispatchKeyEvent:keyDown",
                "Input.dispatchKeyEvent:keyUp",
                "Input.dispatchKeyEvent:keyDown",
                "Input.dispatchKeyEvent:keyUp",
                "Input.dispatchKeyEvent:keyDown",
                "Input.dispatchKeyEvent:keyUp",
                "Input.insertText:insert",
                "Input.dispatchKeyEvent:keyDown",
                "Input.dispatchKeyEvent:keyUp",
            ]
        );
        assert_eq!(ev[4].1["key"], "Enter");
        assert_eq!(ev[6].1["text"], "é😀");
        assert_eq!(ev[0].1["text"], "a");
        assert!(ev[1].1.get("text").is_none());
    }

    #[test]
    fn chords_type_no_text() {
        let k = Key::named("a").unwrap();
        assert!(key_params(&k, true, CTRL).get("text").is_none());
        assert_eq!(key_params(&k, true, CTRL)["type"], "rawKeyDown");
        assert_eq!(key_params(&k, true, super::super::keys::SHIFT)["text"], "a");
    }
}
