//! selectize.js and ion.rangeSlider, the widgets Shiny (R and Python) draws every select and
//! slider with, from npm (`scripts/test` installs `selectize`, `ion-rangeslider` and `jquery`
//! once). Neither gives any element a role: selectize draws a text field (that says
//! `autocomplete="new-password"` to keep autofill away) over a list of `data-selectable` items,
//! ion.rangeSlider a span over a read-only input it keeps the value in. Each step is checked on
//! the page's own `<select>`s and the slider's input.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, apps, eval, nav, ok};
use serde_json::{Value, json};

const FORM: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Order</title>
<link rel="stylesheet" href="/npm/selectize/dist/css/selectize.default.css">
<link rel="stylesheet" href="/npm/ion-rangeslider/css/ion.rangeSlider.min.css">
<script src="/npm/jquery/dist/jquery.min.js"></script>
<script src="/npm/selectize/dist/js/standalone/selectize.min.js"></script>
<script src="/npm/ion-rangeslider/js/ion.rangeSlider.min.js"></script></head>
<body style="width:480px;padding:16px">
<label for="fruit-selectized">Fruit</label>
<select id="fruit"><option value="apple" selected>Apple</option><option value="banana">Banana</option><option value="cherry">Cherry</option></select>
<label for="tags-selectized">Tags</label>
<select id="tags" multiple><option value="urgent">urgent</option><option value="gift">gift</option><option value="bulk">bulk</option></select>
<label for="level">Level</label>
<input id="level" data-min="0" data-max="10" data-from="3" data-step="1">
<script>
$('#fruit').selectize();
$('#tags').selectize({plugins: ['remove_button']});
// As Shiny's selectize build writes its text fields, to keep the browser's autofill away.
$('.selectize-input input').attr({type: 'text', autocomplete: 'new-password'});
$('#level').ionRangeSlider({skin: 'round'});
window.st = () => ({fruit: $('#fruit').val(), tags: $('#tags').val(), level: $('#level').data('ionRangeSlider').result.from});
</script></body></html>"#;

fn open() -> (Glass, Server, Value) {
    let web = Server::start_with_dirs(
        vec![("/form.html", Page::html(FORM))],
        &[
            ("/npm/jquery", apps::npm_package("jquery")),
            ("/npm/selectize", apps::npm_package("selectize")),
            ("/npm/ion-rangeslider", apps::npm_package("ion-rangeslider")),
        ],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/form.html");
    let seen = ok(&g.call(json!("o"), "observe", json!({"includeFormValues": true})));
    (g, web, seen)
}

/// The element of an observation with this name.
fn named<'a>(seen: &'a Value, name: &str) -> &'a Value {
    seen["elements"]
        .as_array()
        .and_then(|a| a.iter().find(|e| e["name"] == name))
        .unwrap_or_else(|| panic!("{name} is listed: {seen}"))
}

/// Bug (Shiny): its selects were listed as password text boxes (selectize's field says
/// `new-password`), `select` refused them and `fillForm` typed into them and answered ok while
/// nothing was chosen. They are comboboxes now: chosen by their options' names, on the page's own
/// `<select>`.
#[test]
fn selectize_selects_are_comboboxes_chosen_by_their_options() {
    let (mut g, _web, seen) = open();
    for name in ["Fruit", "Tags"] {
        let e = named(&seen, name);
        assert_eq!(e["role"], "combobox", "{e}");
        assert!(e.get("password").is_none(), "{e}");
    }
    ok(&g.call(
        json!(1),
        "select",
        json!({"target": "name=Fruit", "label": "Banana"}),
    ));
    ok(&g.call(
        json!(2),
        "fillForm",
        json!({"fields": [{"target": "name=Tags", "value": "gift"}, {"target": "name=Fruit", "value": "Cherry"}]}),
    ));
    assert_eq!(
        eval(&mut g, "JSON.stringify(st())"),
        r#"{"fruit":"cherry","tags":["gift"],"level":3}"#
    );
}

/// Bug (Shiny): its sliders were listed as a read-only text box (the value input ion.rangeSlider
/// keeps out of sight) that `fillForm` refused, while the slider a person drags was not listed.
/// The drawn slider is the slider now, named by its input's label, its value read from that
/// input, and set through its keys.
#[test]
fn an_ion_range_slider_is_a_slider_set_by_its_keys() {
    let (mut g, _web, seen) = open();
    let level = named(&seen, "Level");
    assert_eq!(level["role"], "slider", "{level}");
    assert_eq!(
        seen["elements"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["name"] == "Level")
            .count(),
        1,
        "{seen}"
    );
    ok(&g.call(
        json!(1),
        "fillForm",
        json!({"fields": [{"target": "name=Level", "value": 7}]}),
    ));
    assert_eq!(eval(&mut g, "st().level"), 7);
}

/// Bug (Shiny's data grid): its header row and its first row both say `aria-rowindex="1"`, and
/// they were read as one row ("id product price 1 Apple 1.5") with no columns. A header row and
/// a body row are never parts of one row: the header names the columns, and every row is read.
#[test]
fn a_header_row_and_a_first_row_of_one_index_are_read_apart() {
    let page = r#"<!doctype html><title>Grid</title>
<table aria-rowcount="3"><thead><tr aria-rowindex="1"><th scope="col">id</th><th scope="col">product</th><th scope="col">price</th></tr></thead>
<tbody><tr aria-rowindex="1"><td>1</td><td>Apple</td><td>1.5</td></tr>
<tr aria-rowindex="2"><td>2</td><td>Banana</td><td>0.25</td></tr>
<tr aria-rowindex="3"><td>3</td><td>Cherry</td><td>3</td></tr></tbody></table>"#;
    let web = Server::start(vec![("/grid", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/grid");
    let seen = ok(&g.call(json!(1), "observe", json!({})));
    let table = &seen["elements"][0];
    assert_eq!(
        table["columns"],
        json!(["id", "product", "price"]),
        "{seen}"
    );
    assert_eq!(
        table["rows"],
        json!([
            ["1", "Apple", "1.5"],
            ["2", "Banana", "0.25"],
            ["3", "Cherry", "3"]
        ]),
        "{seen}"
    );
    // The page's own cells, in the order the rows stand.
    assert_eq!(
        eval(
            &mut g,
            "[...document.querySelectorAll('tbody tr')].map(r => r.cells[1].textContent).join()"
        ),
        "Apple,Banana,Cherry"
    );
}
