//! The real-app tier: tasks a user would give a coding agent, on web apps nobody here wrote
//! (Datasette, JupyterLab, an MkDocs-Material site, the Wagtail CMS with its rich-text editor,
//! the Prefect server's Vue UI), driven end to end through the Glass binary with its default
//! flags, each checked on the app's own state (SQLite, the notebook file on disk, the page's
//! location and scroll, the CMS's database, Prefect's API).
#![cfg(target_os = "linux")]

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::apps;
use common::{Glass, all_elements, eval, failed, observe, ok, requests_of, temp_dir};
use serde_json::{Value, json};

/// Glass as a user starts it (default flags), with a throwaway profile so tests can run side
/// by side.
fn glass() -> Glass {
    common::incognito(&[])
}

/// The one element matching `pred` in an observation.
fn one(obs: &Value, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let found: Vec<Value> = all_elements(&obs["elements"])
        .into_iter()
        .filter(|e| pred(e))
        .collect();
    assert_eq!(found.len(), 1, "{what}: {found:?} in {obs}");
    found[0].clone()
}

fn click(g: &mut Glass, target: &str) -> Value {
    ok(&g.call(json!("click"), "click", json!({"target": target})))
}

/// The live page as a Web IR draft, checked by the project's own validator; its entity count.
fn valid_live_draft(g: &mut Glass) -> usize {
    let x = ok(&g.call(json!("ir"), "extractWebIr", json!({})));
    let v = ok(&g.call_framed(json!("v"), "validateWebIr", json!({"draft": x["draft"]})));
    assert_eq!(v["valid"], true);
    x["entityCount"].as_u64().unwrap() as usize
}

fn wait_text(g: &mut Glass, text: &str, ms: u64) {
    ok(&g.call(
        json!("wait"),
        "wait",
        json!({"kind": "textPresent", "text": text, "timeoutMs": ms}),
    ));
}

const BOOKS: &str = r#"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("create table books (id integer primary key, title text, genre text, year integer)")
genres = ["fiction", "poetry", "history", "science"]
db.executemany("insert into books values (?,?,?,?)",
    [(i, "Book %03d %s" % ((i * 37) % 200, genres[i % 4]), genres[i % 4], 1950 + (i * 7) % 70) for i in range(1, 201)])
db.commit()
"#;

fn sql(db: &Path, query: &str) -> String {
    apps::python(
        "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])",
        &[db.to_str().unwrap(), query],
    )
}

/// The books database in a fresh work folder, and Datasette serving it.
fn books(tag: &str) -> (std::path::PathBuf, apps::App) {
    let work = temp_dir(tag);
    let db = work.join("books.db");
    apps::python(BOOKS, &[db.to_str().unwrap()]);
    let app = apps::datasette(&db, &work);
    (db, app)
}

#[test]
fn datasette_filter_sort_open_a_row_and_run_sql() {
    let (db, app) = books("datasette");
    let mut g = glass();

    // Filter with the column and operator selects, as a person would.
    let loaded = ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": app.url("/books/books")}),
    ));
    let obs = &loaded["observation"];
    let column = one(obs, "the filter's column select", |e| {
        e["role"] == "combobox" && e["options"][0] == "- column -"
    });
    let op = one(obs, "the filter's operator select", |e| {
        e["role"] == "combobox" && e["options"][0] == "="
    });
    let value = one(obs, "the filter's value box", |e| e["role"] == "textbox");
    ok(&g.call(
        json!(2),
        "select",
        json!({"target": column["ref"], "label": "genre"}),
    ));
    ok(&g.call(
        json!(3),
        "select",
        json!({"target": op["ref"], "label": "="}),
    ));
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": value["ref"], "text": "poetry"}),
    ));
    let apply = one(obs, "Apply", |e| {
        e["role"] == "button" && e["name"] == "Apply"
    });
    let r = click(&mut g, apply["ref"].as_str().unwrap());
    assert!(r["caused"]["navigation"].is_object(), "{r}");
    let poetry: usize = sql(&db, "select count(*) from books where genre = 'poetry'")
        .parse()
        .unwrap();
    let obs = observe(&mut g, json!({"level": "structured"}));
    assert!(
        obs["url"].as_str().unwrap().contains("genre__exact=poetry"),
        "{obs}"
    );
    let heading = one(&obs, "the row count heading", |e| {
        e["role"] == "heading" && e["name"].as_str().unwrap().contains("rows where")
    });
    assert!(
        heading["name"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{poetry} rows")),
        "{heading}"
    );
    let table = one(&obs, "the table", |e| e["role"] == "table");
    let genre_col = table["columns"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c.as_str().unwrap().starts_with("genre"))
        .unwrap();
    let rows = table["rows"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r[genre_col] == "poetry"), "{table}");
    assert!(
        valid_live_draft(&mut g) > 100,
        "the filtered table as Web IR"
    );

    // Sort by a column header.
    let title_header = one(&obs, "the title header link", |e| {
        e["role"] == "link" && e["name"] == "title"
    });
    click(&mut g, title_header["ref"].as_str().unwrap());
    let obs = observe(&mut g, json!({"level": "structured"}));
    assert!(
        obs["url"].as_str().unwrap().contains("_sort=title"),
        "{obs}"
    );
    let table = one(&obs, "the sorted table", |e| e["role"] == "table");
    let title_col = table["columns"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c.as_str().unwrap().starts_with("title"))
        .unwrap();
    let first = sql(
        &db,
        "select title from books where genre = 'poetry' order by title limit 1",
    );
    assert_eq!(table["rows"][0][title_col], first.as_str(), "{table}");

    // Open that row: its link is the first row's id.
    let id = sql(
        &db,
        "select id from books where genre = 'poetry' order by title limit 1",
    );
    let row_link = one(&obs, "the first row's link", |e| {
        e["role"] == "link" && e["name"] == id.as_str()
    });
    click(&mut g, row_link["ref"].as_str().unwrap());
    let text = ok(&g.call(json!(9), "getText", json!({})));
    assert!(
        text["text"].as_str().unwrap().contains(&first),
        "the row page shows {first}: {text}"
    );

    // Run SQL in the CodeMirror 5 editor, replacing the query it holds, and read the result.
    let loaded = ok(&g.call(json!(10), "navigate", json!({"url": app.url("/books")})));
    let editor = one(&loaded["observation"], "the SQL editor", |e| {
        e["role"] == "textbox"
    });
    let query = "select count(*) as n from books where year < 1980";
    ok(&g.call(
        json!(11),
        "type",
        json!({"target": editor["ref"], "text": query, "clear": true}),
    ));
    assert_eq!(
        eval(
            &mut g,
            "document.querySelector('.CodeMirror').CodeMirror.getValue()"
        ),
        query,
        "the editor's own value"
    );
    click(&mut g, "role=button;name=Run SQL");
    let obs = observe(&mut g, json!({"level": "structured"}));
    let table = one(&obs, "the result table", |e| e["role"] == "table");
    assert_eq!(table["columns"], json!(["n"]));
    assert_eq!(
        table["rows"][0][0],
        sql(&db, "select count(*) from books where year < 1980").as_str()
    );
}

