use super::*;

#[test]
fn paths_address_the_page_model_only() {
    let p = Path::parse("table:Books/column:title").unwrap();
    assert_eq!(
        (p.scope, p.name.as_deref(), p.column.as_deref()),
        ("table", Some("Books"), Some("title"))
    );
    assert_eq!(Path::parse("list#2").unwrap().index, Some(2));
    assert_eq!(Path::parse("table").unwrap().scope, "table");
    assert!(Path::parse("div.price").is_err());
    assert!(Path::parse("region").is_err());
    assert!(Path::parse("list/column:x").is_err());
    assert!(Path::parse("table#0").is_err());
    assert!(Path::parse("field:").is_err());
    assert!(Path::parse("table").unwrap().fits(ValueKind::Table));
    assert!(!Path::parse("table").unwrap().fits(ValueKind::Number));
    assert!(
        Path::parse("region:Totals")
            .unwrap()
            .fits(ValueKind::Record)
    );
    assert!(!Path::parse("field:Email").unwrap().fits(ValueKind::List));
}

#[test]
fn a_continuation_is_bound_to_its_request_and_page() {
    let s = seal("{\"fields\":1}", "http://a/", 4, 50, &["ab".into()]);
    assert_eq!(s.len(), 24);
    assert_ne!(
        s,
        seal("{\"fields\":2}", "http://a/", 4, 50, &["ab".into()])
    );
    assert_ne!(
        s,
        seal("{\"fields\":1}", "http://a/", 5, 50, &["ab".into()])
    );
    assert_ne!(
        s,
        seal("{\"fields\":1}", "http://a/", 4, 50, &["ac".into()])
    );
    let token = format!("xc1.4.50.{s}");
    assert_eq!(open(&token), Some((4, 50, s.as_str())));
    assert_eq!(open("xc1.4.50"), None);
    assert_eq!(open("garbage"), None);
}

#[test]
fn one_currency_per_column_is_stated_once() {
    let f: FieldSpec =
        serde_json::from_value(json!({"name": "t", "path": "table", "kind": "table",
        "columns": {"Price": "currency", "Fee": "currency"}}))
        .unwrap();
    let columns = vec!["Price".to_owned(), "Fee".to_owned()];
    let usd = |a: f64| json!({"amount": a, "currency": "USD"});
    let mut rows = vec![
        json!([usd(1.5), usd(2.0)]),
        json!([null, {"amount": 3, "currency": "EUR"}]),
        json!([usd(4.0), usd(1.0)]),
    ];
    let hoisted = hoist_currency(&mut rows, &columns, &f);
    assert_eq!(Value::Object(hoisted), json!({"Price": "USD"}));
    assert_eq!(rows[0], json!([1.5, usd(2.0)]));
    assert_eq!(rows[1][0], Value::Null);
}

#[test]
fn headers_become_distinct_keys() {
    assert_eq!(
        headers(&[json!("id"), json!(""), json!("id")]),
        vec!["id", "column 2", "id 2"]
    );
}

// Covers: X25 optionalString (empty is null, not unparsed), X49 unparsed counting, X27 number /
// date by the page's lang, X32 url kind (href, else path on the page's origin), X33 enum,
// checkbox fields (boolean / "checked" words / miss), X35 record (label colon, first label
// wins, kinds by label ignoring case), X34/X37 list and repeatedItems, column rows, X36 table
// with an unnamed header and a hoisted currency; X55 continuation bound to the URL and index.

/// A field spec for the reader's tests (`options` for enum; `columns` when given).
fn spec(kind: &str, columns: Value) -> FieldSpec {
    let mut v = json!({"name": "f", "path": "table", "kind": kind, "options": ["Open", "Closed"]});
    if !columns.is_null() {
        v["columns"] = columns;
    }
    serde_json::from_value(v).unwrap()
}

