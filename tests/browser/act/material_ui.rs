//! Forms built with Material UI (React's most used component library, from npm: `scripts/test`
//! installs React and `@mui/material` once and the tests serve their browser builds): its
//! select (a button combobox whose menu covers the page), a multiple select (whose menu stays
//! open after each choice), its autocomplete, checkboxes, switches and radios drawn over
//! see-through inputs, and its slider (a range input clipped to nothing inside the thumb a
//! person drags). Each step is checked on React's own state and the page's change log.
//! Hand-made sliders beside it: a range input and an ARIA slider with keys of its own.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, apps, eval, failed, fill_form, nav, ok};
use serde_json::{Value, json};

/// A settings form drawn by Material UI; `window.state` is React's state after each render,
/// `window.log` what the page's handlers were told.
const SETTINGS: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Settings</title>
<script src="/npm/react/umd/react.production.min.js"></script>
<script src="/npm/react-dom/umd/react-dom.production.min.js"></script>
<script src="/npm/@mui/material/umd/material-ui.production.min.js"></script>
</head><body><div id="root"></div>
<script>
const h = React.createElement, M = MaterialUI;
window.log = [];
function App() {
  const [name, setName] = React.useState('');
  const [age, setAge] = React.useState('');
  const [tags, setTags] = React.useState([]);
  const [country, setCountry] = React.useState(null);
  const [agree, setAgree] = React.useState(false);
  const [wifi, setWifi] = React.useState(true);
  const [plan, setPlan] = React.useState('basic');
  const [volume, setVolume] = React.useState(30);
  const [open, setOpen] = React.useState(false);
  window.state = {name, age, tags, country, agree, wifi, plan, volume};
  const note = (what) => log.push(what);
  return h(M.Box, {sx: {p: 2, display: 'flex', flexDirection: 'column', gap: 2, width: 420}},
    h(M.TextField, {label: 'Full name', value: name, onChange: (e) => setName(e.target.value)}),
    h(M.FormControl, {fullWidth: true},
      h(M.InputLabel, {id: 'age-label'}, 'Age'),
      h(M.Select, {labelId: 'age-label', label: 'Age', value: age,
        onChange: (e) => { setAge(e.target.value); note('age=' + e.target.value); }},
        h(M.MenuItem, {value: 10}, 'Ten'), h(M.MenuItem, {value: 20}, 'Twenty'), h(M.MenuItem, {value: 30}, 'Thirty'))),
    h(M.FormControl, {fullWidth: true},
      h(M.InputLabel, {id: 'tags-label'}, 'Tags'),
      h(M.Select, {labelId: 'tags-label', label: 'Tags', multiple: true, value: tags,
        onChange: (e) => { setTags(e.target.value); note('tags=' + e.target.value.join(',')); }},
        ['Red', 'Green', 'Blue'].map((c) => h(M.MenuItem, {key: c, value: c}, c)))),
    h(M.Autocomplete, {options: ['France', 'Germany', 'Italy', 'Spain', 'Portugal'], value: country,
      onChange: (e, v) => { setCountry(v); note('country=' + v); },
      renderInput: (p) => h(M.TextField, Object.assign({}, p, {label: 'Country'}))}),
    h(M.FormControlLabel, {label: 'I agree', control: h(M.Checkbox, {checked: agree, onChange: (e) => setAgree(e.target.checked)})}),
    h(M.FormControlLabel, {label: 'Wi-Fi', control: h(M.Switch, {checked: wifi, onChange: (e) => setWifi(e.target.checked)})}),
    h(M.RadioGroup, {row: true, value: plan, onChange: (e) => setPlan(e.target.value)},
      h(M.FormControlLabel, {value: 'basic', label: 'Basic', control: h(M.Radio)}),
      h(M.FormControlLabel, {value: 'pro', label: 'Pro', control: h(M.Radio)})),
    h(M.Slider, {'aria-label': 'Volume', value: volume, step: 5,
      onChange: (e, v) => setVolume(v), onChangeCommitted: (e, v) => note('volume=' + v)}),
    h(M.Button, {variant: 'contained', onClick: () => setOpen(true)}, 'Save'),
    h(M.Dialog, {open, onClose: () => setOpen(false)},
      h(M.DialogTitle, null, 'Save settings?'),
      h(M.DialogActions, null,
        h(M.Button, {onClick: () => { note('cancel'); setOpen(false); }}, 'Cancel'),
        h(M.Button, {onClick: () => { note('saved'); setOpen(false); }}, 'Confirm'))));
}
ReactDOM.createRoot(document.getElementById('root')).render(h(App));
</script></body></html>"#;

