//! A date chosen in the calendar its field opens, as a person does when the field takes no keys
//! (flatpickr keeps its field read-only by default): `fillForm`'s one way into such a field.
//! A date with a time of day has its time set in the calendar's hour and minute parts after.

use crate::browser::Browser;
use crate::browser::agent_calls::{
    CellShift, DayCell, DayCellAnswer, OptionSpec, SetNativeTime, Settle, TimeParts,
    TimePartsAnswer, ValueOf,
};
use crate::browser::input::Press;
use crate::browser::keys::Key;
use crate::failure::{Failure, FailureKind};
use crate::tools::act::choose::{FreeText, choose_option};
use crate::tools::act::clearing::retype;
use crate::tools::act::pointer::press_ref;
use crate::tools::act::stepping::set_slider;
use crate::tools::kernel::outcome::ToolOutcome;

/// The months as a calendar's select of months names them.
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A date written `YYYY-MM-DD` (the form an `<input type=date>` takes too), if it is a day of
/// the calendar.
fn iso_date(s: &str) -> Option<(i64, u32, u32)> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = s.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (y, m, d) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (y >= 1 && (1..=days).contains(&d)).then_some((i64::from(y), m, d))
}

/// A time of day asked with a date: hour (0 to 23), minute and second.
#[derive(Clone, Copy, Debug, PartialEq)]
struct TimeOfDay {
    hour: u32,
    minute: u32,
    second: Option<u32>,
}

/// `HH:MM` or `HH:MM:SS`, on a 24-hour clock.
fn clock(s: &str) -> Option<TimeOfDay> {
    let parts: Vec<&str> = s.split(':').collect();
    let two = |p: &&str| -> Option<u32> {
        (p.len() == 2 && p.bytes().all(|c| c.is_ascii_digit())).then(|| p.parse().ok())?
    };
    let (hour, minute) = (two(parts.first()?)?, two(parts.get(1)?)?);
    let second = match parts.get(2) {
        Some(p) => Some(two(p)?).filter(|s| *s < 60),
        None => None,
    };
    let fits = hour < 24 && minute < 60 && parts.len() <= 3;
    (fits && (parts.len() < 3 || second.is_some())).then_some(TimeOfDay {
        hour,
        minute,
        second,
    })
}

/// A date `YYYY-MM-DD`, with a time `HH:MM[:SS]` after a space or a `T` (the form an
/// `<input type=datetime-local>` takes) when one is asked.
fn date_time(s: &str) -> Option<((i64, u32, u32), Option<TimeOfDay>)> {
    let s = s.trim();
    let day = iso_date(s.get(..10)?)?;
    match s.as_bytes().get(10) {
        None => Some((day, None)),
        Some(b' ' | b'T') => Some((day, Some(clock(s.get(11..)?)?))),
        Some(_) => None,
    }
}

/// Whether a field's text shows the time of day `t`, on a 24-hour clock ("14:30") or a
/// 12-hour one ("2:30 PM", "02:30 pm").
fn shows_time(text: &str, t: TimeOfDay) -> bool {
    let text = text.to_ascii_lowercase();
    let minutes = format!(":{:02}", t.minute);
    text.match_indices(&minutes).any(|(i, _)| {
        let head = &text[..i];
        let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let Some(hour) = (1..=2)
            .contains(&digits)
            .then(|| head[i - digits..].parse::<u32>().ok())
            .flatten()
        else {
            return false;
        };
        let mut rest = &text[i + minutes.len()..];
        if let Some(secs) = rest.strip_prefix(':') {
            rest = secs.trim_start_matches(|c: char| c.is_ascii_digit());
        }
        let rest = rest.trim_start();
        let pm = if rest.starts_with("pm") || rest.starts_with("p.m.") {
            Some(true)
        } else if rest.starts_with("am") || rest.starts_with("a.m.") {
            Some(false)
        } else {
            None
        };
        match pm {
            Some(pm) => (1..=12).contains(&hour) && hour % 12 + if pm { 12 } else { 0 } == t.hour,
            None => hour == t.hour,
        }
    })
}

