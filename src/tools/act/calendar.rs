//! A date chosen in the calendar its field opens, as a person does when the field takes no keys
//! (flatpickr keeps its field read-only by default): `fillForm`'s one way into such a field.

use crate::browser::Browser;
use crate::browser::agent_calls::{DayCell, DayCellAnswer, OptionSpec, Settle, ValueOf};
use crate::browser::input::Press;
use crate::browser::keys::Key;
use crate::failure::{Failure, FailureKind};
use crate::tools::act::choose::{FreeText, choose_option};
use crate::tools::act::clearing::retype;
use crate::tools::act::pointer::press_ref;
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

/// The calendar's cell for the date, or its month and year controls, as the page shows them now
/// (their refs recorded).
async fn day_cell(
    b: &mut Browser,
    r: &str,
    (y, m, d): (i64, u32, u32),
) -> Result<DayCellAnswer, ToolOutcome> {
    let next = b.next_ref();
    let found = b.agent().run(&DayCell(r, y, m, d, next)).await?;
    if found.status.as_deref() == Some("stale") {
        return Err(Failure::of(
            FailureKind::StaleRef,
            "the element is gone (the page changed); look at the page again",
        )
        .into());
    }
    let items = [&found.cell, &found.month, &found.year];
    b.actions().record_refs(
        &found.next_ref,
        items.into_iter().flatten().chain(found.steppers.iter()),
    );
    Ok(found)
}

/// The ref of an item the agent gave.
fn ref_of(item: &serde_json::Value) -> String {
    item["ref"].as_str().unwrap_or_default().to_owned()
}

/// Pick `value` (a `YYYY-MM-DD` date) in the calendar read-only field `r` opens: press the
/// field, then the day's cell (calendars name each by its whole date), turning the calendar
/// to the date's month and year first by its month select and year field, or by the buttons
/// that step it, when the day is not shown. `Ok(false)`, with nothing but the field pressed, when the value is no such date or no
/// calendar shows (the caller says `notEditable`). Picked only when the field then holds
/// another value than before: a day the page did not take is `notChosen`.
pub async fn pick_date(b: &mut Browser, r: &str, value: &str) -> Result<bool, ToolOutcome> {
    let Some(date) = iso_date(value.trim()) else {
        return Ok(false);
    };
    let before = b.agent().run(&ValueOf(r)).await?.value;
    press_ref(b, r, Some(&Press::left(1))).await?;
    let mut found = day_cell(b, r, date).await?;
    if found.cells == 0 {
        return Ok(false);
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
    press_ref(b, &ref_of(&cell), Some(&Press::left(1))).await?;
    let after = b.agent().run(&ValueOf(r)).await?.value;
    if after == before || after.as_deref().is_none_or(str::is_empty) {
        close_calendar(b).await;
        return Err(Failure::of(
            FailureKind::NotChosen,
            "the day was pressed in the calendar but the field does not show another date",
        )
        .into());
    }
    Ok(true)
}

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
    use super::iso_date;

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