/// Poll the notebook file on disk until `check` accepts it (the app writes it on its own
/// schedule).
fn notebook_on_disk(path: &Path, within: Duration, check: impl Fn(&Value) -> bool) -> Value {
    let end = Instant::now() + within;
    loop {
        if let Some(v) = std::fs::read_to_string(path)
            .ok()
            .and_then(|s| serde_json::from_str::<Value>(&s).ok())
            .filter(&check)
        {
            return v;
        }
        assert!(
            Instant::now() < end,
            "{} never became what was expected",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn jupyterlab_new_notebook_run_a_cell_use_the_file_menu_and_rename() {
    let work = temp_dir("jupyterlab");
    let root = work.join("notebooks");
    std::fs::create_dir_all(root.join("archive")).unwrap();
    let app = apps::jupyterlab(&root, &work);
    let mut g = glass();

    let nav = ok(&g.call(json!(1), "navigate", json!({"url": app.url("/lab")})));
    // A cold JupyterLab (first start after install, a busy machine) may take longer than
    // navigate's settle to draw its shell; navigate then says `settled: false`, truthfully,
    // and still answers with the page and its (maybe empty) observation.
    assert_eq!(nav["outcome"], "loaded", "{nav}");
    assert!(
        nav["settled"].is_boolean() && nav["observation"].is_object(),
        "{nav}"
    );
    wait_text(&mut g, "Notebook", 30_000);
    // Before any input, the page is the focused window a person uses (as the app itself
    // reads it), so the app draws its focused state.
    assert_eq!(eval(&mut g, "document.hasFocus()"), true);
    let shell = observe(&mut g, json!({}));
    assert!(
        all_elements(&shell["elements"]).len() > 10,
        "the app shell is observed: {shell}"
    );
    let obs = observe(&mut g, json!({}));
    // Two launcher cards share the name; their context (the section) tells them apart.
    let card = one(&obs, "the notebook launcher card", |e| {
        e["name"] == "Python 3 (ipykernel)" && e["context"] == "Notebook"
    });
    click(&mut g, card["ref"].as_str().unwrap());
    wait_text(&mut g, "| Idle", 60_000);
    // The notebook's debugger switch: drawn once the app is focused.
    ok(&g.call(
        json!("dbg"),
        "wait",
        json!({"kind": "elementVisible", "target": "role=button;name=Enable Debugger", "timeoutMs": 20000}),
    ));

    // Typed, then replaced: clear must empty the CodeMirror 6 editor (the saved notebook below
    // holds exactly the second text).
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "role=textbox", "text": "1 + 1"}),
    ));
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "role=textbox", "text": "print(6*7)", "clear": true}),
    ));
    ok(&g.call(json!(3), "shortcut", json!({"keys": "Shift+Enter"})));
    wait_text(&mut g, "42", 30_000);
    assert!(valid_live_draft(&mut g) > 30, "the notebook as Web IR");

    // The File menu, then an item of it, then its dialog.
    click(&mut g, "role=menuitem;name=File");
    let obs = observe(&mut g, json!({}));
    let items: Vec<String> = all_elements(&obs["elements"])
        .iter()
        .filter(|e| e["role"] == "menuitem")
        .map(|e| e["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        items.iter().any(|n| n == "New") && items.iter().any(|n| n == "Rename Notebook…"),
        "the File menu, its submenu entry included: {items:?}"
    );
    // With a menu open, the pointer moved onto another title of the menu bar opens that menu
    // (the app's own active title and open menu say so), and back onto File opens File again.
    let open_menu = "[document.querySelector('.lm-MenuBar-item.lm-mod-active')?.textContent, \
        [...document.querySelectorAll('body > .lm-Menu .lm-Menu-itemLabel')].map((l) => l.textContent).join('|')]";
    ok(&g.call(
        json!("hover"),
        "hover",
        json!({"target": "role=menuitem;name=Edit"}),
    ));
    let menu = eval(&mut g, open_menu);
    assert_eq!(menu[0], "Edit", "{menu}");
    assert!(menu[1].as_str().unwrap().contains("Undo"), "{menu}");
    ok(&g.call(
        json!("hover"),
        "hover",
        json!({"target": "role=menuitem;name=File"}),
    ));
    let menu = eval(&mut g, open_menu);
    assert_eq!(menu[0], "File", "{menu}");
    assert!(
        menu[1].as_str().unwrap().contains("Rename Notebook"),
        "{menu}"
    );
    click(&mut g, "role=menuitem;name=Rename Notebook…");
    let obs = observe(&mut g, json!({}));
    let dialog = one(&obs, "the rename dialog", |e| e["role"] == "dialog");
    assert_eq!(dialog["modal"], true);
    // Only the modal dialog is shown: the page behind it is inert.
    assert_eq!(obs["elements"].as_array().unwrap().len(), 1, "{obs}");
    let field = one(&obs, "the new name box", |e| e["role"] == "textbox");
    assert_eq!(field["context"], "New Name");
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": field["ref"], "text": "answer.ipynb", "clear": true}),
    ));
    click(&mut g, "role=button;name=Rename File");
    ok(&g.call(json!(5), "shortcut", json!({"keys": "Control+s"})));

    let nb = notebook_on_disk(&root.join("answer.ipynb"), Duration::from_secs(20), |v| {
        v["cells"][0]["outputs"][0]["text"]
            .as_array()
            .is_some_and(|t| t.iter().any(|l| l.as_str().unwrap_or("").contains("42")))
    });
    assert_eq!(nb["cells"][0]["source"], json!(["print(6*7)"]));
    assert!(!root.join("Untitled.ipynb").exists(), "renamed, not copied");

    // The file browser's own context menu: a right click on the file, then one of its items.
    // The items' names carry their shortcuts ("Duplicate Ctrl+D"): a name that is only part
    // of one is not acted on, and the failure offers the item instead.
    ok(&g.call(
        json!(6),
        "click",
        json!({"target": "role=button;name=answer.ipynb", "button": "right"}),
    ));
    let e = failed(&g.call(
        json!(7),
        "click",
        json!({"target": "role=menuitem;name=Duplicate"}),
    ));
    assert_eq!(e["failureKind"], "notFound", "{e}");
    let offered = e["candidates"]
        .as_array()
        .and_then(|c| {
            c.iter().find(|c| {
                c["name"]
                    .as_str()
                    .is_some_and(|n| n.starts_with("Duplicate"))
            })
        })
        .unwrap_or_else(|| panic!("the menu item is offered: {e}"))
        .clone();
    assert!(!root.join("answer-Copy1.ipynb").exists());
    click(&mut g, offered["ref"].as_str().unwrap());
    notebook_on_disk(
        &root.join("answer-Copy1.ipynb"),
        Duration::from_secs(20),
        |v| v["cells"][0]["source"] == json!(["print(6*7)"]),
    );
    assert!(root.join("answer.ipynb").exists(), "duplicated, not moved");

    // Every entry of the folder is a button in the file browser, though the app gives only
    // the focused one that role (a roving tabindex); dragged onto the folder, the copy moves
    // into it.
    ok(&g.call(
        json!(8),
        "wait",
        json!({"kind": "elementVisible", "target": "role=button;name=answer-Copy1.ipynb", "timeoutMs": 10000}),
    ));
    let obs = observe(&mut g, json!({}));
    let buttons: Vec<String> = all_elements(&obs["elements"])
        .iter()
        .filter(|e| e["role"] == "button")
        .map(|e| e["name"].as_str().unwrap_or("").to_owned())
        .collect();
    for entry in std::fs::read_dir(&root).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if !name.starts_with('.') {
            assert!(buttons.contains(&name), "{name} is not listed: {buttons:?}");
        }
    }
    ok(&g.call(
        json!(9),
        "drag",
        json!({"source": "role=button;name=answer-Copy1.ipynb", "destination": "role=button;name=archive"}),
    ));
    notebook_on_disk(
        &root.join("archive/answer-Copy1.ipynb"),
        Duration::from_secs(20),
        |v| v["cells"][0]["source"] == json!(["print(6*7)"]),
    );
    assert!(
        !root.join("answer-Copy1.ipynb").exists(),
        "moved, not copied"
    );
}

