//! `drag` with the drag-and-drop libraries real apps are built on, from npm (`scripts/test`
//! installs them once): SortableJS in its HTML5 mode and in its pointer mode, dragula, and
//! jQuery UI's sortable.
//! Each moves cards between the columns of a board as a person's drag does, and the drop
//! check (`missedTarget`) neither misses a drop these libraries take (their mirrors trail the
//! pointer, their lists reorder as the drag passes) nor passes one they gave to something
//! else: checked on each library's own drop events and on the order of the board's lists.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{Glass, apps, eval, failed, ok};
use serde_json::{Value, json};

/// The board: two columns, and a Trash column that the page shows above Done as a drag starts
/// (on `?trash`), over where Done's cards were. Each card holds its title in an element of its
/// own, as real cards do, so the copy a library drags along has contents too. `window.moves` is the library's own record of
/// each drop (card:from>to@index); `window.order()` reads the lists.
const BOARD: &str = r#"<!doctype html><html><head><title>Board</title>
<link rel="stylesheet" href="/npm/dragula/dist/dragula.css">
<style>body{font:16px sans-serif;margin:20px;display:flex;gap:40px}
.col{list-style:none;padding:8px;margin:0;width:180px;min-height:60px;background:#eee}
.card{padding:10px;margin:4px 0;background:#fff;border:1px solid #ccc}
#trash{height:120px;background:#fcc}</style>
<script src="/npm/sortablejs/Sortable.min.js"></script>
<script src="/npm/dragula/dist/dragula.js"></script>
<script src="/npm/jquery/dist/jquery.min.js"></script>
<script src="/npm/jquery-ui/dist/jquery-ui.min.js"></script></head><body>
<section><h2>Todo</h2><ul class="col" id="todo" aria-label="Todo"><li class="card"><span>Write spec</span></li><li class="card"><span>Build parser</span></li><li class="card"><span>Fix login bug</span></li></ul></section>
<section id="right"><h2>Done</h2><ul class="col" id="done" aria-label="Done"><li class="card"><span>Set up repo</span></li><li class="card"><span>Pick a name</span></li></ul></section>
<script>
window.moves = [];
const lists = ['todo', 'done'].map((id) => document.getElementById(id));
const mode = new URLSearchParams(location.search).get('lib');
const trashOnDrag = location.search.includes('trash');
// On `?locked`, Todo takes no cards.
const locked = location.search.includes('locked');
window.lists = () => [...document.querySelectorAll('.col')].map((l) => [l.id, [...l.children].map((c) => c.textContent)]);
window.order = () => [...document.querySelectorAll('.col')].map((l) => l.id + '=' + [...l.children].map((c) => c.textContent).join('|')).join(' ');
// The Trash column, made once, above Done's list.
function trash() {
  let t = document.getElementById('trash');
  if (t) return null;
  t = document.createElement('ul'); t.id = 'trash'; t.className = 'col'; t.setAttribute('aria-label', 'Trash');
  t.textContent = 'Trash';
  document.getElementById('done').before(t);
  return t;
}
if (mode === 'jquery-ui') {
  const opts = {start: (e, ui) => ui.item.data('from', ui.item.parent().attr('id')),
    stop: (e, ui) => moves.push(ui.item.text() + ':' + ui.item.data('from') + '>' + ui.item.parent().attr('id') + '@' + ui.item.index())};
  $('#todo').sortable({...opts, connectWith: '#done'});
  $('#done').sortable({...opts, connectWith: locked ? false : '#todo'});
} else if (mode === 'dragula') {
  const drake = dragula(lists, {accepts: (el, to) => !(locked && to.id === 'todo')}).on('drop', (el, to, from) => moves.push(el.textContent + ':' + from.id + '>' + to.id + '@' + [...to.children].indexOf(el)));
  drake.on('drag', () => { const t = trashOnDrag && trash(); if (t) drake.containers.push(t); });
} else {
  const options = {group: 'board', animation: 150, forceFallback: mode === 'sortable-pointer',
    onEnd: (e) => moves.push(e.item.textContent + ':' + e.from.id + '>' + e.to.id + '@' + e.newIndex),
    onStart: () => { const t = trashOnDrag && trash(); if (t) Sortable.create(t, options); }};
  for (const l of lists) Sortable.create(l, {...options, group: {name: 'board', put: !(locked && l.id === 'todo')}});
}
</script></body></html>"#;

/// The libraries as a mode of the board, each with the name a failure message gives it.
const LIBRARIES: [&str; 4] = ["sortable-html5", "sortable-pointer", "dragula", "jquery-ui"];

fn board() -> Server {
    Server::start_with_dirs(
        vec![("/board.html", Page::html(BOARD))],
        &[
            ("/npm/sortablejs", apps::npm_package("sortablejs")),
            ("/npm/dragula", apps::npm_package("dragula")),
            ("/npm/jquery", apps::npm_package("jquery")),
            ("/npm/jquery-ui", apps::npm_package("jquery-ui")),
        ],
    )
}

fn open(g: &mut Glass, web: &Server, query: &str) {
    ok(&g.call(
        json!("nav"),
        "navigate",
        json!({"url": web.url(&format!("/board.html?{query}")), "observe": false}),
    ));
}

fn drag(g: &mut Glass, source: &str, destination: &str) -> Value {
    g.call(
        json!("drag"),
        "drag",
        json!({"source": source, "destination": destination}),
    )
}

/// The library's record of the drops, and the lists, as the page has them.
fn board_state(g: &mut Glass) -> (Value, Value) {
    (eval(g, "window.moves.join(' ')"), eval(g, "window.order()"))
}

/// The lists of the board as the page has them, by id.
fn lists(g: &mut Glass) -> Vec<(String, Vec<String>)> {
    serde_json::from_value(eval(g, "window.lists()")).unwrap()
}

/// Checks that the library's last drop record says `card` went from `from` to `to`, at the
/// index it now has there, and that it lies next to `beside` when given: a drop onto a card
/// puts it before or after that card, as the library decides from where the pointer is.
fn dropped(g: &mut Glass, lib: &str, card: &str, from: &str, to: &str, beside: Option<&str>) {
    let lists = lists(g);
    let list = &lists.iter().find(|(id, _)| id == to).unwrap().1;
    let at = list.iter().position(|c| c == card);
    let at = at.unwrap_or_else(|| panic!("{lib}: {card} is not in {to}: {lists:?}"));
    for (id, cards) in &lists {
        assert!(
            id == to || !cards.iter().any(|c| c == card),
            "{lib}: {lists:?}"
        );
    }
    if let Some(other) = beside {
        let near = |i: usize| list.get(i).is_some_and(|c| c == other);
        assert!(near(at + 1) || (at > 0 && near(at - 1)), "{lib}: {lists:?}");
    }
    let moves = eval(g, "window.moves.join(' ')");
    assert!(
        moves
            .as_str()
            .unwrap()
            .ends_with(&format!("{card}:{from}>{to}@{at}")),
        "{lib}: {moves} {lists:?}"
    );
}

/// Onto a card of the other column, onto the other column itself, and within a column: each
/// drop is taken where it was aimed (the library's record and the lists say so), and Glass
/// answers ok: a mirror that trails the pointer (dragula's, SortableJS's in pointer mode) and
/// a list reordering under the drag are not a miss.
#[test]
fn cards_move_across_and_within_columns_with_each_library() {
    let web = board();
    let mut g = common::incognito(&[]);
    for lib in LIBRARIES {
        open(&mut g, &web, &format!("lib={lib}"));
        ok(&drag(&mut g, "text=Build parser", "text=Pick a name"));
        dropped(
            &mut g,
            lib,
            "Build parser",
            "todo",
            "done",
            Some("Pick a name"),
        );
        // Onto the column: the drag crosses its cards, as a person's does, and the card goes in.
        ok(&drag(&mut g, "text=Set up repo", "role=list;name=Todo"));
        dropped(&mut g, lib, "Set up repo", "done", "todo", None);
        ok(&drag(&mut g, "text=Write spec", "text=Fix login bug"));
        dropped(
            &mut g,
            lib,
            "Write spec",
            "todo",
            "todo",
            Some("Fix login bug"),
        );
        let moves = eval(&mut g, "window.moves.length");
        assert_eq!(moves, json!(3), "{lib}");
    }
}

/// A Trash column the page shows as the drag starts, over where the destination card was:
/// the drop goes to Trash (the library's record says so), and Glass answers `missedTarget`
/// naming Trash, never ok; aimed again at the card where it now is, the drop lands on it.
#[test]
fn a_drop_a_column_shown_mid_drag_takes_is_reported_missed_with_each_library() {
    let web = board();
    let mut g = common::incognito(&[]);
    // jQuery UI learns its lists as a drag starts: a column shown then is none of them.
    for lib in LIBRARIES.into_iter().filter(|l| *l != "jquery-ui") {
        open(&mut g, &web, &format!("lib={lib}&trash"));
        let r = drag(&mut g, "text=Build parser", "text=Pick a name");
        let f = failed(&r);
        assert_eq!(f["failureKind"], "missedTarget", "{lib}: {r}");
        assert_eq!(f["receivedBy"]["name"], "Trash", "{lib}: {r}");
        assert_eq!(
            board_state(&mut g),
            (
                json!("Build parser:todo>trash@0"),
                json!(
                    "todo=Write spec|Fix login bug trash=Build parser done=Set up repo|Pick a name"
                )
            ),
            "{lib}"
        );
        ok(&drag(&mut g, "text=Write spec", "text=Pick a name"));
        let (moves, order) = board_state(&mut g);
        assert!(
            moves.as_str().unwrap().ends_with(" Write spec:todo>done@1")
                || moves.as_str().unwrap().ends_with(" Write spec:todo>done@2"),
            "{lib}: {moves}"
        );
        assert!(
            order
                .as_str()
                .unwrap()
                .starts_with("todo=Fix login bug trash=Build parser done=Set up repo|"),
            "{lib}: {order}"
        );
    }
}

/// A column that takes no cards: each library puts the card back where it was and changes
/// nothing on the page, and Glass answers `notDropped` naming the card, never ok, though the
/// release came up on the column. The lists are as they were and no library recorded a move
/// into the column.
#[test]
fn a_drop_the_library_refuses_is_reported_not_dropped_with_each_library() {
    let web = board();
    let mut g = common::incognito(&[]);
    for lib in LIBRARIES {
        open(&mut g, &web, &format!("lib={lib}&locked"));
        let before = eval(&mut g, "window.order()");
        let r = drag(&mut g, "text=Set up repo", "role=list;name=Todo");
        let f = failed(&r);
        assert_eq!(f["failureKind"], "notDropped", "{lib}: {r}");
        assert_eq!(f["dragged"]["name"], "Set up repo", "{lib}: {r}");
        let (moves, order) = board_state(&mut g);
        assert_eq!(order, before, "{lib}");
        assert!(!moves.as_str().unwrap().contains(">todo"), "{lib}: {moves}");
        // Into the column that takes cards, a card still goes, and that is ok.
        ok(&drag(&mut g, "text=Write spec", "text=Pick a name"));
        dropped(
            &mut g,
            lib,
            "Write spec",
            "todo",
            "done",
            Some("Pick a name"),
        );
    }
}
