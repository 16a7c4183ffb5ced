//! Forms built with Ant Design (the React component library of many admin apps, from npm:
//! `scripts/test` installs `antd` and its `moment` once). Its select draws only the options in
//! view (a virtual list moved by the wheel) beside a listbox kept 0 px wide for screen readers,
//! shows its choice over a see-through input, filters what is typed by option value, and its
//! date picker's field is read-only until it is pressed. Each step is checked on React's state
//! and the page's change log.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, apps, eval, failed, fill_form, nav, ok};
use serde_json::{Value, json};

/// A form of Ant Design fields; `window.state` is React's state after each render, `window.log`
/// what the City select's handler was told.
const FORM: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Shipping</title>
<link rel="stylesheet" href="/npm/antd/dist/antd.min.css">
<script src="/npm/react/umd/react.production.min.js"></script>
<script src="/npm/react-dom/umd/react-dom.production.min.js"></script>
<script src="/npm/moment/min/moment.min.js"></script>
<script src="/npm/antd/dist/antd.min.js"></script>
</head><body><div id="root" style="padding:20px;width:500px"></div>
<script>
const h = React.createElement, A = antd;
window.log = [];
const cities = Array.from({length: 60}, (_, i) => ({value: 'c' + i, label: 'City ' + i}));
function App() {
  const [city, setCity] = React.useState();
  const [hub, setHub] = React.useState();
  const [tags, setTags] = React.useState([]);
  const [date, setDate] = React.useState(null);
  const [at, setAt] = React.useState(null);
  const [call, setCall] = React.useState(null);
  const [columns, setColumns] = React.useState(['dataset']);
  const full = (d) => d && d.format('YYYY-MM-DD HH:mm:ss');
  window.state = {city: city || null, hub: hub || null, tags, date: date && date.format('YYYY-MM-DD'), at: full(at), call: full(call), columns};
  return h(A.Form, {layout: 'vertical'},
    h(A.Form.Item, {label: 'City', name: 'city'}, h(A.Select, {options: cities, value: city, style: {width: 300},
      onChange: (v) => { setCity(v); log.push('city=' + v); }})),
    h(A.Form.Item, {label: 'Hub', name: 'hub'}, h(A.Select, {showSearch: true, optionFilterProp: 'label', options: cities,
      value: hub, onChange: setHub, style: {width: 300}})),
    h(A.Form.Item, {label: 'Tags', name: 'tags'}, h(A.Select, {mode: 'multiple', options: cities.slice(0, 8), value: tags,
      onChange: setTags, style: {width: 300}})),
    h(A.Form.Item, {label: 'Ship on', name: 'ship'}, h(A.DatePicker, {value: date, onChange: setDate})),
    h(A.Form.Item, {label: 'Order code', name: 'code'}, h(A.Input, {readOnly: true, defaultValue: 'ORD-7'})),
    h(A.Form.Item, {label: 'Collect at', name: 'at'}, h(A.DatePicker, {showTime: true, inputReadOnly: true, value: at, onChange: setAt})),
    h(A.Form.Item, {label: 'Call at', name: 'call'}, h(A.DatePicker, {showTime: {use12Hours: true, format: 'h:mm a'},
      format: 'YYYY-MM-DD h:mm a', inputReadOnly: true, value: call, onChange: setCall})),
    h(A.Tree, {checkable: true, defaultExpandAll: true, checkedKeys: columns, onCheck: setColumns, treeData: [
      {title: 'Attributes', key: 'attrs', children: [{title: 'Dataset', key: 'dataset'}, {title: 'Duration', key: 'duration'}]},
      {title: 'Metrics', key: 'metrics', children: [{title: 'accuracy', key: 'accuracy'}, {title: 'loss', key: 'loss'}]}]}));
}
ReactDOM.createRoot(document.getElementById('root')).render(h(App));
</script></body></html>"#;

fn serve() -> Server {
    Server::start_with_dirs(
        vec![("/form.html", Page::html(FORM))],
        &[
            ("/npm/react", apps::npm_package("react")),
            ("/npm/react-dom", apps::npm_package("react-dom")),
            ("/npm/moment", apps::npm_package("moment")),
            ("/npm/antd", apps::npm_package("antd")),
        ],
    )
}

/// Glass on the form, and the server, kept for the test's length.
fn open() -> (Glass, Server) {
    let web = serve();
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/form.html");
    (g, web)
}

fn select(g: &mut Glass, field: &str, label: &str) -> Value {
    g.call(
        json!("select"),
        "select",
        json!({"target": format!("role=combobox;name={field}"), "label": label}),
    )
}

fn state(g: &mut Glass) -> Value {
    eval(g, "window.state")
}