fn docs_project(dir: &Path) {
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    std::fs::write(
        dir.join("mkdocs.yml"),
        "site_name: Glass Docs\ntheme:\n  name: material\n  features: [search.suggest]\nplugins: [search]\nmarkdown_extensions:\n  - toc:\n      permalink: true\n",
    )
    .unwrap();
    let filler: String = (1..=30)
        .map(|i| format!("Paragraph {i} of the installation notes.\n\n"))
        .collect();
    std::fs::write(
        dir.join("docs/index.md"),
        format!("# Welcome\n\n[Jump to usage](#usage)\n\n## Install\n\n{filler}## Usage\n\nUse it wisely.\n"),
    )
    .unwrap();
    std::fs::write(
        dir.join("docs/config.md"),
        "# Configuration\n\nThe frobnicator option sets the widget count.\n\n## Advanced\n\nMore text here.\n",
    )
    .unwrap();
}

#[test]
fn docs_site_search_open_a_result_and_follow_an_anchor() {
    let work = temp_dir("docs");
    docs_project(&work.join("project"));
    let app = apps::docs_site(&work.join("project"), &work);
    let mut g = glass();

    ok(&g.call(json!(1), "navigate", json!({"url": app.url("/")})));
    ok(&g.call(
        json!(2),
        "type",
        json!({"target": "role=textbox;name=Search", "text": "frobnicator"}),
    ));
    let obs = observe(&mut g, json!({}));
    let result = one(&obs, "the search result", |e| {
        e["role"] == "link" && e["name"].as_str().unwrap().contains("frobnicator option")
    });
    click(&mut g, result["ref"].as_str().unwrap());
    assert_eq!(eval(&mut g, "location.pathname"), "/config/");
    assert!(valid_live_draft(&mut g) > 10, "the docs page as Web IR");
    let text = ok(&g.call(json!(3), "getText", json!({})));
    assert!(
        text["text"]
            .as_str()
            .unwrap()
            .contains("The frobnicator option sets the widget count.")
    );

    let loaded = ok(&g.call(json!(4), "navigate", json!({"url": app.url("/")})));
    let jump = one(&loaded["observation"], "the in-page link", |e| {
        e["role"] == "link" && e["name"] == "Jump to usage"
    });
    assert_eq!(jump["href"], "#usage", "the fragment is kept");
    assert_eq!(eval(&mut g, "scrollY"), 0);
    click(&mut g, jump["ref"].as_str().unwrap());
    assert_eq!(eval(&mut g, "location.hash"), "#usage");
    let top = eval(
        &mut g,
        "[scrollY > 0, document.getElementById('usage').getBoundingClientRect().top < innerHeight]",
    );
    assert_eq!(top, json!([true, true]), "the page scrolled to the heading");

    // Every heading has a permalink, each a link named "¶": asked for by that name they are
    // ambiguous, and each candidate is told apart by its own heading's words.
    ok(&g.call(json!(5), "navigate", json!({"url": app.url("/")})));
    let e = failed(&g.call(json!(6), "click", json!({"target": "role=link;name=¶"})));
    assert_eq!(e["failureKind"], "ambiguous", "{e}");
    let contexts: Vec<&str> = e["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["context"].as_str())
        .collect();
    assert_eq!(contexts, ["Welcome", "Install", "Usage"], "{e}");
    let install = e["candidates"][1]["ref"].as_str().unwrap().to_owned();
    click(&mut g, &install);
    assert_eq!(eval(&mut g, "location.hash"), "#install");
}

/// Resolve an intent and execute the candidate it selects; the execution's answer.
fn by_intent(g: &mut Glass, intent: &str, action: &str, value: Option<&str>) -> Value {
    let r = ok(&g.call(
        json!("resolve"),
        "resolveIntent",
        json!({"schemaVersion": 1, "intent": intent, "action": action}),
    ));
    let chosen = r["selection"].as_str().unwrap_or_else(|| {
        panic!("{intent:?} selected nothing: {r}");
    });
    let x = ok(&g.call(
        json!("execute"),
        "executeIntent",
        json!({"schemaVersion": 1, "intent": intent, "action": action, "candidateId": chosen, "value": value}),
    ));
    assert_eq!(x["status"], "executed", "{intent:?}: {x}\nresolved: {r}");
    x
}

/// On Datasette, filter and sort through intents alone (no refs, no locators): the URL and
/// the table Datasette renders, checked against the database, prove each step.
#[test]
fn datasette_filter_and_sort_through_intents_alone() {
    let (db, app) = books("datasette-intents");
    let mut g = glass();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": app.url("/books/books"), "observe": false}),
    ));
    by_intent(&mut g, "filter column", "select", Some("genre"));
    by_intent(&mut g, "filter value", "type", Some("poetry"));
    let applied = by_intent(&mut g, "apply filter", "click", None);
    assert!(
        applied["result"]["caused"]["navigation"].is_object(),
        "{applied}"
    );
    let poetry = sql(&db, "select count(*) from books where genre = 'poetry'");
    wait_text(&mut g, &format!("{poetry} rows where"), 10_000);
    let url = eval(&mut g, "location.href");
    assert!(
        url.as_str().unwrap().contains("genre__exact=poetry"),
        "{url}"
    );
    by_intent(&mut g, "sort by title", "click", None);
    wait_text(&mut g, "sorted by title", 10_000);
    let first = sql(
        &db,
        "select title from books where genre = 'poetry' order by title limit 1",
    );
    let shown = eval(
        &mut g,
        "document.querySelector('table.rows-and-columns tbody tr td.col-title').innerText",
    );
    assert_eq!(shown.as_str().unwrap().trim(), first, "sorted by title");
    let url = eval(&mut g, "location.href");
    assert!(url.as_str().unwrap().contains("_sort=title"), "{url}");
}

