//! Transport-level behaviour against a fake Chrome on an in-memory duplex pipe.
use chromiumoxide_cdp::cdp::browser_protocol::browser::GetVersionParams;
use chromiumoxide_cdp::cdp::browser_protocol::page::EventLoadEventFired;
use tokio::io::{AsyncReadExt, DuplexStream};

use super::*;

/// A fake Chrome: returns (cdp, chrome_in, chrome_out) where the test reads what the
/// client wrote from `chrome_in` and writes Chrome's messages to `chrome_out`.
fn fake(opts: CdpOptions) -> (Cdp, DuplexStream, DuplexStream) {
    let (client_w, chrome_in) = tokio::io::duplex(1 << 16);
    let (chrome_out, client_r) = tokio::io::duplex(1 << 16);
    (
        Cdp::from_pipe(client_r, client_w, &opts),
        chrome_in,
        chrome_out,
    )
}

async fn read_msg(r: &mut DuplexStream) -> Value {
    let mut bytes = Vec::new();
    loop {
        let b = r.read_u8().await.expect("client message");
        if b == 0 {
            break;
        }
        bytes.push(b);
    }
    serde_json::from_slice(&bytes).expect("client sent JSON")
}

async fn send(w: &mut DuplexStream, text: &str) {
    w.write_all(text.as_bytes()).await.unwrap();
    w.write_all(b"\0").await.unwrap();
}

const T: Duration = Duration::from_secs(5);

