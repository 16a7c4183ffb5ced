//! Setting a slider as a person does with its keys: focused, then moved with the arrows (Page
//! Up and Down for long ways, Home and End for its ends), reading where it stands after each
//! round, until it reads what was asked. The one way `fillForm` and `select` set a slider: a
//! range input and a slider the page draws (`role="slider"` with `aria-valuenow`) alike, since
//! every slider that follows the ARIA practices takes these keys, and the page's own handlers
//! see them. A slider whose number is only a position (sizes "XS" to "XL", dates) is set by
//! the text it says (`aria-valuetext`), as a person reads it. Never reported set unless the
//! slider reads what was asked.

use std::time::Duration;

use crate::browser::Browser;
use crate::browser::agent_calls::{SelectOptionEntry, Settle, State, StepRange};
use crate::browser::keys::chord;
use crate::failure::{Failure, FailureKind};
use crate::tools::kernel::outcome::ToolOutcome;

/// Most keys one setting sends: a slider of a thousand steps is crossed with Page keys first.
const MOST_KEYS: usize = 400;
/// Rounds of keys, each followed by a reading, before giving up.
const ROUNDS: usize = 10;
/// Arrow presses past which Page Up or Down is tried for the long way.
const LONG_WAY: f64 = 20.0;
/// Stops a refusal lists, as `select` lists options.
const MOST_LISTED: usize = 16;

/// Bring the slider `r` to `asked` (a number, or the text one of its stops says) with its
/// keys; `Ok` only when it reads that. A number outside its bounds or off its steps is refused
/// before any key; a text no stop says is `noSuchOption` with the stops it read; a slider that
/// stops short is put back where it was, as far as its keys allow, and reported `notSet`.
pub async fn set_slider(b: &mut Browser, r: &str, asked: &str) -> Result<(), ToolOutcome> {
    let asked = asked.trim();
    let range = reading(b, r).await?;
    let Some(start) = range.now else {
        return Err(not_set(
            "the slider does not say where it stands; it was not moved",
        ));
    };
    if range.text.as_deref().is_some_and(|t| same_text(t, asked)) {
        return Ok(());
    }
    let number = asked.parse::<f64>().ok();
    let Some(want) = number.filter(|n| !named_by_text(&range, start) && on_scale(&range, *n))
    else {
        // Its number is only a position, or no number of its scale: a stop that says it.
        if range.text.is_some() {
            return walk_to_text(b, r, &range, start, asked).await;
        }
        return Err(off_scale(&range));
    };
    if same(start, want) {
        return Ok(());
    }
    b.actions().focus_for_keys(r).await?;
    let reached = step_to(b, r, &range, start, want).await?;
    b.actions().keys_reached().await?;
    if same(reached, want) {
        if reading(b, r)
            .await?
            .text
            .is_some_and(|t| !says_number(&t, want))
        {
            // Where it started said its number ("0" at 0), this stop another ("5" at 2): its
            // numbers are positions after all, and the stop is found by what it says.
            return walk_to_text(b, r, &range, start, asked).await;
        }
        return Ok(());
    }
    // Back where it was (the form as it stood), as far as its keys allow.
    let _ = step_to(b, r, &range, reached, start).await;
    Err(not_set(
        "the slider's keys did not bring it to the number; it was put back where it stood",
    ))
}

/// Whether the slider's number is only a position: it says a text whose number (if any) is not
/// the number it stands at ("M" at 2, "20" at 1), unlike a number with a unit ("30°C", "$30").
fn named_by_text(range: &StepRange, now: f64) -> bool {
    range.text.as_deref().is_some_and(|t| !says_number(t, now))
}

/// Whether `text` says the number `n` (with a unit or currency around it, or none).
fn says_number(text: &str, n: f64) -> bool {
    first_number(text).is_some_and(|x| same(x, n))
}

/// The first number written in `text` ("$1,200.5 a month" is 1200.5), if any.
fn first_number(text: &str) -> Option<f64> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let negative = text[..start].ends_with(['-', '\u{2212}']);
    let digits: String = text[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
        .filter(|c| *c != ',')
        .collect();
    let n = digits.trim_end_matches('.').parse::<f64>().ok()?;
    Some(if negative { -n } else { n })
}

/// The same words as a person reads them (case and spacing aside).
fn same_text(said: &str, asked: &str) -> bool {
    let words = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    words(said) == words(asked)
}

