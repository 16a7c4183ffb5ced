//! Data grids that draw a row in several containers and move rows without moving their nodes
//! (AG Grid 32, from npm: `scripts/test` installs `ag-grid-community` once; MLflow's run table
//! is one): a table's `rows` are read in the order the grid says they stand, each row whole,
//! checked against the order the grid's own API gives.
#![cfg(target_os = "linux")]

use crate::common;

use common::web::{Page, Server};
use common::{apps, eval, nav, ok};
use serde_json::{Value, json};

/// Five runs; the name column pinned to the left (drawn in a container of its own), accuracy
/// and loss sortable. `shownOrder()` is the order the grid shows its rows in.
const GRID: &str = r#"<!doctype html><html><head><meta charset="utf-8"><title>Runs</title>
<script src="/npm/ag-grid-community/dist/ag-grid-community.min.js"></script></head>
<body><h1>Runs</h1><div id="grid" style="height:320px;width:700px"></div>
<script>
const rows = [1, 2, 3, 4, 5].map((i) => ({name: 'run-' + i, accuracy: [0.67, 0.74, 0.81, 0.88, 0.95][i - 1], loss: [0.9, 0.7, 0.5, 0.3, 0.1][i - 1]}));
window.api = agGrid.createGrid(document.getElementById('grid'), {
  rowData: rows,
  columnDefs: [
    {field: 'name', headerName: 'Run Name', pinned: 'left'},
    {field: 'accuracy', headerName: 'Accuracy', sortable: true},
    {field: 'loss', headerName: 'Loss', sortable: true},
  ],
});
window.shownOrder = () => { const out = []; api.forEachNodeAfterFilterAndSort((n) => out.push(n.data.name)); return out; };
</script></body></html>"#;

/// The grid's `rows` in a whole observation.
fn grid_rows(g: &mut common::Glass) -> Value {
    let obs = ok(&g.call(json!("o"), "observe", json!({"full": true})));
    common::all_elements(&obs["elements"])
        .into_iter()
        .find(|e| e["role"] == "treegrid" || e["role"] == "grid")
        .unwrap_or_else(|| panic!("no grid: {obs}"))["rows"]
        .clone()
}

/// Each row is read whole (its pinned name with its other cells: before, the pinned part and
/// the rest were rows apart), and after a sort in the order the grid shows them (before, in
/// the order of its nodes, which a sort does not move): the first row is the one the grid's
/// API says is first.
#[test]
fn a_sorted_grid_is_read_in_the_order_it_shows() {
    let web = Server::start_with_dirs(
        vec![("/runs", Page::html(GRID))],
        &[(
            "/npm/ag-grid-community",
            apps::npm_package("ag-grid-community"),
        )],
    );
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/runs");
    let rows = grid_rows(&mut g);
    assert_eq!(rows[0], json!(["run-1", "0.67", "0.9"]), "{rows}");
    assert_eq!(rows.as_array().map(Vec::len), Some(5), "{rows}");
    // Ascending, then descending.
    for _ in 0..2 {
        ok(&g.call(
            json!("sort"),
            "click",
            json!({"target": "role=columnheader;name=Accuracy"}),
        ));
    }
    let order = eval(&mut g, "shownOrder()");
    assert_eq!(order[0], "run-5", "the grid did not sort: {order}");
    let rows = grid_rows(&mut g);
    let names: Vec<Value> = rows
        .as_array()
        .unwrap_or_else(|| panic!("{rows}"))
        .iter()
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(json!(names), order, "{rows}");
    assert_eq!(rows[0], json!(["run-5", "0.95", "0.1"]), "{rows}");
}

/// Reduced from MLflow's run table (AG Grid): a row redrawn after a pin keeps its selection
/// cell first on screen but last among its nodes, and says where each cell stands
/// (`aria-colindex`); the rows themselves stand as `aria-rowindex` says. The header and each
/// row are read in that order (before: the pin's cell last, and the header's columns shifted).
#[test]
fn cells_are_read_in_the_order_the_grid_says_they_stand() {
    let page = r#"<!doctype html><html><body><div role="grid" aria-rowcount="3" aria-colcount="3">
      <div role="row" aria-rowindex="1"><div role="columnheader" aria-colindex="2">Run Name</div>
        <div role="columnheader" aria-colindex="3">Accuracy</div><div role="columnheader" aria-colindex="1">Pin</div></div>
      <div role="row" aria-rowindex="3"><div role="gridcell" aria-colindex="2">run-5</div>
        <div role="gridcell" aria-colindex="3">0.95</div><div role="gridcell" aria-colindex="1">pinned</div></div>
      <div role="row" aria-rowindex="2"><div role="gridcell" aria-colindex="1">-</div>
        <div role="gridcell" aria-colindex="2">run-1</div><div role="gridcell" aria-colindex="3">0.67</div></div>
    </div></body></html>"#;
    let web = Server::start(vec![("/cells", Page::html(page))]);
    let mut g = common::incognito(&[]);
    nav(&mut g, &web, "/cells");
    let obs = ok(&g.call(json!("o"), "observe", json!({"level": "structured"})));
    let grid = common::all_elements(&obs["elements"])
        .into_iter()
        .find(|e| e["role"] == "grid")
        .unwrap_or_else(|| panic!("no grid: {obs}"));
    assert_eq!(
        grid["columns"],
        json!(["Pin", "Run Name", "Accuracy"]),
        "{grid}"
    );
    assert_eq!(
        grid["rows"],
        json!([["-", "run-1", "0.67"], ["pinned", "run-5", "0.95"]]),
        "{grid}"
    );
}