/// The calendar's cell for the date, or its month and year controls, as the page shows them now
/// (their refs recorded).
async fn day_cell(
    b: &mut Browser,
    r: &str,
    (y, m, d): (i64, u32, u32),
) -> Result<DayCellAnswer, ToolOutcome> {
    let next = b.next_ref();
    let found = b.agent().run(&DayCell(r, y, m, d, next)).await?;
    field_still_there(found.status.as_deref())?;
    let items = [&found.cell, &found.month, &found.year];
    b.actions().record_refs(
        &found.next_ref,
        items.into_iter().flatten().chain(found.steppers.iter()),
    );
    Ok(found)
}

/// `staleRef` when the agent found the field gone (`status` "stale").
fn field_still_there(status: Option<&str>) -> Result<(), ToolOutcome> {
    if status == Some("stale") {
        return Err(Failure::of(
            FailureKind::StaleRef,
            "the element is gone (the page changed); look at the page again",
        )
        .into());
    }
    Ok(())
}

/// The ref of an item the agent gave.
fn ref_of(item: &serde_json::Value) -> String {
    item["ref"].as_str().unwrap_or_default().to_owned()
}

/// Set a native date or time field (`<input type="date">` and its kin) to `text` as HTML
/// writes it, as a person picks it in the field's picker: keys go to its parts in the order of
/// the browser's locale, so typed text would land in the wrong parts. `Ok(false)` for any other
/// element (it takes keys); text not written as the field's kind takes it is `notEditable` with
/// nothing set, and a value the field then does not hold (no such day) `notKept`.
pub async fn set_native_time(b: &mut Browser, r: &str, text: &str) -> Result<bool, ToolOutcome> {
    let set = b.agent().run(&SetNativeTime(r, text)).await?;
    if !set.native {
        return Ok(false);
    }
    if set.failure.as_deref() == Some("format") {
        return Err(Failure::of(
            FailureKind::NotEditable,
            "a date or time field takes its value as HTML writes it (date YYYY-MM-DD, time HH:MM, datetime-local YYYY-MM-DDTHH:MM, month YYYY-MM, week YYYY-Www); nothing was set",
        )
        .into());
    }
    if !set.ok {
        return Err(Failure::of(
            FailureKind::NotKept,
            "the field does not hold the value it was set to (no such date or time); read the field",
        )
        .with("held", "other")
        .into());
    }
    Ok(true)
}

/// Pick `value` (a `YYYY-MM-DD` date, with a time `HH:MM` when the calendar sets one) in the
/// calendar read-only field `r` opens: press the field, then the day's cell (calendars name
/// each by its whole date), turning the calendar to the date's month and year first by its
/// month select and year field, or by the buttons that step it, when the day is not shown;
/// then its hour and minute. `Ok(false)`, with nothing but the field pressed, when the value
/// is no such date, no calendar shows, or the calendar sets no time asked (the caller says
/// `notEditable`). Picked only when the field then holds another value than before (or the
/// calendar marked the day chosen already), showing the time asked: a day or time the page
/// did not take is `notChosen`.
pub async fn pick_date(b: &mut Browser, r: &str, value: &str) -> Result<bool, ToolOutcome> {
    let Some((date, time)) = date_time(value) else {
        return Ok(false);
    };
    let before = b.agent().run(&ValueOf(r)).await?.value;
    press_ref(b, r, Some(&Press::left(1))).await?;
    // A calendar may open a few frames after the press (a dropdown that slides in): waited
    // for, as a person waits for it, a little.
    let mut found = day_cell(b, r, date).await?;
    let mut looks = 0;
    loop {
        let shown = found.cells > 0
            && match time {
                Some(t) => sets_time(&time_parts(b, r, t).await?, t),
                None => true,
            };
        if shown {
            break;
        }
        if looks == OPENING_LOOKS {
            if found.cells > 0 {
                close_calendar(b).await;
            }
            return Ok(false);
        }
        looks += 1;
        b.agent().run(&Settle(300, 2)).await?;
        found = day_cell(b, r, date).await?;
    }
    if found.cell.is_none() {
        if let (Some(month), Some(year)) = (found.month.clone(), found.year.clone()) {
            let spec = OptionSpec {
                value: None,
                label: Some(MONTHS[date.1 as usize - 1]),
            };
            choose_option(b, &ref_of(&month), spec, FreeText::Refused).await?;
            retype(b, &ref_of(&year), &date.0.to_string()).await?;
            b.agent().run(&Settle(300, 2)).await?;
            found = day_cell(b, r, date).await?;
        } else if !found.steppers.is_empty() {
            found = step_to(b, r, date, found).await?;
        }
    }
    let Some(cell) = found.cell else {
        close_calendar(b).await;
        return Err(Failure::of(
            FailureKind::NoSuchOption,
            "the calendar the field opens shows no day for that date, or not one that can be chosen",
        )
        .into());
    };
    let held = found.chosen;
    press_ref(b, &ref_of(&cell), Some(&Press::left(1))).await?;
    if let Some(t) = time {
        set_time(b, r, t).await?;
    }
    let after = b.agent().run(&ValueOf(r)).await?.value;
    let shown = after.as_deref().unwrap_or_default();
    // The field showing what it did is fine when it held that day already.
    let unchanged = after == before && !held;
    if unchanged || shown.is_empty() || time.is_some_and(|t| !shows_time(shown, t)) {
        close_calendar(b).await;
        return Err(Failure::of(
            FailureKind::NotChosen,
            "the day was pressed in the calendar but the field does not show that date and time",
        )
        .into());
    }
    Ok(true)
}