/// A filtered Datasette table extracted page by page through continuations: every row once,
/// typed, the count and the sum of years equal to SQLite's; after the table changed (a row
/// added, the page loaded again) the continuation given before is refused.
#[test]
fn datasette_table_extracted_page_by_page() {
    let (db, app) = books("datasette-extract");
    let mut g = glass();
    let url = app.url("/books/books?genre__exact=poetry&_size=max&_sort=id");
    ok(&g.call(json!(1), "navigate", json!({"url": url, "observe": false})));
    let fields = json!([{"name": "books", "path": "table", "kind": "table",
                         "columns": {"id": "number", "year": "number"}}]);
    let mut rows: Vec<Value> = Vec::new();
    let mut next: Option<Value> = None;
    let mut first_continuation = None;
    let mut pages = 0;
    loop {
        let mut args = json!({"fields": fields, "maxItems": 20});
        if let Some(c) = &next {
            args["continuation"] = c.clone();
        }
        let r = ok(&g.call(json!("x"), "extractStructured", args));
        assert!(r.get("unparsed").is_none(), "{r}");
        let columns = r["values"]["books"]["columns"].as_array().unwrap().clone();
        // Rows as records keyed by column, to read them by name below.
        for row in r["values"]["books"]["rows"].as_array().unwrap() {
            let cells = row.as_array().unwrap();
            let record: serde_json::Map<String, Value> = columns
                .iter()
                .zip(cells)
                .map(|(c, v)| (c.as_str().unwrap().to_owned(), v.clone()))
                .collect();
            rows.push(Value::Object(record));
        }
        pages += 1;
        match r.get("continuation") {
            Some(c) => {
                first_continuation.get_or_insert_with(|| c.clone());
                next = Some(c.clone());
            }
            None => break,
        }
    }
    let count: usize = sql(&db, "select count(*) from books where genre = 'poetry'")
        .parse()
        .unwrap();
    assert_eq!(rows.len(), count, "{:?}", rows.first());
    assert_eq!(pages, count.div_ceil(20));
    let years: i64 = rows.iter().map(|r| r["year"].as_i64().unwrap()).sum();
    assert_eq!(
        years.to_string(),
        sql(&db, "select sum(year) from books where genre = 'poetry'")
    );
    let ids: Vec<i64> = rows.iter().map(|r| r["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    assert_eq!(
        rows[0]["title"],
        sql(
            &db,
            "select title from books where genre = 'poetry' order by id limit 1"
        )
    );
    // The table changes between pages: the old continuation is refused.
    apps::python(
        "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute(\"insert into books values (999, 'Late', 'poetry', 2001)\"); db.commit()",
        &[db.to_str().unwrap()],
    );
    ok(&g.call(json!(2), "navigate", json!({"url": url, "observe": false})));
    let f = common::failed(&g.call(
        json!("x"),
        "extractStructured",
        json!({"fields": fields, "maxItems": 20, "continuation": first_continuation.unwrap()}),
    ));
    assert_eq!(f["failureKind"], "staleContinuation", "{f}");
}

/// A docs page's section, read by its heading: all of it and nothing of the next one.
#[test]
fn docs_site_section_extracted_by_its_heading() {
    let work = temp_dir("docs-extract");
    docs_project(&work.join("project"));
    let app = apps::docs_site(&work.join("project"), &work);
    let mut g = glass();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": app.url("/"), "observe": false}),
    ));
    let r = ok(&g.call(
        json!(2),
        "extractStructured",
        json!({"fields": [{"name": "install", "path": "section:Install", "kind": "string"},
                          {"name": "usage", "path": "section:Usage", "kind": "string"}]}),
    ));
    let install = r["values"]["install"].as_str().unwrap();
    let source = std::fs::read_to_string(work.join("project/docs/index.md")).unwrap();
    let paragraphs: Vec<&str> = source
        .lines()
        .filter(|l| l.starts_with("Paragraph "))
        .collect();
    assert_eq!(paragraphs.len(), 30);
    assert_eq!(install, paragraphs.join("\n"), "{r}");
    assert_eq!(r["values"]["usage"], "Use it wisely.", "{r}");
    assert_eq!(r["provenance"]["install"]["role"], "heading");
}

/// On Datasette, with the default flags, the column filter done in one `batch`: select the
/// column, type the value, Apply, and a check of the answer. The page the app then serves is
/// the filtered one (its URL holds the filter) with SQLite's count of rows.
#[test]
fn datasette_filter_in_one_batch() {
    let (db, app) = books("datasette-batch");
    let mut g = glass();
    ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": app.url("/books/books"), "observe": false}),
    ));
    let n = sql(&db, "select count(*) from books where genre = 'poetry'");
    let r = ok(&g.call(
        json!(2),
        "batch",
        json!({"steps": [
            {"action": "select", "target": "css=select[name=_filter_column]", "label": "genre"},
            {"action": "type", "target": "css=input[name=_filter_value]", "text": "poetry"},
            {"action": "click", "target": "role=button;name=Apply"},
            {"action": "verify", "predicates": [{"kind": "textPresent", "text": format!("{n} rows where")}]}
        ]}),
    ));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["navigated"], json!([2]), "{r}");
    let search = eval(&mut g, "decodeURIComponent(location.search)");
    assert!(search.as_str().unwrap().contains("poetry"), "{search}");
    let heading = eval(
        &mut g,
        "document.querySelector('h3').textContent.replace(/\\s+/g, ' ').trim()",
    );
    assert!(
        heading
            .as_str()
            .unwrap()
            .starts_with(&format!("{n} rows where")),
        "{heading}"
    );
}