/// Sliders drawn by hand: a range input, a long one (a thousand steps), one of tenths, an
/// ARIA slider that moves with its own keys (Page Up and Down by ten), one that takes no key,
/// and one whose keys stop short of the top it says it has. The page counts the input events.
const SLIDERS: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Sliders</title></head>
<body style="font:16px sans-serif;margin:20px">
<label>Level <input type="range" id="level" min="0" max="10" value="3"></label><br>
<label>Distance <input type="range" id="distance" min="0" max="1000" value="0"></label><br>
<label>Ratio <input type="range" id="ratio" min="0" max="1" step="0.1" value="0.5"></label><br>
<div role="slider" tabindex="0" id="heat" aria-label="Heat" aria-valuemin="0" aria-valuemax="100" aria-valuenow="5"
  style="width:200px;height:16px;background:#ccc"></div>
<div role="slider" tabindex="0" id="stuck" aria-label="Stuck" aria-valuemin="0" aria-valuemax="10" aria-valuenow="2"
  style="width:200px;height:16px;background:#eee"></div>
<div role="slider" tabindex="0" id="capped" aria-label="Capped" aria-valuemin="0" aria-valuemax="100" aria-valuenow="40"
  style="width:200px;height:16px;background:#ddd"></div>
<script>
window.inputs = {};
document.addEventListener('input', (e) => { inputs[e.target.id] = (inputs[e.target.id] || 0) + 1; });
heat.addEventListener('keydown', (e) => {
  const move = {ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1, PageUp: 10, PageDown: -10}[e.key];
  let v = +heat.getAttribute('aria-valuenow');
  if (e.key === 'Home') v = 0; else if (e.key === 'End') v = 100; else if (move) v = Math.max(0, Math.min(100, v + move)); else return;
  e.preventDefault();
  heat.setAttribute('aria-valuenow', v);
});
// Says it goes to 100, but its keys stop at 50.
capped.addEventListener('keydown', (e) => {
  const move = {ArrowUp: 1, ArrowDown: -1, PageUp: 5, PageDown: -5}[e.key];
  if (!move) return;
  e.preventDefault();
  capped.setAttribute('aria-valuenow', Math.max(0, Math.min(50, +capped.getAttribute('aria-valuenow') + move)));
});
</script></body></html>"#;

fn serve() -> Server {
    Server::start_with_dirs(
        vec![
            ("/settings.html", Page::html(SETTINGS)),
            ("/sliders.html", Page::html(SLIDERS)),
        ],
        &[
            ("/npm/react", apps::npm_package("react")),
            ("/npm/react-dom", apps::npm_package("react-dom")),
            ("/npm/@mui/material", apps::npm_package("@mui/material")),
        ],
    )
}

fn state(g: &mut Glass) -> Value {
    eval(g, "window.state")
}

/// One `fillForm` fills the whole form as a person would, each widget through what a person
/// operates (the slider's thumb with its keys, the select's menu, the autocomplete's list);
/// React's state then holds every value.
#[test]
fn a_material_ui_form_is_filled_in_one_call() {
    let web = serve();
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/settings.html");
    let r = fill_form(
        &mut g,
        json!([
            {"target": "role=textbox;name=Full name", "value": "Ada Lovelace"},
            {"target": "role=combobox;name=Age", "value": "Twenty"},
            {"target": "role=combobox;name=Country", "value": "Spain"},
            {"target": "role=checkbox;name=I agree", "value": true},
            {"target": "role=checkbox;name=Wi-Fi", "value": false},
            {"target": "role=radio;name=Pro", "value": true},
            {"target": "role=slider;name=Volume", "value": 75}
        ]),
    );
    ok(&r);
    assert_eq!(
        state(&mut g),
        json!({"name": "Ada Lovelace", "age": 20, "tags": [], "country": "Spain", "agree": true,
               "wifi": false, "plan": "pro", "volume": 75})
    );
    // The slider moved in its steps of 5, each key committed as a keyboard user's is.
    assert_eq!(
        eval(&mut g, "log.join(' ')"),
        "age=20 country=Spain volume=35 volume=40 volume=45 volume=50 volume=55 volume=60 volume=65 volume=70 volume=75"
    );
}

