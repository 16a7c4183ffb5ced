//! Forms built with Element Plus (a Vue component library common in admin apps, from npm:
//! `scripts/test` installs `element-plus` once, beside `vue`). Its select hides its input in a
//! see-through wrapper under the text it shows; its switch keeps a hidden checkbox that stays
//! unchecked and says its state with `aria-checked`. Each step is checked on Vue's own state.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{apps, eval, failed, nav, ok};
use serde_json::json;

/// A form of Element Plus fields; `st()` is Vue's state (see [`FORM_APP`]).
const FORM: &str = r#"<el-form-item label="Region"><el-select v-model="region" placeholder="Pick"><el-option label="Zone one" value="one"></el-option><el-option label="Zone two" value="two"></el-option></el-select></el-form-item>
<el-form-item label="Tags"><el-select v-model="tags" multiple><el-option v-for="t in ['Red', 'Green', 'Blue']" :key="t" :label="t" :value="t"></el-option></el-select></el-form-item>
<el-form-item label="Active"><el-switch v-model="active"></el-switch></el-form-item>
<el-form-item><el-checkbox v-model="agree">Agree</el-checkbox></el-form-item>"#;

/// The Vue app of [`FORM`].
const FORM_APP: &str = r#"{data: () => ({region: '', tags: [], active: false, agree: false}), mounted() { window.vm = this;
  window.st = () => ({region: vm.region, tags: [...vm.tags], active: vm.active, agree: vm.agree}); }}"#;

/// A page of Element Plus fields (`fields`, in a form) and the Vue app `app` (its options,
/// which keep `window.vm`), served beside Vue and Element Plus from npm, opened in a new Glass
/// (the server is kept for as long as the test runs).
fn opened(path: &str, fields: &str, app: &str) -> (Server, common::Glass) {
    let html = format!(
        r#"<!doctype html><html><head><meta charset="utf-8"><title>Element Plus</title>
<link rel="stylesheet" href="/npm/element-plus/dist/index.css">
<script src="/npm/vue/dist/vue.global.prod.js"></script>
<script src="/npm/element-plus/dist/index.full.min.js"></script></head>
<body><div id="app" style="width:500px;padding:20px"><el-form label-width="100px">{fields}</el-form></div>
<script>const app = Vue.createApp({app}); app.use(ElementPlus); app.mount('#app');</script></body></html>"#
    );
    let web = Server::start_with_dirs(
        vec![(path, Page::html(&html))],
        &[
            ("/npm/vue", apps::npm_package("vue")),
            ("/npm/element-plus", apps::npm_package("element-plus")),
        ],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, path);
    (web, g)
}

/// The select is opened through the text it shows over its hidden input, its tags added one
/// by one; the switch is turned on and off and reported as it is drawn (its hidden checkbox
/// never changes), never `notToggled` for a switch that did toggle.
#[test]
fn an_element_plus_form_is_filled_and_its_switch_read_as_drawn() {
    let (_web, mut g) = opened("/form.html", FORM, FORM_APP);
    ok(&g.call(
        json!("fill"),
        "fillForm",
        json!({"fields": [
            {"target": "role=combobox;name=Region", "value": "Zone two"},
            {"target": "role=switch;name=Active", "value": true},
            {"target": "role=checkbox;name=Agree", "value": true}
        ]}),
    ));
    for label in ["Green", "Blue"] {
        ok(&g.call(
            json!("select"),
            "select",
            json!({"target": "role=combobox;name=Tags", "label": label}),
        ));
    }
    assert_eq!(
        eval(&mut g, "st()"),
        json!({"region": "two", "tags": ["Green", "Blue"], "active": true, "agree": true})
    );
    let r = ok(&g.call(json!("obs"), "observe", json!({})));
    assert!(
        r["elements"]
            .to_string()
            .contains(r#""role":"switch","name":"Active","checked":true"#),
        "{r}"
    );
    ok(&g.call(
        json!("off"),
        "uncheck",
        json!({"target": "role=switch;name=Active"}),
    ));
    assert_eq!(eval(&mut g, "st().active"), false);
    // The page drew it off; its hidden checkbox never said otherwise.
    assert_eq!(
        eval(
            &mut g,
            "document.querySelector('.el-switch').classList.contains('is-checked')"
        ),
        false
    );
}

/// Element Plus's virtualized select (`el-select-v2`), one plain and one that filters as typed:
/// its list has no listbox role and is named by nothing (a popup at the end of the body whose
/// items say only `aria-selected`), draws only the rows in view, and its input sits see-through
/// under the text it shows. `vm` is Vue's state.
const VIRTUAL: &str = r#"<el-form-item label="City"><el-select-v2 v-model="city" :options="cities" placeholder="Pick"></el-select-v2></el-form-item>
<el-form-item label="Country"><el-select-v2 v-model="country" :options="countries" filterable placeholder="Pick"></el-select-v2></el-form-item>"#;

/// The Vue app of [`VIRTUAL`].
const VIRTUAL_APP: &str = r#"{data: () => ({city: '', country: '',
  cities: Array.from({length: 50}, (_, i) => ({value: 'c' + i, label: 'City ' + i})),
  countries: ['France', 'Germany', 'Spain', 'Italy', 'Norway'].map((c) => ({value: c.toLowerCase(), label: c}))}),
  mounted() { window.vm = this; }}"#;

/// An option far down the virtual list is found by turning the wheel over it, one of the
/// filtering select by typing its name; a name neither has is refused with the options shown
/// and the choice before kept; `fillForm` chooses in both. Each checked on Vue's state.
#[test]
fn a_virtual_select_with_an_unnamed_list_is_chosen_in() {
    let (_web, mut g) = opened("/ship.html", VIRTUAL, VIRTUAL_APP);
    let state = |g: &mut common::Glass| eval(g, "[vm.city, vm.country]");
    let select = |g: &mut common::Glass, name: &str, label: &str| {
        g.call(
            json!("select"),
            "select",
            json!({"target": format!("role=combobox;name={name}"), "label": label}),
        )
    };
    ok(&select(&mut g, "City", "City 37"));
    ok(&select(&mut g, "Country", "Spain"));
    assert_eq!(state(&mut g), json!(["c37", "spain"]));
    for (name, label) in [("City", "City 99"), ("Country", "Peru")] {
        let r = select(&mut g, name, label);
        assert_eq!(failed(&r)["failureKind"], "noSuchOption", "{r}");
    }
    let r = select(&mut g, "City", "Town 1");
    assert!(
        failed(&r)["options"].to_string().contains("City 0"),
        "the options it shows: {r}"
    );
    // Counted whole, from every window of it the turns drew.
    assert_eq!(failed(&r)["optionCount"], 50, "{r}");
    assert_eq!(state(&mut g), json!(["c37", "spain"]));
    ok(&g.call(
        json!("fill"),
        "fillForm",
        json!({"fields": [
            {"target": "role=combobox;name=City", "value": "City 3"},
            {"target": "role=combobox;name=Country", "value": "Norway"}
        ]}),
    ));
    assert_eq!(state(&mut g), json!(["c3", "norway"]));
}
