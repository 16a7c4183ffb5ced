//! Forms built with Vuetify (Vue's Material component library, from npm: `scripts/test`
//! installs `vue` and `vuetify` once). Its select is an element with role combobox around an
//! input its page labels but Vuetify names "Open", so no element carries the label; its
//! autocomplete puts the input a person types into inside the combobox, which owns the list
//! (the ARIA 1.1 pattern); its slider is an ARIA slider with no name beside its label. Each step
//! is checked on Vue's own state.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, apps, eval, failed, fill_form, nav, ok};
use serde_json::json;

/// A form of Vuetify fields; `st()` is Vue's state, `log` what the dialog's and menu's buttons
/// were told.
const FORM: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Profile</title>
<link rel="stylesheet" href="/npm/vuetify/dist/vuetify.min.css">
<script src="/npm/vue/dist/vue.global.prod.js"></script>
<script src="/npm/vuetify/dist/vuetify.min.js"></script></head>
<body><div id="app"><v-app><v-main><v-container style="max-width:500px">
<v-text-field label="Full name" v-model="name"></v-text-field>
<v-select label="Fruit" :items="['Apple', 'Banana', 'Cherry']" v-model="fruit"></v-select>
<v-select label="Colors" :items="['Red', 'Green', 'Blue']" v-model="colors" multiple></v-select>
<v-autocomplete label="Country" :items="['France', 'Germany', 'Italy', 'Spain']" v-model="country"></v-autocomplete>
<v-checkbox label="Agree" v-model="agree"></v-checkbox>
<v-switch label="Dark mode" v-model="dark"></v-switch>
<v-radio-group v-model="plan" inline><v-radio label="Free" value="free"></v-radio><v-radio label="Pro" value="pro"></v-radio></v-radio-group>
<v-slider label="Volume" v-model="volume" :step="1" :max="100"></v-slider>
<v-btn @click="dialog = true">Delete</v-btn>
<v-dialog v-model="dialog" width="300"><v-card title="Delete the profile?"><v-card-actions>
<v-btn @click="log.push('kept'); dialog = false">No</v-btn><v-btn @click="log.push('deleted'); dialog = false">Yes</v-btn>
</v-card-actions></v-card></v-dialog>
</v-container></v-main></v-app></div>
<script>
const app = Vue.createApp({data: () => ({name: '', fruit: null, colors: [], country: null, agree: false, dark: false,
  plan: 'free', volume: 10, dialog: false, log: []}), mounted() { window.vm = this; }});
app.use(Vuetify.createVuetify());
app.mount('#app');
window.st = () => ({name: vm.name, fruit: vm.fruit, colors: [...vm.colors], country: vm.country, agree: vm.agree,
  dark: vm.dark, plan: vm.plan, volume: vm.volume, log: [...vm.log]});
</script></body></html>"#;

/// A page of one Vuetify app: its `template` inside a container, and `data` its Vue state (the
/// app is `window.vm`).
fn app_page(title: &str, template: &str, data: &str, extra: &str) -> String {
    format!(
        r#"<!doctype html><html><head><meta charset="utf-8"><title>{title}</title>
<link rel="stylesheet" href="/npm/vuetify/dist/vuetify.min.css">
<script src="/npm/vue/dist/vue.global.prod.js"></script>
<script src="/npm/vuetify/dist/vuetify.min.js"></script></head>
<body><div id="app"><v-app><v-main><v-container style="max-width:500px">
{template}
</v-container></v-main></v-app></div>
<script>
const app = Vue.createApp({{data: () => ({data}), {extra} mounted() {{ window.vm = this; }}}});
app.use(Vuetify.createVuetify());
app.mount('#app');
</script></body></html>"#
    )
}

/// A select of 80 cities: Vuetify draws 45 rows of it at first and the rest as its list is
/// scrolled.
fn cities() -> String {
    app_page(
        "Cities",
        r#"<v-select label="City" :items="cities" v-model="city"></v-select>"#,
        "{city: null, cities: Array.from({length: 80}, (_, i) => 'City ' + (i + 1))}",
        "",
    )
}

/// A read-only text field that opens Vuetify's date picker in a menu: its days say only their
/// number (the date is in `data-v-date`), and two unnamed chevrons step it from month to month.
fn trip() -> String {
    app_page(
        "Trip",
        r#"<v-menu v-model="menu" :close-on-content-click="false">
<template v-slot:activator="{ props }"><v-text-field label="Start date" :model-value="shown" readonly v-bind="props"></v-text-field></template>
<v-date-picker v-model="date" @update:model-value="menu = false"></v-date-picker>
</v-menu>"#,
        "{menu: false, date: null}",
        "computed: {shown() { return this.date ? this.date.toISOString().slice(0, 10) : ''; }},",
    )
}