/// A workflow on a real app with the default flags: open Datasette's books table, fill its
/// untitled filter form through a task (the form goes by its one submit button, "Apply"),
/// submit it (one confirmation for the run), and read the filtered table as a typed output.
/// The rows are SQLite's own, and the input value is never echoed.
#[test]
fn datasette_filter_as_a_workflow() {
    let (db, app) = books("datasette-workflow");
    let mut g = glass();
    let n = sql(&db, "select count(*) from books where genre = 'poetry'");
    let ids = apps::python(
        "import sqlite3, sys; print(','.join(str(r[0]) for r in sqlite3.connect(sys.argv[1]).execute(\"select id from books where genre = 'poetry' order by id\")))",
        &[db.to_str().unwrap()],
    );
    let task = |family: &str, inputs: Value, post: Value| {
        json!({"schemaVersion": 1, "task": family, "scope": {"regionName": "Apply"}, "inputs": inputs,
               "limits": {"maxActions": 8, "timeoutMs": 10000, "maxItems": 16}, "risk": "localMutation",
               "ambiguity": "fail", "revision": "compatible", "postconditions": post})
    };
    let wf = json!({
        "schemaVersion": 1,
        "name": "filter books",
        "inputs": {"genre": {"type": "string"}},
        "steps": [
            {"id": "open", "action": "navigate", "url": app.url("/books/books")},
            {"id": "filter", "action": "executeTask",
             "task": task("form.fill", json!({"_filter_column": "genre", "_filter_value": "${inputs.genre}"}), json!([]))},
            {"id": "apply", "action": "executeTask",
             "task": task("form.submit", json!({"submit": "Apply"}), json!([{"kind": "navigationOccurred"}])),
             "post": {"predicates": [{"kind": "textPresent", "text": format!("{n} rows where")}], "timeoutMs": 10000}},
            {"id": "read", "action": "extractStructured", "maxItems": 200,
             "fields": [{"name": "books", "path": "table", "kind": "table", "columns": {"id": "number"}}]}
        ],
        "outputs": {"books": {"kind": "table", "from": "read.books", "required": true}}
    });
    let call = json!({"workflow": wf, "inputs": {"genre": "poetry"}});
    let f = common::failed(&g.call(json!(1), "workflow", call.clone()));
    assert_eq!(f["kind"], "confirmationRequired", "{f}");
    let mut confirmed = call;
    confirmed["confirmToken"] = f["confirmToken"].clone();
    let r = ok(&g.call(json!(2), "workflow", confirmed));
    assert_eq!(r["status"], "completed", "{r}");
    let table = &r["outputs"]["books"];
    let columns: Vec<&str> = table["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let (id, genre) = (
        columns.iter().position(|c| *c == "id").unwrap(),
        columns.iter().position(|c| *c == "genre").unwrap(),
    );
    let rows = table["rows"].as_array().unwrap();
    let got: Vec<String> = rows.iter().map(|row| row[id].to_string()).collect();
    assert_eq!(got.join(","), ids, "{table}");
    assert_eq!(rows.len().to_string(), n);
    assert!(rows.iter().all(|row| row[genre] == "poetry"), "{table}");
    let search = eval(&mut g, "decodeURIComponent(location.search)");
    assert!(search.as_str().unwrap().contains("poetry"), "{search}");
    // With the default flags Glass learned what the tasks acted on here: Datasette's Apply
    // button, in the form the task named, once, verified.
    let learned = ok(&g.call(json!(3), "knowledgeList", json!({"origin": app.url("")})));
    let apply = learned["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["intent"] == "form.submit")
        .unwrap_or_else(|| panic!("{learned}"));
    assert_eq!(
        (apply["role"].as_str(), apply["name"].as_str()),
        (Some("button"), Some("Apply")),
        "{apply}"
    );
    assert_eq!(apply["successes"], 1);
    assert!(
        !learned.to_string().contains("poetry"),
        "no typed value is kept: {learned}"
    );
    // The input went to the app, never back into the answer's own fields.
    assert!(
        !r["trace"].to_string().contains("poetry") && r.get("failure").is_none(),
        "{r}"
    );
}

/// Every row of a `listRequests` answer, paged to the end through `cursor`: (URL as listed,
/// made whole again, type, status).
fn all_requests(g: &mut Glass) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    let mut args = json!({"maxItems": 500});
    for _ in 0..20 {
        let page = ok(&g.call(json!("requests"), "listRequests", args.clone()));
        for r in requests_of(&page) {
            out.push((
                r["url"].as_str().unwrap().to_owned(),
                r["type"].as_str().unwrap().to_owned(),
                r["status"].clone(),
            ));
        }
        match page["next"].as_str() {
            Some(next) => args = json!({"maxItems": 500, "cursor": next}),
            None => return out,
        }
    }
    panic!("listRequests kept paging");
}

/// JupyterLab loads hundreds of scripts, styles and API calls: `listRequests` lists every one
/// the page itself recorded (its Resource Timing entries), and the console and a performance
/// trace of the running app answer within their bounds.
#[test]
fn jupyterlab_requests_console_and_trace_match_the_pages_own_records() {
    let work = temp_dir("jupyterlab-devtools");
    let root = work.join("notebooks");
    std::fs::create_dir_all(&root).unwrap();
    let app = apps::jupyterlab(&root, &work);
    let mut g = glass();
    ok(&g.call(json!(1), "navigate", json!({"url": app.url("/lab")})));
    wait_text(&mut g, "Notebook", 30_000);
    let recorded = eval(
        &mut g,
        "[...new Set(performance.getEntriesByType('resource').map(e => e.name.split('?')[0]))]",
    );
    let listed = all_requests(&mut g);
    let urls: std::collections::HashSet<&str> = listed
        .iter()
        .map(|(u, _, _)| u.split('?').next().unwrap())
        .collect();
    let recorded: Vec<&str> = recorded
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u.as_str().unwrap())
        .collect();
    assert!(
        recorded.len() > 20,
        "JupyterLab loads its parts: {recorded:?}"
    );
    let missing: Vec<&&str> = recorded.iter().filter(|u| !urls.contains(**u)).collect();
    assert!(missing.is_empty(), "not listed: {missing:?}");
    // The app stamps its API calls with a bare number (`?1796162262957`): a value, never shown.
    let stamped = eval(
        &mut g,
        r"performance.getEntriesByType('resource').filter(e => /[?&]\d{6,}(&|$)/.test(e.name)).length",
    );
    assert!(stamped.as_u64().unwrap() > 0, "JupyterLab stamps its calls");
    let shown: Vec<&str> = listed
        .iter()
        .filter_map(|(u, _, _)| u.split_once('?').map(|(_, q)| q))
        .flat_map(|q| q.split('&'))
        .filter(|part| part.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    assert!(shown.is_empty(), "query values shown: {shown:?}");
    let document = listed.iter().find(|(_, t, _)| t == "Document").unwrap();
    assert!(document.0.ends_with("/lab"), "{document:?}");
    assert_eq!(document.2, 200);
    assert!(
        listed.iter().any(|(_, t, _)| t == "Fetch" || t == "XHR"),
        "the app's API calls are there"
    );

    let console = ok(&g.call(json!(2), "consoleMessages", json!({"maxItems": 200})));
    assert!(
        console["messages"].is_array() && console["total"].is_u64(),
        "{console}"
    );
    assert!(console.to_string().len() < 200_000, "bounded");

    // A trace of the app reloading: its LCP element reads back through its ref.
    ok(&g.call(
        json!(3),
        "performanceTrace",
        json!({"action": "start", "reload": true}),
    ));
    wait_text(&mut g, "Notebook", 30_000);
    // A throwaway session keeps no trace of its own: the client names the file.
    let file = common::temp_dir("jupyter-trace").join("trace.json");
    let r = ok(&g.call(
        json!(4),
        "performanceTrace",
        json!({"action": "stop", "path": file}),
    ));
    assert!(
        r["vitals"]["lcp"]["ms"].as_u64().is_some_and(|ms| ms > 0),
        "{r}"
    );
    let lcp = r["vitals"]["lcp"]["element"]["ref"]
        .as_str()
        .expect("LCP names its element");
    let seen = ok(&g.call(json!(5), "getText", json!({"target": lcp})));
    assert!(seen["text"].is_string(), "{seen}");
    assert!(r["longTasks"]["count"].is_u64(), "{r}");
    let path = r["trace"]["path"].as_str().unwrap();
    let trace: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    assert!(
        trace["traceEvents"].as_array().unwrap().len() > 1000,
        "a real trace"
    );
    assert!(
        r.to_string().len() < 8_192,
        "the answer stays small: {}",
        r.to_string().len()
    );
}