/// The calendar's parts that set a time of day, as the page shows them now (refs recorded).
async fn time_parts(
    b: &mut Browser,
    r: &str,
    t: TimeOfDay,
) -> Result<TimePartsAnswer, ToolOutcome> {
    let next = b.next_ref();
    let asked = TimeParts(r, t.hour, t.minute, t.second.unwrap_or(0), next);
    let found = b.agent().run(&asked).await?;
    field_still_there(found.status.as_deref())?;
    let items = [&found.hour, &found.minute, &found.second, &found.confirm];
    b.actions().record_refs(
        &found.next_ref,
        items.into_iter().flatten().chain(found.meridiem.iter()),
    );
    Ok(found)
}

/// Set the time `t` in the open calendar of field `r`: its hour (on the calendar's clock: a
/// 12-hour one when it says AM or PM), minute and second typed into their fields or set on
/// their sliders, AM or PM chosen, then the choice confirmed by the calendar's button, or the
/// calendar left with Escape (flatpickr takes the time as its fields lose the focus).
async fn set_time(b: &mut Browser, r: &str, t: TimeOfDay) -> Result<(), ToolOutcome> {
    let parts = time_parts(b, r, t).await?;
    let (Some(hour), Some(minute), true) = (&parts.hour, &parts.minute, sets_time(&parts, t))
    else {
        close_calendar(b).await;
        return Err(Failure::of(
            FailureKind::NoSuchOption,
            "the calendar no longer shows the hour and minute to set",
        )
        .into());
    };
    let twelve = !parts.meridiem.is_empty();
    let hour_text = if twelve {
        ((t.hour + 11) % 12 + 1).to_string()
    } else {
        format!("{:02}", t.hour)
    };
    set_part(b, hour, &hour_text).await?;
    set_part(b, minute, &format!("{:02}", t.minute)).await?;
    // 14:35 is 14:35:00 where the calendar shows seconds.
    if let Some(second) = &parts.second {
        set_part(b, second, &format!("{:02}", t.second.unwrap_or(0))).await?;
    }
    if twelve {
        set_meridiem(b, r, t).await?;
    }
    match time_parts(b, r, t).await?.confirm {
        Some(confirm) => {
            press_ref(b, &ref_of(&confirm), Some(&Press::left(1))).await?;
        }
        None => close_calendar(b).await,
    }
    Ok(())
}

