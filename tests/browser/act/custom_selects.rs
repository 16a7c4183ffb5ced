//! `select` and `fillForm` on lists that are no `<select>`, drawn by libraries from npm
//! (`scripts/test` installs them once): Tom Select (a field that filters a list it puts beside
//! it, its options fetched from the server too), Shoelace's select (a button-like combobox whose
//! options live in a shadow root), Choices.js (a widget around a `<select>` it keeps out of
//! sight) and Select2 (jQuery's, whose list is put at the end of the body); and on hand-made
//! lists and a field that suggests from a `<datalist>`.
//! Each choice is checked on the value the page itself submits and the library's own change
//! events; a value no option has is refused, never reported filled.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, apps, eval, failed, nav, ok};
use serde_json::{Value, json};

/// An order form: Tom Select over a country `<select>` and a multiple tags `<select>` (the
/// originals stay in the form, hidden, holding what is submitted), and Shoelace's select.
const ORDER: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Order</title>
<link rel="stylesheet" href="/npm/tom-select/dist/css/tom-select.css">
<link rel="stylesheet" href="/npm/@shoelace-style/shoelace/cdn/themes/light.css">
<script src="/npm/tom-select/dist/js/tom-select.complete.min.js"></script>
<script type="module" src="/npm/@shoelace-style/shoelace/cdn/shoelace-autoloader.js"></script></head>
<body style="font:16px sans-serif;margin:20px;width:420px">
<form id="order">
<label for="country">Country</label>
<select id="country" name="country"><option value="">Pick a country</option><option value="fr">France</option><option value="de">Germany</option><option value="it">Italy</option><option value="es">Spain</option></select>
<label for="tags">Tags</label>
<select id="tags" name="tags" multiple><option value="a">Urgent</option><option value="b">Billing</option><option value="c">Bug</option></select>
<sl-select id="plan" label="Plan" value="free"><sl-option value="free">Free</sl-option><sl-option value="pro">Pro</sl-option><sl-option value="team">Team</sl-option></sl-select>
<input id="note" aria-label="Note">
</form>
<script>
window.log = [];
new TomSelect('#country', {onChange: (v) => log.push('country=' + v)});
new TomSelect('#tags', {onChange: (v) => log.push('tags=' + v)});
document.addEventListener('sl-change', (e) => log.push(e.target.id + '=' + e.target.value));
// What the form submits, as the page reads it.
window.submitted = () => [...new FormData(document.getElementById('order'))].map(([k, v]) => k + '=' + v).join('&');
</script></body></html>"#;

fn order() -> Server {
    Server::start_with_dirs(
        vec![("/order.html", Page::html(ORDER))],
        &[
            ("/npm/tom-select", apps::npm_package("tom-select")),
            (
                "/npm/@shoelace-style/shoelace",
                apps::npm_package("@shoelace-style/shoelace"),
            ),
        ],
    )
}

fn open(g: &mut Glass, web: &Server) {
    nav(g, web, "/order.html");
    // Shoelace's autoloader defines its components after load: on a loaded machine later than
    // navigate's bound (it then says `settled: false`), so a user waits for the one they need.
    ok(&g.call(
        json!("wait"),
        "wait",
        json!({"kind": "elementVisible", "target": "role=combobox;name=Plan", "timeoutMs": 15000}),
    ));
}

fn select(g: &mut Glass, target: &str, by: &str, what: &str) -> Value {
    g.call(
        json!("select"),
        "select",
        json!({"target": target, by: what}),
    )
}