/// On the MkDocs Material site, emulating a phone is what the theme itself sees: its layout
/// folds the navigation into a drawer whose button appears; `clickAt` on that button's point
/// opens the drawer (the theme's own toggle is checked); the page prints to a real PDF; and
/// reset gives the desktop layout back.
#[test]
fn docs_site_on_a_phone_opened_by_a_point_and_printed() {
    let work = temp_dir("docs-phone");
    docs_project(&work.join("project"));
    let app = apps::docs_site(&work.join("project"), &work);
    let mut g = glass();
    let drawer_button = "getComputedStyle(document.querySelector('label.md-header__button[for=\"__drawer\"]')).display !== 'none'";
    ok(&g.call(json!(1), "navigate", json!({"url": app.url("/")})));
    assert_eq!(
        eval(&mut g, drawer_button),
        false,
        "desktop: no drawer button"
    );

    ok(&g.call(json!(2), "emulate", json!({"device": "iPhone 15"})));
    ok(&g.call(json!(3), "navigate", json!({"url": app.url("/")})));
    assert_eq!(eval(&mut g, "innerWidth"), 393);
    assert_eq!(
        eval(&mut g, drawer_button),
        true,
        "phone: the drawer button shows"
    );
    assert_eq!(
        eval(&mut g, "document.getElementById('__drawer').checked"),
        false
    );
    let at = eval(
        &mut g,
        "(() => { const r = document.querySelector('label.md-header__button[for=\"__drawer\"]').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()",
    );
    let r = ok(&g.call(json!(4), "clickAt", json!({"x": at[0], "y": at[1]})));
    assert!(r["hit"].is_object(), "{r}");
    assert_eq!(
        eval(&mut g, "document.getElementById('__drawer').checked"),
        true,
        "the theme's drawer opened"
    );

    let pdf = work.join("docs.pdf");
    let printed = ok(&g.call(
        json!(5),
        "printToPdf",
        json!({"path": pdf.to_str().unwrap(), "paper": "a4"}),
    ));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-") && printed["bytes"] == bytes.len());
    assert!(printed["pages"].as_u64().unwrap() >= 1, "{printed}");

    ok(&g.call(json!(6), "emulate", json!({"reset": true})));
    ok(&g.call(json!(7), "navigate", json!({"url": app.url("/")})));
    assert_eq!(eval(&mut g, "innerWidth"), 1280);
    assert_eq!(eval(&mut g, drawer_button), false, "desktop again");
}

/// An element's subtree, shaped as an observation, for `one` and `refs_where`.
fn inside(element: &Value) -> Value {
    json!({"elements": element["children"]})
}

/// The refs of the elements matching `pred`, in page order.
fn refs_where(obs: &Value, pred: impl Fn(&Value) -> bool) -> Vec<String> {
    all_elements(&obs["elements"])
        .into_iter()
        .filter(|e| pred(e))
        .map(|e| e["ref"].as_str().unwrap().to_owned())
        .collect()
}