#[test]
fn kinds_read_as_the_page_writes_them() {
    let reader = Reader {
        mark: DecimalMark::Comma,
        lang: "de".into(),
        url: "http://a.test/p?q=1".into(),
    };
    let cell = |t: &str| json!({"t": t});
    let mut unparsed = 0u64;
    // optionalString: empty is null and no miss; otherwise the text, trimmed.
    let f = spec("optionalString", Value::Null);
    assert_eq!(
        reader.counted(ValueKind::OptionalString, &cell("  "), &f, &mut unparsed),
        Value::Null
    );
    assert_eq!(
        reader.counted(
            ValueKind::OptionalString,
            &cell(" Eilig "),
            &f,
            &mut unparsed
        ),
        json!("Eilig")
    );
    // A text that does not read as its kind is null and counted; an empty one only null.
    let f = spec("number", Value::Null);
    assert_eq!(
        reader.counted(ValueKind::Number, &cell("k. A."), &f, &mut unparsed),
        Value::Null
    );
    assert_eq!(
        reader.counted(ValueKind::Number, &cell(""), &f, &mut unparsed),
        Value::Null
    );
    assert_eq!(unparsed, 1);
    // The page's language decides: a thousand, and the 4th of March, in German.
    assert_eq!(
        reader.counted(ValueKind::Number, &cell("1.000"), &f, &mut unparsed),
        json!(1000)
    );
    assert_eq!(
        reader.counted(ValueKind::Date, &cell("04/03/2025"), &f, &mut unparsed),
        json!("2025-03-04")
    );
    // url: the link's own absolute address, else a path on the page's origin.
    assert_eq!(
        reader.counted(
            ValueKind::Url,
            &json!({"t": "Details", "h": "http://a.test/d/1"}),
            &f,
            &mut unparsed
        ),
        json!("http://a.test/d/1")
    );
    assert_eq!(
        reader.counted(ValueKind::Url, &cell("/d/2"), &f, &mut unparsed),
        json!("http://a.test/d/2")
    );
    // enum: one of the options, else a miss.
    let e = spec("enum", Value::Null);
    assert_eq!(
        reader.counted(ValueKind::Enum, &cell("closed"), &e, &mut unparsed),
        json!("Closed")
    );
    assert_eq!(
        reader.counted(ValueKind::Enum, &cell("pending"), &e, &mut unparsed),
        Value::Null
    );
    assert_eq!(unparsed, 2);

    // A checkbox field: a boolean, or its state in words; any other kind is a miss.
    let mut u = 0u64;
    assert_eq!(
        reader.single(
            &spec("boolean", Value::Null),
            &json!({"checked": true}),
            &mut u
        ),
        json!(true)
    );
    assert_eq!(
        reader.single(
            &spec("string", Value::Null),
            &json!({"checked": false}),
            &mut u
        ),
        json!("unchecked")
    );
    assert_eq!(
        reader.single(
            &spec("number", Value::Null),
            &json!({"checked": true}),
            &mut u
        ),
        Value::Null
    );
    assert_eq!(u, 1);
    // A record: labels lose their colon, the first of a repeated label wins, an empty label
    // is skipped, kinds are found by label ignoring case.
    let pairs = json!({"pairs": [["Total:", {"t": "12,50 €"}], ["Total", {"t": "99 €"}],
                                     ["", {"t": "x"}], ["Note", {"t": "hi"}]]});
    assert_eq!(
        reader.single(
            &spec("record", json!({"total": "currency"})),
            &pairs,
            &mut u
        ),
        json!({"Total": {"amount": 12.5, "currency": "EUR"}, "Note": "hi"})
    );
    // Lists and repeated items; a column's one-cell rows read as the field's kind.
    let items = json!({"items": [{"t": "Alpha", "h": "http://a.test/a"}, {"t": "Beta"}]});
    assert_eq!(
        reader.items(&spec("list", Value::Null), &items, &mut u),
        vec![json!("Alpha"), json!("Beta")]
    );
    assert_eq!(
        reader.items(&spec("repeatedItems", Value::Null), &items, &mut u),
        vec![
            json!({"text": "Alpha", "url": "http://a.test/a"}),
            json!({"text": "Beta"})
        ]
    );
    let column = json!({"rows": [[{"t": "3"}], [{"t": "x"}]]});
    assert_eq!(
        reader.items(&spec("number", Value::Null), &column, &mut u),
        vec![json!(3), Value::Null]
    );
    assert_eq!(u, 2);
    // A table: cells by their column's kind (an unnamed header is "column 2"), and a
    // currency every cell of a column shares is stated once, the cells holding amounts.
    let f = spec("table", json!({"Preis": "currency"}));
    let t = json!({"columns": ["Preis", ""], "rows": [[{"t": "1.234,50 €"}, {"t": "a"}]]});
    let mut rows = reader.items(&f, &t, &mut u);
    assert_eq!(
        rows,
        vec![json!([{"amount": 1234.5, "currency": "EUR"}, "a"])]
    );
    let names = headers(&[json!("Preis"), json!("")]);
    assert_eq!(names, vec!["Preis", "column 2"]);
    let hoisted = hoist_currency(&mut rows, &names, &f);
    assert_eq!(Value::Object(hoisted), json!({"Preis": "EUR"}));
    assert_eq!(rows, vec![json!([1234.5, "a"])]);
}

#[test]
fn a_continuation_is_bound_to_the_url_and_the_next_index_too() {
    let prints = vec!["ab".to_owned()];
    let s = seal("{}", "http://a/list", 4, 50, &prints);
    assert_eq!(s, seal("{}", "http://a/list", 4, 50, &prints));
    assert_ne!(s, seal("{}", "http://a/list?page=2", 4, 50, &prints));
    assert_ne!(s, seal("{}", "http://a/list", 4, 51, &prints));
    assert_eq!(open(&format!("xc1.4.50.{s}.x")), None);
    assert_eq!(open(&format!("xc1.4.50.{}", &s[..23])), None);
}