/// Whether the calendar has the parts to set `t`: an hour and a minute, and a second unless
/// `t`'s is none or zero.
fn sets_time(parts: &TimePartsAnswer, t: TimeOfDay) -> bool {
    parts.hour.is_some()
        && parts.minute.is_some()
        && (parts.second.is_some() || t.second.is_none_or(|s| s == 0))
}

/// Type `text` into a time part's field, set its slider to it, or press its cell (which says
/// it already).
async fn set_part(
    b: &mut Browser,
    part: &serde_json::Value,
    text: &str,
) -> Result<(), ToolOutcome> {
    if part["press"] == true {
        press_cell(b, &ref_of(part)).await
    } else if part["role"] == "slider" {
        set_slider(b, &ref_of(part), text).await
    } else {
        retype(b, &ref_of(part), text).await
    }
}

/// Most turns of the wheel spent bringing a time cell into view in its column.
const MOST_CELL_TURNS: usize = 3;

/// Press a time cell, first turning the wheel over its column, as a person does, while the
/// column hides it (Ant Design's minutes show seven of sixty).
async fn press_cell(b: &mut Browser, cell: &str) -> Result<(), ToolOutcome> {
    for _ in 0..MOST_CELL_TURNS {
        match press_ref(b, cell, Some(&Press::left(1))).await {
            Err(ToolOutcome::Failed(f)) if f.failure_kind() == Some(FailureKind::NotVisible) => {}
            other => return other.map(|_| ()),
        }
        let Some(shift) = b.agent().run(&CellShift(cell)).await? else {
            break;
        };
        let Ok((x, y)) = b.frames().point_in_page(shift.x, shift.y).await else {
            break;
        };
        b.input().wheel_at(x, y, shift.dy).await?;
        b.agent().run(&Settle(300, 1)).await?;
    }
    press_ref(b, cell, Some(&Press::left(1))).await?;
    Ok(())
}

/// Whether a part's words say PM (else AM).
fn says_pm(part: &serde_json::Value) -> bool {
    part["text"]
        .as_str()
        .is_some_and(|t| t.trim_start().to_ascii_lowercase().starts_with('p'))
}