/// A CMS editor's day, with the default flags: sign in with the password the person stored for
/// the model to name (`secret`; typing it is confirmed first, and the sign-in working is the
/// proof its value reached Wagtail's password field), open the page explorer from the sidebar, add a child page choosing its type, write
/// its title and a rich-text body with a bold line in Wagtail's Draftail editor, and publish it
/// from the footer's menu. Checked in the CMS's own database: the page is live, under Home, with
/// the title typed and the body as HTML with the bold line.
#[test]
fn cms_sign_in_add_a_news_page_with_rich_text_and_publish_it() {
    let work = temp_dir("wagtail");
    let app = apps::wagtail(&work);
    let db = work.join("site/db.sqlite3");
    let data = work.join("glass-data");
    common::store_secret(&data, "cms", "127.0.0.1", apps::CMS_ADMIN.1);
    let mut g = Glass::spawn_env(
        &["--incognito", "--mcp"],
        &[("GLASS_DATA_DIR", data.to_str().unwrap())],
    );
    g.initialize();

    let loaded = ok(&g.call(
        json!(1),
        "navigate",
        json!({"url": app.url("/admin/login/")}),
    ));
    let obs = &loaded["observation"];
    let user = one(obs, "the user name box", |e| {
        e["role"] == "textbox" && e["name"] == "Username*"
    });
    // The password box is marked before anything is typed: the model knows a confirmation
    // will be asked.
    let password = one(obs, "the password box", |e| e["password"] == true);
    let fields = json!([
        {"target": user["ref"], "value": apps::CMS_ADMIN.0},
        {"target": password["ref"], "secret": "cms"},
    ]);
    let asked = failed(&g.call(json!(2), "fillForm", json!({"fields": fields})));
    assert_eq!(asked["kind"], "confirmationRequired", "{asked}");
    assert_eq!(
        eval(&mut g, "document.querySelector('#id_password').value"),
        "",
        "nothing typed before the confirmation"
    );
    ok(&g.call(
        json!(3),
        "fillForm",
        json!({"fields": fields, "confirmToken": asked["confirmToken"]}),
    ));
    let signed_in = click(&mut g, "role=button;name=Sign in");
    assert_eq!(
        signed_in["caused"]["navigation"]["url"],
        app.url("/admin/"),
        "{signed_in}"
    );

    // The sidebar's page explorer (the sidebar clips one axis only), then Home.
    click(&mut g, "role=button;name=Pages");
    // The explorer fetches its pages after it opens, saying "Loading…" as plain text (which
    // the busy rule does not know yet: see the closing note): waited for as a person does.
    ok(&g.call(
        json!("explorer"),
        "wait",
        json!({"kind": "elementVisible", "target": "role=link;name=Home", "timeoutMs": 15000}),
    ));
    let obs = observe(&mut g, json!({}));
    let explorer = one(&obs, "the page explorer", |e| {
        e["role"] == "dialog" && e["name"] == "Page explorer"
    });
    let home = one(&inside(&explorer), "Home in the explorer", |e| {
        e["role"] == "link" && e["name"] == "Home"
    });
    let home_id = sql(&db, "select id from wagtailcore_page where title = 'Home'");
    let opened = click(&mut g, home["ref"].as_str().unwrap());
    assert_eq!(
        opened["caused"]["navigation"]["url"],
        app.url(&format!("/admin/pages/{home_id}/")),
        "{opened}"
    );

    // Add a child page: the CMS asks which type.
    click(&mut g, "role=link;name=Add child page");
    let obs = observe(&mut g, json!({}));
    let types = refs_where(&obs, |e| {
        e["role"] == "link" && e["href"].as_str().unwrap_or("").contains("/pages/add/")
    });
    assert_eq!(types.len(), 2, "two page types offered: {obs}");
    let chosen = click(&mut g, "role=link;name=News page");
    assert!(
        chosen["caused"]["navigation"]["url"]
            .as_str()
            .unwrap()
            .contains("/add/home/newspage/"),
        "{chosen}"
    );

    // The title, then the rich-text body: two paragraphs, the second bold.
    let obs = observe(&mut g, json!({}));
    let title = one(&obs, "the title box", |e| {
        e["role"] == "textbox" && e["name"] == "Title*"
    });
    let body = one(&obs, "the rich-text body", |e| {
        e["role"] == "textbox" && e["context"] == "Body"
    });
    let body = body["ref"].as_str().unwrap();
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": title["ref"], "text": "Opening hours"}),
    ));
    ok(&g.call(
        json!(5),
        "type",
        json!({"target": body, "text": "We open at nine on weekdays."}),
    ));
    ok(&g.call(json!(6), "key", json!({"target": body, "key": "Enter"})));
    ok(&g.call(json!(7), "shortcut", json!({"keys": "Control+b"})));
    ok(&g.call(
        json!(8),
        "type",
        json!({"target": body, "text": "Closed on Sundays."}),
    ));

    // Publish sits in the footer's "More actions" menu.
    click(&mut g, "role=button;name=More actions");
    let published = click(&mut g, "role=button;name=Publish");
    assert_eq!(
        published["caused"]["navigation"]["url"],
        app.url(&format!("/admin/pages/{home_id}/")),
        "{published}"
    );

    let row = |q: &str| {
        sql(
            &db,
            &format!(
                "select {q} from wagtailcore_page p join home_newspage n on n.page_ptr_id = p.id \
                 where p.title = 'Opening hours'"
            ),
        )
    };
    assert_eq!(row("p.live"), "1", "the page is published");
    assert_eq!(
        row("p.url_path"),
        "/home/opening-hours/",
        "the page sits under Home"
    );
    let html = row("n.body");
    assert!(
        html.contains(">We open at nine on weekdays.</p>")
            && html.contains("<b>Closed on Sundays.</b>")
            && html.matches("<p").count() == 2,
        "the body as the editor saved it: {html}"
    );
    // The page list the CMS shows after publishing lists the new page.
    let obs = observe(&mut g, json!({}));
    one(&obs, "the new page in the list", |e| {
        e["role"] == "link" && e["name"] == "Opening hours"
    });
}

