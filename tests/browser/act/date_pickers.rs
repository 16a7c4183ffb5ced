//! Date fields a calendar widget keeps read-only (flatpickr, from npm: `scripts/test` installs
//! it once): a person presses the field and then the day in the calendar it opens, turning the
//! calendar to the month and year first. `fillForm` does the same with a `YYYY-MM-DD` date, and
//! each date is checked on what the picker chose and what the form sends.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, apps, eval, failed, fill_form, nav, ok};
use serde_json::{Value, json};

/// A booking form of flatpickr fields: a plain one, one that shows the date in words in an
/// input of its own (its labelled field becomes a hidden input), one that takes no day before
/// 2026-06-10, and three that take a time too, on a 24-hour clock, on a 12-hour one (an
/// AM/PM toggle), and between 09:00 and 17:00 only. `sent()` is what the form would send, `picked()` what each date picker
/// chose, `timed()` what each date-and-time picker chose.
const FORM: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Booking</title>
<link rel="stylesheet" href="/npm/flatpickr/dist/flatpickr.min.css">
<script src="/npm/flatpickr/dist/flatpickr.min.js"></script></head>
<body style="font:16px sans-serif;margin:20px">
<form id="f"><p><label for="arrive">Arrival</label> <input id="arrive" name="arrive"></p>
<p><label for="leave">Departure</label> <input id="leave" name="leave"></p>
<p><label for="soon">Earliest</label> <input id="soon" name="soon"></p>
<p><label for="pickup">Pickup</label> <input id="pickup" name="pickup"></p>
<p><label for="dinner">Dinner</label> <input id="dinner" name="dinner"></p>
<p><label for="drop">Delivery</label> <input id="drop" name="drop"></p>
<button type="button">Book</button></form>
<script>
const pickers = [flatpickr('#arrive', {}), flatpickr('#leave', {altInput: true, altFormat: 'F j, Y', dateFormat: 'Y-m-d'}),
  flatpickr('#soon', {minDate: '2026-06-10', defaultDate: '2026-06-20'})];
window.sent = () => Object.fromEntries(new FormData(document.getElementById('f')));
window.picked = () => pickers.map((p) => p.selectedDates.map((d) => p.formatDate(d, 'Y-m-d')).join(','));
const clocks = [flatpickr('#pickup', {enableTime: true, time_24hr: true, dateFormat: 'Y-m-d H:i'}),
  flatpickr('#dinner', {enableTime: true, dateFormat: 'Y-m-d h:i K'}),
  flatpickr('#drop', {enableTime: true, time_24hr: true, dateFormat: 'Y-m-d H:i', minTime: '09:00', maxTime: '17:00'})];
window.timed = () => clocks.map((p) => p.selectedDates.map((d) => p.formatDate(d, 'Y-m-d H:i:S')).join(','));
</script></body></html>"#;

fn open() -> (Glass, Server) {
    let web = Server::start_with_dirs(
        vec![("/book.html", Page::html(FORM))],
        &[("/npm/flatpickr", apps::npm_package("flatpickr"))],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/book.html");
    (g, web)
}

fn field(name: &str, value: &str) -> Value {
    json!({"target": format!("role=textbox;name={name}"), "value": value})
}

/// Read-only fields are filled by their calendars, in the month shown, in another month and
/// year (by the calendar's month list and year field), and through the field that shows the
/// date in words (named by the label of the field it stands for).
#[test]
fn read_only_date_fields_are_filled_through_their_calendars() {
    let (mut g, _web) = open();
    let obs = ok(&g.call(json!("obs"), "observe", json!({})));
    assert!(
        obs["elements"]
            .to_string()
            .contains(r#""role":"textbox","name":"Departure","readonly":true"#),
        "{obs}"
    );
    ok(&fill_form(
        &mut g,
        json!([
            field("Arrival", "2027-03-05"),
            field("Departure", "2025-11-30"),
            field("Earliest", "2026-07-01")
        ]),
    ));
    assert_eq!(
        eval(&mut g, "picked()"),
        json!(["2027-03-05", "2025-11-30", "2026-07-01"])
    );
    assert_eq!(
        eval(&mut g, "sent()"),
        json!({"arrive": "2027-03-05", "leave": "2025-11-30", "soon": "2026-07-01", "pickup": "", "dinner": "", "drop": ""})
    );
    assert_eq!(
        eval(&mut g, "document.querySelector('#leave + input').value"),
        "November 30, 2025"
    );
}

/// A day the picker does not take (before its first day) is refused, and the date before
/// stays; a value that is no date is refused without a press, the field as it was.
#[test]
fn a_day_the_calendar_refuses_is_never_reported_filled() {
    let (mut g, _web) = open();
    for (value, kind) in [
        ("2026-06-01", "noSuchOption"),
        ("2026-02-30", "notEditable"),
    ] {
        let r = fill_form(&mut g, json!([field("Earliest", value)]));
        assert_eq!(failed(&r)["fields"][0]["failureKind"], kind, "{value}: {r}");
        assert_eq!(eval(&mut g, "picked()[2]"), "2026-06-20", "{value}");
        assert_eq!(eval(&mut g, "sent().soon"), "2026-06-20", "{value}");
    }
}

/// A date with a time is set in the calendar's hour and minute fields after its day, on the
/// calendar's clock: 14:35 as is, 19:05 as 7:05 with PM, 09:15 back to AM; a value held
/// already is filled again. A time the calendar cannot set (a date-only calendar, a second
/// where it shows none) is refused before any day is pressed, the value as it was; one it
/// changes to another is `notChosen`.
#[test]
fn dates_with_times_are_set_on_the_calendars_clock() {
    let (mut g, _web) = open();
    ok(&fill_form(
        &mut g,
        json!([
            field("Pickup", "2027-02-03 14:35"),
            field("Dinner", "2026-12-24T19:05")
        ]),
    ));
    assert_eq!(
        eval(&mut g, "timed()"),
        json!(["2027-02-03 14:35:00", "2026-12-24 19:05:00", ""])
    );
    assert_eq!(eval(&mut g, "sent().dinner"), "2026-12-24 7:05 PM");
    ok(&fill_form(
        &mut g,
        json!([field("Dinner", "2026-12-24 09:15")]),
    ));
    ok(&fill_form(
        &mut g,
        json!([field("Dinner", "2026-12-24 09:15")]),
    ));
    ok(&fill_form(&mut g, json!([field("Arrival", "2027-03-05")])));
    ok(&fill_form(&mut g, json!([field("Arrival", "2027-03-05")])));
    assert_eq!(eval(&mut g, "timed()[1]"), "2026-12-24 09:15:00");
    assert_eq!(eval(&mut g, "picked()[0]"), "2027-03-05");
    for (name, value) in [
        ("Arrival", "2027-04-01 10:00"),
        ("Pickup", "2027-04-01 10:00:30"),
    ] {
        let r = fill_form(&mut g, json!([field(name, value)]));
        assert_eq!(
            failed(&r)["fields"][0]["failureKind"],
            "notEditable",
            "{value}: {r}"
        );
    }
    assert_eq!(eval(&mut g, "picked()[0]"), "2027-03-05");
    assert_eq!(eval(&mut g, "timed()[0]"), "2027-02-03 14:35:00");
    // A time the calendar moves into its hours (07:30 shown as 09:30) is not the time asked.
    let r = fill_form(&mut g, json!([field("Delivery", "2027-01-10 07:30")]));
    assert_eq!(failed(&r)["fields"][0]["failureKind"], "notChosen", "{r}");
    assert_ne!(eval(&mut g, "sent().drop"), "2027-01-10 07:30");
}