/// `select` picks the option in each list as a person does (typed into Tom Select, which
/// filters; pressed open in Shoelace), by label or by value; the form then submits it.
#[test]
fn select_chooses_in_lists_drawn_by_the_page() {
    let web = order();
    let mut g = common::incognito(&[]);
    open(&mut g, &web);
    ok(&select(
        &mut g,
        "role=combobox;name=Country",
        "label",
        "Germany",
    ));
    assert_eq!(eval(&mut g, "submitted()"), "country=de");
    ok(&select(&mut g, "role=combobox;name=Country", "value", "it"));
    assert_eq!(eval(&mut g, "submitted()"), "country=it");
    ok(&select(&mut g, "role=combobox;name=Tags", "label", "Bug"));
    assert_eq!(eval(&mut g, "submitted()"), "country=it&tags=c");
    // A drawn list that holds several adds the option pressed, as a person's press does (its
    // field is empty: no Backspace deletes the tag it shows).
    ok(&select(
        &mut g,
        "role=combobox;name=Tags",
        "label",
        "Urgent",
    ));
    assert_eq!(eval(&mut g, "submitted()"), "country=it&tags=c&tags=a");
    ok(&select(&mut g, "role=combobox;name=Plan", "label", "Team"));
    assert_eq!(eval(&mut g, "plan.value"), "team");
    assert_eq!(
        eval(&mut g, "window.log.join(' ')"),
        "country=de country=it tags=c tags=c,a plan=team"
    );
}

/// A value no option has: `select` is refused with the options the list offered, and
/// `fillForm` reports that field failed, never filled; the other fields are filled.
#[test]
fn a_value_no_option_has_is_refused_not_filled() {
    let web = order();
    let mut g = common::incognito(&[]);
    open(&mut g, &web);
    let r = select(&mut g, "role=combobox;name=Plan", "label", "Enterprise");
    let f = failed(&r);
    assert_eq!(f["failureKind"], "noSuchOption", "{r}");
    assert_eq!(f["optionCount"], 3, "{r}");
    assert_eq!(eval(&mut g, "plan.value"), "free");
    let r = g.call(
        json!("fill"),
        "fillForm",
        json!({"fields": [
            {"target": "role=combobox;name=Country", "value": "Atlantis"},
            {"target": "role=combobox;name=Plan", "value": "Pro"},
            {"target": "role=textbox;name=Note", "value": "ring twice"}
        ]}),
    );
    let f = failed(&r);
    let fields = f["fields"].as_array().unwrap();
    assert_eq!(fields[0]["failureKind"], "noSuchOption", "{r}");
    assert_eq!(fields[1]["ok"], true, "{r}");
    assert_eq!(fields[2]["ok"], true, "{r}");
    assert_eq!(eval(&mut g, "submitted()"), "country=");
    assert_eq!(
        eval(&mut g, "[plan.value, note.value]"),
        json!(["pro", "ring twice"])
    );
}