/// From its least stop up, one arrow at a time, until a stop says `asked`; a slider none of
/// whose stops says it is put back where it stood and refused with the stops it read.
async fn walk_to_text(
    b: &mut Browser,
    r: &str,
    range: &StepRange,
    start: f64,
    asked: &str,
) -> Result<(), ToolOutcome> {
    b.actions().focus_for_keys(r).await?;
    let at_least = range.min.is_some_and(|m| same(m, start));
    let mut at = press(b, r, "Home", 1, start, late_draw(!at_least)).await?;
    let mut seen: Vec<SelectOptionEntry> = Vec::new();
    let mut stops = 0usize;
    for _ in 0..MOST_KEYS {
        let Some(now) = at.now else { break };
        if let Some(text) = at.text.as_deref() {
            if same_text(text, asked) {
                b.actions().keys_reached().await?;
                return Ok(());
            }
            if seen.len() < MOST_LISTED && !seen.iter().any(|o| o.label == text) {
                seen.push(SelectOptionEntry {
                    value: now.to_string(),
                    label: text.to_owned(),
                });
            }
        }
        stops += 1;
        let at_most = range.max.is_some_and(|m| same(m, now));
        let next = press(b, r, "ArrowUp", 1, now, late_draw(!at_most)).await?;
        if next.now.is_none_or(|n| same(n, now)) {
            break; // its top
        }
        at = next;
    }
    b.actions().keys_reached().await?;
    if let Some(now) = at.now {
        let _ = step_to(b, r, range, now, start).await;
    }
    Err(Failure::of(
        FailureKind::NoSuchOption,
        "no stop of the slider says that; it was put back where it stood",
    )
    .with("options", serde_json::to_value(&seen).unwrap_or_default())
    .with("optionCount", stops)
    .into())
}

/// Move the focused slider from `now` toward `want`; where it stands at the end.
async fn step_to(
    b: &mut Browser,
    r: &str,
    range: &StepRange,
    mut now: f64,
    want: f64,
) -> Result<f64, ToolOutcome> {
    if same(now, want) {
        return Ok(now);
    }
    // Its ends take one key each.
    let end = if range.min.is_some_and(|m| same(m, want)) {
        Some("Home")
    } else if range.max.is_some_and(|m| same(m, want)) {
        Some("End")
    } else {
        None
    };
    if let Some(key) = end {
        now = press(b, r, key, 1, now, LATE_DRAW)
            .await?
            .now
            .unwrap_or(now);
        if same(now, want) {
            return Ok(now);
        }
    }
    let mut step = range.step;
    // How far Page Up moves it: unknown until tried, `Some(0.0)` when it does nothing.
    let mut page: Option<f64> = None;
    let mut sent = 0;
    for _ in 0..ROUNDS {
        let gap = want - now;
        if same(now, want) || sent >= MOST_KEYS {
            break;
        }
        let up = gap > 0.0;
        let arrows = step.map(|s| (gap.abs() / s).round());
        let long = arrows.is_none_or(|n| n > LONG_WAY) && step.is_some();
        let (key, times) = match (long, page) {
            (true, None) => (if up { "PageUp" } else { "PageDown" }, 1.0),
            (true, Some(p)) if p > step.unwrap_or(0.0) && gap.abs() >= p => (
                if up { "PageUp" } else { "PageDown" },
                (gap.abs() / p).floor(),
            ),
            _ => (
                if up { "ArrowUp" } else { "ArrowDown" },
                arrows.unwrap_or(1.0).max(1.0),
            ),
        };
        let times = (times as usize).min(MOST_KEYS - sent);
        sent += times;
        // Page Up tried for the first time may well do nothing: not waited on long.
        let late = late_draw(!(long && page.is_none()));
        let Some(after) = press(b, r, key, times, now, late).await?.now else {
            break;
        };
        let moved = after - now;
        let paging = key.starts_with("Page");
        if same(after, now) {
            if paging {
                page = Some(0.0);
                continue;
            }
            break;
        }
        if (moved > 0.0) != up && !paging {
            // The arrows run the other way: nothing a person's keys can settle.
            now = after;
            break;
        }
        let each = moved.abs() / times as f64;
        if paging {
            page = Some(each);
        } else if range.step.is_none() && times == 1 {
            step = Some(each);
        }
        now = after;
    }
    Ok(now)
}

/// Press `key` `times` times on the focused slider; where it stands once the page has drawn,
/// read again for `late` while it still stands at `was`.
async fn press(
    b: &mut Browser,
    r: &str,
    key: &str,
    times: usize,
    was: f64,
    late: Duration,
) -> Result<StepRange, ToolOutcome> {
    b.input().press_times(&chord(key), times).await?;
    // A slider that shows its value on the next frame has drawn it by then.
    b.agent().run(&Settle(300, 1)).await?;
    let mut now = reading(b, r).await?;
    // One that draws on a timer of its own (ion.rangeSlider redraws every 300 ms) says where
    // it went a little later: read again each time the page changes, until it moves, or for
    // `late` (a key that moved nothing).
    let until = tokio::time::Instant::now() + late;
    while now.now.is_some_and(|n| same(n, was)) && b.actions().changes_before(until).await? {
        now = reading(b, r).await?;
    }
    // A drawing between the last reading and the watch that followed it is seen by no change:
    // read once more at the end (ion.rangeSlider's, on a loaded machine: read unmoved, notSet).
    if now.now.is_some_and(|n| same(n, was)) {
        now = reading(b, r).await?;
    }
    Ok(now)
}