/// Bring the calendar's AM/PM to `t`'s half of the day: a select of the two chosen, the button saying it
/// pressed, or a toggle pressed until it says it (twice at most).
async fn set_meridiem(b: &mut Browser, r: &str, t: TimeOfDay) -> Result<(), ToolOutcome> {
    let pm = t.hour >= 12;
    let word = if pm { "PM" } else { "AM" };
    for _ in 0..2 {
        let parts = time_parts(b, r, t).await?;
        match parts.meridiem.as_slice() {
            [select] if select["tag"] == "select" => {
                let spec = OptionSpec {
                    value: None,
                    label: Some(word),
                };
                return choose_option(b, &ref_of(select), spec, FreeText::Refused).await;
            }
            [toggle] if says_pm(toggle) == pm => return Ok(()),
            [toggle] => {
                press_ref(b, &ref_of(toggle), Some(&Press::left(1))).await?;
            }
            both => {
                if let Some(button) = both.iter().find(|p| says_pm(p) == pm) {
                    press_ref(b, &ref_of(button), Some(&Press::left(1))).await?;
                }
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Looks, a settled moment apart, for a calendar (and the parts of it that set a time) that
/// has not opened yet after its field's press.
const OPENING_LOOKS: usize = 4;

/// Most presses of a calendar's month buttons spent turning it to a date's month.
const MOST_STEPS: usize = 60;

/// Turn a calendar with no month select by its buttons that step it (`found.steppers`), as a
/// person does: each pressed once to see which way and how far it turns (a month, or a year:
/// Ant Design has both), then the one that brings it nearest the date's month without passing
/// it, until the day shows. The calendar as it is then.
async fn step_to(
    b: &mut Browser,
    r: &str,
    date: (i64, u32, u32),
    mut found: DayCellAnswer,
) -> Result<DayCellAnswer, ToolOutcome> {
    let want = date.0 * 12 + i64::from(date.1) - 1;
    // What each stepper (by its place among them) turns the calendar by.
    let mut turns: Vec<(usize, i64)> = Vec::new();
    for i in 0..found.steppers.len().min(4) {
        let (Some(before), Some(button)) = (found.shown, found.steppers.get(i)) else {
            break;
        };
        press_ref(b, &ref_of(button), Some(&Press::left(1))).await?;
        found = day_cell(b, r, date).await?;
        if found.cell.is_some() {
            return Ok(found);
        }
        if let Some(after) = found.shown.filter(|a| *a != before) {
            turns.push((i, after - before));
        }
    }
    for _ in 0..MOST_STEPS {
        let Some(now) = found.shown else { break };
        let left = want - now;
        let Some((i, _)) = turns
            .iter()
            .filter(|(_, t)| t.signum() == left.signum() && t.abs() <= left.abs())
            .max_by_key(|(_, t)| t.abs())
        else {
            break;
        };
        let Some(button) = found.steppers.get(*i) else {
            break;
        };
        press_ref(b, &ref_of(button), Some(&Press::left(1))).await?;
        found = day_cell(b, r, date).await?;
        if found.cell.is_some() {
            break;
        }
    }
    Ok(found)
}

/// Escape, as a person leaves a calendar they could not use (it may cover other fields).
async fn close_calendar(b: &mut Browser) {
    if let Some(escape) = Key::named("Escape") {
        let _ = b.input().key_event(&escape, true, 0).await;
        let _ = b.input().key_event(&escape, false, 0).await;
    }
}

#[cfg(test)]
mod tests {
    use super::{TimeOfDay, date_time, iso_date, shows_time};

    fn at(hour: u32, minute: u32) -> TimeOfDay {
        TimeOfDay {
            hour,
            minute,
            second: None,
        }
    }

    #[test]
    fn a_date_may_carry_a_time_of_day() {
        assert_eq!(date_time("2026-12-24"), Some(((2026, 12, 24), None)));
        assert_eq!(
            date_time(" 2026-12-24 14:30 "),
            Some(((2026, 12, 24), Some(at(14, 30))))
        );
        let with_seconds = date_time("2026-12-24T00:05:09").and_then(|(_, t)| t);
        assert_eq!(
            with_seconds.map(|t| (t.hour, t.minute, t.second)),
            Some((0, 5, Some(9)))
        );
        for not in [
            "2026-12-24 24:00",
            "2026-12-24 14:60",
            "2026-12-24 1:30",
            "2026-12-24 14:30:60",
            "2026-12-24 14:30:00:00",
            "2026-12-24 14",
            "2026-12-24x14:30",
            "2026-12-24 14:30 PM",
            "2026-12-2é",
        ] {
            assert_eq!(date_time(not), None, "{not}");
        }
    }

    #[test]
    fn a_time_shows_on_either_clock() {
        assert!(shows_time("2026-12-24 14:30", at(14, 30)));
        assert!(shows_time("2026-12-24 02:30 PM", at(14, 30)));
        assert!(shows_time("Dec 24, 2026, 2:30 p.m.", at(14, 30)));
        assert!(shows_time("2026-12-24 12:05:00 am", at(0, 5)));
        assert!(shows_time("2026-12-24 12:05", at(12, 5)));
        assert!(!shows_time("2026-12-24 02:30 AM", at(14, 30)));
        assert!(!shows_time("2026-12-24 12:00", at(14, 30)));
        assert!(!shows_time("2026-12-24 4:30", at(14, 30)));
        assert!(!shows_time("2026-12-24", at(14, 30)));
    }

    #[test]
    fn only_days_of_the_calendar_are_dates() {
        assert_eq!(iso_date("2026-12-24"), Some((2026, 12, 24)));
        assert_eq!(iso_date("2028-02-29"), Some((2028, 2, 29)));
        for not in [
            "2026-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-04-31",
            "2026-1-05",
            "26-12-24",
            "2026/12/24",
            "2026-12-2x",
            "0000-01-01",
            "",
        ] {
            assert_eq!(iso_date(not), None, "{not}");
        }
    }
}