/// A multiple select's menu stays open over the page after each choice: `select` closes it
/// as a person done choosing does, so the next action reaches the page; an option chosen
/// already is left chosen (a press would take it back), and a name no option has is refused
/// with the menu closed and the choice as it was.
#[test]
fn a_multiple_select_is_chosen_in_and_left_closed() {
    let web = serve();
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/settings.html");
    let select = |g: &mut Glass, label: &str| {
        g.call(
            json!("select"),
            "select",
            json!({"target": "role=combobox;name=Tags", "label": label}),
        )
    };
    ok(&select(&mut g, "Green"));
    ok(&select(&mut g, "Blue"));
    ok(&select(&mut g, "Blue"));
    assert_eq!(state(&mut g)["tags"], json!(["Green", "Blue"]));
    let r = select(&mut g, "Purple");
    assert_eq!(failed(&r)["failureKind"], "noSuchOption", "{r}");
    // The menu closed each time: the button behind it takes the next press.
    ok(&g.call(
        json!("save"),
        "click",
        json!({"target": "role=button;name=Save"}),
    ));
    ok(&g.call(
        json!("confirm"),
        "click",
        json!({"target": "role=button;name=Confirm"}),
    ));
    assert_eq!(state(&mut g)["tags"], json!(["Green", "Blue"]));
    assert_eq!(
        eval(&mut g, "log.join(' ')"),
        "tags=Green tags=Green,Blue saved"
    );
}

/// Every slider is set with the keys a person uses (arrows, Page Up and Down for the long way,
/// Home and End), the page's own handlers seeing each: a range input, one of a thousand steps,
/// one of tenths, and an ARIA slider. A number outside a slider's bounds or between its steps
/// is refused before any key; a slider its keys do not bring to the number is reported not
/// set, never set, and put back where it stood.
#[test]
fn sliders_are_set_with_their_keys() {
    let web = serve();
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/sliders.html");
    ok(&fill_form(
        &mut g,
        json!([
            {"target": "role=slider;name=Level", "value": "7"},
            {"target": "role=slider;name=Distance", "value": 733},
            {"target": "role=slider;name=Ratio", "value": 0.2},
            {"target": "role=slider;name=Heat", "value": 87}
        ]),
    ));
    let values = "[level.value, distance.value, ratio.value, heat.getAttribute('aria-valuenow')]";
    assert_eq!(eval(&mut g, values), json!(["7", "733", "0.2", "87"]));
    // Four keys moved Level from 3 to 7, each an input event.
    assert_eq!(eval(&mut g, "inputs.level"), 4);
    ok(&fill_form(
        &mut g,
        json!([
            {"target": "role=slider;name=Heat", "value": 0},
            {"target": "role=slider;name=Distance", "value": "1000"}
        ]),
    ));
    assert_eq!(eval(&mut g, values), json!(["7", "1000", "0.2", "0"]));
    let before = eval(&mut g, "JSON.stringify(inputs)");
    for (target, value) in [
        ("role=slider;name=Level", json!(11)),
        ("role=slider;name=Ratio", json!("0.25")),
        ("role=slider;name=Level", json!("loud")),
    ] {
        let r = fill_form(&mut g, json!([{ "target": target, "value": value }]));
        assert_eq!(failed(&r)["fields"][0]["failureKind"], "notInRange", "{r}");
    }
    assert_eq!(eval(&mut g, "JSON.stringify(inputs)"), before);
    let r = fill_form(
        &mut g,
        json!([{"target": "role=slider;name=Stuck", "value": 6}]),
    );
    assert_eq!(failed(&r)["fields"][0]["failureKind"], "notSet", "{r}");
    assert_eq!(eval(&mut g, "stuck.getAttribute('aria-valuenow')"), "2");
    // Its keys went as far as they go, short of the number: put back where it stood.
    let r = fill_form(
        &mut g,
        json!([{"target": "role=slider;name=Capped", "value": 80}]),
    );
    assert_eq!(failed(&r)["fields"][0]["failureKind"], "notSet", "{r}");
    assert_eq!(eval(&mut g, "capped.getAttribute('aria-valuenow')"), "40");
    assert_eq!(eval(&mut g, values), json!(["7", "1000", "0.2", "0"]));
}

/// Material UI's slider keeps its range input clipped to nothing inside the thumb: it is
/// listed (Chrome's accessibility tree has it), set with its keys, and a number between its
/// steps is refused.
#[test]
fn a_slider_drawn_over_a_hidden_input_is_listed_and_set() {
    let web = serve();
    let mut g = common::incognito(&[]);
    let r = ok(&g.call(
        json!("nav"),
        "navigate",
        json!({"url": web.url("/settings.html")}),
    ));
    let listed = r["observation"]["elements"].to_string();
    assert!(
        listed.contains(r#""role":"slider","name":"Volume""#),
        "{listed}"
    );
    ok(&fill_form(
        &mut g,
        json!([{"target": "role=slider;name=Volume", "value": "45"}]),
    ));
    assert_eq!(state(&mut g)["volume"], 45);
    // Between its steps of 5: refused, not moved.
    let r = fill_form(
        &mut g,
        json!([{"target": "role=slider;name=Volume", "value": 47}]),
    );
    assert_eq!(failed(&r)["fields"][0]["failureKind"], "notInRange", "{r}");
    assert_eq!(state(&mut g)["volume"], 45);
}