/// Glass on the form, and the server, kept for the test's length.
fn open() -> (Glass, Server) {
    let web = Server::start_with_dirs(
        vec![
            ("/form.html", Page::html(FORM)),
            ("/cities.html", Page::html(&cities())),
            ("/trip.html", Page::html(&trip())),
        ],
        &[
            ("/npm/vue", apps::npm_package("vue")),
            ("/npm/vuetify", apps::npm_package("vuetify")),
        ],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/form.html");
    (g, web)
}

/// The select's combobox is named by the label a person reads (its input goes by "Open"), and
/// one `fillForm` fills every field through what a person operates; Vue's state then holds
/// every value, and the dialog's button answers.
#[test]
fn a_vuetify_form_is_filled_in_one_call() {
    let (mut g, _web) = open();
    let r = ok(&g.call(json!("obs"), "observe", json!({})));
    let listed = r["elements"].to_string();
    for name in ["Fruit", "Colors"] {
        assert!(
            listed.contains(&format!(r#""role":"combobox","name":"{name}""#)),
            "{listed}"
        );
    }
    ok(&fill_form(
        &mut g,
        json!([
            {"target": "role=textbox;name=Full name", "value": "Ada Lovelace"},
            {"target": "role=combobox;name=Fruit", "value": "Cherry"},
            {"target": "name=Country", "value": "Germany"},
            {"target": "role=checkbox;name=Agree", "value": true},
            {"target": "role=checkbox;name=Dark mode", "value": true},
            {"target": "role=radio;name=Pro", "value": true},
            {"target": "role=slider", "value": 55}
        ]),
    ));
    for (target, label) in [("Colors", "Green"), ("Colors", "Blue")] {
        ok(&g.call(
            json!("select"),
            "select",
            json!({"target": format!("role=combobox;name={target}"), "label": label}),
        ));
    }
    ok(&g.call(
        json!("del"),
        "click",
        json!({"target": "role=button;name=Delete"}),
    ));
    ok(&g.call(
        json!("yes"),
        "click",
        json!({"target": "role=button;name=Yes"}),
    ));
    assert_eq!(
        eval(&mut g, "st()"),
        json!({"name": "Ada Lovelace", "fruit": "Cherry", "colors": ["Green", "Blue"], "country": "Germany",
               "agree": true, "dark": true, "plan": "pro", "volume": 55, "log": ["deleted"]})
    );
}

/// The autocomplete's input sits inside the combobox that owns the list: `fillForm` and
/// `select` on it choose an option, never leave the text typed and call it filled. A name no
/// option has is refused and the choice made before stays.
#[test]
fn an_autocomplete_is_chosen_in_not_typed_into() {
    let (mut g, _web) = open();
    ok(&fill_form(
        &mut g,
        json!([{"target": "role=textbox;name=Country", "value": "Spain"}]),
    ));
    assert_eq!(eval(&mut g, "st().country"), "Spain");
    ok(&g.call(
        json!("select"),
        "select",
        json!({"target": "name=Country", "label": "Italy"}),
    ));
    assert_eq!(eval(&mut g, "st().country"), "Italy");
    let r = fill_form(
        &mut g,
        json!([{"target": "name=Country", "value": "Atlantis"}]),
    );
    assert_eq!(
        failed(&r)["fields"][0]["failureKind"],
        "noSuchOption",
        "{r}"
    );
    assert_eq!(eval(&mut g, "st().country"), "Italy");
}

/// A long select draws 45 of its 80 rows at first, and a turn of the wheel over its list may
/// draw nothing new while the list scrolls on: the option past the first rows is chosen as a
/// person scrolls to it, and back up again; a name no option has is refused with the whole
/// list's count, as the turns read it, and the choice before stays.
#[test]
fn a_long_vuetify_select_is_scrolled_to_its_option() {
    let (mut g, web) = open();
    nav(&mut g, &web, "/cities.html");
    ok(&g.call(
        json!("open"),
        "click",
        json!({"target": "role=combobox;name=City"}),
    ));
    let drawn = eval(&mut g, "document.querySelectorAll('.v-list-item').length");
    assert!(drawn.as_u64().unwrap() < 80, "drawn: {drawn}");
    ok(&g.call(json!("esc"), "key", json!({"key": "Escape"})));
    for city in ["City 70", "City 3", "City 80"] {
        ok(&g.call(
            json!("select"),
            "select",
            json!({"target": "role=combobox;name=City", "label": city}),
        ));
        assert_eq!(eval(&mut g, "vm.city"), city);
    }
    let r = g.call(
        json!("select"),
        "select",
        json!({"target": "role=combobox;name=City", "label": "City 99"}),
    );
    let f = failed(&r);
    assert_eq!(f["failureKind"], "noSuchOption", "{r}");
    assert_eq!(f["optionCount"], 80, "{r}");
    assert_eq!(eval(&mut g, "vm.city"), "City 80");
}

/// A date goes into the read-only field through the calendar it opens, as a person picks it:
/// in the month shown, two months on and sixteen back (the chevrons pressed the right number of
/// times); the field keeps its name once it holds a date (Vuetify then hides both its labels
/// from the accessibility tree, but a person still reads the floating one). Each checked on
/// Vue's state.
#[test]
fn a_vuetify_date_picker_is_turned_to_the_date() {
    let (mut g, web) = open();
    nav(&mut g, &web, "/trip.html");
    for date in ["2026-12-24", "2027-02-03", "2025-10-09"] {
        ok(&fill_form(
            &mut g,
            json!([{"target": "role=textbox;name=Start date", "value": date}]),
        ));
        assert_eq!(
            eval(&mut g, "vm.date && vm.date.toISOString().slice(0, 10)"),
            date
        );
    }
}