#[tokio::test]
async fn typed_call_and_skips_garbage() {
    let (cdp, mut chrome_in, mut chrome_out) = fake(CdpOptions::default());
    let call = tokio::spawn({
        let cdp = cdp.clone();
        async move { cdp.call(Some("S1"), GetVersionParams::default(), T).await }
    });
    let msg = read_msg(&mut chrome_in).await;
    assert_eq!(msg["method"], "Browser.getVersion");
    assert_eq!(msg["sessionId"], "S1");
    assert_eq!(msg["params"], serde_json::json!({}));
    let id = msg["id"].as_u64().unwrap();
    send(&mut chrome_out, "{not json").await;
    send(&mut chrome_out, "[1,2]").await;
    send(&mut chrome_out, r#"{"id":"x"}"#).await;
    send(&mut chrome_out, &format!(
        r#"{{"id":{id},"result":{{"protocolVersion":"1.3","product":"Chrome/1","revision":"r","userAgent":"u","jsVersion":"j"}}}}"#
    ))
    .await;
    let v = call.await.unwrap().unwrap();
    assert_eq!(v.product, "Chrome/1");
    assert_eq!(cdp.pending_calls(), 0);
    assert!(!cdp.closed());
}

#[tokio::test]
async fn protocol_error_display_hides_raw_message() {
    let (cdp, mut chrome_in, mut chrome_out) = fake(CdpOptions::default());
    let call = tokio::spawn({
        let cdp = cdp.clone();
        async move { cdp.call_raw(None, "X.y", Value::Null, T).await }
    });
    let id = read_msg(&mut chrome_in).await["id"].as_u64().unwrap();
    send(
        &mut chrome_out,
        &format!(r#"{{"id":{id},"error":{{"code":-32000,"message":"secret page text"}}}}"#),
    )
    .await;
    let err = call.await.unwrap().unwrap_err();
    let shown = err.to_string();
    assert!(!shown.contains("secret"), "{shown}");
    assert!(matches!(err, CdpError::Protocol { code: -32000, .. }));
}

#[tokio::test]
async fn timeout_and_cancel_remove_entries_and_late_answers_are_dropped() {
    let (cdp, mut chrome_in, mut chrome_out) = fake(CdpOptions::default());
    let err = cdp
        .call_raw(None, "Slow.call", Value::Null, Duration::from_millis(20))
        .await
        .unwrap_err();
    assert!(matches!(err, CdpError::Timeout { ref method } if method == "Slow.call"));
    assert_eq!(cdp.pending_calls(), 0);
    let late = read_msg(&mut chrome_in).await["id"].as_u64().unwrap();

    // Cancellation: drop the future while it waits.
    {
        let fut = cdp.call_raw(None, "Dropped.call", Value::Null, T);
        tokio::pin!(fut);
        assert!(
            tokio::time::timeout(Duration::from_millis(20), &mut fut)
                .await
                .is_err()
        );
        assert_eq!(cdp.pending_calls(), 1);
    }
    assert_eq!(cdp.pending_calls(), 0);
    let _ = read_msg(&mut chrome_in).await;

    send(
        &mut chrome_out,
        &format!(r#"{{"id":{late},"result":{{}}}}"#),
    )
    .await;
    let call = tokio::spawn({
        let cdp = cdp.clone();
        async move { cdp.call_raw(None, "Next.call", Value::Null, T).await }
    });
    let id = read_msg(&mut chrome_in).await["id"].as_u64().unwrap();
    send(
        &mut chrome_out,
        &format!(r#"{{"id":{id},"result":{{"ok":true}}}}"#),
    )
    .await;
    assert_eq!(call.await.unwrap().unwrap()["ok"], true);
}

#[tokio::test]
async fn events_reach_subscribers_and_decode_on_demand() {
    let (cdp, _chrome_in, mut chrome_out) = fake(CdpOptions::default());
    let mut rx = cdp.subscribe();
    send(
        &mut chrome_out,
        r#"{"method":"Page.loadEventFired","sessionId":"S","params":{"timestamp":1.5}}"#,
    )
    .await;
    send(
        &mut chrome_out,
        r#"{"method":"Page.loadEventFired","params":{"timestamp":"drifted"}}"#,
    )
    .await;
    let ev = rx.recv().await.unwrap();
    assert!(ev.is::<EventLoadEventFired>());
    assert_eq!(ev.session_id.as_deref(), Some("S"));
    assert!(ev.decode::<EventLoadEventFired>().is_ok());
    let drifted = rx.recv().await.unwrap();
    assert!(drifted.decode::<EventLoadEventFired>().is_err());
    assert_eq!(drifted.params["timestamp"], "drifted");
}

#[tokio::test]
async fn lagging_subscriber_is_told_how_many_it_lost() {
    let opts = CdpOptions {
        event_capacity: 4,
        ..CdpOptions::default()
    };
    let (cdp, _chrome_in, mut chrome_out) = fake(opts);
    let mut rx = cdp.subscribe();
    let mut marker = cdp.subscribe();
    for i in 0..10 {
        send(
            &mut chrome_out,
            &format!(r#"{{"method":"E.e{i}","params":{{}}}}"#),
        )
        .await;
    }
    // Drain `marker` until the last event so we know all ten were dispatched.
    loop {
        match marker.recv().await {
            Ok(ev) if ev.method == "E.e9" => break,
            _ => {}
        }
    }
    match rx.recv().await {
        Err(broadcast::error::RecvError::Lagged(n)) => assert_eq!(n, 6),
        other => panic!("expected lag, got {other:?}"),
    }
    assert_eq!(rx.recv().await.unwrap().method, "E.e6");
}

#[tokio::test]
async fn eof_fails_all_pending_at_once_and_later_calls_immediately() {
    let (cdp, mut chrome_in, chrome_out) = fake(CdpOptions::default());
    let mut calls = Vec::new();
    for _ in 0..3 {
        let cdp = cdp.clone();
        calls.push(tokio::spawn(async move {
            cdp.call_raw(None, "Never.answered", Value::Null, T).await
        }));
    }
    for _ in 0..3 {
        read_msg(&mut chrome_in).await;
    }
    let mut events = cdp.subscribe();
    drop(chrome_out);
    for c in calls {
        let r = tokio::time::timeout(Duration::from_secs(1), c)
            .await
            .unwrap()
            .unwrap();
        assert!(matches!(r, Err(CdpError::Closed)));
    }
    cdp.wait_closed().await;
    assert!(cdp.closed());
    assert!(matches!(
        cdp.call_raw(None, "After.close", Value::Null, T).await,
        Err(CdpError::Closed)
    ));
    assert!(matches!(
        events.recv().await,
        Err(broadcast::error::RecvError::Closed)
    ));
    assert_eq!(cdp.pending_calls(), 0);
}

#[tokio::test]
async fn oversized_message_is_skipped_and_stream_resyncs() {
    let opts = CdpOptions {
        max_message_bytes: 1000,
        ..CdpOptions::default()
    };
    let (cdp, mut chrome_in, mut chrome_out) = fake(opts);
    let call = tokio::spawn({
        let cdp = cdp.clone();
        async move { cdp.call_raw(None, "A.b", Value::Null, T).await }
    });
    let id = read_msg(&mut chrome_in).await["id"].as_u64().unwrap();
    let big = format!(r#"{{"id":{id},"result":{{"x":"{}"}}}}"#, "a".repeat(5000));
    send(&mut chrome_out, &big).await;
    send(
        &mut chrome_out,
        &format!(r#"{{"id":{id},"result":{{"small":1}}}}"#),
    )
    .await;
    assert_eq!(call.await.unwrap().unwrap()["small"], 1);
}