/// How long a slider that did not move at a key it should move at is read again for (see
/// [`press`]): its own timer's period (ion.rangeSlider's 300 ms) and then some, as a loaded
/// machine runs that timer late (over a second, seen here and on CI). It ends as soon as the
/// slider moves.
const LATE_DRAW: Duration = Duration::from_millis(3000);
/// How long for a key that may well move nothing (one at the slider's end, Page Up tried on a
/// slider that may not take it): a miss there costs only this.
const MAYBE_DRAW: Duration = Duration::from_millis(400);

/// The wait for a late drawing after a key: long where the key should move the slider.
fn late_draw(should_move: bool) -> Duration {
    if should_move { LATE_DRAW } else { MAYBE_DRAW }
}

/// Where the slider stands now.
async fn reading(b: &mut Browser, r: &str) -> Result<StepRange, ToolOutcome> {
    let state = b.agent().run(&State(r)).await?;
    if !state.connected {
        return Err(Failure::of(
            FailureKind::StaleRef,
            "the element is gone (the page changed); look at the page again",
        )
        .into());
    }
    state.range.ok_or_else(|| {
        Failure::of(FailureKind::NotActionable, "the element is not a slider").into()
    })
}

/// Whether `want` is a number the slider can read: within its bounds, and on its steps when
/// the page says them (a range input's steps count from its min).
fn on_scale(range: &StepRange, want: f64) -> bool {
    if !want.is_finite()
        || range.min.is_some_and(|m| want < m && !same(want, m))
        || range.max.is_some_and(|m| want > m && !same(want, m))
    {
        return false;
    }
    match (range.step, range.min) {
        (Some(step), Some(min)) if step > 0.0 => {
            let k = (want - min) / step;
            (k - k.round()).abs() < 1e-6
        }
        _ => true,
    }
}

/// Equal as a slider reads it (0.1 + 0.2 reads 0.3).
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-7 * (1.0 + b.abs())
}

/// `notInRange`, with the bounds and steps a number must keep to.
fn off_scale(range: &StepRange) -> ToolOutcome {
    Failure::of(
        FailureKind::NotInRange,
        "the slider takes no such number (outside its bounds or between its steps); it was not moved",
    )
    .with("min", range.min)
    .with("max", range.max)
    .with("step", range.step)
    .into()
}

fn not_set(reason: &'static str) -> ToolOutcome {
    Failure::of(FailureKind::NotSet, reason).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(min: f64, max: f64, step: Option<f64>) -> StepRange {
        StepRange {
            now: Some(min),
            min: Some(min),
            max: Some(max),
            step,
            text: None,
        }
    }

    #[test]
    fn a_number_off_the_sliders_steps_or_bounds_is_not_on_its_scale() {
        let r = range(0.0, 100.0, Some(5.0));
        assert!(on_scale(&r, 35.0));
        assert!(!on_scale(&r, 37.0));
        assert!(!on_scale(&r, 105.0));
        assert!(!on_scale(&r, -5.0));
        assert!(!on_scale(&r, f64::NAN));
        let fine = range(0.0, 1.0, Some(0.1));
        assert!(on_scale(&fine, 0.3));
        // Steps count from the min.
        let odd = range(1.0, 10.0, Some(2.0));
        assert!(on_scale(&odd, 5.0));
        assert!(!on_scale(&odd, 4.0));
        // A drawn slider says no steps: any number within its bounds.
        assert!(on_scale(&range(0.0, 10.0, None), 3.3));
    }

    #[test]
    fn a_slider_whose_text_is_not_its_number_is_set_by_its_text() {
        let said = |t: &str| StepRange {
            text: Some(t.to_owned()),
            ..range(0.0, 4.0, Some(1.0))
        };
        // Sizes and a stop of several numbers: the number is only a position.
        assert!(named_by_text(&said("M"), 2.0));
        assert!(named_by_text(&said("20"), 1.0));
        // Its number with a unit or a currency: set by number.
        assert!(!named_by_text(&said("30°C"), 30.0));
        assert!(!named_by_text(&said("$1,200"), 1200.0));
        assert!(!named_by_text(&said("-5 dB"), -5.0));
        assert!(!named_by_text(&range(0.0, 4.0, Some(1.0)), 2.0));
        assert_eq!(first_number("up to 3.5 km."), Some(3.5));
        assert_eq!(first_number("none"), None);
        assert!(same_text(" Extra  large", "extra large"));
        assert!(!same_text("XL", "L"));
    }
}
