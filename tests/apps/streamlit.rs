//! A Streamlit data app (a dataframe drawn on a canvas, BaseWeb's virtualized select and
//! multiselect, React Aria's sliders, checkbox, switch and radios, a number input that applies
//! on Enter or blur, an expander), driven through the Glass binary with its default flags and
//! checked on what the app's own script saw: it writes every widget's value on each run it
//! makes.
#![cfg(target_os = "linux")]

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::apps;
use common::{Glass, failed, ok, temp_dir};
use serde_json::{Value, json};

/// The app: an order form of Streamlit's own widgets. Each run writes the values its widgets
/// gave it to `state.json`, before it says so on the page, so a page that shows a run's answer
/// has its state on disk.
const ORDER_APP: &str = r#"
import json, os, time, streamlit as st
st.title("Orders")
st.dataframe({"order": ["A-101", "A-102", "A-103"], "total": ["12.50", "7.00", "30.25"]}, hide_index=True)
name = st.text_input("Customer name")
qty = st.number_input("Quantity", min_value=1, max_value=50, value=1, step=1)
city = st.selectbox("City", [f"City {i}" for i in range(1, 81)], index=None, placeholder="Choose a city")
tags = st.multiselect("Tags", ["urgent", "gift", "fragile", "bulk", "return"])
level = st.slider("Priority", 0, 10, 3)
size = st.select_slider("Size", options=["XS", "S", "M", "L", "XL"], value="M")
discount = st.select_slider("Discount %", options=[0, 2, 5, 10], value=0)
rebate = st.select_slider("Rebate %", options=[0, 2, 5, 10], value=0)
agree = st.checkbox("Agree to terms")
notify = st.toggle("Notify me")
ship = st.radio("Shipping", ["Standard", "Express", "Overnight"])
note = st.text_area("Note")
with st.expander("Advanced"):
    code = st.text_input("Promo code")
receipt = st.file_uploader("Receipt")
clicked = st.button("Place order")
runs = st.session_state.get("runs", 0) + 1
st.session_state["runs"] = runs
if clicked:
    time.sleep(1.5)  # placing an order takes a while (a payment service, say)
orders = st.session_state.get("orders", 0) + (1 if clicked else 0)
st.session_state["orders"] = orders
state = dict(name=name, qty=qty, city=city, tags=tags, level=level, size=size, discount=discount,
             rebate=rebate, agree=agree,
             notify=notify, ship=ship, note=note, code=code, clicked=clicked, runs=runs, orders=orders,
             receipt=[receipt.name, len(receipt.getvalue())] if receipt else None)
json.dump(state, open("state.tmp", "w")); os.replace("state.tmp", "state.json")
if clicked:
    st.success("Order placed")
"#;

fn glass() -> Glass {
    common::incognito(&[])
}

/// What the app's last run saw.
fn app_state(work: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(work.join("state.json")).unwrap()).unwrap()
}