/// Prefect's variables, through its Vue UI with the default flags: add one from the empty
/// state's button (a JSON value in its code box), edit it from the row's menu (replacing the
/// value, then the UI's own Format button), and delete it after the UI's confirmation. Checked
/// on the server's own API after each step. Then the runs page's own dropdowns filter the runs
/// (a state, a flow), checked on the query the app writes and the runs it lists.
#[test]
fn prefect_add_edit_and_delete_a_variable() {
    let work = temp_dir("prefect");
    let app = apps::prefect(&work);
    let api = |name: &str| apps::http_get(&app.url(&format!("/api/variables/name/{name}")));
    let mut g = glass();

    ok(&g.call(json!(1), "navigate", json!({"url": app.url("/variables")})));
    ok(&g.call(
        json!(2),
        "wait",
        json!({"kind": "elementVisible", "target": "role=button;name=Add Variable", "timeoutMs": 30000}),
    ));
    click(&mut g, "role=button;name=Add Variable");
    let obs = observe(&mut g, json!({}));
    let dialog = one(&obs, "the new-variable dialog", |e| e["role"] == "dialog");
    // The form's labels are not tied to its boxes; the context names them.
    let name = one(&inside(&dialog), "the name box", |e| {
        e["role"] == "textbox" && e["context"] == "Name"
    });
    let value = one(&inside(&dialog), "the value box", |e| {
        e["role"] == "textbox" && e["context"] == "Value"
    });
    ok(&g.call(
        json!(3),
        "type",
        json!({"target": name["ref"], "text": "max_retries"}),
    ));
    ok(&g.call(
        json!(4),
        "type",
        json!({"target": value["ref"], "text": "{\"count\": 5}"}),
    ));
    click(&mut g, "role=button;name=Create");
    let (status, saved) = api("max_retries");
    assert_eq!(status, 200, "{saved}");
    let saved: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(saved["value"], json!({"count": 5}));
    // The UI closes its dialog and lists the variable once its own request has answered, which a
    // server still warming up may take seconds to do: wait for the list as a person would.
    ok(&g.call(
        json!(5),
        "wait",
        json!({"kind": "elementVisible", "target": "role=table", "timeoutMs": 30000}),
    ));

    // The row's menu (an icon button known by its row), then Edit.
    let obs = observe(&mut g, json!({}));
    let table = one(&obs, "the variables table", |e| e["role"] == "table");
    let menu = one(&inside(&table), "the row's menu button", |e| {
        e["role"] == "button" && e["name"] == "" && e["context"] == "max_retries"
    });
    click(&mut g, menu["ref"].as_str().unwrap());
    let edit = click(&mut g, "role=button;name=Edit");
    let obs = observe(&mut g, json!({}));
    let dialog = one(&obs, "the edit dialog", |e| e["role"] == "dialog");
    let value = one(&inside(&dialog), "the value box", |e| {
        e["role"] == "textbox" && e["context"] == "Value"
    });
    // The Edit click said so itself: the dialog and its value box (the same ref the
    // observation shows), in the dialog, so a model needs no observation to type into it.
    let added = edit["changes"]["added"]
        .as_array()
        .unwrap_or_else(|| panic!("{edit}"));
    let told = added
        .iter()
        .find(|e| e["ref"] == value["ref"])
        .unwrap_or_else(|| panic!("the value box is not in the click's changes: {edit}"));
    assert_eq!(
        (&told["role"], &told["context"]),
        (&json!("textbox"), &json!("Value")),
        "{edit}"
    );
    let in_dialog: Vec<Value> = std::iter::once(dialog["ref"].clone())
        .chain(
            all_elements(&dialog["children"])
                .iter()
                .map(|e| e["ref"].clone()),
        )
        .collect();
    assert!(in_dialog.contains(&told["in"]), "{edit}");
    assert!(
        added
            .iter()
            .any(|e| e["ref"] == dialog["ref"] && e["role"] == "dialog"),
        "{edit}"
    );
    ok(&g.call(
        json!(5),
        "type",
        json!({"target": value["ref"], "text": "{\"count\": 7, \"backoff\": [1, 2]}", "clear": true}),
    ));
    click(&mut g, "role=button;name=Format");
    assert_eq!(
        eval(
            &mut g,
            "document.querySelector('[role=dialog] textarea').value"
        ),
        "{\n  \"count\": 7,\n  \"backoff\": [\n    1,\n    2\n  ]\n}",
        "the UI's Format button reformatted the value typed"
    );
    let save = click(&mut g, "role=button;name=Save");
    let (_, saved) = api("max_retries");
    let saved: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(saved["value"], json!({"count": 7, "backoff": [1, 2]}));
    // What the UI announced (its toast, in an `aria-live` container with no role of its own)
    // comes first in what the click tells it changed, ahead of the table the toast sits after.
    let toast = eval(
        &mut g,
        "document.querySelector('[aria-live=assertive] .p-toast__card')?.innerText || ''",
    );
    assert!(
        toast
            .as_str()
            .is_some_and(|t| t.contains("Variable updated")),
        "{toast}"
    );
    let first = &save["changes"]["added"][0];
    assert_eq!(first["live"], true, "{save}");
    assert!(
        first["text"]
            .as_str()
            .is_some_and(|t| t.contains("Variable updated")),
        "{save}"
    );
    // The UI shows the toast in each of its toasters, one over the other; the click tells it
    // once, and not again as the text inside it.
    assert!(
        eval(
            &mut g,
            "[...document.querySelectorAll('[aria-live=assertive]')].filter((c) => c.innerText.includes('Variable updated')).length"
        )
        .as_u64()
        .is_some_and(|n| n >= 1)
    );
    let added = save["changes"]["added"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let tells = |e: &&Value| {
        e["text"]
            .as_str()
            .is_some_and(|t| t.contains("Variable updated"))
    };
    assert_eq!(added.iter().filter(tells).count(), 1, "{save}");

    // Delete, confirmed in the UI's own dialog.
    let obs = observe(&mut g, json!({}));
    let table = one(&obs, "the variables table", |e| e["role"] == "table");
    let menu = one(&inside(&table), "the row's menu button", |e| {
        e["role"] == "button" && e["name"] == "" && e["context"] == "max_retries"
    });
    click(&mut g, menu["ref"].as_str().unwrap());
    click(&mut g, "role=button;name=Delete");
    let obs = observe(&mut g, json!({}));
    let confirm = one(&obs, "the delete confirmation", |e| e["role"] == "dialog");
    let delete = one(&inside(&confirm), "its Delete button", |e| {
        e["role"] == "button" && e["name"] == "Delete"
    });
    click(&mut g, delete["ref"].as_str().unwrap());
    assert_eq!(api("max_retries").0, 404, "the variable is gone");

    // The runs page's filters, Prefect's own dropdowns (no name, known by the label beside
    // them): a state, then a flow. Checked on the query the app writes into its address and on
    // the runs it lists from its API for it.
    let post = |path: &str, body: Value| {
        let (status, out) = apps::http_post(&app.url(path), &body);
        assert!((200..300).contains(&status), "{path}: {status} {out}");
        serde_json::from_str::<Value>(&out).unwrap()
    };
    let flow = post("/api/flows/", json!({"name": "etl"}))["id"].clone();
    for (run, kind, state) in [
        ("nightly-ok", "COMPLETED", "Completed"),
        ("nightly-broken", "FAILED", "Failed"),
    ] {
        post(
            "/api/flow_runs/",
            json!({"flow_id": flow, "name": run, "state": {"type": kind, "name": state}}),
        );
    }
    ok(&g.call(
        json!(6),
        "navigate",
        json!({"url": app.url("/runs"), "observe": false}),
    ));
    ok(&g.call(
        json!(7),
        "wait",
        json!({"kind": "textPresent", "text": "nightly-broken", "timeoutMs": 30000}),
    ));
    let listed_runs = "[...document.querySelectorAll('a')].map((a) => a.innerText).filter((t) => t.startsWith('nightly-')).sort().join(',')";
    assert_eq!(eval(&mut g, listed_runs), "nightly-broken,nightly-ok");
    let obs = observe(&mut g, json!({}));
    let states = one(&obs, "the states filter", |e| {
        e["role"] == "combobox" && e["context"] == "States"
    });
    let chose = ok(&g.call(
        json!(8),
        "select",
        json!({"target": states["ref"], "value": "Failed"}),
    ));
    assert!(chose.to_string().contains("state=Failed"), "{chose}");
    let search = "decodeURIComponent(location.search)";
    assert!(
        eval(&mut g, search)
            .as_str()
            .is_some_and(|q| q.contains("state=Failed")),
        "the app's query names the state"
    );
    assert_eq!(
        eval(&mut g, listed_runs),
        "nightly-broken",
        "only the failed run"
    );
    let obs = observe(&mut g, json!({}));
    let flows = one(&obs, "the flows filter", |e| {
        e["role"] == "listbox" && e["context"] == "Flows"
    });
    ok(&g.call(
        json!(9),
        "select",
        json!({"target": flows["ref"], "value": "etl"}),
    ));
    let query = eval(&mut g, search);
    assert!(
        query.as_str().is_some_and(|q| q.contains("state=Failed")
            && q.contains(&format!("flow={}", flow.as_str().unwrap()))),
        "the app's query names the state and the flow's id: {query}"
    );
    assert_eq!(eval(&mut g, listed_runs), "nightly-broken");
}
