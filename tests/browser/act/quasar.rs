//! Quasar (Vue's component library that NiceGUI draws with, from npm: `scripts/test` installs
//! `vue` and `quasar` once). Its time picker is a clock face that turns a press into an hour by
//! its angle; its slider puts its role on a wrapper that takes no focus and the keys on a part
//! inside; its multi-select's chips each carry a "Remove" button whose icon is a ligature
//! (`cancel`); its table's sortable headers hold an aria-hidden arrow icon; its pager's select is
//! named by the number it shows. Each step is checked on Vue's own state.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, apps, eval, fill_form, nav, ok};
use serde_json::{Value, json};

/// A booking form of Quasar components; `st()` is Vue's state.
const FORM: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Booking</title>
<link rel="stylesheet" href="/npm/quasar/dist/quasar.prod.css"></head>
<body><div id="q-app" style="max-width:700px;padding:16px">
<q-input label="Full name" v-model="name"></q-input>
<q-select label="Skills" v-model="skills" :options="['Python', 'Docker', 'Go', 'SQL']" multiple use-chips></q-select>
<p>Volume</p>
<q-slider v-model="volume" :min="0" :max="100" :step="5"></q-slider>
<q-time v-model="time" format24h></q-time>
<q-table title="Orders" :rows="rows" :columns="columns" row-key="id" selection="multiple" v-model:selected="selected" v-model:pagination="pagination"></q-table>
</div>
<script src="/npm/vue/dist/vue.global.prod.js"></script>
<script src="/npm/quasar/dist/quasar.umd.prod.js"></script>
<script>
const app = Vue.createApp({data: () => ({name: '', skills: ['Python', 'Docker'], volume: 30, time: null, selected: [],
  pagination: {sortBy: null, descending: false, page: 1, rowsPerPage: 5},
  rows: [{id: 1, customer: 'Alice', amount: 1200}, {id: 2, customer: 'Bob', amount: 25}, {id: 3, customer: 'Carol', amount: 310}],
  columns: [{name: 'customer', label: 'Customer', field: 'customer', sortable: true, align: 'left'},
            {name: 'amount', label: 'Amount', field: 'amount', sortable: true}]}),
  mounted() { window.vm = this; }});
app.use(Quasar);
app.mount('#q-app');
window.st = () => ({name: vm.name, skills: [...vm.skills], volume: vm.volume, time: vm.time,
  selected: vm.selected.map((r) => r.customer), sortBy: vm.pagination.sortBy, rowsPerPage: vm.pagination.rowsPerPage});
</script></body></html>"#;

/// Glass on the form, and the server, kept for the test's length.
fn open() -> (Glass, Server) {
    let web = Server::start_with_dirs(
        vec![("/form.html", Page::html(FORM))],
        &[
            ("/npm/vue", apps::npm_package("vue")),
            ("/npm/quasar", apps::npm_package("quasar")),
        ],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/form.html");
    (g, web)
}

/// The element of an observation with this role and name, or context.
fn find<'a>(elements: &'a Value, role: &str, words: &str) -> Option<&'a Value> {
    let items = elements.as_array()?;
    for e in items {
        if e["role"] == role && (e["name"] == words || e["context"] == words) {
            return Some(e);
        }
        if let Some(found) = find(&e["children"], role, words) {
            return Some(found);
        }
    }
    None
}

/// Bug (NiceGUI's time input): `click text=9` on the clock face pressed the dial's centre, the
/// clickable the hour's words are in, and Quasar read an hour of NaN, while the click answered
/// ok. The words a text locator matched are pressed where they show: the hour, then the minute
/// the face turns to, are Vue's time.
#[test]
fn a_quasar_clock_face_takes_the_hour_and_minute_pressed() {
    let (mut g, _web) = open();
    ok(&g.call(json!(1), "click", json!({"target": "text=9"})));
    ok(&g.call(json!(2), "click", json!({"target": "text=30"})));
    assert_eq!(eval(&mut g, "st().time"), "09:30");
}

/// The slider's role is on a wrapper that takes no focus (its track does): it is set by keys
/// through the part a press would focus, and observe says its value. The field is filled in the
/// same call; each is Vue's state.
#[test]
fn a_quasar_slider_is_set_through_the_part_that_takes_its_keys() {
    let (mut g, _web) = open();
    let seen = ok(&g.call(json!(1), "observe", json!({"includeFormValues": true})));
    let slider =
        find(&seen["elements"], "slider", "Volume").expect("the slider, known by its words");
    assert_eq!(slider["value"], "30", "{slider}");
    ok(&fill_form(
        &mut g,
        json!([
            {"target": "role=slider", "value": 65},
            {"target": "role=textbox;name=Full name", "value": "Ada Lovelace"}
        ]),
    ));
    let st = eval(&mut g, "st()");
    assert_eq!(
        (st["volume"].clone(), st["name"].clone()),
        (json!(65), json!("Ada Lovelace"))
    );
}

/// Each chip's Remove button is told apart by its chip's words, not by its icon's ligature
/// ("cancel"): the one for Docker removes Docker. The table's columns read as their names
/// without the sort arrow, a header pressed by that name sorts by it, and the pager's select,
/// named by the number it shows, carries the words before it.
#[test]
fn quasar_chips_headers_and_pager_are_known_by_the_words_a_person_reads() {
    let (mut g, _web) = open();
    let seen = ok(&g.call(json!(1), "observe", json!({})));
    let docker = find(&seen["elements"], "button", "Docker").expect("Docker's Remove");
    assert_eq!(docker["name"], "Remove", "{docker}");
    let table = find(&seen["elements"], "table", "").expect("the orders table");
    assert_eq!(
        table["columns"],
        json!(["", "Customer", "Amount"]),
        "{table}"
    );
    let pager = find(&seen["elements"], "combobox", "Records per page:").expect("the pager");
    let r = docker["ref"].as_str().unwrap().to_owned();
    ok(&g.call(json!(2), "click", json!({"target": r})));
    ok(&g.call(json!(3), "click", json!({"target": "name=Amount"})));
    ok(&g.call(
        json!(4),
        "select",
        json!({"target": pager["ref"], "label": "10"}),
    ));
    let st = eval(&mut g, "st()");
    assert_eq!(
        (
            st["skills"].clone(),
            st["sortBy"].clone(),
            st["rowsPerPage"].clone()
        ),
        (json!(["Python"]), json!("amount"), json!(10)),
        "{st}"
    );
}