/// The select draws 8 of its 60 options at a time: `select` turns the wheel over the list
/// as a person does, down and then up (it opens scrolled to its choice), until the option
/// shows; once chosen, its choice is drawn over the see-through input, and pressing that
/// opens it again. A name no option has is refused once both ends were reached, the choice
/// as it was.
#[test]
fn a_list_that_draws_only_what_is_in_view_is_looked_through() {
    let (mut g, _web) = open();
    ok(&select(&mut g, "City", "City 42"));
    assert_eq!(state(&mut g)["city"], "c42");
    ok(&select(&mut g, "City", "City 1"));
    assert_eq!(state(&mut g)["city"], "c1");
    ok(&select(&mut g, "City", "City 59"));
    let r = select(&mut g, "City", "City 77");
    assert_eq!(failed(&r)["failureKind"], "noSuchOption", "{r}");
    assert_eq!(state(&mut g)["city"], "c59");
    assert_eq!(eval(&mut g, "log.join(' ')"), "city=c42 city=c1 city=c59");
}

/// A select that filters what is typed by option value shows nothing for a label: the text
/// is taken back and the whole list looked through, as a person does. Its tags are added one
/// by one, and a tag chosen already stays chosen (a press would take it back). A select that
/// filters by label narrows to the option typed.
#[test]
fn tags_and_searches_are_chosen_in_whatever_they_filter_by() {
    let (mut g, _web) = open();
    ok(&select(&mut g, "Tags", "City 3"));
    ok(&select(&mut g, "Tags", "City 5"));
    ok(&select(&mut g, "Tags", "City 5"));
    assert_eq!(state(&mut g)["tags"], json!(["c3", "c5"]));
    ok(&select(&mut g, "Hub", "City 33"));
    assert_eq!(state(&mut g)["hub"], "c33");
    assert_eq!(state(&mut g)["tags"], json!(["c3", "c5"]));
}

/// The date picker's field is read-only until it has the focus: `type` focuses it first, as
/// the keys would, and types the date; a field that stays read-only is refused with its value
/// as it was.
#[test]
fn a_field_read_only_until_focused_takes_the_text() {
    let (mut g, _web) = open();
    ok(&g.call(
        json!("type"),
        "type",
        json!({"target": "role=textbox;name=Ship on", "text": "2026-12-24", "submit": true}),
    ));
    assert_eq!(state(&mut g)["date"], "2026-12-24");
    let r = g.call(
        json!("type"),
        "type",
        json!({"target": "role=textbox;name=Order code", "text": "X"}),
    );
    assert_eq!(failed(&r)["failureKind"], "notEditable", "{r}");
    assert_eq!(
        eval(&mut g, "document.getElementById('code').value"),
        "ORD-7"
    );
}

/// Date pickers that take a time and no keys (`inputReadOnly`): the day pressed in the
/// calendar, turned there by its unnamed buttons (a month and a year at a time), then the
/// hour and minute pressed in their columns (the wheel turned over a column that hides the
/// minute), AM or PM on a 12-hour clock, and the calendar's OK pressed. Checked on React's
/// state, with the seconds the calendar shows at 00.
#[test]
fn a_time_is_chosen_in_the_calendars_columns_and_confirmed() {
    let (mut g, _web) = open();
    let field = |name: &str, value: &str| json!({"target": format!("role=textbox;name={name}"), "value": value});
    ok(&fill_form(
        &mut g,
        json!([
            field("Collect at", "2027-02-03 04:47"),
            field("Call at", "2025-10-01 19:35")
        ]),
    ));
    assert_eq!(state(&mut g)["at"], "2027-02-03 04:47:00");
    let call = state(&mut g)["call"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(call.starts_with("2025-10-01 19:35:"), "{call}");
    let shown =
        "[...document.querySelectorAll('input')].some((i) => i.value === '2025-10-01 7:35 pm')";
    assert_eq!(eval(&mut g, shown), true);
}

/// A checkable tree (MLflow's column chooser is one) draws each item's box as a bare span, no
/// input and no ARIA state: each item shows the state its box shows (a parent with some
/// children checked `mixed`), and `check`, `uncheck` and `fillForm` press the box, as a person
/// does (before: no state shown, `notCheckable`). Checked on React's state.
#[test]
fn a_checkable_trees_items_are_checked_by_their_boxes() {
    let (mut g, _web) = open();
    let obs = ok(&g.call(json!("o"), "observe", json!({"full": true})));
    let item = |name: &str| -> Value {
        common::all_elements(&obs["elements"])
            .into_iter()
            .find(|e| e["role"] == "treeitem" && e["name"] == name)
            .unwrap_or_else(|| panic!("no {name}: {obs}"))
    };
    assert_eq!(item("Dataset")["checked"], true);
    assert_eq!(item("accuracy")["checked"], false);
    assert_eq!(item("Attributes")["checked"], "mixed");
    let item_of = |name: &str| json!({"target": format!("role=treeitem;name={name}")});
    ok(&g.call(json!(1), "check", item_of("accuracy")));
    ok(&g.call(json!(2), "uncheck", item_of("Dataset")));
    assert_eq!(state(&mut g)["columns"], json!(["accuracy"]));
    ok(&fill_form(
        &mut g,
        json!([{"target": "role=treeitem;name=loss", "value": true}]),
    ));
    assert_eq!(
        state(&mut g)["columns"],
        json!(["accuracy", "loss", "metrics"])
    );
}