/// The app's state once `check` holds of it (a widget's change reaches the script on a run of
/// its own, after the action's answer); its last state in the panic otherwise.
fn app_state_when(work: &Path, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        let state = app_state(work);
        if check(&state) {
            return state;
        }
        assert!(Instant::now() < end, "{what}: the app saw {state}");
        // The app's file is written by another process: nothing to wait on but the next read.
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A call the default policy confirms first, confirmed as a person answering Glass's question
/// does: the same call again with the token it gave.
fn confirmed(g: &mut Glass, id: Value, tool: &str, mut args: Value) -> Value {
    let asked = g.call(id.clone(), tool, args.clone());
    let question = &asked["result"]["structuredContent"];
    if question["kind"] != "confirmationRequired" {
        return asked;
    }
    args["confirmToken"] = question["confirmToken"].clone();
    g.call(id, tool, args)
}

fn wait_visible(g: &mut Glass, target: &str) {
    ok(&g.call(
        json!("wait"),
        "wait",
        json!({"kind": "elementVisible", "target": target, "timeoutMs": 30000}),
    ));
}

/// An order placed with every widget of the form: a city 57th of 80 in a list that draws only
/// the rows in view, two tags, a number slider, a slider of named sizes (set by the size it
/// says, and a size it lacks refused with the sizes it has, the choice before kept) and sliders
/// whose stops say numbers other than their positions, a checkbox,
/// a switch, a radio, a text area, a field inside an expander; then the button. Every value is
/// checked on what the app's script received.
#[test]
fn streamlit_an_order_placed_with_every_widget() {
    let work = temp_dir("streamlit");
    std::fs::write(work.join("app.py"), ORDER_APP).unwrap();
    let app = apps::streamlit(&work.join("app.py"), &work);
    let mut g = glass();

    ok(&g.call(json!(1), "navigate", json!({"url": app.url("/")})));
    // Streamlit draws its widgets as its script's run streams in, some from chunks of their own.
    for last in [
        "role=button;name=Place order",
        "role=textbox;name=Note",
        "role=checkbox;name=Agree to terms",
        "role=grid",
    ] {
        wait_visible(&mut g, last);
    }
    let first = app_state(&work)["runs"].as_u64().unwrap();

    // The past orders, a table the page draws on a canvas: read as the table its fallback says.
    let orders = ok(&g.call(
        json!(20),
        "extractStructured",
        json!({"fields": [{"name": "orders", "path": "table#1", "kind": "table"}]}),
    ));
    assert_eq!(
        orders["values"]["orders"],
        json!({"columns": ["order", "total"], "rows": [["A-101", "12.50"], ["A-102", "7.00"], ["A-103", "30.25"]]}),
        "{orders}"
    );
    let grid = orders["provenance"]["orders"]["ref"]
        .as_str()
        .unwrap()
        .to_owned();
    let text = ok(&g.call(json!(21), "getText", json!({"target": grid})));
    assert!(
        text["text"].as_str().unwrap().contains("A-102\t7.00"),
        "{text}"
    );

    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "role=textbox;name=Customer name", "text": "Ada Lovelace"}),
    ));
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": "role=spinbutton;name=Quantity", "text": "7", "clear": true, "submit": true}),
    ));
    ok(&g.call(
        json!(4),
        "select",
        json!({"target": "role=combobox;name=City", "label": "City 57"}),
    ));
    for tag in ["fragile", "bulk"] {
        ok(&g.call(
            json!(5),
            "select",
            json!({"target": "role=combobox;name=Tags", "label": tag}),
        ));
    }
    let filled = ok(&g.call(
        json!(6),
        "fillForm",
        json!({"fields": [
            {"target": "role=slider;name=Priority", "value": 8},
            {"target": "role=slider;name=Size", "value": "XL"},
            // Stops that say numbers other than their positions: 2 is the second stop, not
            // the third, and 10 is the fourth, not a number off the scale.
            {"target": "role=slider;name=Discount %", "value": 2},
            {"target": "role=slider;name=Rebate %", "value": "10"},
        ]}),
    ));
    assert_eq!(filled["ok"], true, "{filled}");
    app_state_when(&work, "the sliders", |s| {
        s["level"] == 8 && s["size"] == "XL" && s["discount"] == 2 && s["rebate"] == 10
    });
    // A size the slider has not: refused with the sizes it says, and left at XL.
    let refused = failed(&g.call(
        json!(7),
        "select",
        json!({"target": "role=slider;name=Size", "label": "XXL"}),
    ));
    assert_eq!(refused["failureKind"], "noSuchOption", "{refused}");
    let sizes: Vec<&str> = refused["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert_eq!(sizes, ["XS", "S", "M", "L", "XL"]);
    ok(&g.call(
        json!(8),
        "check",
        json!({"target": "role=checkbox;name=Agree to terms"}),
    ));
    ok(&g.call(
        json!(9),
        "check",
        json!({"target": "role=switch;name=Notify me"}),
    ));
    ok(&g.call(
        json!(10),
        "check",
        json!({"target": "role=radio;name=Overnight"}),
    ));
    ok(&g.call(
        json!(11),
        "type",
        json!({"target": "role=textbox;name=Note", "text": "Leave at the door"}),
    ));
    ok(&g.call(
        json!(12),
        "click",
        json!({"target": "role=button;name=Advanced"}),
    ));
    wait_visible(&mut g, "role=textbox;name=Promo code");
    ok(&g.call(
        json!(13),
        "type",
        json!({"target": "role=textbox;name=Promo code", "text": "SAVE10", "submit": true}),
    ));
    // The uploader's input is kept out of sight; its Upload button opens it, as a person does.
    std::fs::write(work.join("receipt.txt"), "paid in full\n").unwrap();
    let file = work.join("receipt.txt").to_string_lossy().into_owned();
    // What opens no chooser is not pressed: the order is not placed by a mistaken upload.
    let refused = confirmed(
        &mut g,
        json!(16),
        "upload",
        json!({"target": "role=button;name=Place order", "files": [file]}),
    );
    assert_eq!(failed(&refused)["failureKind"], "notFileInput", "{refused}");
    assert_eq!(app_state(&work)["orders"], 0, "nothing was pressed");
    let up = confirmed(
        &mut g,
        json!(17),
        "upload",
        json!({"target": "role=button;name=Upload", "files": [file]}),
    );
    assert_eq!(ok(&up)["files"], 1, "{up}");
    app_state_when(&work, "the receipt", |s| {
        s["receipt"] == json!(["receipt.txt", 13])
    });
    // The script takes a second and a half over an order, saying "Running..." half a second
    // into it: the click answers once the run is over, its result on the page and on disk.
    let placed = ok(&g.call(
        json!(14),
        "click",
        json!({"target": "role=button;name=Place order"}),
    ));
    assert_eq!(placed["settled"], true, "{placed}");
    assert!(
        placed["changes"].to_string().contains("Order placed"),
        "{placed}"
    );

    let state = app_state(&work);
    assert_eq!(
        state,
        json!({
            "name": "Ada Lovelace", "qty": 7, "city": "City 57", "tags": ["fragile", "bulk"],
            "level": 8, "size": "XL", "discount": 2, "rebate": 10, "agree": true, "notify": true, "ship": "Overnight",
            "note": "Leave at the door", "code": "SAVE10", "clicked": true,
            "receipt": ["receipt.txt", 13], "orders": 1,
            "runs": state["runs"],
        }),
        "what the app's script received"
    );
    assert!(state["runs"].as_u64().unwrap() > first);
}
