//! Forms built with Element Plus (a Vue component library common in admin apps, from npm:
//! `scripts/test` installs `element-plus` once, beside `vue`). Its select hides its input in a
//! see-through wrapper under the text it shows; its switch keeps a hidden checkbox that stays
//! unchecked and says its state with `aria-checked`. Each step is checked on Vue's own state.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{apps, eval, nav, ok};
use serde_json::json;

/// A form of Element Plus fields; `st()` is Vue's state.
const FORM: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Account</title>
<link rel="stylesheet" href="/npm/element-plus/dist/index.css">
<script src="/npm/vue/dist/vue.global.prod.js"></script>
<script src="/npm/element-plus/dist/index.full.min.js"></script></head>
<body><div id="app" style="width:500px;padding:20px">
<el-form label-width="100px">
<el-form-item label="Region"><el-select v-model="region" placeholder="Pick"><el-option label="Zone one" value="one"></el-option><el-option label="Zone two" value="two"></el-option></el-select></el-form-item>
<el-form-item label="Tags"><el-select v-model="tags" multiple><el-option v-for="t in ['Red', 'Green', 'Blue']" :key="t" :label="t" :value="t"></el-option></el-select></el-form-item>
<el-form-item label="Active"><el-switch v-model="active"></el-switch></el-form-item>
<el-form-item><el-checkbox v-model="agree">Agree</el-checkbox></el-form-item>
</el-form></div>
<script>
const app = Vue.createApp({data: () => ({region: '', tags: [], active: false, agree: false}), mounted() { window.vm = this; }});
app.use(ElementPlus);
app.mount('#app');
window.st = () => ({region: vm.region, tags: [...vm.tags], active: vm.active, agree: vm.agree});
</script></body></html>"#;

/// The select is opened through the text it shows over its hidden input, its tags added one
/// by one; the switch is turned on and off and reported as it is drawn (its hidden checkbox
/// never changes), never `notToggled` for a switch that did toggle.
#[test]
fn an_element_plus_form_is_filled_and_its_switch_read_as_drawn() {
    let web = Server::start_with_dirs(
        vec![("/form.html", Page::html(FORM))],
        &[
            ("/npm/vue", apps::npm_package("vue")),
            ("/npm/element-plus", apps::npm_package("element-plus")),
        ],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/form.html");
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