/// A shop's own widget picker (a combobox that filters a listbox as it is typed into, the
/// pattern the ARIA practices give): a press the list ignores (a sold-out item) is `notChosen`,
/// not done, though the field holds the typed name; a disabled option is refused before any
/// press; the same for a list only pressed open (a button combobox). The page's own record of
/// the choice says what was taken.
#[test]
fn an_option_the_list_does_not_take_is_never_reported_chosen() {
    let page = r#"<!doctype html><title>Shop</title>
<label for="w">Widget</label>
<input id="w" role="combobox" aria-controls="wl" aria-expanded="false" autocomplete="off">
<ul id="wl" role="listbox" hidden></ul>
<span id="sl">Size</span>
<button id="size" role="combobox" aria-labelledby="sl" aria-haspopup="listbox" aria-controls="sizes" aria-expanded="false">Medium</button>
<ul id="sizes" role="listbox" hidden><li role="option">Small</li><li role="option">Medium</li><li role="option">Large</li><li role="option">Huge</li></ul>
<script>
// A list only pressed open (no text): Huge is sold out, and its press closes the list and
// takes nothing.
window.size = 'Medium';
const sz = document.getElementById('size'), szl = document.getElementById('sizes');
sz.onclick = () => { szl.hidden = !szl.hidden; sz.setAttribute('aria-expanded', String(!szl.hidden)); };
for (const li of szl.children) li.onclick = () => {
  presses++;
  szl.hidden = true; sz.setAttribute('aria-expanded', 'false');
  if (li.textContent !== 'Huge') { size = li.textContent; sz.textContent = size; }
};
window.chosen = ''; window.presses = 0;
const items = ['Blue widget', 'Red widget', 'Green widget', 'Sold out widget'];
const w = document.getElementById('w'), wl = document.getElementById('wl');
w.addEventListener('input', () => {
  wl.innerHTML = '';
  for (const t of items.filter((t) => t.toLowerCase().includes(w.value.toLowerCase()))) {
    const li = document.createElement('li');
    li.setAttribute('role', 'option');
    li.textContent = t;
    if (t.startsWith('Green')) li.setAttribute('aria-disabled', 'true');
    li.onclick = () => {
      presses++;
      // Sold out, or not for sale: the press takes nothing.
      if (t.startsWith('Sold') || t.startsWith('Green')) return;
      w.value = t; chosen = t; wl.hidden = true; w.setAttribute('aria-expanded', 'false');
    };
    wl.append(li);
  }
  wl.hidden = !wl.children.length;
  w.setAttribute('aria-expanded', String(!wl.hidden));
});
</script>"#;
    let web = Server::start(vec![("/shop", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/shop");
    ok(&select(
        &mut g,
        "role=combobox;name=Widget",
        "label",
        "Red widget",
    ));
    assert_eq!(eval(&mut g, "[chosen, presses]"), json!(["Red widget", 1]));
    let r = select(
        &mut g,
        "role=combobox;name=Widget",
        "label",
        "Sold out widget",
    );
    assert_eq!(failed(&r)["failureKind"], "notChosen", "{r}");
    assert_eq!(eval(&mut g, "[chosen, presses]"), json!(["Red widget", 2]));
    let r = select(&mut g, "role=combobox;name=Widget", "label", "Green widget");
    assert_eq!(failed(&r)["failureKind"], "disabled", "{r}");
    assert_eq!(eval(&mut g, "[chosen, presses]"), json!(["Red widget", 2]));
    let r = g.call(
        json!("fill"),
        "fillForm",
        json!({"fields": [{"target": "role=combobox;name=Widget", "value": "Sold out widget"}]}),
    );
    assert_eq!(failed(&r)["fields"][0]["failureKind"], "notChosen", "{r}");
    ok(&select(
        &mut g,
        "role=combobox;name=Widget",
        "label",
        "Blue widget",
    ));
    assert_eq!(eval(&mut g, "[chosen, presses]"), json!(["Blue widget", 4]));
    // The same in a list only pressed open, whose closed button shows what it holds.
    ok(&select(&mut g, "role=combobox;name=Size", "label", "Large"));
    assert_eq!(eval(&mut g, "[size, presses]"), json!(["Large", 5]));
    let r = select(&mut g, "role=combobox;name=Size", "label", "Huge");
    assert_eq!(failed(&r)["failureKind"], "notChosen", "{r}");
    assert_eq!(eval(&mut g, "[size, presses]"), json!(["Large", 6]));
}

/// A list whose options come from the server as the field is typed into (Tom Select's `load`,
/// after its own 300 ms pause, from an answer that takes 600 ms): the choice waits for the
/// options a person waits for, takes the one asked for, and a name the server has no option for
/// is refused once its answer came, the form left as it was (the field, empty as the list
/// shows its choice beside it, is not "cleared" with a Backspace that deletes that choice).
#[test]
fn options_the_server_sends_as_the_field_is_typed_into_are_waited_for() {
    let page = r#"<!doctype html><html><head><meta charset="utf-8"><title>Trip</title>
<link rel="stylesheet" href="/npm/tom-select/dist/css/tom-select.css">
<script src="/npm/tom-select/dist/js/tom-select.complete.min.js"></script></head>
<body style="font:16px sans-serif;margin:20px;width:420px">
<form id="trip"><label for="city">City</label><select id="city" name="city"></select></form>
<script>
window.log = []; window.answered = [];
new TomSelect('#city', {
  valueField: 'id', labelField: 'name', searchField: 'name',
  load: (q, done) => {
    fetch('/cities.json?q=' + encodeURIComponent(q)).then((r) => r.json()).then((all) => {
      const found = all.filter((c) => c.name.toLowerCase().includes(q.toLowerCase()));
      answered.push(q + ':' + found.length);
      done(found);
    }).catch(() => done());
  },
  onChange: (v) => log.push('city=' + v),
});
window.submitted = () => [...new FormData(document.getElementById('trip'))].map(([k, v]) => k + '=' + v).join('&');
</script></body></html>"#;
    let cities = r#"[{"id":"ber","name":"Berlin"},{"id":"brn","name":"Bern"},{"id":"bcn","name":"Barcelona"},{"id":"bru","name":"Brussels"}]"#;
    let web = Server::start_with_dirs(
        vec![
            ("/trip.html", Page::html(page)),
            ("/cities.json", Page::html(cities).delayed(600)),
        ],
        &[("/npm/tom-select", apps::npm_package("tom-select"))],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/trip.html");
    ok(&select(&mut g, "role=combobox;name=City", "label", "Bern"));
    assert_eq!(eval(&mut g, "submitted()"), "city=brn");
    assert_eq!(eval(&mut g, "log.join(' ')"), "city=brn");
    let r = select(&mut g, "role=combobox;name=City", "label", "Atlantis");
    assert_eq!(failed(&r)["failureKind"], "noSuchOption", "{r}");
    // Refused once the server had answered for the name, not before.
    assert!(
        eval(&mut g, "answered.join(' ')")
            .as_str()
            .is_some_and(|a| a.contains("Atlantis:0")),
        "{r}"
    );
    assert_eq!(eval(&mut g, "submitted()"), "city=brn");
    ok(&select(
        &mut g,
        "role=combobox;name=City",
        "label",
        "Brussels",
    ));
    assert_eq!(eval(&mut g, "submitted()"), "city=bru");
    assert_eq!(eval(&mut g, "log.join(' ')"), "city=brn city=bru");
}

/// A field that suggests from a `<datalist>` (Chrome draws that popup outside the page):
/// `select` takes an option by its value or its label and types the value, as picking it from
/// the popup does; a name no option has is refused at once with the options, before any key
/// reaches the field; `fillForm` types any text, which such a field takes.
#[test]
fn a_field_that_suggests_from_a_datalist_is_chosen_in_by_value() {
    let page = r#"<!doctype html><title>Browser</title>
<form id="f"><label for="b">Browser</label><input id="b" name="b" list="bl">
<label for="n">Nickname</label><input id="n" name="n" list="n-datalist">
<datalist id="bl"><option value="Chrome"><option value="Firefox"><option value="Safari" label="Apple Safari"></datalist></form>
<script>
window.inputs = 0;
document.getElementById('b').addEventListener('input', () => inputs++);
window.submitted = () => [...new FormData(document.getElementById('f'))].map(([k, v]) => k + '=' + v).join('&');
</script>"#;
    let web = Server::start(vec![("/browser", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/browser");
    ok(&select(
        &mut g,
        "role=combobox;name=Browser",
        "label",
        "Firefox",
    ));
    assert_eq!(eval(&mut g, "submitted()"), "b=Firefox&n=");
    let typed = eval(&mut g, "inputs");
    let r = select(&mut g, "role=combobox;name=Browser", "value", "Opera");
    let f = failed(&r);
    assert_eq!(f["failureKind"], "noSuchOption", "{r}");
    assert_eq!(f["optionCount"], 3, "{r}");
    assert_eq!(
        f["options"][2],
        json!({"value": "Safari", "label": "Apple Safari"})
    );
    assert_eq!(
        eval(&mut g, "[submitted(), inputs]"),
        json!(["b=Firefox&n=", typed])
    );
    ok(&select(
        &mut g,
        "role=combobox;name=Browser",
        "label",
        "Apple Safari",
    ));
    assert_eq!(eval(&mut g, "submitted()"), "b=Safari&n=");
    ok(&g.call(
        json!("fill"),
        "fillForm",
        json!({"fields": [{"target": "role=combobox;name=Browser", "value": "Opera"}]}),
    ));
    assert_eq!(eval(&mut g, "submitted()"), "b=Opera&n=");
    // A list naming no datalist suggests nothing (NiceGUI writes one for every input): a
    // textbox, as Chrome has it.
    ok(&g.call(
        json!("nick"),
        "type",
        json!({"target": "role=textbox;name=Nickname", "text": "Ada"}),
    ));
    assert_eq!(eval(&mut g, "submitted()"), "b=Opera&n=Ada");
}

/// Choices.js (from npm) over a single and a multiple `<select>`: its widget is a combobox that
/// shows its choice as a listbox of its own beside the popup it opens, and marks the option it
/// highlights in that popup selected; it keeps the `<select>` see-through and click-through,
/// for the form. `select` on the widget opens it (it says it is closed, whatever list shows),
/// presses the option, and is checked on what the widget then shows chosen, not on the popup's
/// marks; `select` on the `<select>` (which has the label) chooses in its widget the same way,
/// never behind the widget's back: the form and Choices' own value agree.
#[test]
fn choices_js_widgets_are_chosen_in_as_a_person_does() {
    let page = r#"<!doctype html><html><head><meta charset="utf-8"><title>Booking</title>
<link rel="stylesheet" href="/npm/choices.js/public/assets/styles/choices.min.css">
<script src="/npm/choices.js/public/assets/scripts/choices.min.js"></script></head>
<body style="font:16px sans-serif;margin:20px;width:480px">
<form id="f">
<label for="room">Room</label>
<select id="room" name="room"><option value="">Pick a room</option><option value="s">Single</option><option value="d">Double</option><option value="x">Suite</option></select>
<label for="extras">Extras</label>
<select id="extras" name="extras" multiple><option value="b">Breakfast</option><option value="p">Parking</option><option value="l">Late checkout</option></select>
</form>
<script>
window.room = new Choices('#room', {});
window.extras = new Choices('#extras', {removeItemButton: true});
window.state = () => [[...new FormData(document.getElementById('f'))].map(([k, v]) => k + '=' + v).join('&'), room.getValue(true), extras.getValue(true).join(',')];
</script></body></html>"#;
    let web = Server::start_with_dirs(
        vec![("/booking", Page::html(page))],
        &[("/npm/choices.js", apps::npm_package("choices.js"))],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/booking");
    let obs = common::observe(&mut g, json!({}));
    let widgets: Vec<String> = common::all_elements(&obs["elements"])
        .iter()
        .filter(|e| e["role"] == "combobox" && e["haspopup"].is_string())
        .map(|e| e["ref"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(widgets.len(), 2, "{obs}");
    let (room, extras) = (widgets[0].as_str(), widgets[1].as_str());
    ok(&select(
        &mut g,
        "role=combobox;name=Room",
        "label",
        "Single",
    ));
    assert_eq!(eval(&mut g, "state()"), json!(["room=s", "s", ""]));
    let r = select(&mut g, "role=combobox;name=Room", "label", "Triple");
    assert_eq!(failed(&r)["failureKind"], "noSuchOption", "{r}");
    ok(&select(&mut g, room, "label", "Double"));
    assert_eq!(eval(&mut g, "state()"), json!(["room=d", "d", ""]));
    let r = select(&mut g, room, "label", "Triple");
    assert_eq!(failed(&r)["failureKind"], "noSuchOption", "{r}");
    assert_eq!(failed(&r)["optionCount"], 4, "{r}");
    assert_eq!(eval(&mut g, "state()"), json!(["room=d", "d", ""]));
    ok(&select(&mut g, extras, "label", "Parking"));
    ok(&select(&mut g, extras, "value", "b"));
    assert_eq!(
        eval(&mut g, "state()"),
        json!(["room=d&extras=b&extras=p", "d", "p,b"])
    );
    ok(&select(&mut g, room, "label", "Suite"));
    assert_eq!(eval(&mut g, "state()[1]"), "x");
    let r = g.call(
        json!("fill"),
        "fillForm",
        json!({"fields": [{"target": "role=combobox;name=Room", "value": "Double"}, {"target": "role=listbox;name=Extras", "value": "Late checkout"}]}),
    );
    ok(&r);
    assert_eq!(
        eval(&mut g, "state()"),
        json!(["room=d&extras=b&extras=p&extras=l", "d", "p,b,l"])
    );
}

/// A hand-made widget around a `<select>` it keeps see-through and click-through, whose drawn
/// options carry no value: `select` by the `<select>`'s value chooses the option of that label
/// in the widget; the form and what the widget shows agree.
#[test]
fn a_select_kept_out_of_sight_is_chosen_by_its_value_in_the_widget_around_it() {
    let page = r#"<!doctype html><title>Colour</title>
<form id="f"><label for="c">Colour</label>
<div id="w" role="combobox" aria-expanded="false" tabindex="0" style="position:relative;border:1px solid #888;width:200px;height:24px">
<select id="c" name="c" style="opacity:0;pointer-events:none;position:absolute;inset:0;width:100%"><option value="r">Red</option><option value="g">Green</option><option value="b">Blue</option></select>
<span id="shown">Red</span></div></form>
<ul id="l" role="listbox" hidden><li role="option">Red</li><li role="option">Green</li><li role="option">Blue</li></ul>
<script>
const w = document.getElementById('w'), l = document.getElementById('l'), c = document.getElementById('c');
w.onclick = () => { l.hidden = !l.hidden; w.setAttribute('aria-expanded', String(!l.hidden)); };
[...l.children].forEach((li, i) => li.onclick = () => {
  c.selectedIndex = i; document.getElementById('shown').textContent = li.textContent;
  l.hidden = true; w.setAttribute('aria-expanded', 'false');
});
window.state = () => [new FormData(document.getElementById('f')).get('c'), document.getElementById('shown').textContent];
</script>"#;
    let web = Server::start(vec![("/colour", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/colour");
    ok(&select(&mut g, "role=combobox;name=Colour", "value", "b"));
    assert_eq!(eval(&mut g, "state()"), json!(["b", "Blue"]));
    let r = select(&mut g, "role=combobox;name=Colour", "value", "y");
    assert_eq!(failed(&r)["failureKind"], "noSuchOption", "{r}");
    assert_eq!(
        eval(&mut g, "[state(), l.hidden]"),
        json!([["b", "Blue"], true])
    );
}

/// Select2 (jQuery, from npm): its combobox says it controls the text of its choice (inside
/// itself) and owns the list it opens at the end of the body; the list is the one chosen in. A
/// single and a multiple select, checked on the form and Select2's own data; a name no option
/// has is refused with the options, the choice kept.
#[test]
fn select2_widgets_are_chosen_in_through_the_list_they_own() {
    let page = r#"<!doctype html><html><head><meta charset="utf-8"><title>Rooms</title>
<link rel="stylesheet" href="/npm/select2/dist/css/select2.min.css">
<script src="/npm/jquery/dist/jquery.min.js"></script>
<script src="/npm/select2/dist/js/select2.min.js"></script></head>
<body style="font:16px sans-serif;margin:20px;width:480px">
<form id="f"><label for="room">Room</label>
<select id="room" name="room" style="width:300px"><option value="">Pick a room</option><option value="s">Single</option><option value="d">Double</option><option value="x">Suite</option></select>
<label for="tags">Tags</label>
<select id="tags" name="tags" multiple style="width:300px"><option value="a">Urgent</option><option value="b">Billing</option></select></form>
<script>
$('#room').select2(); $('#tags').select2();
window.state = () => [[...new FormData(document.getElementById('f'))].map(([k, v]) => k + '=' + v).join('&'), $('#room').select2('data').map((d) => d.id).join(','), $('#tags').select2('data').map((d) => d.id).join(',')];
</script></body></html>"#;
    let web = Server::start_with_dirs(
        vec![("/rooms", Page::html(page))],
        &[
            ("/npm/jquery", apps::npm_package("jquery")),
            ("/npm/select2", apps::npm_package("select2")),
        ],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/rooms");
    // Select2 names its single combobox by the choice it shows.
    ok(&select(
        &mut g,
        "role=combobox;name=Pick a room",
        "label",
        "Double",
    ));
    assert_eq!(eval(&mut g, "state()"), json!(["room=d", "d", ""]));
    let r = select(&mut g, "role=combobox;name=Double", "label", "Triple");
    let f = failed(&r);
    assert_eq!(f["failureKind"], "noSuchOption", "{r}");
    assert_eq!(f["optionCount"], 4, "{r}");
    assert_eq!(eval(&mut g, "state()"), json!(["room=d", "d", ""]));
    let obs = common::observe(&mut g, json!({}));
    let tags = common::all_elements(&obs["elements"])
        .into_iter()
        .find(|e| e["role"] == "combobox" && e["name"] == "")
        .unwrap_or_else(|| panic!("{obs}"));
    ok(&select(
        &mut g,
        tags["ref"].as_str().unwrap(),
        "label",
        "Billing",
    ));
    assert_eq!(eval(&mut g, "state()"), json!(["room=d&tags=b", "d", "b"]));
}

/// A list that fades out for a while after a choice, still drawn but no longer taking presses,
/// while its combobox already says it is closed: the next `select` opens it again, as a person
/// does, rather than pressing an option of the list that is going away.
#[test]
fn a_list_still_fading_out_is_opened_again_before_a_choice() {
    let page = r#"<!doctype html><title>Paint</title>
<style>#cl.leaving { opacity: .4; pointer-events: none; }</style>
<span id="lbl">Color</span>
<button id="c" role="combobox" aria-labelledby="lbl" aria-haspopup="listbox" aria-controls="cl" aria-expanded="false">Pick</button>
<ul id="cl" role="listbox" hidden><li role="option">Red</li><li role="option">Green</li><li role="option">Blue</li></ul>
<script>
window.picks = [];
const c = document.getElementById('c'), cl = document.getElementById('cl');
c.onclick = () => { cl.hidden = false; cl.classList.remove('leaving'); c.setAttribute('aria-expanded', 'true'); };
for (const li of cl.children) li.onclick = () => {
  picks.push(li.textContent); c.textContent = li.textContent; c.setAttribute('aria-expanded', 'false');
  // Fades out for ten seconds before it is gone.
  cl.classList.add('leaving');
  setTimeout(() => { if (cl.classList.contains('leaving')) cl.hidden = true; }, 10000);
};
</script>"#;
    let web = Server::start(vec![("/paint", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/paint");
    ok(&select(
        &mut g,
        "role=combobox;name=Color",
        "label",
        "Green",
    ));
    ok(&select(&mut g, "role=combobox;name=Color", "label", "Blue"));
    assert_eq!(eval(&mut g, "picks.join(' ')"), "Green Blue");
    assert_eq!(eval(&mut g, "c.textContent"), "Blue");
}

/// A combobox around its textbox (the ARIA 1.1 pattern) that owns a list of 201 options drawn
/// ten at a time as it scrolls, inside a wrapper of no size, narrowed by the first letter typed:
/// the option is looked for by turning the wheel over the list, chosen, and checked on the
/// page; a press the list ignores (sold out) is `notChosen` though the textbox holds the name
/// typed, never reported chosen.
#[test]
fn a_combobox_around_its_textbox_is_chosen_in_through_its_drawn_list() {
    let page = r#"<!doctype html><title>Parts</title>
<style>#wrap { position: absolute; top: 60px; left: 10px; width: 0; height: 0; }
#pl { width: 240px; height: 200px; overflow-y: auto; border: 1px solid #888; background: #fff; }
#pl li { height: 20px; list-style: none; cursor: pointer; }</style>
<label for="part">Part</label>
<div role="combobox" id="box" aria-owns="wrap" aria-expanded="false"><input id="part" autocomplete="off"></div>
<div id="wrap" hidden><ul id="pl" role="listbox"><li id="pad" style="height:0"></li></ul></div>
<script>
window.chosen = ''; window.presses = 0;
const box = document.getElementById('box'), part = document.getElementById('part');
const wrap = document.getElementById('wrap'), pl = document.getElementById('pl');
let shown = [];
const all = () => Array.from({length: 200}, (_, i) => 'Part ' + i).concat(['Sold out part']);
const draw = () => {
  const items = shown, first = Math.floor(pl.scrollTop / 20);
  pl.replaceChildren();
  const top = document.createElement('li'); top.style.height = first * 20 + 'px'; pl.append(top);
  for (const t of items.slice(first, first + 10)) {
    const li = document.createElement('li');
    li.setAttribute('role', 'option'); li.textContent = t;
    li.onclick = () => { presses++; if (t.startsWith('Sold')) return; part.value = t; chosen = t; wrap.hidden = true; box.setAttribute('aria-expanded', 'false'); };
    pl.append(li);
  }
  const rest = document.createElement('li'); rest.style.height = Math.max(0, items.length - first - 10) * 20 + 'px'; pl.append(rest);
};
// It narrows by the first letter typed only.
const open = () => { shown = all().filter((t) => !part.value || t[0].toLowerCase() === part.value[0].toLowerCase()); wrap.hidden = false; box.setAttribute('aria-expanded', 'true'); pl.scrollTop = 0; draw(); };
part.addEventListener('focus', open);
part.addEventListener('input', open);
pl.addEventListener('scroll', draw);
</script>"#;
    let web = Server::start(vec![("/parts", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/parts");
    // Typed, it narrows to the 200 parts, drawn ten at a time: Part 187 is far down.
    ok(&select(
        &mut g,
        "role=textbox;name=Part",
        "label",
        "Part 187",
    ));
    assert_eq!(
        eval(&mut g, "[chosen, part.value]"),
        json!(["Part 187", "Part 187"])
    );
    let r = select(&mut g, "role=textbox;name=Part", "label", "Sold out part");
    assert_eq!(failed(&r)["failureKind"], "notChosen", "{r}");
    assert_eq!(eval(&mut g, "chosen"), "Part 187");
}

/// A combobox that hides its list when no option matches what is typed (Gradio's dropdown): a
/// name no option has is refused with the options the whole list offers, as a person who sees
/// no match clears the text and looks, and the choice before stays (the page's own record).
#[test]
fn a_list_that_hides_for_want_of_a_match_is_refused_with_its_options() {
    let page = r#"<!doctype html><html><head><meta charset="utf-8"><title>Cities</title></head>
<body style="font:16px sans-serif;margin:20px;width:420px">
<label for="city">City</label>
<input id="city" role="combobox" aria-expanded="false" aria-controls="list" autocomplete="off">
<ul id="list" role="listbox" hidden style="list-style:none;margin:0;padding:0;border:1px solid #888"></ul>
<script>
const CITIES = ['Lyon', 'Nantes', 'Paris', 'Toulouse'];
window.chosen = [];
const input = document.getElementById('city'), list = document.getElementById('list');
function show() {
  const t = input.value.toLowerCase();
  const hits = CITIES.filter((c) => c.toLowerCase().includes(t) || (window.chosen.length && t === window.chosen[window.chosen.length - 1].toLowerCase()));
  list.innerHTML = hits.map((c) => `<li role="option" style="padding:4px">${c}</li>`).join('');
  list.hidden = hits.length === 0;
  input.setAttribute('aria-expanded', String(!list.hidden));
}
input.addEventListener('focus', show);
input.addEventListener('input', show);
input.addEventListener('blur', () => setTimeout(() => {
  list.hidden = true; input.setAttribute('aria-expanded', 'false');
  input.value = window.chosen.length ? window.chosen[window.chosen.length - 1] : '';
}, 100));
list.addEventListener('mousedown', (e) => {
  const o = e.target.closest('[role=option]');
  if (!o) return;
  e.preventDefault();
  window.chosen.push(o.textContent);
  input.value = o.textContent;
  list.hidden = true; input.setAttribute('aria-expanded', 'false');
});
</script></body></html>"#;
    let web = Server::start(vec![("/cities.html", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/cities.html");
    ok(&select(&mut g, "role=combobox;name=City", "label", "Paris"));
    assert_eq!(eval(&mut g, "chosen"), json!(["Paris"]));
    let r = select(&mut g, "role=combobox;name=City", "label", "Atlantis");
    let f = failed(&r);
    assert_eq!(f["failureKind"], "noSuchOption", "{r}");
    let names: Vec<&str> = f["options"]
        .as_array()
        .unwrap_or_else(|| panic!("no options in {r}"))
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Lyon", "Nantes", "Paris", "Toulouse"], "{r}");
    assert_eq!(eval(&mut g, "chosen"), json!(["Paris"]));
}
